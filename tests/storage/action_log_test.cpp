#include <catch2/catch.hpp>

// The action log (storage/action_log.cpp): the actions of games in play are
// appended to action_log and stored in chunks, a game's logged actions at a
// time (SQLite; in PostgreSQL, where several nodes write, each action is a
// chunk of one). Whatever the order of appends, chunks, rollbacks and reopenings,
// each game reads back exactly the actions appended, in order; a raw
// connection checks where they are in the file.

#include <map>
#include <string>
#include <vector>

#include "storage/sql_database.hpp"
#include "tests/storage/support.hpp"

using Catch::Matchers::Contains;
using Database = whist::storage::SqlDatabase;
using whist::storage::GameState;
using whist::storage::StorageError;
using whist::storage::TableState;

namespace {

using whist::storage::test::Raw;
using whist::storage::test::TempDb;

constexpr std::int64_t kNow = 1'700'000'000;

std::string action(std::int64_t game, int i) {
  return "{\"game\":" + std::to_string(game) + ",\"i\":" + std::to_string(i) + "}";
}

std::vector<std::string> actions(std::int64_t game, int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(action(game, i));
  return out;
}

// Games in play, their actions appended in turn (a round: one each).
struct Games {
  Database* db;
  std::vector<std::int64_t> ids;
  std::map<std::int64_t, int> count;

  Games(Database& d, int n) : db(&d) {
    const std::int64_t table = db->tables().create_table("{}", TableState::kPlaying, kNow);
    for (int i = 0; i < n; ++i) {
      ids.push_back(db->games().create_game(table, "{}", "[]", kNow));
      count[ids.back()] = 0;
    }
  }
  void rounds(int n, Database* through = nullptr) {
    Database& d = through != nullptr ? *through : *db;
    for (int r = 0; r < n; ++r)
      for (const auto g : ids) {
        d.games().append_action(g, count[g], action(g, count[g]));
        ++count[g];
      }
  }
  void check(Database& other) const {
    for (const auto g : ids) {
      INFO("game " << g);
      CHECK(other.games().game_actions(g) == actions(g, count.at(g)));
    }
  }
};

}  // namespace

TEST_CASE("the actions of games in play are logged and read back in order", "[storage]") {
  TempDb file;
  Database db(file.path());
  Games games(db, 5);
  games.rounds(4);  // 20 appends: fewer than a maintenance's
  games.check(db);
  Raw raw(file.path());
  // Where the actions of games in play are.
  const std::string logged =
      db.postgres() ? "SELECT count(*) FROM game_action_chunks" : "SELECT count(*) FROM action_log";
  CHECK(raw.integer(logged) == 20);
  CHECK(raw.integer("SELECT count(*) FROM game_actions") == 0);

  SECTION("a gap or a repeat throws and stores nothing") {
    const auto g = games.ids[0];
    CHECK_THROWS_AS(db.games().append_action(g, 5, "gap"), StorageError);
    CHECK_THROWS_AS(db.games().append_action(g, 3, "repeat"), StorageError);
    CHECK_THROWS_AS(db.games().append_action(g, -1, "negative"), StorageError);
    CHECK(raw.integer(logged) == 20);
    games.check(db);
  }

  SECTION("finishing a game stores its actions as a chunk") {
    const auto g = games.ids[2];
    db.games().finish_game(g, GameState::kFinished, "{}", kNow + 10);
    const std::string chunk = "FROM game_action_chunks WHERE game_id = " + std::to_string(g);
    CHECK(raw.integer("SELECT sum(count) " + chunk) == 4);
    if (!db.postgres()) {
      CHECK(raw.integer("SELECT count(*) " + chunk) == 1);
      CHECK(raw.text("SELECT actions " + chunk) ==
            action(g, 0) + "\n" + action(g, 1) + "\n" + action(g, 2) + "\n" + action(g, 3));
    }
    CHECK_THROWS_AS(db.games().append_action(g, 4, action(g, 4)), StorageError);
    games.check(db);
    // An abandoned game's too.
    db.games().finish_game(games.ids[3], GameState::kAbandoned, "{}", kNow + 10);
    games.check(db);
    // Another connection reads the same.
    Database other(file.path());
    games.check(other);
  }

  SECTION("reopening the file picks up where the log left off") {
    {
      Database reopened(file.path());
      games.check(reopened);
      CHECK_THROWS_AS(reopened.games().append_action(games.ids[1], 3, "repeat"), StorageError);
      games.rounds(30, &reopened);
      games.check(reopened);
    }
    Database again(file.path());
    games.check(again);
  }
}

TEST_CASE("a long game's actions are stored in chunks and the log is pruned", "[storage]") {
  TempDb file;
  Database db(file.path());
  db.set_action_log_span(50);
  Games games(db, 6);
  games.rounds(200);  // 1,200 appends
  games.check(db);
  Raw raw(file.path());
  if (db.postgres()) {
    // No log: each action a chunk of its own.
    CHECK(raw.integer("SELECT count(*) FROM action_log") == 0);
    CHECK(raw.integer("SELECT count(*) FROM game_action_chunks WHERE count = 1") == 1200);
    return;
  }
  // The log keeps about a span's rows and a maintenance's (64 appends).
  const auto logged = raw.integer("SELECT count(*) FROM action_log");
  CHECK(logged <= 50 + 64 + 6);
  const auto chunked = raw.integer("SELECT sum(count) FROM game_action_chunks");
  CHECK(chunked > 1200 - logged);
  CHECK(chunked < 1200);
  CHECK(raw.integer("SELECT count(*) FROM game_actions") == 0);
  // Each game's chunks follow each other.
  CHECK(raw.integer("SELECT count(*) FROM game_action_chunks c WHERE first_idx > 0 AND NOT "
                    "EXISTS (SELECT 1 FROM game_action_chunks p WHERE p.game_id = c.game_id "
                    "AND p.first_idx + p.count = c.first_idx)") == 0);
  {
    Database reopened(file.path());
    reopened.set_action_log_span(50);
    games.check(reopened);
    games.rounds(50, &reopened);
    games.check(reopened);
  }
  Database again(file.path());
  games.check(again);
  // A game that ends with chunks stored before.
  again.games().finish_game(games.ids[0], GameState::kFinished, "{}", kNow + 10);
  games.check(again);
}

TEST_CASE("a rolled-back append is forgotten", "[storage]") {
  TempDb file;
  Database db(file.path());
  Games games(db, 3);
  games.rounds(2);
  db.begin();
  games.rounds(3);
  db.exec("ROLLBACK");
  for (auto& [g, n] : games.count) n = 2;
  games.check(db);
  // The same indexes again, after the rollback.
  games.rounds(100);
  games.check(db);
  Database other(file.path());
  games.check(other);
}

TEST_CASE("a finish undone by its savepoint loses no action", "[storage]") {
  TempDb file;
  Database db(file.path());
  db.set_action_log_span(20);
  Games games(db, 4);
  games.rounds(10);
  const auto g = games.ids[0];
  db.begin();
  db.exec("SAVEPOINT s");
  db.games().finish_game(g, GameState::kFinished, "{}", kNow + 10);
  db.exec("ROLLBACK TO s");
  db.exec("RELEASE s");
  db.exec("COMMIT");
  CHECK(db.games().game(g)->state == GameState::kPlaying);
  // Much more appended by the others: the log moves on past g's rows.
  Games others = games;
  others.ids.erase(others.ids.begin());
  others.rounds(200);
  Database other(file.path());
  CHECK(other.games().game_actions(g) == actions(g, 10));
  // And the game goes on where it was.
  db.games().append_action(g, 10, action(g, 10));
  CHECK(db.games().game_actions(g) == actions(g, 11));
}

TEST_CASE("a game in play from before the action log carries on", "[storage]") {
  TempDb file;
  std::int64_t g = 0;
  {
    Database db(file.path());
    const std::int64_t table = db.tables().create_table("{}", TableState::kPlaying, kNow);
    g = db.games().create_game(table, "{}", "[]", kNow);
  }
  {
    // As a version-4 file held it: the actions in game_actions.
    Raw raw(file.path());
    for (int i = 0; i < 3; ++i)
      raw.exec("INSERT INTO game_actions VALUES (" + std::to_string(g) + ", " + std::to_string(i) +
               ", '" + action(g, i) + "')");
  }
  Database db(file.path());
  CHECK(db.games().game_actions(g) == actions(g, 3));
  CHECK_THROWS_AS(db.games().append_action(g, 2, "repeat"), StorageError);
  db.games().append_action(g, 3, action(g, 3));
  CHECK(db.games().game_actions(g) == actions(g, 4));
  db.games().finish_game(g, GameState::kFinished, "{}", kNow + 1);
  CHECK(db.games().game_actions(g) == actions(g, 4));
  Raw raw(file.path());
  CHECK(raw.integer("SELECT count(*) FROM game_actions") == 3);
  CHECK(raw.integer("SELECT first_idx FROM game_action_chunks") == 3);
}

TEST_CASE("an action's text is one line", "[storage]") {
  Database db(":memory:");
  const std::int64_t table = db.tables().create_table("{}", TableState::kPlaying, kNow);
  const std::int64_t g = db.games().create_game(table, "{}", "[]", kNow);
  CHECK_THROWS_WITH(db.games().append_action(g, 0, "{\n}"), Contains("line break"));
  db.games().append_action(g, 0, "{}");
  CHECK(db.games().game_actions(g) == std::vector<std::string>{"{}"});
}

TEST_CASE("a gap in the stored actions is reported, not read over", "[storage]") {
  TempDb file;
  std::int64_t g = 0;
  {
    Database db(file.path());
    Games games(db, 2);
    games.rounds(5);
    g = games.ids[0];
  }
  {
    Raw raw(file.path());
    const std::string game = std::to_string(g);
    raw.exec(file.postgres()
                 ? "DELETE FROM game_action_chunks WHERE game_id = " + game + " AND first_idx = 2"
                 : "DELETE FROM action_log WHERE game_id = " + game + " AND idx = 2");
  }
  Database db(file.path());
  CHECK_THROWS_WITH(db.games().game_actions(g), Contains("gap"));
  CHECK_THROWS_WITH(db.games().append_action(g, 5, "x"), Contains("gap"));
  CHECK_THROWS_WITH(db.games().finish_game(g, GameState::kFinished, "{}", kNow), Contains("gap"));
  CHECK(db.games().game(g)->state == GameState::kPlaying);
}

TEST_CASE("an action for a missing game is refused", "[storage]") {
  Database db(":memory:");
  CHECK_THROWS_AS(db.games().append_action(42, 0, "x"), StorageError);
  CHECK(db.games().game_actions(42).empty());
}

TEST_CASE("each action's request is kept with it, in the log and in chunks", "[storage]") {
  TempDb file;
  std::int64_t g = 0, h = 0;
  // Requests for some actions only ("" for none), as the server stores them.
  const std::vector<std::string> asked = {"7 \"a1\"", "", "9 12", "", "12 \"b\\\"q\""};
  {
    Database db(file.path());
    db.set_action_log_span(3);  // h's actions go into chunks while in play
    const std::int64_t table = db.tables().create_table("{}", TableState::kPlaying, kNow);
    g = db.games().create_game(table, "{}", "[]", kNow);
    h = db.games().create_game(table, "{}", "[]", kNow);
    CHECK_THROWS_WITH(db.games().append_action(g, 0, "{}", "1\n\"x\""), Contains("line break"));
    for (int i = 0; i < 5; ++i) {
      db.games().append_action(g, i, action(g, i), asked[static_cast<size_t>(i)]);
      db.games().append_action(h, i, action(h, i));
    }
    std::vector<std::string> got;
    CHECK(db.games().game_actions(g, &got) == actions(g, 5));
    CHECK(got == asked);
  }
  for (const bool finished : {false, true}) {
    INFO("finished " << finished);
    Database db(file.path());
    if (finished) db.games().finish_game(g, GameState::kFinished, "{}", kNow + 1);
    std::vector<std::string> got;
    CHECK(db.games().game_actions(g, &got) == actions(g, 5));
    CHECK(got == asked);
    CHECK(db.games().game_actions(h, &got) == actions(h, 5));
    CHECK(got == std::vector<std::string>(5));
  }
  Raw raw(file.path());
  // One chunk with g's requests (SQLite), or one per action asked (PostgreSQL).
  CHECK(raw.integer("SELECT count(*) FROM game_action_chunks WHERE game_id = " + std::to_string(g) +
                    " AND requests IS NOT NULL") == (file.postgres() ? 3 : 1));
  CHECK(raw.integer("SELECT count(*) FROM game_action_chunks WHERE game_id = " + std::to_string(h) +
                    " AND requests IS NOT NULL") == 0);
}

TEST_CASE("a game is stored with its first deal, or not at all", "[storage]") {
  Database db(":memory:");
  const std::int64_t table = db.tables().create_table("{}", TableState::kPlaying, kNow);
  const std::int64_t g = db.games().create_game(table, "{}", "[]", kNow, R"({"deal":0})");
  CHECK(db.games().game_deals(g) == std::vector<std::string>{R"({"deal":0})"});
  CHECK_THROWS_AS(db.games().create_game(table + 1, "{}", "[]", kNow, R"({"deal":0})"),
                  StorageError);
  CHECK(db.games().games_in_state(GameState::kPlaying).size() == 1);
}

TEST_CASE("a game written by one node, then another, reads and goes on at each", "[storage]") {
  // PostgreSQL, where several whistd nodes write: a table (and its game)
  // moves between nodes, each with its own connection. (SQLite has one
  // writer: whistd's lock keeps any other out.)
  TempDb file;
  if (!file.postgres()) {
    SUCCEED("one writer on SQLite");
    return;
  }
  Database a(file.path()), b(file.path());
  Games games(a, 2);
  const auto g = games.ids[0], other = games.ids[1];
  games.rounds(3);  // a writes both games
  // b takes g over: reads it, and goes on.
  CHECK(b.games().game_actions(g) == actions(g, 3));
  for (int i = 3; i < 6; ++i) b.games().append_action(g, i, action(g, i));
  // a still writes the other game; a prune of its own loses nothing of b's.
  for (int i = 3; i < 100; ++i) a.games().append_action(other, i, action(other, i));
  // g comes back to a, which reads what b wrote and goes on.
  CHECK(a.games().game_actions(g) == actions(g, 6));
  CHECK_THROWS_AS(a.games().append_action(g, 3, "repeat"), StorageError);
  a.games().append_action(g, 6, action(g, 6));
  CHECK(b.games().game_actions(g) == actions(g, 7));
  // b, which last knew g at 6, reads it again before appending.
  b.games().append_action(g, 7, action(g, 7));
  b.games().finish_game(g, GameState::kFinished, "{}", kNow + 1);
  CHECK(a.games().game_actions(g) == actions(g, 8));
  CHECK(a.games().game_actions(other) == actions(other, 100));
}
