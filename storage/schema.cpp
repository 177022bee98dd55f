// The schema of whistd's SQLite file and its migrations (see
// sql_database.hpp; PostgreSQL's is postgres_schema.cpp).
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
// (The connection's settings are sqlite_connection.cpp's.)
//
// All times are Unix seconds (INTEGER); booleans are INTEGER 0/1; the JSON
// columns hold JSON text, which SQLite does not look into: tables.settings
// is storage's stored table (table_codec.hpp), the others the server's own.
// The state and kind columns hold the names of states.hpp's enums, read
// back strictly.
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
//                 settings TEXT NOT NULL (JSON: table_codec.hpp)
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
// Version 7 (ratings, storage/ratings.cpp and rating_store.hpp):
//
//   ratings       account_id INTEGER NOT NULL REFERENCES accounts(id)
//                 pool TEXT NOT NULL ('classic', 'bid', 'exact', 'events')
//                 rating, deviation, volatility REAL NOT NULL (Glicko-2,
//                   on the 1500 scale)
//                 games INTEGER NOT NULL (rated games in the pool, > 0)
//                 rated_at INTEGER NOT NULL (the last rated game's time)
//                 PRIMARY KEY (account_id, pool), WITHOUT ROWID
//                 No row: never rated in the pool (1500 / 350 / 0.06).
//
//   rating_changes
//                 pool TEXT NOT NULL, source INTEGER NOT NULL (the game id,
//                   or the event's in pool 'events'; not a foreign key)
//                 account_id INTEGER NOT NULL REFERENCES accounts(id)
//                 rating_before, deviation_before, volatility_before REAL
//                   NOT NULL (at the game's start, idle days applied)
//                 rating, deviation, volatility REAL NOT NULL (after it)
//                 at INTEGER NOT NULL
//                 PRIMARY KEY (pool, source, account_id), WITHOUT ROWID;
//                 index rating_changes_account (account_id, pool, at)
//                 Written with the ratings rows, once per game: a game
//                 with rows here is rated.
//
// Version 10 (account care and safety, storage/account_care.hpp and
// safety_store.hpp):
//
//   accounts      + deleted_at INTEGER NOT NULL DEFAULT 0 (0: not deleted;
//                   a deleted account keeps its row, renamed "deleted
//                   player <id>", without password, sessions or friends)
//                 + chat_muted_until INTEGER NOT NULL DEFAULT 0, and
//                   chat_mute_reason TEXT: the operator's chat mute
//   name_holds    name TEXT NOT NULL PRIMARY KEY COLLATE NOCASE, until
//                 INTEGER NOT NULL: a deleted account's name, which no one
//                 may register before `until`
//   password_resets
//                 account_id INTEGER PRIMARY KEY REFERENCES accounts(id),
//                 code_hash TEXT NOT NULL (the one-time code's hash, as a
//                 session token's), created_at, expires_at INTEGER NOT NULL
//   mutes, blocks account_id, other_id INTEGER NOT NULL REFERENCES
//                 accounts(id), created_at: `account_id` mutes (blocks)
//                 `other_id`; PRIMARY KEY (account_id, other_id), WITHOUT
//                 ROWID; index blocks_other (other_id)
//   reports       id INTEGER PRIMARY KEY, reporter_id, reported_id INTEGER
//                 NOT NULL REFERENCES accounts(id), reason TEXT ('chat',
//                 'cheating', 'stalling', 'name', 'other'), details TEXT,
//                 table_id, game_id INTEGER (0: none), chat TEXT (JSON: the
//                 table's chat when the report was made), state TEXT
//                 ('open', 'resolved'), resolution TEXT, created_at,
//                 resolved_at INTEGER; one open report per reporter and
//                 reported (a partial unique index); indexes on state and
//                 (reporter_id, created_at)
//   ledger        rebuilt with the kind 'closure' (moving: a deleted
//                 account's chips back to the house), rows and ids kept
//
// Version 11: account_prefs (a player's preferences, AccountStore::prefs).
//
// Version 12 (events, event_store.hpp):
//
//   events        id INTEGER PRIMARY KEY, director INTEGER NOT NULL (the
//                 account that made it; no foreign key, an account deleted
//                 later keeps its events), name TEXT, state TEXT ('open',
//                 'running', 'finished', 'cancelled'), start_at INTEGER,
//                 document TEXT (JSON: storage's stored event,
//                 event_codec.hpp), created_at, updated_at INTEGER; index
//                 on (state, start_at)
//
// Version 13: table_leases (lease_store.hpp): table_id INTEGER PRIMARY KEY
// REFERENCES tables(id), node TEXT, token INTEGER > 0 (the fencing token),
// expires_ms INTEGER (Unix ms); index on node.
//
// The indexes on state serve tables_in_state/games_in_state (an index on
// state also orders by rowid, hence by id); sessions_account_id and
// games_table_id keep foreign-key checks and per-account/per-table lookups
// from scanning.

#include <array>
#include <string>

#include "storage/sql.hpp"
#include "storage/sql_stores.hpp"

namespace whist::storage::detail {

namespace {

// Each entry is migration number (index + 1). Append only.
constexpr std::array<const char*, 13> kMigrations = {
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

    // 7: ratings per pool and their changes (storage/ratings.cpp).
    R"sql(
CREATE TABLE ratings (
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  pool       TEXT    NOT NULL CHECK (pool IN ('classic', 'bid', 'exact', 'events')),
  rating     REAL    NOT NULL,
  deviation  REAL    NOT NULL CHECK (deviation > 0),
  volatility REAL    NOT NULL CHECK (volatility > 0),
  games      INTEGER NOT NULL CHECK (games > 0),
  rated_at   INTEGER NOT NULL,
  PRIMARY KEY (account_id, pool)
) WITHOUT ROWID;

CREATE TABLE rating_changes (
  pool              TEXT    NOT NULL,
  source            INTEGER NOT NULL,
  account_id        INTEGER NOT NULL REFERENCES accounts(id),
  rating_before     REAL    NOT NULL,
  deviation_before  REAL    NOT NULL,
  volatility_before REAL    NOT NULL,
  rating            REAL    NOT NULL,
  deviation         REAL    NOT NULL,
  volatility        REAL    NOT NULL,
  at                INTEGER NOT NULL,
  PRIMARY KEY (pool, source, account_id)
) WITHOUT ROWID;
CREATE INDEX rating_changes_account ON rating_changes(account_id, pool, at);
)sql",

    // 8: a player may hide their game list from all but their friends
    // (AccountStore::set_hide_games); the rating leaderboards read ratings
    // by pool.
    R"sql(
ALTER TABLE accounts ADD COLUMN hide_games INTEGER NOT NULL DEFAULT 0 CHECK (hide_games IN (0, 1));
CREATE INDEX ratings_pool ON ratings(pool, rating);
)sql",

    // 9: what device each session was opened from, for its owner's list of
    // sessions (AccountStore::sessions_of).
    R"sql(
ALTER TABLE sessions ADD COLUMN device TEXT NOT NULL DEFAULT '';
)sql",

    // 10: account care (deletion, the operator's password reset) and safety
    // (mutes, blocks, reports, the operator's chat mute); the ledger gains
    // the kind 'closure' (a CHECK cannot be altered: the table is rebuilt).
    R"sql(
ALTER TABLE accounts ADD COLUMN deleted_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN chat_muted_until INTEGER NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN chat_mute_reason TEXT NOT NULL DEFAULT '';

CREATE TABLE name_holds (
  name  TEXT    NOT NULL PRIMARY KEY COLLATE NOCASE,
  until INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE password_resets (
  account_id INTEGER NOT NULL PRIMARY KEY REFERENCES accounts(id),
  code_hash  TEXT    NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);

CREATE TABLE mutes (
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  other_id   INTEGER NOT NULL REFERENCES accounts(id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, other_id),
  CHECK (account_id <> other_id)
) WITHOUT ROWID;

CREATE TABLE blocks (
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  other_id   INTEGER NOT NULL REFERENCES accounts(id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, other_id),
  CHECK (account_id <> other_id)
) WITHOUT ROWID;
CREATE INDEX blocks_other ON blocks(other_id);

CREATE TABLE reports (
  id          INTEGER PRIMARY KEY,
  reporter_id INTEGER NOT NULL REFERENCES accounts(id),
  reported_id INTEGER NOT NULL REFERENCES accounts(id),
  reason      TEXT    NOT NULL CHECK (reason IN ('chat', 'cheating', 'stalling', 'name', 'other')),
  details     TEXT    NOT NULL DEFAULT '',
  table_id    INTEGER NOT NULL DEFAULT 0,
  game_id     INTEGER NOT NULL DEFAULT 0,
  chat        TEXT    NOT NULL DEFAULT '[]',
  state       TEXT    NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'resolved')),
  resolution  TEXT    NOT NULL DEFAULT '',
  created_at  INTEGER NOT NULL,
  resolved_at INTEGER NOT NULL DEFAULT 0,
  CHECK (reporter_id <> reported_id)
);
CREATE INDEX reports_state ON reports(state);
CREATE INDEX reports_reporter ON reports(reporter_id, created_at);
CREATE UNIQUE INDEX reports_open_pair ON reports(reporter_id, reported_id) WHERE state = 'open';

CREATE TABLE ledger_v10 (
  id         INTEGER PRIMARY KEY,
  key        TEXT    NOT NULL UNIQUE,
  batch      TEXT    NOT NULL,
  account_id INTEGER REFERENCES accounts(id),
  delta      INTEGER NOT NULL,
  kind       TEXT    NOT NULL CHECK (kind IN ('initial', 'topup', 'grant', 'buyin', 'payout',
                                              'fee', 'refund', 'closure')),
  game_id    INTEGER,
  created_at INTEGER NOT NULL
);
INSERT INTO ledger_v10(id, key, batch, account_id, delta, kind, game_id, created_at)
  SELECT id, key, batch, account_id, delta, kind, game_id, created_at FROM ledger;
DROP TABLE ledger;
ALTER TABLE ledger_v10 RENAME TO ledger;
CREATE INDEX ledger_account_id ON ledger(account_id);
CREATE INDEX ledger_batch ON ledger(batch);
)sql",
    // 11: a player's preferences, kept with the account (AccountStore::prefs).
    R"sql(
CREATE TABLE account_prefs (
  account_id        INTEGER NOT NULL PRIMARY KEY REFERENCES accounts(id),
  card_order        TEXT    NOT NULL CHECK (card_order IN ('descending', 'ascending')),
  alternate_colours INTEGER NOT NULL CHECK (alternate_colours IN (0, 1)),
  play              TEXT    NOT NULL CHECK (play IN ('click', 'confirm')),
  auto_play         INTEGER NOT NULL CHECK (auto_play IN (0, 1)),
  sound             INTEGER NOT NULL CHECK (sound IN (0, 1)),
  volume            INTEGER NOT NULL CHECK (volume BETWEEN 0 AND 100),
  motion            INTEGER NOT NULL CHECK (motion IN (0, 1)),
  theme             TEXT    NOT NULL CHECK (theme IN ('light', 'dark'))
) WITHOUT ROWID;
)sql",
    // 12: events (duplicate pairs, whist drives: EventStore), each kept
    // whole as its document (event_codec.hpp).
    R"sql(
CREATE TABLE events (
  id         INTEGER PRIMARY KEY,
  director   INTEGER NOT NULL,
  name       TEXT    NOT NULL,
  state      TEXT    NOT NULL CHECK (state IN ('open', 'running', 'finished', 'cancelled')),
  start_at   INTEGER NOT NULL,
  document   TEXT    NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX events_state ON events(state, start_at);
)sql",
    // 13: tables' leases between whistd nodes (LeaseStore).
    R"sql(
CREATE TABLE table_leases (
  table_id   INTEGER PRIMARY KEY REFERENCES tables(id),
  node       TEXT    NOT NULL,
  token      INTEGER NOT NULL CHECK (token > 0),
  expires_ms INTEGER NOT NULL
);
CREATE INDEX table_leases_node ON table_leases(node);
)sql",
};

constexpr int kKnownVersion = static_cast<int>(kMigrations.size());

}  // namespace

int sqlite_schema_version(Connection* db) {
  Statement st(db, "PRAGMA user_version", "reading the schema version");
  if (!st.step()) throw StorageError("reading the schema version: no result");
  return static_cast<int>(st.int64(0));
}

void migrate_sqlite(Connection* db) {
  const auto check = [](int version) {
    if (version > kKnownVersion)
      throw StorageError("database schema version " + std::to_string(version) +
                         " is newer than this whistd (" + std::to_string(kKnownVersion) + ")");
    if (version < 0)
      throw StorageError("database schema version " + std::to_string(version) + " is invalid");
  };
  // The usual case, an up-to-date file, takes no write lock.
  int version = sqlite_schema_version(db);
  check(version);
  while (version < kKnownVersion) {
    // The version is read again under the write lock, so two processes
    // opening the same new file cannot both apply a migration.
    Transaction tx(db, "migrating the database");
    version = sqlite_schema_version(db);
    check(version);
    if (version == kKnownVersion) {
      tx.commit();
      break;
    }
    const int next = version + 1;
    const std::string what = "applying migration " + std::to_string(next);
    db->exec(kMigrations[static_cast<std::size_t>(version)], what);
    // PRAGMA takes no bound parameters; `next` is the code's own number.
    db->exec(("PRAGMA user_version=" + std::to_string(next)).c_str(), what);
    tx.commit();
    version = next;
  }
}

}  // namespace whist::storage::detail
