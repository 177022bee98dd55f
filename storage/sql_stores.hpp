// Internal to storage/: the implementation of each store, in SQL that
// SQLite and PostgreSQL both run (sql.hpp), all over the one connection
// that SqlDatabase owns. Each is implemented in the
// .cpp file named by what it stores (accounts.cpp, tables.cpp, games.cpp
// and action_log.cpp, ledger.cpp, ledger_check.cpp and chips.cpp,
// friends.cpp, results.cpp, admin.cpp, ratings.cpp, safety.cpp, events.cpp; an
// account's erasure and reset codes in account_care.cpp).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "storage/database.hpp"

namespace whist::storage::detail {

class Connection;
class Statement;

class SqlAccounts final : public AccountStore {
 public:
  explicit SqlAccounts(Connection* db) : db_(db) {}
  std::optional<std::int64_t> create_account(std::string_view username,
                                             std::string_view password_hash, bool guest,
                                             std::int64_t now) override;
  std::optional<Account> account_by_name(std::string_view username) const override;
  std::optional<Account> account_by_id(std::int64_t id) const override;
  bool set_hide_games(std::int64_t id, bool hide) override;
  Prefs prefs(std::int64_t id) const override;
  bool set_prefs(std::int64_t id, const Prefs& p) override;
  bool set_password(std::int64_t id, std::string_view password_hash) override;
  void create_session(std::int64_t account_id, std::string_view token_hash, std::int64_t now,
                      std::int64_t expires_at, std::string_view device) override;
  std::vector<SessionInfo> sessions_of(std::int64_t account_id, std::int64_t now) const override;
  std::vector<std::string> revoke_other_sessions(std::int64_t account_id,
                                                 std::string_view keep) override;
  std::optional<Account> account_for_session(std::string_view token_hash,
                                             std::int64_t now) override;
  bool revoke_session(std::string_view token_hash) override;
  std::optional<ErasedAccount> erase_account(std::int64_t id, std::int64_t now,
                                             std::int64_t hold_until) override;
  bool set_password_reset(std::int64_t id, std::string_view code_hash, std::int64_t now,
                          std::int64_t expires_at) override;
  bool take_password_reset(std::int64_t id, std::string_view code_hash, std::int64_t now) override;

 private:
  Connection* db_;
};

class SqlTables final : public TableStore {
 public:
  explicit SqlTables(Connection* db) : db_(db) {}
  std::int64_t create_table(std::string_view settings, TableState state, std::int64_t now) override;
  void update_table(std::int64_t id, std::string_view settings, TableState state) override;
  void set_table_state(std::int64_t id, TableState state) override;
  std::optional<TableRow> table(std::int64_t id) const override;
  std::vector<TableRow> tables_in_state(TableState state) const override;

 private:
  Connection* db_;
};

class SqlResults final : public ResultStore {
 public:
  explicit SqlResults(Connection* db) : db_(db) {}
  bool record_results(std::int64_t game_id, const GameResults& results, std::int64_t now) override;
  std::vector<PlayedGame> games_of(std::int64_t account, std::int64_t before,
                                   int limit) const override;
  std::vector<VariantRecord> record_of(std::int64_t account) const override;
  std::vector<LeaderRow> leaderboard(std::string_view variant, std::int64_t min_games,
                                     int limit) const override;

 private:
  Connection* db_;
};

class SqlGames final : public GameStore {
 public:
  SqlGames(Connection* db, SqlResults& results);
  ~SqlGames() override;
  std::int64_t create_game(std::int64_t table_id, std::string_view setup, std::string_view seats,
                           std::int64_t now, std::string_view first_deal = {}) override;
  void append_deal(std::int64_t game_id, int index, std::string_view deal) override;
  void append_action(std::int64_t game_id, int index, std::string_view action,
                     std::string_view request = {}) override;
  void finish_game(std::int64_t game_id, GameState state, std::string_view result,
                   std::int64_t now) override;
  void finish_game(std::int64_t game_id, GameState state, std::string_view result, std::int64_t now,
                   const GameResults& results) override;
  std::optional<GameRow> game(std::int64_t id) const override;
  std::vector<std::string> game_deals(std::int64_t id) const override;
  std::vector<std::string> game_actions(
      std::int64_t id, std::vector<std::string>* requests = nullptr) const override;
  std::vector<GameRow> games_in_state(GameState state) const override;
  std::vector<GameRow> games_of_table(std::int64_t table_id) const override;
  std::optional<GameRow> latest_game(std::int64_t table_id) const override;

  void set_action_log_span(std::int64_t rows) { log_span_ = rows; }
  // A rollback may undo rows the action log's entries name.
  void forget_action_log() {
    log_loaded_ = false;
    next_index_.clear();
  }

 private:
  // The action log (action_log.cpp). A game in play has an entry once it
  // has appended: the index of its next action and the texts of its logged
  // actions not yet in a chunk, in order, from the log's row first_row on.
  // The entries are a copy of what the file holds, rebuilt from it when
  // unsure (at first use, and after a rollback: forget_action_log).
  struct LoggedGame {
    std::int64_t next = 0;
    std::int64_t first_row = 0;
    std::vector<std::string> texts;
    // Their request texts, one line each (empty: none), in one string: most
    // are short, and a string each would cost more than the text.
    std::string requests;
    bool any_request = false;
    bool broken = false;  // a gap in the log (never written so)
  };
  // PostgreSQL, where several whistd nodes write (action_log.cpp): an
  // action is a chunk of one, and a game's actions are read from the file.
  void append_action_row(std::int64_t game_id, int index, std::string_view action,
                         std::string_view request);
  std::vector<std::string> read_actions(std::int64_t game_id,
                                        std::vector<std::string>* requests) const;
  // Throws StorageError unless game `game_id` is in play (an append).
  void check_in_play(std::int64_t game_id);
  void load_action_log() const;
  std::int64_t stored_actions(std::int64_t game_id) const;
  LoggedGame& logged_game(std::int64_t game_id);
  void chunk_logged_actions(std::int64_t game_id, LoggedGame& game);
  void settle_logged_actions(std::int64_t game_id);
  void maintain_action_log();
  void prune_action_log(std::int64_t below);
  bool in_transaction() const;

  Connection* db_;
  SqlResults& results_;
  // Prepared once: the statements run for every deal and action stored.
  std::unique_ptr<Statement> deal_next_st_, deal_insert_st_;
  struct LogStatements {
    std::unique_ptr<Statement> insert, chunk, stored, game_state, prune;
  };
  mutable LogStatements log_st_;
  mutable bool log_loaded_ = false;
  mutable std::unordered_map<std::int64_t, LoggedGame> logged_;
  mutable std::map<std::int64_t, std::int64_t> log_by_first_;  // first row -> game
  mutable std::vector<std::int64_t> ended_;                    // games ended since the last pruning
  mutable std::int64_t log_head_ = 0;                          // the newest row
  // PostgreSQL: the next index of the games this node appended to or read.
  mutable std::unordered_map<std::int64_t, std::int64_t> next_index_;
  mutable std::int64_t log_pruned_below_ = 0;  // no row below
  std::int64_t log_span_ = 50000;
  int appends_since_maintain_ = 0;
};

class SqlLedger final : public LedgerStore {
 public:
  SqlLedger(Connection* db, SqlAccounts& accounts) : db_(db), accounts_(accounts) {}
  PostResult post(std::string_view batch_key, const std::vector<LedgerEntry>& entries,
                  std::int64_t now) override;
  std::int64_t balance(std::int64_t account) const override;
  std::vector<LedgerRow> ledger_of(std::int64_t account, int limit) const override;
  std::vector<LedgerRow> ledger_page(std::int64_t account, std::int64_t before,
                                     int limit) const override;
  bool batch_posted(std::string_view batch_key) const override;
  LedgerCheck check_ledger() const override;  // ledger_check.cpp
  // chips.cpp
  std::optional<std::int64_t> create_player(std::string_view username,
                                            std::string_view password_hash,
                                            std::int64_t initial_chips, std::int64_t now) override;
  bool ensure_initial_chips(std::int64_t account, std::int64_t initial_chips,
                            std::int64_t now) override;
  TopUp topup(std::int64_t account, std::int64_t floor, std::int64_t amount, std::string_view date,
              std::int64_t now) override;

 private:
  std::vector<LedgerRow> entries(std::int64_t account, std::int64_t before, std::int64_t limit,
                                 const char* what) const;
  Connection* db_;
  SqlAccounts& accounts_;
};

class SqlFriends final : public FriendStore {
 public:
  explicit SqlFriends(Connection* db) : db_(db) {}
  FriendResult request_friend(std::int64_t from, std::int64_t to, std::int64_t now) override;
  bool accept_friend(std::int64_t me, std::int64_t from) override;
  bool decline_friend(std::int64_t me, std::int64_t from) override;
  bool remove_friend(std::int64_t me, std::int64_t other) override;
  std::vector<std::int64_t> friends_of(std::int64_t me) const override;
  std::vector<std::int64_t> requests_to(std::int64_t me) const override;
  std::vector<std::int64_t> requests_from(std::int64_t me) const override;
  bool are_friends(std::int64_t a, std::int64_t b) const override;

 private:
  Connection* db_;
};

class SqlAdmin final : public AdminStore {
 public:
  explicit SqlAdmin(Connection* db) : db_(db) {}
  std::optional<int> set_banned(std::int64_t account, bool banned,
                                std::string_view reason) override;
  std::optional<std::string> banned_for_session(std::string_view token_hash) const override;
  std::optional<std::string> ban_reason(std::int64_t account) const override;
  std::vector<AccountSummary> accounts(bool with_guests, int limit) const override;
  std::int64_t queue_admin_command(std::string_view command, std::string_view args,
                                   std::int64_t now) override;
  std::vector<AdminCommand> take_admin_commands() override;
  void finish_admin_command(std::int64_t id, std::string_view result, std::int64_t now) override;
  bool cancel_admin_command(std::int64_t id, std::int64_t now) override;
  std::optional<AdminCommand> admin_command(std::int64_t id) const override;
  int fail_running_admin_commands(std::string_view result, std::int64_t now) override;

 private:
  Connection* db_;
};

class SqlRatings final : public RatingStore {
 public:
  explicit SqlRatings(Connection* db) : db_(db) {}
  GameRating rate_game(std::int64_t game_id, std::int64_t now) override;
  std::vector<StoredRating> ratings_of(std::int64_t account) const override;
  std::vector<RatingPoint> history(std::int64_t account, std::string_view pool,
                                   int limit) const override;
  std::vector<RatingLeader> leaderboard(std::string_view pool, const LeaderRule& rule,
                                        std::int64_t now, int limit) const override;
  RatingAudit rebuild(bool write) override;

 private:
  Connection* db_;
};

class SqlSafety final : public SafetyStore {
 public:
  explicit SqlSafety(Connection* db) : db_(db) {}
  bool mute(std::int64_t me, std::int64_t other, std::int64_t now) override;
  bool unmute(std::int64_t me, std::int64_t other) override;
  std::vector<ListedPlayer> muted_by(std::int64_t me) const override;
  bool block(std::int64_t me, std::int64_t other, std::int64_t now) override;
  bool unblock(std::int64_t me, std::int64_t other) override;
  std::vector<ListedPlayer> blocked_by(std::int64_t me) const override;
  bool blocks(std::int64_t blocker, std::int64_t other) const override;
  std::vector<std::int64_t> blocked_ids(std::int64_t me) const override;
  ReportResult report(const NewReport& r, int per_day, std::int64_t now) override;
  std::vector<Report> reports(bool all, int limit) const override;
  std::optional<Report> report_by_id(std::int64_t id) const override;
  bool resolve_report(std::int64_t id, std::string_view resolution, std::int64_t now) override;
  std::vector<Report> reports_by(std::int64_t reporter) const override;
  bool set_chat_mute(std::int64_t account, std::int64_t until, std::string_view reason) override;
  ChatMute chat_mute(std::int64_t account) const override;

 private:
  Connection* db_;
};

class SqlEvents final : public EventStore {
 public:
  explicit SqlEvents(Connection* db) : db_(db) {}
  std::int64_t create_event(std::int64_t director, std::string_view name, event::EventState state,
                            std::int64_t start_at, std::string_view document,
                            std::int64_t now) override;
  void update_event(std::int64_t id, event::EventState state, std::int64_t start_at,
                    std::string_view document, std::int64_t now) override;
  std::optional<EventRow> event(std::int64_t id) const override;
  std::vector<EventRow> events_in_state(event::EventState state) const override;
  std::vector<EventRow> past_events(int limit) const override;

 private:
  Connection* db_;
};

class SqlLeases final : public LeaseStore {
 public:
  explicit SqlLeases(Connection* db) : db_(db) {}
  std::optional<Lease> acquire(std::int64_t table, std::string_view node, std::int64_t now_ms,
                               std::int64_t ttl_ms) override;
  bool renew(std::int64_t table, std::string_view node, std::int64_t token, std::int64_t now_ms,
             std::int64_t ttl_ms) override;
  bool release(std::int64_t table, std::string_view node, std::int64_t token) override;
  std::optional<Lease> lease(std::int64_t table) const override;
  std::vector<std::int64_t> leases_of(std::string_view node) const override;
  bool check_lease(std::int64_t table, std::int64_t token) override;
  int renew_all(std::string_view node, std::int64_t now_ms, std::int64_t ttl_ms) override;
  int release_all(std::string_view prefix, std::string_view keep) override;
  std::vector<std::int64_t> claimable(std::int64_t now_ms, std::int64_t ttl_ms) const override;
  std::int64_t clock_ms() const override;

 private:
  Connection* db_;
};

struct SqlStores {
  explicit SqlStores(Connection* db)
      : accounts(db),
        tables(db),
        results(db),
        games(db, results),
        ledger(db, accounts),
        friends(db),
        admin(db),
        ratings(db),
        safety(db),
        events(db),
        leases(db) {}
  SqlAccounts accounts;
  SqlTables tables;
  SqlResults results;
  SqlGames games;
  SqlLedger ledger;
  SqlFriends friends;
  SqlAdmin admin;
  SqlRatings ratings;
  SqlSafety safety;
  SqlEvents events;
  SqlLeases leases;
};

// The schema's migrations (schema.cpp for SQLite, postgres_schema.cpp):
// bring the database up to date, or throw StorageError for one newer than
// this code; and the version it is at.
void migrate_sqlite(Connection* db);
int sqlite_schema_version(Connection* db);
void migrate_postgres(Connection* db);
int postgres_schema_version(Connection* db);

}  // namespace whist::storage::detail
