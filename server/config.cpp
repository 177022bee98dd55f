#include "server/config.hpp"

#include <algorithm>

#include <charconv>
#include <fstream>
#include <sstream>

namespace whist::server {

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

std::optional<std::string> to_int(const std::string& key, const std::string& v, int lo, int hi,
                                  int& out) {
  int x = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
  if (ec != std::errc() || p != v.data() + v.size() || x < lo || x > hi)
    return key + " must be a whole number from " + std::to_string(lo) + " to " +
           std::to_string(hi) + ", not \"" + v + "\"";
  out = x;
  return std::nullopt;
}

// The settings that are a whole number in a range: each its name, its
// range and its field.
struct IntSetting {
  const char* key;
  int lo, hi;
  int Config::*field;
};
constexpr IntSetting kIntSettings[] = {
    {"port", 1, 65535, &Config::port},
    {"shutdown-grace", 0, 3600, &Config::shutdown_grace},
    {"rate-messages", 1, 1000000, &Config::rate_messages},
    {"rate-window", 1, 3600, &Config::rate_window},
    {"rate-flood", 1, 1000000, &Config::rate_flood},
    {"max-connections-per-address", 0, 1000000, &Config::max_connections_per_address},
    {"chat-lines", 1, 1000000, &Config::chat_lines},
    {"chat-window", 1, 3600, &Config::chat_window},
    {"chat-repeat", 0, 3600, &Config::chat_repeat},
    {"login-failures", 0, 1000000, &Config::login_failures},
    {"login-failures-per-address", 0, 1000000, &Config::login_failures_per_address},
    {"login-window", 1, 86400, &Config::login_window},
    {"ping-interval", 1, 3600, &Config::ping_interval},
    {"idle-timeout", 2, 7200, &Config::idle_timeout},
    {"threads", 0, 256, &Config::threads},
    {"session-days", 1, 3650, &Config::session_days},
    {"max-queue", 8, 100000, &Config::max_queue},
    {"password-memory-kib", 8 * 1024, 1024 * 1024, &Config::password_memory_kib},
    {"password-passes", 1, 20, &Config::password_passes},
    {"bot-threads", 1, 64, &Config::bot_threads},
    {"bot-budget-ms", 1, 60000, &Config::bot_budget_ms},
    {"bot-delay-ms", 0, 10000, &Config::bot_delay_ms},
    {"quick-fill-seconds", 1, 3600, &Config::quick_fill_seconds},
    {"house-fee-percent", 0, 50, &Config::house_fee_percent},
    {"reconnect-grace", 1, 3600, &Config::reconnect_grace},
    {"turn-idle", 0, 86400, &Config::turn_idle},
    {"lease-ms", 1000, 600000, &Config::lease_ms},
};

// The help, section by section (help_text() puts them together).
// What whistd is, and where its settings come from.
constexpr const char* kUsage = R"(usage: whistd [--config FILE] [--KEY VALUE]...

The whist server: HTTP and WebSocket on one port, SQLite (or PostgreSQL) for
everything kept.
Settings come from the defaults, then the file given with --config (lines of
`key = value`, # for comments), then the flags (--key value or --key=value).

)";
// Where it listens, what it keeps and serves, and its log.
constexpr const char* kServer = R"(  listen ADDRESS         address to listen on (default 127.0.0.1)
  port N                 port (default 8080)
  database PATH|URI      SQLite database file (default whistd.db), or a
                         PostgreSQL database: postgresql://USER@HOST:PORT/DB
  static-dir PATH        the browser client's files (default: built-in page)
  log-level LEVEL        trace, debug, info, warn, error (default info)
  log-file PATH          append the log to this file, reopened on SIGHUP
                         (default: standard error)
  origin URL             a browser origin allowed to connect; repeat for more
                         (default: http://localhost:PORT, http://127.0.0.1:PORT)
  node NAME              this whistd's name among several on one PostgreSQL
                         database (letters, digits, . _ -; default: none,
                         one whistd alone)
  lease-ms N             a node's table without word from it this long is
                         taken over by another node (default 5000)
  redis HOST:PORT        the redis-server through which nodes reach each
                         other's tables (default: none)
  redis-password TEXT    its password (requirepass; default: none); put it in
                         the configuration file, not on the command line
)";
// Connections and their threads.
constexpr const char* kConnections =
    R"(  max-message BYTES      largest WebSocket message accepted (default 16384)
  ping-interval SECONDS  seconds between pings (default 20)
  idle-timeout SECONDS   drop a peer silent this long (default 60)
  threads N              I/O threads (default: one per core)
)";
// Sessions, the queue of a slow client, password hashing.
constexpr const char* kAccounts = R"(  session-days N         days a login stays valid (default 30)
  max-queue N            messages queued for a slow client before it is
                         dropped (default 256)
  password-memory-kib N  argon2id memory per password hash (default 19456)
  password-passes N      argon2id passes (default 2)
)";
// Tables: computer players, absent and idle players.
constexpr const char* kPlay =
    R"(  bot-threads N          computer players' thinking threads (default 1)
  bot-budget-ms N        a computer player's time per decision (default 300)
  bot-delay-ms N         a computer seat acts no sooner than this after its
                         turn began (default 800)
  reconnect-grace N      seconds an absent player has for a turn at a table
                         without timers before the computer stands in, and
                         after a game to come back before their seat is
                         freed (default 60)
  turn-idle N            seconds a player who is there may take over a turn
                         at a table without timers; then they count as away:
                         the computer acts and stands in until they are back
                         (default 120; 0: no limit)
)";
// Chips, and the settings for tests.
constexpr const char* kChips =
    R"(  initial-chips N        chips of a new registered account (default 1000)
  topup-floor N          a balance below this gets the daily top-up
                         (default 100; 0: no top-ups)
  topup-amount N         chips of the daily top-up (default 500)
  test-date YYYY-MM-DD   FOR TESTS ONLY: the day the daily top-up counts as
                         today (default: today's date in UTC)
  test-kill-before-result N
                         FOR TESTS ONLY: 1 makes whistd kill itself (SIGKILL)
                         when a game's last action is stored and its result
                         not yet (default 0)
)";
// Limits against abuse, the stop, quick play and the house fee.
constexpr const char* kLimits =
    R"(  rate-messages N        messages a connection may send in a burst; refilled
                         over rate-window (default 60)
  rate-window SECONDS    (default 10)
  rate-flood N           messages refused in a row for the rate: the last is
                         answered, then the connection is closed with 1008
                         (default 30)
  max-connections-per-address N
                         open WebSocket connections from one address
                         (default 64; 0: no limit)
  chat-lines N           chat lines an account may send per chat-window
                         (default 6)
  chat-window SECONDS    (default 10)
  chat-repeat SECONDS    the same chat line again within this time is
                         refused (default 30; 0: allowed)
  login-failures N       failed logins for one account name within
                         login-window before its logins wait (default 5)
  login-failures-per-address N
                         the same, for one client address (default 20)
  login-window SECONDS   (default 300)
  trusted-proxy ADDRESS  a reverse proxy's address: connections from it are
                         counted by the last X-Forwarded-For address; repeat
                         for more (default: none)
  shutdown-grace SECONDS on SIGTERM, how long to wait for clients to close
                         before exiting anyway (default 10)
  quick-fill-seconds N   a quick-play table waits this long for people before
                         computer players take its free seats (default 20)
  house-fee-percent N    the house's share of a compete game's pot (default 10)
)";
// The commands besides serving.
constexpr const char* kCommands = R"(
  --backup-to FILE       copy the database (as configured) to FILE while
                         whistd may be running, check the copy, and exit
  --help                 this text
  --version              the version
)";

}  // namespace

std::string help_text() {
  std::string out;
  for (const char* section :
       {kUsage, kServer, kConnections, kAccounts, kPlay, kChips, kLimits, kCommands})
    out += section;
  return out;
}

std::optional<std::string> apply_setting(Config& c, const std::string& key_in,
                                         const std::string& value) {
  std::string key = key_in;
  for (auto& ch : key)
    if (ch == '_') ch = '-';
  for (const IntSetting& s : kIntSettings)
    if (key == s.key) return to_int(key, value, s.lo, s.hi, c.*s.field);
  if (key == "listen") {
    if (value.empty()) return std::string("listen needs an address");
    c.listen = value;
  } else if (key == "database") {
    if (value.empty()) return std::string("database needs a path");
    c.database = value;
  } else if (key == "node") {
    const bool ok = value.size() <= 40 && std::all_of(value.begin(), value.end(), [](char ch) {
                      return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                             (ch >= '0' && ch <= '9') || ch == '.' || ch == '_' || ch == '-';
                    });
    if (!ok) return "node must be up to 40 letters, digits, '.', '_' or '-', not \"" + value + "\"";
    c.node = value;
  } else if (key == "redis") {
    const auto colon = value.rfind(':');
    int port = 0;
    if (!value.empty() && (colon == std::string::npos || colon == 0 ||
                           to_int(key, value.substr(colon + 1), 1, 65535, port)))
      return "redis must be HOST:PORT (redis-server's), not \"" + value + "\"";
    c.redis = value;
  } else if (key == "redis-password") {
    c.redis_password = value;
  } else if (key == "static-dir") {
    c.static_dir = value;
  } else if (key == "log-level") {
    static const char* levels[] = {"trace", "debug", "info", "warn", "error"};
    for (const char* l : levels)
      if (value == l) {
        c.log_level = value;
        return std::nullopt;
      }
    return "log-level must be one of trace, debug, info, warn, error, not \"" + value + "\"";
  } else if (key == "log-file") {
    c.log_file = value;
  } else if (key == "trusted-proxy") {
    if (value.empty()) return std::string("trusted-proxy needs an address");
    c.trusted_proxies.push_back(value);
  } else if (key == "origin") {
    if (value.rfind("http://", 0) != 0 && value.rfind("https://", 0) != 0)
      return "origin must start with http:// or https://, not \"" + value + "\"";
    c.origins.push_back(value);
  } else if (key == "max-message") {
    int v = 0;
    if (auto e = to_int(key, value, 1024, 1 << 24, v)) return e;
    c.max_message = static_cast<std::size_t>(v);
  } else if (key == "initial-chips" || key == "topup-floor" || key == "topup-amount") {
    int v = 0;
    if (auto e = to_int(key, value, key == "topup-amount" ? 1 : 0, 1000000000, v)) return e;
    (key == "initial-chips" ? c.initial_chips
     : key == "topup-floor" ? c.topup_floor
                            : c.topup_amount) = v;
  } else if (key == "test-kill-before-result") {
    int v = 0;
    if (auto e = to_int(key, value, 0, 1, v)) return e;
    c.test_kill_before_result = v == 1;
  } else if (key == "test-date") {
    const bool digits = value.size() == 10 && value[4] == '-' && value[7] == '-' &&
                        std::all_of(value.begin(), value.end(),
                                    [](char ch) { return ch == '-' || (ch >= '0' && ch <= '9'); });
    if (!digits) return "test-date must be a date written YYYY-MM-DD, not \"" + value + "\"";
    c.test_date = value;
  } else {
    return "unknown setting \"" + key_in + "\" (see --help)";
  }
  return std::nullopt;
}

std::optional<std::string> apply_config_file(Config& c, const std::string& path) {
  std::ifstream in(path);
  if (!in) return "cannot read the config file " + path;
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    const auto hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    line = trim(line);
    if (line.empty()) continue;
    const auto eq = line.find('=');
    if (eq == std::string::npos) return path + ":" + std::to_string(n) + ": expected `key = value`";
    if (auto e = apply_setting(c, trim(line.substr(0, eq)), trim(line.substr(eq + 1))))
      return path + ":" + std::to_string(n) + ": " + *e;
  }
  return std::nullopt;
}

std::variant<ParsedConfig, std::string> parse_config(int argc, const char* const* argv) {
  ParsedConfig out;
  std::vector<std::pair<std::string, std::string>> flags;
  std::optional<std::string> config_file;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      out.exit_now = true;
      out.output = help_text();
      return out;
    }
    if (arg == "--version") {
      out.exit_now = true;
      out.output = "whistd 0.1.0\n";
      return out;
    }
    if (arg.rfind("--", 0) != 0) return "unexpected argument \"" + arg + "\" (see --help)";
    arg = arg.substr(2);
    std::string value;
    if (const auto eq = arg.find('='); eq != std::string::npos) {
      value = arg.substr(eq + 1);
      arg.resize(eq);
    } else {
      if (i + 1 >= argc) return "--" + arg + " needs a value";
      value = argv[++i];
    }
    if (arg == "config")
      config_file = value;
    else if (arg == "backup-to") {
      if (value.empty()) return std::string("--backup-to needs a file name");
      out.backup_to = value;
    } else
      flags.emplace_back(arg, value);
  }
  if (config_file)
    if (auto e = apply_config_file(out.config, *config_file)) return *e;
  for (const auto& [k, v] : flags)
    if (auto e = apply_setting(out.config, k, v)) return "--" + k + ": " + *e;
  const auto& db = out.config.database;
  if (!out.config.node.empty() && db.rfind("postgresql://", 0) != 0 &&
      db.rfind("postgres://", 0) != 0)
    return "node " + out.config.node +
           ": nodes share a PostgreSQL database (database = postgresql://...), not the file \"" +
           db + "\"";
  if (!out.config.redis_password.empty() && out.config.redis.empty())
    return std::string("redis-password: there is no redis to give it to (redis = HOST:PORT)");
  if (!out.config.redis.empty() && out.config.node.empty())
    return std::string("redis: only nodes talk over Redis; give this whistd a node name");
  if (out.config.origins.empty()) {
    const std::string p = std::to_string(out.config.port);
    out.config.origins = {"http://localhost:" + p, "http://127.0.0.1:" + p};
  }
  return out;
}

}  // namespace whist::server
