// whistd's configuration: defaults that run locally, a file of
// `key = value` lines, and command-line flags (--key value), in that order.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace whist::server {

// The settings, by section; a part takes the sections it uses (Abuse: its
// limits), and Config, all of them, keeps every setting under its own name.

// Where it listens, what it keeps and serves, its log, its threads.
struct ServerSettings {
  std::string listen = "127.0.0.1";
  int port = 8080;
  std::string database = "whistd.db";
  // Several whistd on one PostgreSQL (issue 25): this node's name, unique
  // among them ("": one whistd alone, as with SQLite), and how long a
  // table's lease runs unrenewed before another node may take it.
  std::string node;
  // Where nodes talk (redis-server's HOST:PORT), "" for none: a player then
  // reaches only the tables of the node they are connected to.
  std::string redis;
  std::string redis_password;  // AUTH, when redis-server asks for one
  int lease_ms = 5000;
  std::string static_dir;  // empty: the built-in page
  std::string log_level = "info";
  std::string log_file;     // empty: stderr (the journal under systemd)
  int threads = 0;          // 0: one per core
  int shutdown_grace = 10;  // seconds SIGTERM waits for clients to close
};

// A WebSocket connection.
struct ConnectionSettings {
  // Origins allowed to open the WebSocket (browsers send one); empty: the
  // server's own, http://localhost:PORT and http://127.0.0.1:PORT.
  std::vector<std::string> origins;
  std::size_t max_message = 16 * 1024;
  int ping_interval = 20;  // seconds between pings
  int idle_timeout = 60;   // seconds of silence before a peer is dropped
  int max_queue = 256;     // messages waiting for a slow client before it is dropped
  // Addresses of reverse proxies whose X-Forwarded-For names the client.
  std::vector<std::string> trusted_proxies;
};

// Accounts: sessions and password hashing.
struct AccountSettings {
  int session_days = 30;
  int password_memory_kib = 19 * 1024;  // argon2id memory
  int password_passes = 2;              // argon2id passes
};

// Tables: computer players, quick play, absent and idle players, the house.
struct PlaySettings {
  int bot_threads = 1;          // computer players' thinking threads
  int bot_budget_ms = 300;      // a computer player's time per decision
  int bot_delay_ms = 800;       // a computer seat acts at least this long after its turn began
  int quick_fill_seconds = 20;  // Play tables wait this long for people
  int house_fee_percent = 10;   // of a compete game's pot
  int reconnect_grace = 60;     // seconds an absent player has to act at a table without timers
  // Seconds a present player may take over a turn at a table without
  // timers before counting as away (0: no limit).
  int turn_idle = 120;
  // For tests only: SIGKILL itself between a game's last action and its
  // result (the crash that a restart must recover from).
  bool test_kill_before_result = false;
};

// Chips: a new registered account's balance, and the daily top-up of
// `topup_amount` for a balance below `topup_floor` (0: no top-ups).
struct ChipSettings {
  std::int64_t initial_chips = 1000;
  std::int64_t topup_floor = 100;
  std::int64_t topup_amount = 500;
  // For tests only: the day (yyyy-mm-dd) the daily top-up counts as today,
  // instead of today's UTC date. Empty in production.
  std::string test_date;
};

// Abuse limits (server/abuse.hpp).
struct AbuseLimits {
  int rate_messages = 60;                // a connection's message credits...
  int rate_window = 10;                  // ...refilled over this many seconds
  int rate_flood = 30;                   // refused messages in a row before a close with 1008
  int max_connections_per_address = 64;  // 0: no limit
  int chat_lines = 6;                    // chat lines per account...
  int chat_window = 10;                  // ...in this many seconds
  int chat_repeat = 30;    // seconds in which the same line is refused again (0: allowed)
  int login_failures = 5;  // failed logins per account name...
  int login_failures_per_address = 20;  // ...and per address...
  int login_window = 300;               // ...within this many seconds
};

struct Config : ServerSettings,
                ConnectionSettings,
                AccountSettings,
                PlaySettings,
                ChipSettings,
                AbuseLimits {};

// Reads flags (and --config FILE first, if given). On --help or --version
// sets `exit_now` and fills `output`; on a bad file, key or value returns
// an error message naming it.
struct ParsedConfig {
  Config config;
  bool exit_now = false;
  std::string output;
  std::string backup_to;  // --backup-to FILE: back up the database and exit
};
std::variant<ParsedConfig, std::string> parse_config(int argc, const char* const* argv);
// Applies one `key = value` file; an error names the line.
std::optional<std::string> apply_config_file(Config& c, const std::string& path);
// Applies one setting by name.
std::optional<std::string> apply_setting(Config& c, const std::string& key,
                                         const std::string& value);

std::string help_text();

}  // namespace whist::server
