#include <catch2/catch.hpp>

// Results (storage/results.cpp): each seat's result stored with the game's
// end in one transaction, a retry stored once, a player's games paged
// newest first with every seat, wins and losses per variant, and the
// leaderboard's order and filters. On real files; a raw connection checks.

#include <string>
#include <vector>

#include "storage/sql_database.hpp"
#include "tests/storage/support.hpp"

using Database = whist::storage::SqlDatabase;
using whist::storage::GameResults;
using whist::storage::GameState;
using whist::storage::SeatResult;
using whist::storage::StorageError;
using whist::storage::TableState;
using whist::storage::test::Raw;
using whist::storage::test::TempDb;

namespace {

constexpr std::int64_t kNow = 1'700'000'000;

struct Four {
  explicit Four(Database& db)
      : a(db.ledger().create_player("ann", "h", 0, kNow).value()),
        b(db.ledger().create_player("ben", "h", 0, kNow).value()),
        c(db.ledger().create_player("cat", "h", 0, kNow).value()),
        d(db.ledger().create_player("dan", "h", 0, kNow).value()),
        guest(db.accounts().create_account("guest-9", "", true, kNow).value()) {}
  std::int64_t a, b, c, d, guest;
};

// A team game at seats 0..3: team 0 (seats 0, 2) scores s0, team 1 s1.
GameResults teams(const std::string& variant, std::vector<std::int64_t> ids, int s0, int s1) {
  GameResults r;
  r.variant = variant;
  const char* names[] = {"ann", "ben", "cat", "dan"};
  for (int i = 0; i < 4; ++i) {
    SeatResult s;
    s.seat = i;
    s.account = ids[static_cast<size_t>(i)];
    s.name = names[i];
    s.side = i % 2;
    s.score = s.side == 0 ? s0 : s1;
    s.won = s.side == 0 ? s0 > s1 : s1 > s0;
    r.seats.push_back(s);
  }
  return r;
}

std::int64_t new_game(Database& db, std::int64_t table) {
  return db.games().create_game(table, R"({"variant":"classic"})", "[]", kNow);
}

}  // namespace

TEST_CASE("finishing a game stores each seat's result with it", "[storage][results]") {
  TempDb file;
  Database db(file.path());
  const Four p(db);
  const auto table = db.tables().create_table("{}", TableState::kPlaying, kNow);
  const auto g = new_game(db, table);
  db.games().finish_game(g, GameState::kFinished, R"({"scores":[5,3]})", kNow + 60,
                         teams("classic", {p.a, p.b, p.c, p.d}, 5, 3));
  CHECK(db.games().game(g)->state == GameState::kFinished);
  Raw raw(file.path());
  CHECK(raw.integer("SELECT count(*) FROM results WHERE game_id = " + std::to_string(g)) == 4);
  CHECK(raw.integer("SELECT sum(won) FROM results") == 2);
  CHECK(raw.text("SELECT variant FROM results LIMIT 1") == "classic");
  CHECK(raw.integer("SELECT finished_at FROM results LIMIT 1") == kNow + 60);

  // A retry stores nothing more.
  CHECK_FALSE(db.results().record_results(g, teams("classic", {p.a, p.b, p.c, p.d}, 1, 9), kNow));
  CHECK(raw.integer("SELECT count(*) FROM results") == 4);
  CHECK(raw.integer("SELECT sum(won) FROM results WHERE seat IN (0, 2)") == 2);
}

TEST_CASE("results and the game's end are one transaction", "[storage][results]") {
  TempDb file;
  Database db(file.path());
  const Four p(db);
  const auto table = db.tables().create_table("{}", TableState::kPlaying, kNow);
  const auto g = new_game(db, table);
  // A seat twice: the results fail, and the game is not marked finished.
  auto bad = teams("classic", {p.a, p.b, p.c, p.d}, 5, 3);
  bad.seats[1].seat = 0;
  CHECK_THROWS_AS(db.games().finish_game(g, GameState::kFinished, "{}", kNow, bad), StorageError);
  CHECK(db.games().game(g)->state == GameState::kPlaying);
  Raw raw(file.path());
  CHECK(raw.integer("SELECT count(*) FROM results") == 0);
  // An unknown game: nothing.
  CHECK_THROWS_AS(db.games().finish_game(g + 100, GameState::kFinished, "{}", kNow,
                                         teams("classic", {p.a, p.b, p.c, p.d}, 5, 3)),
                  StorageError);
  CHECK_THROWS_AS(
      db.results().record_results(g + 100, teams("classic", {p.a, p.b, p.c, p.d}, 5, 3), kNow),
      StorageError);
  CHECK(raw.integer("SELECT count(*) FROM results") == 0);
  CHECK_THROWS_AS(db.results().record_results(g, GameResults{}, kNow), StorageError);
}

TEST_CASE("a seat with no account (a computer player) is stored without one",
          "[storage][results]") {
  TempDb file;
  Database db(file.path());
  const Four p(db);
  const auto g = new_game(db, db.tables().create_table("{}", TableState::kPlaying, kNow));
  auto r = teams("classic", {p.a, 0, p.c, -7}, 5, 3);
  r.seats[1].name = "Robot 1";
  REQUIRE(db.results().record_results(g, r, kNow));
  const auto games = db.results().games_of(p.a, 0, 10);
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].seats.size() == 4);
  CHECK(games[0].seats[1].account == 0);
  CHECK(games[0].seats[1].name == "Robot 1");
  CHECK(games[0].seats[3].account == 0);
}

TEST_CASE("a player's games, newest first, paged, with every seat", "[storage][results]") {
  TempDb file;
  Database db(file.path());
  const Four p(db);
  const auto table = db.tables().create_table("{}", TableState::kPlaying, kNow);
  std::vector<std::int64_t> ids;
  for (int i = 0; i < 5; ++i) {
    const auto g = new_game(db, table);
    ids.push_back(g);
    // ann wins the even games; in game 3 ann is not seated (the guest is).
    const std::vector<std::int64_t> seats = {i == 3 ? p.guest : p.a, p.b, p.c, p.d};
    REQUIRE(db.results().record_results(
        g, teams(i == 4 ? "bid" : "classic", seats, i % 2 ? 2 : 5, i % 2 ? 5 : 2), kNow + i));
  }
  auto page = db.results().games_of(p.a, 0, 2);
  REQUIRE(page.size() == 2);
  CHECK(page[0].game == ids[4]);
  CHECK(page[0].variant == "bid");
  CHECK(page[0].table == table);
  CHECK(page[0].finished_at == kNow + 4);
  CHECK(page[0].me.seat == 0);
  CHECK(page[0].me.won);
  CHECK(page[0].me.score == 5);
  REQUIRE(page[0].seats.size() == 4);
  CHECK(page[0].seats[1].name == "ben");
  CHECK(page[0].seats[1].side == 1);
  CHECK_FALSE(page[0].seats[1].won);
  CHECK(page[1].game == ids[2]);  // game 3 was not ann's
  page = db.results().games_of(p.a, page[1].game, 2);
  REQUIRE(page.size() == 2);
  CHECK(page[0].game == ids[1]);
  CHECK_FALSE(page[0].me.won);
  CHECK(page[1].game == ids[0]);
  CHECK(db.results().games_of(p.a, ids[0], 2).empty());
  CHECK(db.results().games_of(p.b, 0, 100).size() == 5);
  CHECK_THROWS_AS(db.results().games_of(p.a, 0, 0), StorageError);

  // Wins and losses per variant.
  const auto rec = db.results().record_of(p.a);
  REQUIRE(rec.size() == 2);
  CHECK(rec[0].variant == "bid");
  CHECK(rec[0].games == 1);
  CHECK(rec[0].wins == 1);
  CHECK(rec[1].variant == "classic");
  CHECK(rec[1].games == 3);
  CHECK(rec[1].wins == 2);
  CHECK(db.results().record_of(p.guest).size() == 1);
}

TEST_CASE("the leaderboard: wins, then win rate, at least min games, no guests",
          "[storage][results]") {
  TempDb file;
  Database db(file.path());
  const Four p(db);
  const auto table = db.tables().create_table("{}", TableState::kPlaying, kNow);
  auto play = [&](std::vector<std::int64_t> seats, bool team0_wins, const char* variant) {
    const auto g = new_game(db, table);
    REQUIRE(db.results().record_results(
        g, teams(variant, seats, team0_wins ? 5 : 1, team0_wins ? 1 : 5), kNow));
  };
  // ann and cat (team 0) win 2 of 3 against ben and dan.
  play({p.a, p.b, p.c, p.d}, true, "classic");
  play({p.a, p.b, p.c, p.d}, true, "classic");
  play({p.a, p.b, p.c, p.d}, false, "classic");
  // The guest wins two (left out); cat wins once more in a 4th game with dan.
  play({p.guest, p.b, p.c, p.d}, true, "classic");
  // A bid game: ben wins.
  play({p.a, p.b, p.c, p.d}, false, "bid");

  auto board = db.results().leaderboard("classic", 1, 10);
  REQUIRE(board.size() == 4);
  CHECK(board[0].name == "cat");  // 3 wins of 4
  CHECK(board[0].wins == 3);
  CHECK(board[0].games == 4);
  CHECK(board[1].name == "ann");  // 2 wins of 3
  CHECK(board[1].wins == 2);
  // ben and dan: 1 win each; ben 1 of 4, dan 1 of 4: the lower id first.
  CHECK(board[2].name == "ben");
  CHECK(board[3].name == "dan");
  for (const auto& row : board) CHECK(row.account != p.guest);

  board = db.results().leaderboard("classic", 4, 10);
  REQUIRE(board.size() == 3);  // ann played 3 only
  CHECK(board[0].name == "cat");
  CHECK(db.results().leaderboard("classic", 1, 2).size() == 2);
  board = db.results().leaderboard("bid", 1, 10);
  REQUIRE(board.size() == 4);
  CHECK(board[0].wins == 1);
  CHECK((board[0].name == "ben" || board[0].name == "dan"));
  CHECK(db.results().leaderboard("exact", 1, 10).empty());
}

TEST_CASE("a version-2 file migrates to the results schema keeping its data",
          "[storage][results][sqlite]") {
  TempDb file;
  {
    Database db(file.path());
    db.ledger().create_player("old", "h", 300, kNow).value();
  }
  {
    // Back to what a version-2 file is: no results table (migration 3),
    // no operator's columns and commands (migration 4), no action log
    // (migration 5), no ratings (migration 7), no hidden game lists
    // (migration 8), no sessions' devices (migration 9), no account care
    // and safety (migration 10; its ledger, rebuilt, stays), no
    // preferences (migration 11), no events (migration 12), no leases
    // (migration 13).
    Raw raw(file.path());
    raw.exec(
        "DROP TABLE table_leases; DROP TABLE events; DROP TABLE account_prefs; DROP TABLE reports; "
        "DROP TABLE blocks; DROP "
        "TABLE mutes; DROP "
        "TABLE password_resets; "
        "DROP TABLE name_holds; ALTER TABLE accounts DROP COLUMN deleted_at; "
        "ALTER TABLE accounts DROP COLUMN chat_muted_until; "
        "ALTER TABLE accounts DROP COLUMN chat_mute_reason; "
        "ALTER TABLE accounts DROP COLUMN hide_games; ALTER TABLE sessions DROP COLUMN device; "
        "DROP TABLE rating_changes; DROP TABLE ratings; "
        "DROP TABLE action_log; DROP TABLE game_action_chunks; DROP TABLE results; DROP TABLE "
        "admin_commands; "
        "ALTER TABLE accounts DROP COLUMN ban_reason; ALTER TABLE accounts DROP COLUMN banned; "
        "PRAGMA user_version = 2");
  }
  Database db(file.path());
  CHECK(db.schema_version() >= 3);
  const auto old = db.accounts().account_by_name("old");
  REQUIRE(old);
  CHECK(db.ledger().balance(old->id) == 300);
  CHECK(db.results().games_of(old->id, 0, 10).empty());
  CHECK(db.ledger().check_ledger().ok);
  Raw raw(file.path());
  CHECK(raw.integer("SELECT count(*) FROM sqlite_master WHERE name = 'results'") == 1);
  CHECK(raw.integer("SELECT count(*) FROM sqlite_master WHERE name = 'ratings'") == 1);
}
