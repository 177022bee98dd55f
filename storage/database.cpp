// The SQLite database of whistd (see database.hpp).
//
// Schema
// ======
// The schema is built by the numbered migrations in kMigrations below; the
// number of the last one applied is kept in `PRAGMA user_version` (0 for a
// new, empty file). At open, each missing migration runs in a transaction of
// its own (BEGIN IMMEDIATE ... COMMIT) together with the user_version bump,
// so a crash leaves the file at a whole version. A file whose user_version is
// newer than the code knows is refused. Migrations are append-only: never
// edit one that has shipped, add a new one.
//
// The connection sets journal_mode=WAL (persistent in the file),
// synchronous=NORMAL, foreign_keys=ON, busy_timeout=5000 and a page cache
// of up to 16 MiB.
//
// All times are Unix seconds (INTEGER); booleans are INTEGER 0/1; the JSON
// columns hold the server's own JSON text, which SQLite does not look into.
//
// Version 1:
//
//   accounts      id INTEGER PRIMARY KEY
//                 username TEXT NOT NULL UNIQUE COLLATE NOCASE
//                   (unique and looked up without regard to ASCII case;
//                   NOCASE folds A-Z only, not other letters)
//                 password_hash TEXT NOT NULL DEFAULT ''
//                   (libsodium's argon2id string; '' for guests)
//                 guest INTEGER NOT NULL (0/1)
//                 created_at INTEGER NOT NULL
//
//   sessions      token_hash TEXT NOT NULL PRIMARY KEY (never the token)
//                 account_id INTEGER NOT NULL REFERENCES accounts(id)
//                 created_at, last_used_at, expires_at INTEGER NOT NULL
//                 revoked INTEGER NOT NULL DEFAULT 0 (0/1)
//                 WITHOUT ROWID; index sessions_account_id (account_id)
//                 A session is live while revoked = 0 and expires_at > now.
//
//   tables        id INTEGER PRIMARY KEY
//                 settings TEXT NOT NULL (JSON)
//                 state TEXT NOT NULL ("open", "playing", "finished", "closed")
//                 created_at INTEGER NOT NULL
//                 index tables_state (state)
//
//   games         id INTEGER PRIMARY KEY
//                 table_id INTEGER NOT NULL REFERENCES tables(id)
//                 setup TEXT NOT NULL (JSON, holds the seed)
//                 seats TEXT NOT NULL (JSON)
//                 state TEXT NOT NULL ("playing", "finished", "abandoned")
//                 result TEXT NOT NULL DEFAULT '' (JSON once finished)
//                 started_at INTEGER NOT NULL
//                 finished_at INTEGER NOT NULL DEFAULT 0 (0 until finished)
//                 indexes games_state (state), games_table_id (table_id)
//
//   game_deals    game_id INTEGER NOT NULL REFERENCES games(id)
//                 idx INTEGER NOT NULL (0, 1, 2... with no gap)
//                 deal TEXT NOT NULL
//                 PRIMARY KEY (game_id, idx), WITHOUT ROWID
//
//   game_actions  game_id INTEGER NOT NULL REFERENCES games(id)
//                 idx INTEGER NOT NULL (0, 1, 2... with no gap)
//                 action TEXT NOT NULL
//                 PRIMARY KEY (game_id, idx), WITHOUT ROWID
//                 (Since version 5 no longer written: see action_log.)
//
// Version 2 (chips and friends):
//
//   accounts      + chips INTEGER NOT NULL DEFAULT 0 (the balance; existing
//                   accounts start at 0, with no ledger entry needed)
//
//   house         id INTEGER PRIMARY KEY CHECK (id = 1), chips INTEGER NOT
//                 NULL: one row, (1, 0) at creation; the house's balance
//                 (fees, and the pot of a Compete game while it is played)
//
//   ledger        id INTEGER PRIMARY KEY (order of posting)
//                 key TEXT NOT NULL UNIQUE (batch key + ":" + index in batch)
//                 batch TEXT NOT NULL (the batch key given to post())
//                 account_id INTEGER REFERENCES accounts(id) (NULL: house)
//                 delta INTEGER NOT NULL (never 0)
//                 kind TEXT NOT NULL: 'initial', 'topup', 'grant' (minting:
//                   chips created, to accounts only, delta > 0) or 'buyin',
//                   'payout', 'fee', 'refund' (moving: each batch of them
//                   sums to 0); a batch is all minting or all moving
//                 game_id INTEGER (NULL: none; not a foreign key)
//                 created_at INTEGER NOT NULL
//                 indexes ledger_account_id, ledger_batch
//                 Invariants (checked by check_ledger()): each balance is
//                 the sum of its deltas; all balances plus the house sum to
//                 the minting deltas; no balance is negative.
//
//   friends       a, b INTEGER NOT NULL REFERENCES accounts(id), a <> b
//                 state TEXT NOT NULL ('pending' or 'accepted')
//                 created_at INTEGER NOT NULL (when the request was made)
//                 PRIMARY KEY (a, b), WITHOUT ROWID; index friends_b (b)
//                 A 'pending' row (a, b) is a request from a to b. An
//                 'accepted' row is a friendship, stored once with a < b
//                 (CHECK (state = 'pending' OR a < b)). Two people have at
//                 most one row between them: a request while the other's
//                 is pending turns it into the friendship.
//
// Version 3 (results):
//
//   results       game_id INTEGER NOT NULL REFERENCES games(id)
//                 seat INTEGER NOT NULL
//                 account_id INTEGER REFERENCES accounts(id) (NULL: a
//                   computer player)
//                 name TEXT NOT NULL (the name at the seat)
//                 side INTEGER NOT NULL (index into the game's scores: the
//                   team in classic and bid, the seat in exact)
//                 won INTEGER NOT NULL (0/1: the side is among the winners)
//                 score INTEGER NOT NULL (the side's final score)
//                 chips_delta INTEGER NOT NULL DEFAULT 0 (chips won or lost)
//                 variant TEXT NOT NULL ("classic", "bid", "exact")
//                 finished_at INTEGER NOT NULL
//                 PRIMARY KEY (game_id, seat), WITHOUT ROWID
//                 indexes results_account (account_id, game_id),
//                 results_variant (variant, account_id)
//                 Written once per finished game, in the transaction that
//                 marks the game finished.
//
// Version 4 (the operator's commands): accounts + banned, ban_reason;
// admin_commands (see storage/admin.cpp).
//
// Version 5 (the action log and the chunks, see storage/action_log.cpp):
//
//   action_log    id INTEGER PRIMARY KEY (order of arrival)
//                 game_id INTEGER NOT NULL (a game in play; not a foreign
//                   key: checked once, at the game's first action)
//                 idx INTEGER NOT NULL, action TEXT NOT NULL (as in
//                   game_actions)
//                 No index. Each action of a game in play, appended; a row
//                 whose action is in a chunk, or of a game no longer in
//                 play, is a leftover, deleted as the log moves on.
//
//   game_action_chunks
//                 id INTEGER PRIMARY KEY
//                 game_id INTEGER NOT NULL REFERENCES games(id)
//                 first_idx INTEGER NOT NULL (the index of its first action)
//                 count INTEGER NOT NULL (> 0)
//                 actions TEXT NOT NULL (count JSON texts, one per line)
//                 UNIQUE (game_id, first_idx)
//                 A game's actions are its rows of game_actions (stored
//                 before version 5), then its chunks in order of first_idx,
//                 then its rows of the log not yet in a chunk, each part
//                 following the last without a gap.
//
// Version 6 (answers to retried actions kept through a restart):
//   action_log    + request TEXT (NULL: none)
//   game_action_chunks
//                 + requests TEXT (NULL: none; else count lines, one per
//                   action, empty for none)
//                 What the server keeps with an action to answer a retry of
//                 the request that made it (server/table_restore.cpp);
//                 opaque here.
//
// The indexes on state serve tables_in_state/games_in_state (an index on
// state also orders by rowid, hence by id); sessions_account_id and
// games_table_id keep foreign-key checks and per-account/per-table lookups
// from scanning.

#include "storage/database.hpp"

#include <sqlite3.h>

#include <array>

#include "storage/sqlite.hpp"

namespace whist::storage {

namespace {

using detail::exec_or_throw;
using detail::fail;
using detail::Statement;
using detail::Transaction;

// Each entry is migration number (index + 1). Append only.
constexpr std::array<const char*, 6> kMigrations = {
    // 1: accounts, sessions, tables, games and their deals and actions.
    R"sql(
CREATE TABLE accounts (
  id            INTEGER PRIMARY KEY,
  username      TEXT    NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT    NOT NULL DEFAULT '',
  guest         INTEGER NOT NULL CHECK (guest IN (0, 1)),
  created_at    INTEGER NOT NULL
);

CREATE TABLE sessions (
  token_hash   TEXT    NOT NULL PRIMARY KEY,
  account_id   INTEGER NOT NULL REFERENCES accounts(id),
  created_at   INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL,
  revoked      INTEGER NOT NULL DEFAULT 0 CHECK (revoked IN (0, 1))
) WITHOUT ROWID;
CREATE INDEX sessions_account_id ON sessions(account_id);

CREATE TABLE tables (
  id         INTEGER PRIMARY KEY,
  settings   TEXT    NOT NULL,
  state      TEXT    NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX tables_state ON tables(state);

CREATE TABLE games (
  id          INTEGER PRIMARY KEY,
  table_id    INTEGER NOT NULL REFERENCES tables(id),
  setup       TEXT    NOT NULL,
  seats       TEXT    NOT NULL,
  state       TEXT    NOT NULL,
  result      TEXT    NOT NULL DEFAULT '',
  started_at  INTEGER NOT NULL,
  finished_at INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX games_state ON games(state);
CREATE INDEX games_table_id ON games(table_id);

CREATE TABLE game_deals (
  game_id INTEGER NOT NULL REFERENCES games(id),
  idx     INTEGER NOT NULL,
  deal    TEXT    NOT NULL,
  PRIMARY KEY (game_id, idx)
) WITHOUT ROWID;

CREATE TABLE game_actions (
  game_id INTEGER NOT NULL REFERENCES games(id),
  idx     INTEGER NOT NULL,
  action  TEXT    NOT NULL,
  PRIMARY KEY (game_id, idx)
) WITHOUT ROWID;
)sql",

    // 2: chips (account balances, the house, the ledger) and friends.
    R"sql(
ALTER TABLE accounts ADD COLUMN chips INTEGER NOT NULL DEFAULT 0;

CREATE TABLE house (
  id    INTEGER PRIMARY KEY CHECK (id = 1),
  chips INTEGER NOT NULL
);
INSERT INTO house(id, chips) VALUES (1, 0);

CREATE TABLE ledger (
  id         INTEGER PRIMARY KEY,
  key        TEXT    NOT NULL UNIQUE,
  batch      TEXT    NOT NULL,
  account_id INTEGER REFERENCES accounts(id),
  delta      INTEGER NOT NULL,
  kind       TEXT    NOT NULL CHECK (kind IN ('initial', 'topup', 'grant', 'buyin', 'payout',
                                              'fee', 'refund')),
  game_id    INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX ledger_account_id ON ledger(account_id);
CREATE INDEX ledger_batch ON ledger(batch);

CREATE TABLE friends (
  a          INTEGER NOT NULL REFERENCES accounts(id),
  b          INTEGER NOT NULL REFERENCES accounts(id),
  state      TEXT    NOT NULL CHECK (state IN ('pending', 'accepted')),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (a, b),
  CHECK (a <> b),
  CHECK (state = 'pending' OR a < b)
) WITHOUT ROWID;
CREATE INDEX friends_b ON friends(b);
)sql",

    // 3: results of finished games, seat by seat.
    R"sql(
CREATE TABLE results (
  game_id     INTEGER NOT NULL REFERENCES games(id),
  seat        INTEGER NOT NULL,
  account_id  INTEGER REFERENCES accounts(id),
  name        TEXT    NOT NULL,
  side        INTEGER NOT NULL,
  won         INTEGER NOT NULL CHECK (won IN (0, 1)),
  score       INTEGER NOT NULL,
  chips_delta INTEGER NOT NULL DEFAULT 0,
  variant     TEXT    NOT NULL,
  finished_at INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX results_account ON results(account_id, game_id);
CREATE INDEX results_variant ON results(variant, account_id);
)sql",

    // 4: the operator's commands (whistctl asks the running whistd through
    // admin_commands: see storage/admin.cpp) and banned accounts.
    R"sql(
ALTER TABLE accounts ADD COLUMN banned INTEGER NOT NULL DEFAULT 0 CHECK (banned IN (0, 1));
ALTER TABLE accounts ADD COLUMN ban_reason TEXT NOT NULL DEFAULT '';

CREATE TABLE admin_commands (
  id         INTEGER PRIMARY KEY,
  command    TEXT    NOT NULL,
  args       TEXT    NOT NULL,
  state      TEXT    NOT NULL DEFAULT 'pending'
             CHECK (state IN ('pending', 'running', 'done', 'cancelled')),
  result     TEXT    NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  done_at    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX admin_commands_state ON admin_commands(state);
)sql",

    // 5: the action log and the chunks of actions (storage/action_log.cpp).
    R"sql(
CREATE TABLE action_log (
  id      INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL,
  idx     INTEGER NOT NULL,
  action  TEXT    NOT NULL
);

CREATE TABLE game_action_chunks (
  id        INTEGER PRIMARY KEY,
  game_id   INTEGER NOT NULL REFERENCES games(id),
  first_idx INTEGER NOT NULL,
  count     INTEGER NOT NULL CHECK (count > 0),
  actions   TEXT    NOT NULL,
  UNIQUE (game_id, first_idx)
);
)sql",

    // 6: each action's request (its id and answer), kept with it so that a
    // retry after a restart gets the first answer (storage/action_log.cpp).
    R"sql(
ALTER TABLE action_log ADD COLUMN request TEXT;
ALTER TABLE game_action_chunks ADD COLUMN requests TEXT;
)sql",
};

constexpr int kKnownVersion = static_cast<int>(kMigrations.size());

int read_user_version(sqlite3* db) {
  Statement st(db, "PRAGMA user_version", "reading the schema version");
  if (!st.step()) throw StorageError("reading the schema version: no result");
  return static_cast<int>(st.int64(0));
}

Account read_account(const Statement& st) {
  Account a;
  a.id = st.int64(0);
  a.username = st.text(1);
  a.password_hash = st.text(2);
  a.guest = st.int64(3) != 0;
  a.created_at = st.int64(4);
  a.banned = st.int64(5) != 0;
  return a;
}

constexpr const char* kAccountColumns = "id, username, password_hash, guest, created_at, banned";

Database::TableRow read_table(const Statement& st) {
  Database::TableRow t;
  t.id = st.int64(0);
  t.settings = st.text(1);
  t.state = st.text(2);
  t.created_at = st.int64(3);
  return t;
}

constexpr const char* kGameColumns =
    "id, table_id, setup, seats, state, result, started_at, finished_at";

Database::GameRow read_game(const Statement& st) {
  Database::GameRow g;
  g.id = st.int64(0);
  g.table_id = st.int64(1);
  g.setup = st.text(2);
  g.seats = st.text(3);
  g.state = st.text(4);
  g.result = st.text(5);
  g.started_at = st.int64(6);
  g.finished_at = st.int64(7);
  return g;
}

std::vector<std::string> texts_of_game(sqlite3* db, const char* sql, std::int64_t game_id,
                                       const char* what) {
  Statement st(db, sql, what);
  st.bind(1, game_id);
  std::vector<std::string> out;
  while (st.step()) out.push_back(st.text(0));
  return out;
}

}  // namespace

Database::Database(const std::string& path) {
  const int rc =
      sqlite3_open_v2(path.c_str(), &db_,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = "opening database '" + path + "': ";
    message += db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close_v2(db_);
    db_ = nullptr;
    throw StorageError(message);
  }
  try {
    sqlite3_extended_result_codes(db_, 1);
    // busy_timeout first, so that the journal-mode switch and the migrations
    // wait for another connection's lock rather than fail at once.
    exec_or_throw(db_, "PRAGMA busy_timeout=5000", "opening database: setting busy_timeout");
    exec_or_throw(db_, "PRAGMA journal_mode=WAL", "opening database: setting journal_mode");
    exec_or_throw(db_, "PRAGMA synchronous=NORMAL", "opening database: setting synchronous");
    exec_or_throw(db_, "PRAGMA foreign_keys=ON", "opening database: setting foreign_keys");
    // Up to 16 MiB of pages (the default is 2 MiB): every game in play
    // appends to its own page, and 2,500 of them at once would otherwise
    // read pages back from the file all the time. Grows only as used.
    exec_or_throw(db_, "PRAGMA cache_size=-16384", "opening database: setting cache_size");
    migrate();
    // A rollback may undo rows the action log's entries name.
    sqlite3_rollback_hook(db_, &Database::on_rollback, this);
  } catch (...) {
    sqlite3_close_v2(db_);
    db_ = nullptr;
    throw;
  }
}

Database::~Database() {
  // Statements first: the connection closes only once they are finalized.
  append_deal_st_ = {};
  log_st_ = {};
  begin_st_.reset();
  commit_st_.reset();
  sqlite3_close_v2(db_);
}

void Database::migrate() {
  const auto check = [](int version) {
    if (version > kKnownVersion)
      throw StorageError("database schema version " + std::to_string(version) +
                         " is newer than this whistd (" + std::to_string(kKnownVersion) + ")");
    if (version < 0)
      throw StorageError("database schema version " + std::to_string(version) + " is invalid");
  };
  // The usual case, an up-to-date file, takes no write lock.
  int version = read_user_version(db_);
  check(version);
  while (version < kKnownVersion) {
    // The version is read again under the write lock, so two processes
    // opening the same new file cannot both apply a migration.
    Transaction tx(db_, "migrating the database");
    version = read_user_version(db_);
    check(version);
    if (version == kKnownVersion) {
      tx.commit();
      break;
    }
    const int next = version + 1;
    const std::string what = "applying migration " + std::to_string(next);
    exec_or_throw(db_, kMigrations[static_cast<std::size_t>(version)], what);
    // PRAGMA takes no bound parameters; `next` is the code's own number.
    exec_or_throw(db_, ("PRAGMA user_version=" + std::to_string(next)).c_str(), what);
    tx.commit();
    version = next;
  }
}

int Database::schema_version() const { return read_user_version(db_); }

std::optional<std::int64_t> Database::create_account(std::string_view username,
                                                     std::string_view password_hash, bool guest,
                                                     std::int64_t now) {
  Statement st(db_,
               "INSERT INTO accounts(username, password_hash, guest, created_at) "
               "VALUES (?1, ?2, ?3, ?4)",
               "create_account");
  st.bind(1, username).bind(2, password_hash).bind(3, guest ? 1 : 0).bind(4, now);
  const int rc = st.step_raw();
  if (rc == SQLITE_DONE) return sqlite3_last_insert_rowid(db_);
  if (sqlite3_extended_errcode(db_) == SQLITE_CONSTRAINT_UNIQUE) return std::nullopt;
  fail(db_, "create_account");
}

std::optional<Account> Database::account_by_name(std::string_view username) const {
  Statement st(db_, std::string("SELECT ") + kAccountColumns + " FROM accounts WHERE username = ?1",
               "account_by_name");
  st.bind(1, username);
  if (!st.step()) return std::nullopt;
  return read_account(st);
}

std::optional<Account> Database::account_by_id(std::int64_t id) const {
  Statement st(db_, std::string("SELECT ") + kAccountColumns + " FROM accounts WHERE id = ?1",
               "account_by_id");
  st.bind(1, id);
  if (!st.step()) return std::nullopt;
  return read_account(st);
}

void Database::create_session(std::int64_t account_id, std::string_view token_hash,
                              std::int64_t now, std::int64_t expires_at) {
  Statement st(db_,
               "INSERT INTO sessions(token_hash, account_id, created_at, last_used_at, "
               "expires_at) VALUES (?1, ?2, ?3, ?3, ?4)",
               "create_session");
  st.bind(1, token_hash).bind(2, account_id).bind(3, now).bind(4, expires_at);
  st.run();
}

std::optional<Account> Database::account_for_session(std::string_view token_hash,
                                                     std::int64_t now) {
  // One statement: it only touches a live session, and says whose it is.
  std::int64_t account_id = 0;
  {
    Statement st(db_,
                 "UPDATE sessions SET last_used_at = ?2 "
                 "WHERE token_hash = ?1 AND revoked = 0 AND expires_at > ?2 "
                 "RETURNING account_id",
                 "account_for_session");
    st.bind(1, token_hash).bind(2, now);
    if (!st.step()) return std::nullopt;
    account_id = st.int64(0);
    st.run();
  }
  return account_by_id(account_id);
}

bool Database::revoke_session(std::string_view token_hash) {
  Statement st(db_, "UPDATE sessions SET revoked = 1 WHERE token_hash = ?1 AND revoked = 0",
               "revoke_session");
  st.bind(1, token_hash);
  st.run();
  return sqlite3_changes(db_) > 0;
}

std::int64_t Database::create_table(std::string_view settings, std::string_view state,
                                    std::int64_t now) {
  Statement st(db_, "INSERT INTO tables(settings, state, created_at) VALUES (?1, ?2, ?3)",
               "create_table");
  st.bind(1, settings).bind(2, state).bind(3, now);
  st.run();
  return sqlite3_last_insert_rowid(db_);
}

void Database::update_table(std::int64_t id, std::string_view settings, std::string_view state) {
  Statement st(db_, "UPDATE tables SET settings = ?2, state = ?3 WHERE id = ?1", "update_table");
  st.bind(1, id).bind(2, settings).bind(3, state);
  st.run();
  if (sqlite3_changes(db_) == 0) throw StorageError("update_table: no table " + std::to_string(id));
}

std::optional<Database::TableRow> Database::table(std::int64_t id) const {
  Statement st(db_, "SELECT id, settings, state, created_at FROM tables WHERE id = ?1", "table");
  st.bind(1, id);
  if (!st.step()) return std::nullopt;
  return read_table(st);
}

std::vector<Database::TableRow> Database::tables_in_state(std::string_view state) const {
  Statement st(db_,
               "SELECT id, settings, state, created_at FROM tables WHERE state = ?1 ORDER BY id",
               "tables_in_state");
  st.bind(1, state);
  std::vector<TableRow> out;
  while (st.step()) out.push_back(read_table(st));
  return out;
}

std::int64_t Database::create_game(std::int64_t table_id, std::string_view setup,
                                   std::string_view seats, std::int64_t now,
                                   std::string_view first_deal) {
  Transaction tx(db_, "create_game");
  Statement st(db_,
               "INSERT INTO games(table_id, setup, seats, state, started_at) "
               "VALUES (?1, ?2, ?3, 'playing', ?4)",
               "create_game");
  st.bind(1, table_id).bind(2, setup).bind(3, seats).bind(4, now);
  st.run();
  const std::int64_t game = sqlite3_last_insert_rowid(db_);
  if (!first_deal.empty()) append_deal(game, 0, first_deal);
  tx.commit();
  return game;
}

// Appends a row to game_deals or game_actions (`table`, `column` are fixed
// names from the code, never values), only when `index` is the next one.
// Rows are only ever appended 0, 1, 2..., so max(idx) + 1 is the count
// stored (found from the primary key without a scan). The check and the
// insert are two statements, each prepared once and kept (one INSERT ...
// SELECT reading its own table would build a temporary table every time);
// outside a transaction they run in a savepoint, so they are atomic.
void Database::append_row(AppendStatements& cached, const char* table, const char* column,
                          std::int64_t game_id, int index, std::string_view text,
                          const char* what) {
  if (!cached.next) {
    cached.next = std::make_unique<Statement>(
        db_, std::string("SELECT coalesce(max(idx) + 1, 0) FROM ") + table + " WHERE game_id = ?1",
        what);
    cached.insert = std::make_unique<Statement>(
        db_,
        std::string("INSERT INTO ") + table + "(game_id, idx, " + column + ") VALUES (?1, ?2, ?3)",
        what);
  }
  std::optional<Transaction> tx;
  if (!in_transaction()) tx.emplace(db_, what);
  Statement& next = *cached.next;
  next.reset();
  next.bind(1, game_id);
  const std::int64_t have = next.step() ? next.int64(0) : 0;
  next.reset();  // ends the read now, not at the next append
  if (have != index)
    throw StorageError(std::string(what) + ": index " + std::to_string(index) + " for game " +
                       std::to_string(game_id) + " is not the next one (" + std::to_string(have) +
                       " stored)");
  Statement& insert = *cached.insert;
  insert.reset();
  insert.bind(1, game_id).bind(2, static_cast<std::int64_t>(index)).bind(3, text);
  insert.run();
  insert.reset();
  if (tx) tx->commit();
}

void Database::append_deal(std::int64_t game_id, int index, std::string_view deal) {
  append_row(append_deal_st_, "game_deals", "deal", game_id, index, deal, "append_deal");
}

void Database::finish_game(std::int64_t game_id, std::string_view state, std::string_view result,
                           std::int64_t now) {
  Transaction tx(db_, "finish_game");
  try {
    settle_logged_actions(game_id);
    Statement st(db_, "UPDATE games SET state = ?2, result = ?3, finished_at = ?4 WHERE id = ?1",
                 "finish_game");
    st.bind(1, game_id).bind(2, state).bind(3, result).bind(4, now);
    st.run();
    if (sqlite3_changes(db_) == 0)
      throw StorageError("finish_game: no game " + std::to_string(game_id));
    tx.commit();
  } catch (...) {
    log_loaded_ = false;  // the chunk is undone (perhaps a savepoint only)
    throw;
  }
}

std::optional<Database::GameRow> Database::game(std::int64_t id) const {
  Statement st(db_, std::string("SELECT ") + kGameColumns + " FROM games WHERE id = ?1", "game");
  st.bind(1, id);
  if (!st.step()) return std::nullopt;
  return read_game(st);
}

std::vector<std::string> Database::game_deals(std::int64_t id) const {
  return texts_of_game(db_, "SELECT deal FROM game_deals WHERE game_id = ?1 ORDER BY idx", id,
                       "game_deals");
}

std::vector<Database::GameRow> Database::games_in_state(std::string_view state) const {
  Statement st(db_,
               std::string("SELECT ") + kGameColumns + " FROM games WHERE state = ?1 ORDER BY id",
               "games_in_state");
  st.bind(1, state);
  std::vector<GameRow> out;
  while (st.step()) out.push_back(read_game(st));
  return out;
}

void Database::exec(const std::string& sql) { exec_or_throw(db_, sql.c_str(), "exec"); }

bool Database::in_transaction() const { return sqlite3_get_autocommit(db_) == 0; }

namespace {

void run_cached(sqlite3* db, std::unique_ptr<Statement>& cached, const char* sql,
                const char* what) {
  if (!cached) cached = std::make_unique<Statement>(db, sql, what);
  cached->reset();
  try {
    cached->run();
  } catch (...) {
    cached->reset();
    throw;
  }
  cached->reset();
}

}  // namespace

void Database::begin_immediate() { run_cached(db_, begin_st_, "BEGIN IMMEDIATE", "begin"); }

void Database::commit() { run_cached(db_, commit_st_, "COMMIT", "commit"); }

}  // namespace whist::storage
