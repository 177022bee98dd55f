// The SQLite database: one connection, opened with WAL and foreign keys, its
// schema brought up to date by numbered migrations at open. Not thread-safe:
// the server uses it from its one storage thread only.
//
// Errors of SQLite itself (disk full, a corrupt file) throw StorageError;
// expected outcomes (a username taken, no such session) are return values.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;

namespace whist::storage {

class StorageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Account {
  std::int64_t id = 0;
  std::string username;
  std::string password_hash;  // libsodium's argon2id string; empty for guests
  bool guest = false;
  std::int64_t created_at = 0;  // Unix seconds
};

class Database {
 public:
  // Opens (creating if needed) and migrates. ":memory:" works for tests.
  explicit Database(const std::string& path);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // The schema version after migrations (the number of the last one).
  int schema_version() const;

  // Accounts. Usernames are unique without regard to case (ASCII letters;
  // the server accepts only ASCII names).
  // Returns the new account's id, or nullopt if the username is taken.
  std::optional<std::int64_t> create_account(std::string_view username,
                                             std::string_view password_hash, bool guest,
                                             std::int64_t now);
  std::optional<Account> account_by_name(std::string_view username) const;
  std::optional<Account> account_by_id(std::int64_t id) const;

  // Sessions: a token's hash (never the token) and when it expires.
  void create_session(std::int64_t account_id, std::string_view token_hash, std::int64_t now,
                      std::int64_t expires_at);
  // The account of a live session (not revoked, not expired at `now`); it
  // also records `now` as the session's last use.
  std::optional<Account> account_for_session(std::string_view token_hash, std::int64_t now);
  // Revokes one session; returns whether it existed and was not revoked yet.
  bool revoke_session(std::string_view token_hash);

  // Tables of the lobby. Settings and state are the server's own JSON text.
  struct TableRow {
    std::int64_t id = 0;
    std::string settings;  // JSON: variant, options, table settings, creator
    std::string state;     // "open", "playing", "finished", "closed"
    std::int64_t created_at = 0;
  };
  std::int64_t create_table(std::string_view settings, std::string_view state, std::int64_t now);
  // Throws StorageError for an unknown id (a bug, like a gap in an index).
  void update_table(std::int64_t id, std::string_view settings, std::string_view state);
  std::optional<TableRow> table(std::int64_t id) const;
  std::vector<TableRow> tables_in_state(std::string_view state) const;

  // Games: the setup (JSON: variant, options, players, first dealer, the
  // seed; the seed is never sent to a player before the game is over), the
  // seats (JSON), each deal as dealt and each action as applied, in order,
  // and the result when it ends.
  struct GameRow {
    std::int64_t id = 0;
    std::int64_t table_id = 0;
    std::string setup;
    std::string seats;
    std::string state;   // "playing", "finished", "abandoned"
    std::string result;  // JSON, empty until finished
    std::int64_t started_at = 0;
    std::int64_t finished_at = 0;
  };
  // A new game starts in state "playing".
  std::int64_t create_game(std::int64_t table_id, std::string_view setup, std::string_view seats,
                           std::int64_t now);
  // Index k must be the next one (0, 1, 2...); a gap or a repeat throws.
  void append_deal(std::int64_t game_id, int index, std::string_view deal);
  void append_action(std::int64_t game_id, int index, std::string_view action);
  // Throws StorageError for an unknown id.
  void finish_game(std::int64_t game_id, std::string_view state, std::string_view result,
                   std::int64_t now);
  std::optional<GameRow> game(std::int64_t id) const;
  std::vector<std::string> game_deals(std::int64_t id) const;
  std::vector<std::string> game_actions(std::int64_t id) const;
  std::vector<GameRow> games_in_state(std::string_view state) const;

  // Runs `sql` (no results); for migrations and tests.
  void exec(const std::string& sql);

 private:
  void migrate();

  sqlite3* db_ = nullptr;
};

}  // namespace whist::storage
