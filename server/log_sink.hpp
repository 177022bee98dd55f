// whistd's log: stderr by default (journald takes it under systemd), or a
// file (`log_file`) that SIGHUP reopens after logrotate moved it.
#pragma once

#include <functional>
#include <string>

namespace whist::server {

// Sets up spdlog's default logger: the pattern, the level, and the sink.
// Returns the function that reopens the log file (a no-op for stderr).
// Throws with a clear message if the file cannot be opened.
std::function<void()> setup_logging(const std::string& file, const std::string& level);

}  // namespace whist::server
