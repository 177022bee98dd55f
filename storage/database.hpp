// The SQLite database: one connection, opened with WAL and foreign keys, its
// schema brought up to date by numbered migrations at open. Not thread-safe:
// the server uses it from its one storage thread only.
//
// Errors of SQLite itself (disk full, a corrupt file) throw StorageError;
// expected outcomes (a username taken, no such session) are return values.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
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
  bool banned = false;          // by the operator (whistctl ban): no login, no session
};

// A request of the operator to the running whistd (storage/admin.cpp).
struct AdminCommand {
  std::int64_t id = 0;
  std::string command;  // "close-table", "ban"
  std::string args;     // JSON object
  std::string state;    // "pending", "running", "done", "cancelled"
  std::string result;   // JSON {"exit": n, "message": "..."} once done
};

// ------------------------------------------------------------------- chips
//
// Every change of a balance is a ledger entry, posted in batches: a batch is
// one event (a game's buy-ins, its payout, a refund, a top-up...) applied in
// one transaction under a unique batch key, so that a retry of the event
// never applies twice. Choose keys that name the event, for example
// "initial:<account>", "topup:<account>:<yyyy-mm-dd>", "grant:<operator
// request id>", "game:<id>:buyin", "game:<id>:payout", "game:<id>:refund".
//
// Kinds: 'initial', 'topup' and 'grant' mint chips (each entry to an
// account, never the house, with a positive delta); 'buyin', 'payout', 'fee'
// and 'refund' move chips (the batch's deltas sum to zero). A batch is all
// minting or all moving. The house (account 0) holds the fees, and holds the
// pot of a Compete game between its buy-in and its payout or refund. For a
// 110 table: buy-in {each seat -110, house +440}; payout {house -440, each
// winner +198, house +44 'fee'} (the fee stays visible in the house's
// history); refund {house -440, each seat +110}.
struct LedgerEntry {
  std::int64_t account = 0;  // 0: the house
  std::int64_t delta = 0;    // never 0; |delta| <= kMaxLedgerDelta
  std::string kind;
  std::int64_t game = 0;  // 0: none
};

// The largest |delta| of one entry: a bigger one is a bug.
inline constexpr std::int64_t kMaxLedgerDelta = 1'000'000'000'000;

enum class PostResult {
  kApplied,
  kAlreadyApplied,  // the batch key was posted before: nothing changed
  kInsufficient,    // a balance would go below zero: nothing changed
};

struct LedgerRow {
  std::int64_t id = 0;  // the entry's place in the ledger (grows with each post)
  std::string key;      // batch + ":" + index
  std::int64_t delta = 0;
  std::string kind;
  std::int64_t game = 0;  // 0: none
  std::int64_t created_at = 0;
  std::string batch;
};

struct LedgerCheck {
  bool ok = false;                    // no problem found
  std::int64_t balances = 0;          // the sum of all balances, the house's included
  std::int64_t minted = 0;            // the sum of all minting deltas
  std::vector<std::string> problems;  // each discrepancy, in plain words
};

// Daily top-up (chips.cpp): one per account and day, for a balance below a
// floor.
enum class TopUpResult {
  kApplied,        // `amount` chips were added
  kAlreadyToday,   // this account's top-up of that day was applied before
  kNotBelowFloor,  // the balance is at or above the floor: nothing to do
  kGuest,          // guests have no chips
};
struct TopUp {
  TopUpResult result = TopUpResult::kNotBelowFloor;
  std::int64_t amount = 0;   // added now (0 unless kApplied)
  std::int64_t balance = 0;  // the balance after
};

// ----------------------------------------------------------------- results
//
// One seat of a finished game (results.cpp). `side` is the index into the
// game's scores: the team (seat % 2) in classic and bid whist, the seat in
// exact whist; `won` says whether the side is among the winners.
struct SeatResult {
  int seat = 0;
  std::int64_t account = 0;  // 0: no account (a computer player)
  std::string name;          // as seated
  int side = 0;
  bool won = false;
  std::int64_t score = 0;        // the side's final score
  std::int64_t chips_delta = 0;  // chips won (+) or lost (-) by the game; 0 without chips
};
struct GameResults {
  std::string variant;  // "classic", "bid", "exact"
  std::vector<SeatResult> seats;
};
// A game as one player played it, for their history.
struct PlayedGame {
  std::int64_t game = 0;
  std::int64_t table = 0;
  std::string variant;
  std::int64_t finished_at = 0;
  SeatResult me;                  // the player's own seat
  std::vector<SeatResult> seats;  // every seat, by seat number
};
// A player's wins and losses in one variant.
struct VariantRecord {
  std::string variant;
  std::int64_t games = 0;
  std::int64_t wins = 0;
};
struct LeaderRow {
  std::int64_t account = 0;
  std::string name;
  std::int64_t games = 0;
  std::int64_t wins = 0;
};
// One account for the operator's list.
struct AccountSummary {
  Account account;
  std::int64_t chips = 0;
  std::int64_t games = 0;
  std::int64_t wins = 0;
};

// ----------------------------------------------------------------- friends
enum class FriendResult {
  kRequested,         // a request from `from` to `to` now waits
  kAccepted,          // they had asked us: now friends
  kAlreadyFriends,    // nothing changed
  kAlreadyRequested,  // our request was already waiting: nothing changed
  kNoSuchAccount,     // either account does not exist
  kSelf,              // from == to
};

namespace detail {
class Statement;
}

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
  // A new game starts in state "playing". `first_deal`, when given, is
  // stored as its deal 0 in the same transaction: a game is never stored
  // without the deal its first actions are played from.
  std::int64_t create_game(std::int64_t table_id, std::string_view setup, std::string_view seats,
                           std::int64_t now, std::string_view first_deal = {});
  // Index k must be the next one (0, 1, 2...); a gap or a repeat throws.
  // Actions are appended while the game is in play (to the action log,
  // then stored in chunks: storage/action_log.cpp), one JSON text each, on
  // one line.
  void append_deal(std::int64_t game_id, int index, std::string_view deal);
  // `request`: what the server keeps with the action to answer a retry of
  // the request that made it (one line of its own; "" for none). Kept
  // with the action in the log and its chunk; game_actions gives it back.
  void append_action(std::int64_t game_id, int index, std::string_view action,
                     std::string_view request = {});
  // Throws StorageError for an unknown id. The game's actions still in the
  // action log are stored as a chunk in the same transaction.
  void finish_game(std::int64_t game_id, std::string_view state, std::string_view result,
                   std::int64_t now);
  // The same, and the game's results (see record_results) in the same
  // transaction: both are written or neither.
  void finish_game(std::int64_t game_id, std::string_view state, std::string_view result,
                   std::int64_t now, const GameResults& results);
  std::optional<GameRow> game(std::int64_t id) const;
  std::vector<std::string> game_deals(std::int64_t id) const;
  // In action_log.cpp. With `requests`, also each action's request text
  // ("" when it has none), one per action.
  std::vector<std::string> game_actions(std::int64_t id,
                                        std::vector<std::string>* requests = nullptr) const;
  std::vector<GameRow> games_in_state(std::string_view state) const;

  // Chips (implemented in ledger.cpp).
  //
  // Posts a batch in one transaction: entry i gets the key batch_key + ":" +
  // i; each balance (accounts.chips, or the house's for account 0) changes
  // by its entries' deltas. If the batch key was posted before, nothing
  // changes (kAlreadyApplied; the entries are not compared with the first
  // post's). If any balance would end the batch below zero, nothing changes
  // (kInsufficient); a balance may dip within the batch, only the end counts.
  // A batch that breaks the rules above (empty, an unknown kind, a zero or
  // huge delta, minting to the house or a negative mint, moving kinds not
  // summing to zero, minting and moving mixed, an unknown account) throws
  // StorageError: that is a bug of the caller, not a user's mistake.
  //
  // Safe against a concurrent post from another connection to the same file
  // (the transaction is BEGIN IMMEDIATE, waiting up to busy_timeout). If a
  // transaction is already open on this connection (the caller ran "BEGIN
  // IMMEDIATE" with exec(), to post in the same transaction as the event
  // that caused it), the batch is a savepoint inside it: kAlreadyApplied and
  // kInsufficient undo the batch only, and the caller's COMMIT or ROLLBACK
  // decides the rest.
  PostResult post(std::string_view batch_key, const std::vector<LedgerEntry>& entries,
                  std::int64_t now);
  // An account's balance (0: the house's). Throws StorageError for an
  // unknown account.
  std::int64_t balance(std::int64_t account) const;
  // An account's entries (0: the house's), newest first, at most `limit` of
  // them (limit <= 0: all).
  std::vector<LedgerRow> ledger_of(std::int64_t account, int limit) const;
  // Whether a batch with this key was posted (and committed).
  bool batch_posted(std::string_view batch_key) const;
  // Proves the ledger: each account's and the house's balance is the sum of
  // its deltas, no balance is negative, all balances together are what was
  // minted, each minting entry is a positive delta to an account, each
  // moving batch sums to zero, and each game with buy-ins has its pot held
  // (playing), paid out (finished) or refunded (abandoned), never two of
  // these. Reads in one transaction, so it sees one consistent state even
  // while another connection posts.
  LedgerCheck check_ledger() const;

  // Pages of an account's entries, newest first: those with an id below
  // `before` (0: from the newest), at most `limit` (1 to 1000).
  std::vector<LedgerRow> ledger_page(std::int64_t account, std::int64_t before, int limit) const;

  // Chips of accounts (implemented in chips.cpp).
  //
  // Creates a registered account and, in the same transaction, posts its
  // first balance (batch "initial:<id>", kind 'initial') when
  // initial_chips > 0. nullopt if the username is taken (nothing written).
  std::optional<std::int64_t> create_player(std::string_view username,
                                            std::string_view password_hash,
                                            std::int64_t initial_chips, std::int64_t now);
  // Posts "initial:<account>" if it was never posted (an account made
  // before chips existed); true if it was posted now. Guests and
  // initial_chips <= 0: nothing.
  bool ensure_initial_chips(std::int64_t account, std::int64_t initial_chips, std::int64_t now);
  // The daily top-up: if the account's balance is below `floor`, adds
  // `amount` under the batch key "topup:<account>:<date>" (date: the day,
  // yyyy-mm-dd, as the caller counts days), at most once per account and
  // day. Reads and posts in one transaction. Throws StorageError for an
  // unknown account or amount <= 0.
  TopUp topup(std::int64_t account, std::int64_t floor, std::int64_t amount, std::string_view date,
              std::int64_t now);
  // The operator's list: accounts by id (registered only unless
  // `with_guests`), at most `limit` (<= 0: all).
  std::vector<AccountSummary> accounts(bool with_guests, int limit) const;

  // Results (implemented in results.cpp).
  //
  // Stores each seat's result of a finished game, in one transaction.
  // Returns false, changing nothing, if the game's results were stored
  // before (a retry). A seat whose account does not exist (a computer
  // player's made-up id) is stored with no account. Throws StorageError for
  // an unknown game.
  bool record_results(std::int64_t game_id, const GameResults& results, std::int64_t now);
  // The games of an account, newest (highest game id) first: those with an
  // id below `before` (0: from the newest), at most `limit` (1 to 1000).
  std::vector<PlayedGame> games_of(std::int64_t account, std::int64_t before, int limit) const;
  // Games and wins per variant, by variant name.
  std::vector<VariantRecord> record_of(std::int64_t account) const;
  // Registered players of a variant with at least `min_games` games there:
  // most wins first, then the higher win rate, then fewer games, then the
  // lower id; at most `limit` (1 to 1000).
  std::vector<LeaderRow> leaderboard(std::string_view variant, std::int64_t min_games,
                                     int limit) const;

  // Friends (implemented in friends.cpp). Requests and friendships are
  // between two different, existing accounts; at most one row joins two
  // people (see database.cpp).
  //
  // Asks `to` to be a friend of `from`. If `to` had already asked `from`,
  // they become friends at once (kAccepted).
  FriendResult request_friend(std::int64_t from, std::int64_t to, std::int64_t now);
  // True if a pending request from `from` to `me` became a friendship.
  bool accept_friend(std::int64_t me, std::int64_t from);
  // True if a pending request from `from` to `me` was removed.
  bool decline_friend(std::int64_t me, std::int64_t from);
  // Ends the friendship of `me` and `other`, or withdraws the pending
  // request of `me` to `other`; true if either was there.
  bool remove_friend(std::int64_t me, std::int64_t other);
  // Ids in increasing order.
  std::vector<std::int64_t> friends_of(std::int64_t me) const;
  // Who asked `me` / whom `me` asked, oldest request first.
  std::vector<std::int64_t> requests_to(std::int64_t me) const;
  std::vector<std::int64_t> requests_from(std::int64_t me) const;
  bool are_friends(std::int64_t a, std::int64_t b) const;

  // The operator's side (implemented in admin.cpp).
  //
  // Bans (or unbans) an account: sets its flag and reason and, when
  // banning, revokes every session of it, in one transaction. Returns the
  // sessions revoked, or nullopt for an unknown account.
  std::optional<int> set_banned(std::int64_t account, bool banned, std::string_view reason);
  // The ban reason of the account of a session token's hash, if that
  // account is banned (whatever the session's state).
  std::optional<std::string> banned_for_session(std::string_view token_hash) const;
  std::optional<std::string> ban_reason(std::int64_t account) const;
  // The queue of operator commands for the running whistd: whistctl adds
  // one (pending), whistd takes the pending ones (they become running, in
  // the order queued) and finishes each with its result (done); whistctl
  // may withdraw a command still pending (cancelled: false if whistd took
  // it first).
  std::int64_t queue_admin_command(std::string_view command, std::string_view args,
                                   std::int64_t now);
  std::vector<AdminCommand> take_admin_commands();
  void finish_admin_command(std::int64_t id, std::string_view result, std::int64_t now);
  bool cancel_admin_command(std::int64_t id, std::int64_t now);
  std::optional<AdminCommand> admin_command(std::int64_t id) const;
  // Commands left running by a whistd that stopped before finishing them:
  // done, with `result`. Returns how many.
  int fail_running_admin_commands(std::string_view result, std::int64_t now);

  // Runs `sql` (no results); for migrations and tests.
  void exec(const std::string& sql);
  // Whether a transaction is open on this connection.
  bool in_transaction() const;
  // BEGIN IMMEDIATE and COMMIT, as exec() runs them, from statements
  // prepared once (the storage thread's group commit runs them hundreds of
  // times a second). Throw StorageError on failure.
  void begin_immediate();
  void commit();

  // How many rows the action log may keep behind its newest one before the
  // logged actions of the games in play that far back are stored as chunks
  // (50,000 by default; tests make it small).
  void set_action_log_span(std::int64_t rows) { log_span_ = rows; }

 private:
  void migrate();
  struct AppendStatements {
    std::unique_ptr<detail::Statement> next, insert;
  };
  void append_row(AppendStatements& cached, const char* table, const char* column,
                  std::int64_t game_id, int index, std::string_view text, const char* what);

  // The action log (action_log.cpp). A game in play has an entry once it
  // has appended: the index of its next action and the texts of its logged
  // actions not yet in a chunk, in order, from the log's row first_row on.
  // The entries are a copy of what the file holds, rebuilt from it when
  // unsure (at first use, and after a rollback: see on_rollback).
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
  void load_action_log() const;
  std::int64_t stored_actions(std::int64_t game_id) const;
  LoggedGame& logged_game(std::int64_t game_id);
  void chunk_logged_actions(std::int64_t game_id, LoggedGame& game);
  void settle_logged_actions(std::int64_t game_id);
  void maintain_action_log();
  void prune_action_log(std::int64_t below);
  static void on_rollback(void* self);

  sqlite3* db_ = nullptr;
  // Prepared once: the statements run for every deal and action stored.
  AppendStatements append_deal_st_;
  std::unique_ptr<detail::Statement> begin_st_, commit_st_;
  struct LogStatements {
    std::unique_ptr<detail::Statement> insert, chunk, stored, game_state, prune;
  };
  mutable LogStatements log_st_;
  mutable bool log_loaded_ = false;
  mutable std::unordered_map<std::int64_t, LoggedGame> logged_;
  mutable std::map<std::int64_t, std::int64_t> log_by_first_;  // first row -> game
  mutable std::vector<std::int64_t> ended_;                    // games ended since the last pruning
  mutable std::int64_t log_head_ = 0;                          // the newest row
  mutable std::int64_t log_pruned_below_ = 0;                  // no row below
  std::int64_t log_span_ = 50000;
  int appends_since_maintain_ = 0;
};

}  // namespace whist::storage
