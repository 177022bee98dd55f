// whistctl's commands for players' care and safety (whistctl_care.cpp):
// a password reset code, reports, and the chat mute. Each works on the
// file alone, whether or not whistd runs: whistd reads a reset code when
// it is used, and a chat mute at each chat line. See docs/whistctl.md.
#pragma once

#include <string>
#include <vector>

#include "storage/database.hpp"

namespace whist::tools {

// Each returns whistctl's exit status (0 done, 1 refused, 2 bad usage or
// an unknown user or report) and prints what it did.
int reset_password(storage::Database& db, const std::vector<std::string>& args);
int list_reports(storage::Database& db, const std::vector<std::string>& args);
int show_report(storage::Database& db, const std::vector<std::string>& args);
int resolve_report(storage::Database& db, const std::vector<std::string>& args);
int mute_chat(storage::Database& db, const std::vector<std::string>& args, bool mute);

// "90s", "30m", "12h", "7d" in seconds; 0 if it is not such a duration (or
// over a year).
long long parse_duration(const std::string& text);

}  // namespace whist::tools
