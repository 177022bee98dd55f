#include <catch2/catch.hpp>

// The SQLite storage layer (storage/database.hpp), on real files in the
// temporary directory and on ":memory:". A raw sqlite3 connection checks
// what the Database writes, independently of its own reads.

#include <filesystem>
#include <fstream>
#include <string>

#include "storage/sql_database.hpp"
#include "tests/storage/support.hpp"

using Catch::Matchers::Contains;
using whist::storage::Account;
using Database = whist::storage::SqlDatabase;
using whist::storage::GameState;
using whist::storage::StorageError;
using whist::storage::TableState;

namespace fs = std::filesystem;

namespace {

using whist::storage::test::Raw;
using whist::storage::test::TempDb;

constexpr std::int64_t kNow = 1'700'000'000;

}  // namespace

// ---------------------------------------------------------------- migrations

TEST_CASE("a new database file is migrated to the current schema", "[storage]") {
  TempDb file;
  int version = 0;
  {
    Database db(file.path());
    version = db.schema_version();
    CHECK(version >= 1);
  }
  Raw raw(file.path());
  const bool pg = whist::storage::test::postgres_mode();
  CHECK(raw.integer(pg ? "SELECT version FROM whist_schema" : "PRAGMA user_version") == version);
  for (const char* table : {"accounts", "sessions", "tables", "games", "game_deals", "game_actions",
                            "house", "ledger", "friends"}) {
    INFO(table);
    CHECK(raw.integer(std::string(pg ? "SELECT count(*) FROM pg_tables WHERE tablename = '"
                                     : "SELECT count(*) FROM sqlite_master WHERE type = 'table' "
                                       "AND name = '") +
                      table + "'") == 1);
  }
  for (const char* index : {"tables_state", "games_state", "sessions_account_id",
                            "ledger_account_id", "ledger_batch", "friends_b"}) {
    INFO(index);
    CHECK(raw.integer(std::string(pg ? "SELECT count(*) FROM pg_indexes WHERE indexname = '"
                                     : "SELECT count(*) FROM sqlite_master WHERE type = 'index' "
                                       "AND name = '") +
                      index + "'") == 1);
  }
}

TEST_CASE(":memory: databases work", "[storage][sqlite]") {
  Database db(":memory:");
  CHECK(db.schema_version() >= 1);
  const auto id = db.accounts().create_account("alice", "hash", false, kNow);
  REQUIRE(id.has_value());
  CHECK(db.accounts().account_by_id(*id)->username == "alice");
  // Two in-memory databases are separate.
  Database other(":memory:");
  CHECK_FALSE(other.accounts().account_by_name("alice").has_value());
}

TEST_CASE("reopening a migrated file applies nothing and keeps the data", "[storage][sqlite]") {
  TempDb file;
  int version = 0;
  std::int64_t id = 0;
  {
    Database db(file.path());
    version = db.schema_version();
    id = db.accounts().create_account("bob", "h", false, kNow).value();
  }
  std::int64_t cookie = 0;
  std::string schema;
  {
    Raw raw(file.path());
    // The schema cookie goes up with every change to the schema.
    cookie = raw.integer("PRAGMA schema_version");
    schema = raw.text("SELECT group_concat(sql, ';') FROM sqlite_master");
  }
  {
    Database db(file.path());
    CHECK(db.schema_version() == version);
    REQUIRE(db.accounts().account_by_id(id).has_value());
    CHECK(db.accounts().account_by_id(id)->username == "bob");
  }
  Raw raw(file.path());
  CHECK(raw.integer("PRAGMA schema_version") == cookie);
  CHECK(raw.text("SELECT group_concat(sql, ';') FROM sqlite_master") == schema);
  CHECK(raw.integer("PRAGMA user_version") == version);
}

TEST_CASE("an empty SQLite file at version 0 is migrated", "[storage][sqlite]") {
  TempDb file;
  {
    Raw raw(file.path());
    raw.exec("CREATE TABLE unrelated (x INTEGER)");
  }
  Database db(file.path());
  CHECK(db.schema_version() >= 1);
  CHECK(db.accounts().create_account("carol", "", true, kNow).has_value());
}

TEST_CASE("a database newer than the code is refused", "[storage]") {
  TempDb file;
  int version = 0;
  {
    Database db(file.path());
    version = db.schema_version();
    // Opened again: nothing to apply, the same version.
    CHECK(Database(file.path()).schema_version() == version);
  }
  const bool pg = whist::storage::test::postgres_mode();
  {
    Raw raw(file.path());
    raw.exec((pg ? "UPDATE whist_schema SET version = " : "PRAGMA user_version = ") +
             std::to_string(version + 1));
  }
  REQUIRE_THROWS_AS(Database(file.path()), StorageError);
  REQUIRE_THROWS_WITH(Database(file.path()),
                      Contains("database schema version " + std::to_string(version + 1) +
                               " is newer than this whistd (" + std::to_string(version) + ")"));
  // Refusing it changed nothing.
  Raw raw(file.path());
  CHECK(raw.integer(pg ? "SELECT version FROM whist_schema" : "PRAGMA user_version") ==
        version + 1);
}

TEST_CASE("a file that is not a database is refused", "[storage][sqlite]") {
  TempDb file;
  {
    std::ofstream out(file.path(), std::ios::binary);
    for (int i = 0; i < 4096; ++i) out.put(static_cast<char>("garbage!"[i % 8] ^ (i & 0x55)));
  }
  REQUIRE_THROWS_AS(Database(file.path()), StorageError);
  REQUIRE_THROWS_WITH(Database(file.path()), Contains("not a database"));
}

TEST_CASE("a path that cannot be opened is refused", "[storage][sqlite]") {
  TempDb file;
  const std::string path = file.path() + "/no/such/dir/db.sqlite";
  REQUIRE_THROWS_AS(Database(path), StorageError);
}

TEST_CASE("the file is in WAL mode with foreign keys on", "[storage][sqlite]") {
  TempDb file;
  Database db(file.path());
  db.tables().create_table("{}", TableState::kOpen, kNow);
  CHECK(fs::exists(file.wal()));
  {
    Raw raw(file.path());
    CHECK(raw.text("PRAGMA journal_mode") == "wal");
    // The raw connection sees the committed write.
    CHECK(raw.integer("SELECT count(*) FROM tables") == 1);
  }
  // foreign_keys is per connection; the Database's own is on.
  CHECK_THROWS_AS(db.games().create_game(12345, "{}", "[]", kNow), StorageError);
}

TEST_CASE("exec runs SQL and throws on errors", "[storage]") {
  Database db(":memory:");
  db.exec("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1);");
  CHECK_THROWS_AS(db.exec("INSERT INTO nowhere VALUES (1)"), StorageError);
  CHECK_THROWS_WITH(db.exec("this is not sql"), Contains("exec") && Contains("syntax error"));
}

// ------------------------------------------------------------------ accounts

TEST_CASE("accounts are created and found", "[storage]") {
  Database db(":memory:");
  const std::string hash = "$argon2id$v=19$m=65536,t=2,p=1$c2FsdA$aGFzaA";
  const auto alice = db.accounts().create_account("Alice", hash, false, kNow);
  REQUIRE(alice.has_value());
  const auto guest = db.accounts().create_account("guest-7", "", true, kNow + 5);
  REQUIRE(guest.has_value());
  CHECK(*guest != *alice);

  SECTION("by name in any case") {
    for (const char* name : {"Alice", "alice", "ALICE", "aLiCe"}) {
      INFO(name);
      const auto a = db.accounts().account_by_name(name);
      REQUIRE(a.has_value());
      CHECK(a->id == *alice);
      CHECK(a->username == "Alice");  // as created
    }
    CHECK_FALSE(db.accounts().account_by_name("Alicia").has_value());
    CHECK_FALSE(db.accounts().account_by_name("").has_value());
  }

  SECTION("by id, with the hash as given and the guest flag") {
    const auto a = db.accounts().account_by_id(*alice);
    REQUIRE(a.has_value());
    CHECK(a->username == "Alice");
    CHECK(a->password_hash == hash);
    CHECK_FALSE(a->guest);
    CHECK(a->created_at == kNow);

    const auto g = db.accounts().account_by_id(*guest);
    REQUIRE(g.has_value());
    CHECK(g->username == "guest-7");
    CHECK(g->password_hash.empty());
    CHECK(g->guest);
    CHECK(g->created_at == kNow + 5);

    CHECK_FALSE(db.accounts().account_by_id(*guest + 100).has_value());
  }

  SECTION("a name taken in another case is refused") {
    CHECK_FALSE(db.accounts().create_account("alice", "other", false, kNow).has_value());
    CHECK_FALSE(db.accounts().create_account("ALICE", "", true, kNow).has_value());
    CHECK_FALSE(db.accounts().create_account("Guest-7", "", true, kNow).has_value());
    // The original is untouched.
    CHECK(db.accounts().account_by_name("alice")->password_hash == hash);
    // And other names still work afterwards.
    CHECK(db.accounts().create_account("bob", "", false, kNow).has_value());
  }
}

// ------------------------------------------------------------------ sessions

TEST_CASE("sessions", "[storage]") {
  TempDb file;
  Database db(file.path());
  const std::int64_t alice = db.accounts().create_account("alice", "h", false, kNow).value();
  const std::int64_t bob = db.accounts().create_account("bob", "h", false, kNow).value();
  db.accounts().create_session(alice, "token-a", kNow, kNow + 3600);
  db.accounts().create_session(bob, "token-b", kNow, kNow + 3600);
  Raw raw(file.path());

  SECTION("a live session gives its account and records its use") {
    CHECK(raw.integer("SELECT last_used_at FROM sessions WHERE token_hash = 'token-a'") == kNow);
    const auto a = db.accounts().account_for_session("token-a", kNow + 100);
    REQUIRE(a.has_value());
    CHECK(a->id == alice);
    CHECK(a->username == "alice");
    CHECK(raw.integer("SELECT last_used_at FROM sessions WHERE token_hash = 'token-a'") ==
          kNow + 100);
    // The other session was not touched.
    CHECK(raw.integer("SELECT last_used_at FROM sessions WHERE token_hash = 'token-b'") == kNow);
    const auto b = db.accounts().account_for_session("token-b", kNow + 200);
    REQUIRE(b.has_value());
    CHECK(b->id == bob);
  }

  SECTION("an expired session is not found, and not touched") {
    CHECK(db.accounts().account_for_session("token-a", kNow + 3599).has_value());
    CHECK_FALSE(db.accounts().account_for_session("token-a", kNow + 3600).has_value());
    CHECK_FALSE(db.accounts().account_for_session("token-a", kNow + 99999).has_value());
    CHECK(raw.integer("SELECT last_used_at FROM sessions WHERE token_hash = 'token-a'") ==
          kNow + 3599);
  }

  SECTION("a revoked session is not found; revoking twice says false") {
    CHECK(db.accounts().revoke_session("token-a"));
    CHECK_FALSE(db.accounts().account_for_session("token-a", kNow + 1).has_value());
    CHECK_FALSE(db.accounts().revoke_session("token-a"));
    CHECK(raw.integer("SELECT revoked FROM sessions WHERE token_hash = 'token-a'") == 1);
    // Bob's session lives on.
    CHECK(db.accounts().account_for_session("token-b", kNow + 1).has_value());
  }

  SECTION("an unknown hash is not found and cannot be revoked") {
    CHECK_FALSE(db.accounts().account_for_session("token-x", kNow).has_value());
    CHECK_FALSE(db.accounts().account_for_session("", kNow).has_value());
    CHECK_FALSE(db.accounts().revoke_session("token-x"));
    // Token hashes are compared exactly, not ignoring case.
    CHECK_FALSE(db.accounts().account_for_session("TOKEN-A", kNow).has_value());
  }

  SECTION("a session needs an existing account") {
    CHECK_THROWS_AS(db.accounts().create_session(alice + bob + 100, "token-c", kNow, kNow + 10),
                    StorageError);
  }

  SECTION("an account's live sessions, with their devices; all but one revoked") {
    db.accounts().create_session(alice, "token-a2", kNow + 5, kNow + 3600, "Firefox on Linux");
    db.accounts().create_session(alice, "token-a3", kNow + 6, kNow + 10, "Safari on iOS");
    db.accounts().account_for_session("token-a", kNow + 9);  // used last
    auto live = db.accounts().sessions_of(alice, kNow + 9);
    REQUIRE(live.size() == 3);
    CHECK(live[0].token_hash == "token-a");
    CHECK(live[0].device.empty());  // made without one
    CHECK(live[1].token_hash == "token-a3");
    CHECK(live[2].device == "Firefox on Linux");
    CHECK(live[2].created_at == kNow + 5);
    CHECK(db.accounts().sessions_of(alice, kNow + 10).size() == 2);  // token-a3 expired
    const auto revoked = db.accounts().revoke_other_sessions(alice, "token-a2");
    CHECK(revoked.size() == 2);  // the expired one too: it is revoked all the same
    live = db.accounts().sessions_of(alice, kNow + 9);
    REQUIRE(live.size() == 1);
    CHECK(live[0].token_hash == "token-a2");
    CHECK(db.accounts().revoke_other_sessions(alice, "token-a2").empty());
    CHECK(db.accounts().sessions_of(bob, kNow).size() == 1);  // bob's untouched
  }

  SECTION("a password changed; a guest has none to change") {
    CHECK(db.accounts().set_password(alice, "h2"));
    CHECK(db.accounts().account_by_id(alice)->password_hash == "h2");
    const std::int64_t g = db.accounts().create_account("guest-x", "", true, kNow).value();
    CHECK_FALSE(db.accounts().set_password(g, "h3"));
    CHECK(db.accounts().account_by_id(g)->password_hash.empty());
    CHECK_FALSE(db.accounts().set_password(alice + bob + g, "h4"));
  }

  SECTION("a repeated token hash throws without showing the hash") {
    const std::string secret = "f00dfacecafebeef";
    db.accounts().create_session(alice, secret, kNow, kNow + 10);
    try {
      db.accounts().create_session(bob, secret, kNow, kNow + 10);
      FAIL("no exception");
    } catch (const StorageError& e) {
      CHECK_THAT(e.what(), Contains("create_session"));
      CHECK_THAT(e.what(), !Contains(secret));
    }
  }
}

// -------------------------------------------------------------------- tables

TEST_CASE("tables are created, updated and listed by state", "[storage]") {
  Database db(":memory:");
  const std::int64_t t1 =
      db.tables().create_table(R"({"variant":"classic"})", TableState::kOpen, kNow);
  const std::int64_t t2 =
      db.tables().create_table(R"({"variant":"bid"})", TableState::kPlaying, kNow + 1);
  const std::int64_t t3 =
      db.tables().create_table(R"({"variant":"exact"})", TableState::kOpen, kNow + 2);
  CHECK(t1 != t2);
  CHECK(t2 != t3);

  const auto row = db.tables().table(t2);
  REQUIRE(row.has_value());
  CHECK(row->id == t2);
  CHECK(row->settings == R"({"variant":"bid"})");
  CHECK(row->state == TableState::kPlaying);
  CHECK(row->created_at == kNow + 1);
  CHECK_FALSE(db.tables().table(t3 + 100).has_value());

  auto open = db.tables().tables_in_state(TableState::kOpen);
  REQUIRE(open.size() == 2);
  CHECK(open[0].id == t1);
  CHECK(open[1].id == t3);
  CHECK(open[1].settings == R"({"variant":"exact"})");
  CHECK(db.tables().tables_in_state(TableState::kClosed).empty());

  db.tables().update_table(t1, R"({"variant":"classic","x":1})", TableState::kPlaying);
  const auto updated = db.tables().table(t1);
  REQUIRE(updated.has_value());
  CHECK(updated->settings == R"({"variant":"classic","x":1})");
  CHECK(updated->state == TableState::kPlaying);
  CHECK(updated->created_at == kNow);

  const auto playing = db.tables().tables_in_state(TableState::kPlaying);
  REQUIRE(playing.size() == 2);
  CHECK(playing[0].id == t1);
  CHECK(playing[1].id == t2);
  open = db.tables().tables_in_state(TableState::kOpen);
  REQUIRE(open.size() == 1);
  CHECK(open[0].id == t3);

  CHECK_THROWS_AS(db.tables().update_table(t3 + 100, "{}", TableState::kOpen), StorageError);
}

// --------------------------------------------------------------------- games

namespace {

// Two games at one table: g (seed 42) and h (seed 7).
struct TwoGames {
  Database db{":memory:"};
  const std::int64_t table = db.tables().create_table("{}", TableState::kPlaying, kNow);
  const std::int64_t g =
      db.games().create_game(table, R"({"seed":42})", R"(["a","b","c","d"])", kNow + 1);
  const std::int64_t h =
      db.games().create_game(table, R"({"seed":7})", R"(["e","f","g","h"])", kNow + 2);

  // g: deals 0 and 1, actions 0 to 2; h: deal 0 and action 0.
  void append() {
    db.games().append_deal(g, 0, "deal 0");
    db.games().append_action(g, 0, "action 0");
    db.games().append_action(g, 1, "action 1");
    db.games().append_deal(h, 0, "other deal 0");  // each game counts its own
    db.games().append_action(h, 0, "other action 0");
    db.games().append_deal(g, 1, "deal 1");
    db.games().append_action(g, 2, "action 2");
  }
};

}  // namespace

TEST_CASE_METHOD(TwoGames, "a new game is playing, with its setup and seats", "[storage]") {
  const auto row = db.games().game(g);
  REQUIRE(row.has_value());
  CHECK(row->id == g);
  CHECK(row->table_id == table);
  CHECK(row->setup == R"({"seed":42})");
  CHECK(row->seats == R"(["a","b","c","d"])");
  CHECK(row->state == GameState::kPlaying);
  CHECK(row->result.empty());
  CHECK(row->started_at == kNow + 1);
  CHECK(row->finished_at == 0);
  CHECK_FALSE(db.games().game(h + 100).has_value());

  CHECK(db.games().game_deals(g).empty());
  CHECK(db.games().game_actions(g).empty());
}

TEST_CASE_METHOD(TwoGames, "games record their deals and actions in order", "[storage]") {
  append();

  SECTION("a gap throws and stores nothing") {
    CHECK_THROWS_AS(db.games().append_deal(g, 3, "deal 3"), StorageError);
    CHECK_THROWS_AS(db.games().append_action(g, 4, "action 4"), StorageError);
    CHECK_THROWS_AS(db.games().append_action(h, 2, "x"), StorageError);
    CHECK_THROWS_WITH(db.games().append_action(g, 9, "x"), Contains("append_action"));
    CHECK(db.games().game_deals(g).size() == 2);
    CHECK(db.games().game_actions(g).size() == 3);
  }

  SECTION("a repeat throws and changes nothing") {
    CHECK_THROWS_AS(db.games().append_deal(g, 1, "deal 1 again"), StorageError);
    CHECK_THROWS_AS(db.games().append_deal(g, 0, "deal 0 again"), StorageError);
    CHECK_THROWS_AS(db.games().append_action(g, 2, "action 2 again"), StorageError);
    CHECK_THROWS_AS(db.games().append_action(g, -1, "negative"), StorageError);
    CHECK(db.games().game_deals(g) == std::vector<std::string>{"deal 0", "deal 1"});
    CHECK(db.games().game_actions(g) ==
          std::vector<std::string>{"action 0", "action 1", "action 2"});
  }

  SECTION("deals and actions come back in order") {
    CHECK(db.games().game_deals(g) == std::vector<std::string>{"deal 0", "deal 1"});
    CHECK(db.games().game_actions(g) ==
          std::vector<std::string>{"action 0", "action 1", "action 2"});
    CHECK(db.games().game_deals(h) == std::vector<std::string>{"other deal 0"});
    CHECK(db.games().game_actions(h) == std::vector<std::string>{"other action 0"});
    CHECK(db.games().game_deals(h + 100).empty());
    // Appending continues after the checks.
    db.games().append_action(g, 3, "action 3");
    CHECK(db.games().game_actions(g).back() == "action 3");
  }

  SECTION("a deal or action for a missing game throws") {
    CHECK_THROWS_AS(db.games().append_deal(h + 100, 0, "x"), StorageError);
    CHECK_THROWS_AS(db.games().append_action(h + 100, 0, "x"), StorageError);
  }
}

TEST_CASE_METHOD(TwoGames, "finished games are listed by state", "[storage]") {
  append();
  auto playing = db.games().games_in_state(GameState::kPlaying);
  REQUIRE(playing.size() == 2);
  CHECK(playing[0].id == g);
  CHECK(playing[1].id == h);

  db.games().finish_game(g, GameState::kFinished, R"({"winner":0})", kNow + 500);
  const auto done = db.games().game(g);
  REQUIRE(done.has_value());
  CHECK(done->state == GameState::kFinished);
  CHECK(done->result == R"({"winner":0})");
  CHECK(done->finished_at == kNow + 500);
  CHECK(done->started_at == kNow + 1);
  CHECK(done->setup == R"({"seed":42})");

  db.games().finish_game(h, GameState::kAbandoned, "", kNow + 600);
  const auto finished = db.games().games_in_state(GameState::kFinished);
  REQUIRE(finished.size() == 1);
  CHECK(finished[0].id == g);
  CHECK(finished[0].result == R"({"winner":0})");
  const auto abandoned = db.games().games_in_state(GameState::kAbandoned);
  REQUIRE(abandoned.size() == 1);
  CHECK(abandoned[0].id == h);
  CHECK(abandoned[0].finished_at == kNow + 600);
  CHECK(db.games().games_in_state(GameState::kPlaying).empty());

  CHECK_THROWS_AS(db.games().finish_game(h + 100, GameState::kFinished, "{}", kNow), StorageError);
}

TEST_CASE_METHOD(TwoGames, "a table's latest game is its last one playing or finished",
                 "[storage]") {
  const std::int64_t other = db.tables().create_table("{}", TableState::kOpen, kNow);
  CHECK_FALSE(db.games().latest_game(other).has_value());
  REQUIRE(db.games().latest_game(table).has_value());
  CHECK(db.games().latest_game(table)->id == h);
  CHECK(db.games().latest_game(table)->setup == R"({"seed":7})");
  // An abandoned game is passed over for the one before it.
  db.games().finish_game(g, GameState::kFinished, R"({"winner":0})", kNow + 500);
  db.games().finish_game(h, GameState::kAbandoned, "", kNow + 600);
  CHECK(db.games().latest_game(table)->id == g);
  CHECK(db.games().latest_game(table)->state == GameState::kFinished);
  // Another table's games are not this one's.
  const std::int64_t k = db.games().create_game(other, "{}", "[]", kNow + 700);
  CHECK(db.games().latest_game(other)->id == k);
  CHECK(db.games().latest_game(table)->id == g);
  db.games().finish_game(g, GameState::kAbandoned, "", kNow + 800);
  CHECK_FALSE(db.games().latest_game(table).has_value());
}

TEST_CASE("a game for a missing table is refused", "[storage]") {
  Database db(":memory:");
  const std::int64_t table = db.tables().create_table("{}", TableState::kOpen, kNow);
  CHECK_THROWS_AS(db.games().create_game(table + 1, "{}", "[]", kNow), StorageError);
  CHECK_THROWS_WITH(db.games().create_game(table + 1, "{}", "[]", kNow), Contains("FOREIGN KEY"));
  CHECK(db.games().games_in_state(GameState::kPlaying).empty());
  CHECK_NOTHROW(db.games().create_game(table, "{}", "[]", kNow));
}

// --------------------------------------------------------------- persistence

TEST_CASE("data survives closing and reopening the file", "[storage]") {
  TempDb file;
  std::int64_t alice = 0, table = 0, game = 0;
  {
    Database db(file.path());
    alice = db.accounts().create_account("Alice", "hash-a", false, kNow).value();
    db.accounts().create_session(alice, "tok", kNow, kNow + 1000);
    db.accounts().revoke_session("tok");
    db.accounts().create_session(alice, "tok2", kNow, kNow + 1000);
    table = db.tables().create_table(R"({"v":1})", TableState::kPlaying, kNow);
    game = db.games().create_game(table, "setup", "seats", kNow);
    db.games().append_deal(game, 0, "d0");
    db.games().append_action(game, 0, "a0");
    db.games().append_action(game, 1, "a1");
    db.games().finish_game(game, GameState::kFinished, "result", kNow + 50);
  }
  // Closing the last connection checkpoints the WAL into the file.
  if (!whist::storage::test::postgres_mode()) CHECK_FALSE(fs::exists(file.wal()));

  Database db(file.path());
  const auto a = db.accounts().account_by_name("alice");
  REQUIRE(a.has_value());
  CHECK(a->id == alice);
  CHECK(a->password_hash == "hash-a");
  CHECK_FALSE(db.accounts().account_for_session("tok", kNow + 1).has_value());
  const auto s = db.accounts().account_for_session("tok2", kNow + 1);
  REQUIRE(s.has_value());
  CHECK(s->id == alice);
  const auto t = db.tables().table(table);
  REQUIRE(t.has_value());
  CHECK(t->settings == R"({"v":1})");
  const auto g = db.games().game(game);
  REQUIRE(g.has_value());
  CHECK(g->state == GameState::kFinished);
  CHECK(g->result == "result");
  CHECK(g->finished_at == kNow + 50);
  CHECK(db.games().game_deals(game) == std::vector<std::string>{"d0"});
  CHECK(db.games().game_actions(game) == std::vector<std::string>{"a0", "a1"});
  // A finished game takes no more actions.
  CHECK_THROWS_WITH(db.games().append_action(game, 2, "a2"), Contains("game 1 is finished"));
  CHECK(db.games().game_actions(game).size() == 2);
  // Usernames stay unique across reopening.
  CHECK_FALSE(db.accounts().create_account("ALICE", "", true, kNow).has_value());
}
