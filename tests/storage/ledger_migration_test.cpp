#include <catch2/catch.hpp>

// Chips (storage/ledger.cpp): a version-1 file (before the ledger) migrates
// to version 2 keeping its data. On a real file written by a raw sqlite3
// connection.

#include <string>

#include "tests/storage/ledger_support.hpp"

// The schema of migration 1 exactly as it shipped, to make a version-1 file.
constexpr const char* kMigration1 = R"sql(
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
)sql";

TEST_CASE("a version-1 file migrates to version 2 keeping its data", "[storage][ledger][sqlite]") {
  TempDb file;
  {
    Raw raw(file.path());
    raw.exec(std::string("BEGIN;") + kMigration1 +
             "INSERT INTO accounts VALUES (1, 'Alice', 'hash-a', 0, 100), (2, 'guest-1', '', 1, "
             "200);"
             "INSERT INTO sessions VALUES ('tok-a', 1, 100, 100, " +
             std::to_string(kNow + 3600) +
             ", 0);"
             "INSERT INTO tables VALUES (1, '{\"v\":1}', 'playing', 300);"
             "INSERT INTO games VALUES (1, 1, 'setup', 'seats', 'playing', '', 300, 0);"
             "INSERT INTO game_actions VALUES (1, 0, 'a0');"
             "PRAGMA user_version = 1; COMMIT;");
  }
  {
    Database db(file.path());
    CHECK(db.schema_version() >= 2);  // later migrations apply too
    const auto alice = db.accounts().account_by_name("alice");
    REQUIRE(alice.has_value());
    CHECK(alice->id == 1);
    CHECK(alice->password_hash == "hash-a");
    CHECK(alice->created_at == 100);
    CHECK(db.accounts().account_by_id(2)->guest);
    const auto session = db.accounts().account_for_session("tok-a", kNow);
    REQUIRE(session.has_value());
    CHECK(session->id == 1);
    CHECK(db.games().game_actions(1) == std::vector<std::string>{"a0"});
    db.games().append_action(1, 1, "a1");

    // Existing accounts start with no chips and an empty, balanced ledger.
    CHECK(db.ledger().balance(1) == 0);
    CHECK(db.ledger().balance(2) == 0);
    CHECK(db.ledger().balance(kHouse) == 0);
    const auto check = db.ledger().check_ledger();
    CHECK(check.ok);
    CHECK(check.minted == 0);
    CHECK(db.ledger().post("initial:1", mint(1, 1000), kNow) == PostResult::kApplied);
    CHECK(db.friends().request_friend(1, 2, kNow) == whist::storage::FriendResult::kRequested);
  }
  Raw raw(file.path());
  CHECK(raw.integer("PRAGMA user_version") >= 2);
  CHECK(raw.integer("SELECT chips FROM accounts WHERE id = 1") == 1000);
  CHECK(raw.integer("SELECT count(*) FROM house") == 1);
  CHECK(raw.integer("SELECT count(*) FROM sessions") == 1);
  for (const char* index : {"ledger_account_id", "ledger_batch", "friends_b"}) {
    INFO(index);
    CHECK(raw.integer(std::string("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND "
                                  "name = '") +
                      index + "'") == 1);
  }
  CHECK(raw.text("PRAGMA foreign_key_check").empty());
  CHECK(raw.text("PRAGMA integrity_check") == "ok");
}
