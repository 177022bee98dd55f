// whistctl's commands for players' care and safety: see whistctl_care.hpp.
#include "tools/whistctl_care.hpp"

#include <sodium.h>

#include <cstdio>
#include <ctime>
#include <map>
#include <nlohmann/json.hpp>

#include "server/auth.hpp"
#include "table/clock.hpp"

namespace whist::tools {

namespace {

// Positional arguments and the values of the known --flags.
bool split(const std::vector<std::string>& args, const std::vector<std::string>& known,
           std::vector<std::string>& pos, std::map<std::string, std::string>& flags) {
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i].rfind("--", 0) == 0) {
      bool ok = false;
      for (const auto& k : known) ok = ok || k == args[i];
      if (!ok || i + 1 >= args.size()) return false;
      flags[args[i]] = args[i + 1];
      ++i;
    } else {
      pos.push_back(args[i]);
    }
  }
  return true;
}

long long parse_number(const std::string& text) {
  if (text.empty() || text.size() > 15) return 0;
  long long n = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return 0;
    n = n * 10 + (c - '0');
  }
  return n;
}

std::optional<storage::Account> named_account(storage::Database& db, const std::string& name) {
  auto a = db.accounts().account_by_name(name);
  if (!a) std::fprintf(stderr, "whistctl: no account named \"%s\"\n", name.c_str());
  return a;
}

// A one-time code people can read out and type: 12 characters from an
// alphabet without look-alikes (no 0/O, 1/I/L), in groups of four.
std::string new_code() {
  static constexpr char kAlphabet[] = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
  std::string code;
  for (int i = 0; i < 12; ++i) {
    if (i > 0 && i % 4 == 0) code += '-';
    code += kAlphabet[randombytes_uniform(sizeof kAlphabet - 1)];
  }
  return code;
}

}  // namespace

long long parse_duration(const std::string& text) {
  if (text.size() < 2) return 0;
  const long long n = parse_number(text.substr(0, text.size() - 1));
  long long unit = 0;
  switch (text.back()) {
    case 's': unit = 1; break;
    case 'm': unit = 60; break;
    case 'h': unit = 3600; break;
    case 'd': unit = 86400; break;
    default: return 0;
  }
  const long long s = n * unit;
  return s > 0 && s <= 366LL * 86400 ? s : 0;
}

int reset_password(storage::Database& db, const std::vector<std::string>& args) {
  std::vector<std::string> pos;
  std::map<std::string, std::string> flags;
  if (!split(args, {"--hours"}, pos, flags) || pos.size() != 1) {
    std::fputs("whistctl: reset-password needs USER [--hours N]\n", stderr);
    return 2;
  }
  long long hours = 24;
  if (flags.count("--hours")) {
    hours = parse_number(flags["--hours"]);
    if (hours < 1 || hours > 168) {
      std::fputs("whistctl: --hours takes 1 to 168\n", stderr);
      return 2;
    }
  }
  const auto a = named_account(db, pos[0]);
  if (!a) return 2;
  if (a->guest) {
    std::fprintf(stderr, "whistctl: %s is a guest, without a password\n", a->username.c_str());
    return 1;
  }
  if (!server::init_crypto()) {
    std::fputs("whistctl: libsodium cannot be used\n", stderr);
    return 2;
  }
  const std::string code = new_code();
  const std::int64_t now = unix_now(), until = now + hours * 3600;
  if (!db.accounts().set_password_reset(a->id, server::token_hash(code), now, until)) {
    std::fprintf(stderr, "whistctl: %s cannot have a reset code\n", a->username.c_str());
    return 1;
  }
  std::printf(
      "reset code for %s: %s\n"
      "valid once, until %s; it replaces any earlier code. Give it to the player by a\n"
      "channel you trust: on the login screen they choose \"Forgot your password?\", enter\n"
      "their name, this code and a new password; their other sessions then end.\n",
      a->username.c_str(), code.c_str(), utc_time(until).c_str());
  return 0;
}

int list_reports(storage::Database& db, const std::vector<std::string>& args) {
  const bool all = args.size() == 1 && args[0] == "--all";
  if (!args.empty() && !all) {
    std::fputs("whistctl: reports takes only --all\n", stderr);
    return 2;
  }
  const auto reports = db.safety().reports(all, 200);
  if (reports.empty()) {
    std::puts(all ? "no reports" : "no open reports");
    return 0;
  }
  std::printf("%-6s %-20s %-16s %-16s %-9s %-8s %s\n", "id", "made (UTC)", "by", "about", "reason",
              "state", "table/game: details");
  for (const auto& r : reports) {
    std::string where;
    if (r.table) where += "table " + std::to_string(r.table);
    if (r.game)
      where += (where.empty() ? "" : ", ") + std::string("game ") + std::to_string(r.game);
    std::string details = r.details.substr(0, 60);
    if (r.details.size() > 60) details += "...";
    std::printf("%-6lld %-20s %-16s %-16s %-9s %-8s %s%s%s\n", static_cast<long long>(r.id),
                utc_time(r.created_at).c_str(), r.reporter.c_str(), r.reported.c_str(),
                r.reason.c_str(), r.state.c_str(), where.c_str(), where.empty() ? "" : ": ",
                details.c_str());
  }
  return 0;
}

int show_report(storage::Database& db, const std::vector<std::string>& args) {
  if (args.size() != 1 || parse_number(args[0]) <= 0) {
    std::fputs("whistctl: report needs ID (a report's number, from whistctl reports)\n", stderr);
    return 2;
  }
  const auto r = db.safety().report_by_id(parse_number(args[0]));
  if (!r) {
    std::fprintf(stderr, "whistctl: no report %s\n", args[0].c_str());
    return 2;
  }
  std::printf("report %lld, %s, %s\n", static_cast<long long>(r->id), r->state.c_str(),
              utc_time(r->created_at).c_str());
  std::printf("by %s about %s: %s\n", r->reporter.c_str(), r->reported.c_str(), r->reason.c_str());
  if (!r->details.empty()) std::printf("details: %s\n", r->details.c_str());
  if (r->table) std::printf("table %lld\n", static_cast<long long>(r->table));
  if (r->game)
    std::printf("game %lld (whistctl game %lld)\n", static_cast<long long>(r->game),
                static_cast<long long>(r->game));
  const auto chat = nlohmann::json::parse(r->chat, nullptr, false);
  if (chat.is_array() && !chat.empty()) {
    std::printf("the table's chat when it was reported (%zu lines):\n", chat.size());
    for (const auto& line : chat) {
      if (!line.is_object()) continue;
      const std::string from = line.value("from", "");
      const std::string text = line.value("text", "");
      const auto at = line.value("at", std::int64_t{0});
      const bool watcher = !line.contains("seat") || line["seat"].is_null();
      std::printf("  %s %s%s: %s\n", utc_time(at).c_str(), from.c_str(),
                  watcher ? " (watching)" : "", text.c_str());
    }
  } else {
    std::puts("no chat kept with it");
  }
  const auto mute = db.safety().chat_mute(r->reported_id);
  if (mute.until > unix_now())
    std::printf("%s's chat is muted until %s (%s)\n", r->reported.c_str(),
                utc_time(mute.until).c_str(), mute.reason.c_str());
  if (r->state == "resolved")
    std::printf("resolved %s: %s\n", utc_time(r->resolved_at).c_str(), r->resolution.c_str());
  return 0;
}

int resolve_report(storage::Database& db, const std::vector<std::string>& args) {
  if (args.size() != 2 || parse_number(args[0]) <= 0 || args[1].empty()) {
    std::fputs("whistctl: resolve needs ID TEXT (what was done)\n", stderr);
    return 2;
  }
  const auto id = parse_number(args[0]);
  const auto r = db.safety().report_by_id(id);
  if (!r) {
    std::fprintf(stderr, "whistctl: no report %s\n", args[0].c_str());
    return 2;
  }
  if (!db.safety().resolve_report(id, args[1], unix_now())) {
    std::printf("report %lld was already resolved: nothing changed\n", static_cast<long long>(id));
    return 0;
  }
  std::printf("report %lld resolved\n", static_cast<long long>(id));
  return 0;
}

int mute_chat(storage::Database& db, const std::vector<std::string>& args, bool mute) {
  std::vector<std::string> pos;
  std::map<std::string, std::string> flags;
  const bool ok = split(
      args, mute ? std::vector<std::string>{"--reason"} : std::vector<std::string>{}, pos, flags);
  if (!ok || pos.size() != (mute ? 2u : 1u)) {
    std::fputs(mute ? "whistctl: mute-chat needs USER DURATION [--reason TEXT] (DURATION: 30m, "
                      "12h, 7d...)\n"
                    : "whistctl: unmute-chat needs USER\n",
               stderr);
    return 2;
  }
  const auto a = named_account(db, pos[0]);
  if (!a) return 2;
  if (!mute) {
    const auto before = db.safety().chat_mute(a->id);
    db.safety().set_chat_mute(a->id, 0, "");
    std::printf(before.until > unix_now() ? "%s may chat again\n"
                                          : "%s's chat was not muted: nothing changed\n",
                a->username.c_str());
    return 0;
  }
  const long long seconds = parse_duration(pos[1]);
  if (seconds == 0) {
    std::fprintf(stderr,
                 "whistctl: \"%s\" is not a duration (a number and s, m, h or d, at most a "
                 "year)\n",
                 pos[1].c_str());
    return 2;
  }
  const std::string reason = flags.count("--reason") ? flags["--reason"] : "";
  const std::int64_t until = unix_now() + seconds;
  db.safety().set_chat_mute(a->id, until, reason);
  std::printf("%s's chat is muted until %s%s%s\n", a->username.c_str(), utc_time(until).c_str(),
              reason.empty() ? "" : ": ", reason.c_str());
  return 0;
}

}  // namespace whist::tools
