#include <catch2/catch.hpp>

// Ratings (storage/ratings.cpp): a finished game rated once from its
// results, partnership and exact-bid games, guests and computer players not
// rated, idle days widening the deviation, the history per pool, and a
// rating kept through closing and opening the file. On real files.

#include <string>
#include <vector>

#include "rating/glicko2.hpp"
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
namespace rating = whist::rating;

namespace {

constexpr std::int64_t kNow = 1'700'000'000;
constexpr std::int64_t kDay = 86'400;

// Seats 0..n-1 with these accounts (0: a computer player) and final scores;
// teams (seat % 2) unless `exact`, where each seat is its own side.
GameResults results(const std::string& variant, std::vector<std::int64_t> ids,
                    std::vector<std::int64_t> scores) {
  GameResults r;
  r.variant = variant;
  const bool exact = variant == "exact";
  std::int64_t best = 0;
  for (auto s : scores) best = std::max(best, s);
  for (size_t i = 0; i < ids.size(); ++i) {
    SeatResult s;
    s.seat = static_cast<int>(i);
    s.account = ids[i];
    s.name = std::string(1, static_cast<char>('a' + i));
    s.side = exact ? static_cast<int>(i) : static_cast<int>(i % 2);
    s.score = scores[exact ? i : i % 2];
    s.won = s.score == best;
    r.seats.push_back(s);
  }
  return r;
}

struct Fixture {
  TempDb file;
  Database db{file.path()};
  std::int64_t table = db.tables().create_table("{}", TableState::kPlaying, kNow);
  std::vector<std::int64_t> players;

  Fixture() {
    for (const char* name : {"ann", "ben", "cat", "dan"})
      players.push_back(db.ledger().create_player(name, "h", 0, kNow).value());
  }
  // A game finished at `at` with these results; its id.
  std::int64_t finished(const GameResults& r, std::int64_t at) {
    const auto g = db.games().create_game(table, R"({"variant":"classic"})", "[]", at - 600);
    db.games().finish_game(g, GameState::kFinished, "{}", at, r);
    return g;
  }
};

const rating::Rating* find(const std::vector<whist::storage::StoredRating>& all,
                           const std::string& pool) {
  for (const auto& r : all)
    if (r.pool == pool) return &r.rating;
  return nullptr;
}

}  // namespace

TEST_CASE("a partnership game rates each player against the other side, once",
          "[storage][ratings]") {
  Fixture f;
  const auto& p = f.players;
  const auto g = f.finished(results("classic", {p[0], p[1], p[2], p[3]}, {5, 3}), kNow);
  const auto rated = f.db.ratings().rate_game(g, kNow);
  CHECK(rated.pool == "classic");
  REQUIRE(rated.changes.size() == 4);
  // Everyone started at 1500 / 350; the winners (seats 0 and 2) gain what
  // Glicko-2 gives a win against a composite 1500 / 350, the losers lose it.
  const std::vector<rating::Result> win{{rating::kStart, 1}};
  const rating::Rating expected = rating::update(rating::kStart, win);
  for (const auto& c : rated.changes) {
    CHECK(c.before.rating == 1500);
    const bool winner = c.account == p[0] || c.account == p[2];
    CHECK(c.after.rating == Approx(winner ? expected.rating : 3000 - expected.rating));
    CHECK(c.after.deviation == Approx(expected.deviation));
  }
  // Rated again (a retry, or a restart before the game's end was known):
  // the same changes, nothing written twice.
  const auto again = f.db.ratings().rate_game(g, kNow + 5);
  REQUIRE(again.changes.size() == 4);
  CHECK(again.changes[0].after.rating == Approx(rated.changes[0].after.rating));
  Raw raw(f.file.path());
  CHECK(raw.integer("SELECT count(*) FROM rating_changes") == 4);
  CHECK(raw.integer("SELECT sum(games) FROM ratings") == 4);
  const auto mine = f.db.ratings().ratings_of(p[0]);
  REQUIRE(mine.size() == 1);
  CHECK(mine[0].games == 1);
  CHECK(mine[0].rated_at == kNow);
}

TEST_CASE("a draw between the sides; a game rated before is not rated again after reopening",
          "[storage][ratings]") {
  Fixture f;
  const auto& p = f.players;
  const auto g = f.finished(results("bid", {p[0], p[1], p[2], p[3]}, {4, 4}), kNow);
  const auto rated = f.db.ratings().rate_game(g, kNow);
  REQUIRE(rated.changes.size() == 4);
  for (const auto& c : rated.changes) {
    CHECK(c.after.rating == Approx(1500));
    CHECK(c.after.deviation < 350);
  }
  // A second connection to the same file, as after a restart.
  Database again(f.file.path());
  const auto retried = again.ratings().rate_game(g, kNow + 100);
  REQUIRE(retried.changes.size() == 4);
  CHECK(retried.changes[3].after.deviation == Approx(rated.changes[3].after.deviation));
  CHECK(again.ratings().ratings_of(p[0])[0].games == 1);
  CHECK(again.ratings().ratings_of(p[0])[0].rated_at == kNow);
}

TEST_CASE("guests and computer players are not rated; they count at the starting rating",
          "[storage][ratings]") {
  Fixture f;
  const auto guest = f.db.accounts().create_account("guest-7", "", true, kNow).value();
  const auto g =
      f.finished(results("classic", {f.players[0], guest, 0, f.players[1]}, {1, 5}), kNow);
  const auto rated = f.db.ratings().rate_game(g, kNow);
  REQUIRE(rated.changes.size() == 2);
  CHECK(rated.changes[0].account == f.players[0]);
  CHECK(rated.changes[0].after.rating < 1500);  // seat 0's side lost
  CHECK(rated.changes[1].account == f.players[1]);
  CHECK(rated.changes[1].after.rating > 1500);
  CHECK(f.db.ratings().ratings_of(guest).empty());
}

TEST_CASE("an exact-bid game rates by final score, equal scores drawing, as one game",
          "[storage][ratings]") {
  Fixture f;
  const auto& p = f.players;
  const auto g = f.finished(results("exact", {p[0], p[1], p[2], p[3]}, {30, 12, 12, -4}), kNow);
  const auto rated = f.db.ratings().rate_game(g, kNow);
  REQUIRE(rated.changes.size() == 4);
  CHECK(rated.pool == "exact");
  const auto& first = rated.changes[0];
  const auto& second = rated.changes[1];
  const auto& tied = rated.changes[2];
  const auto& last = rated.changes[3];
  CHECK(first.after.rating > second.after.rating);
  CHECK(second.after.rating == Approx(tied.after.rating));
  CHECK(second.after.rating == Approx(1500));  // one win, one loss, one draw: even
  CHECK(last.after.rating < 1500);
  // Counted as one game: beating three players who are all at the start is
  // worth one win against one of them, not three.
  const std::vector<rating::Result> win{{rating::kStart, 1}};
  CHECK(first.after.rating == Approx(rating::update(rating::kStart, win).rating));
  CHECK(first.after.deviation == Approx(rating::update(rating::kStart, win).deviation));
  CHECK(f.db.ratings().ratings_of(p[0])[0].pool == "exact");
}

TEST_CASE("days without a game widen the deviation before the next result; the history per pool",
          "[storage][ratings]") {
  Fixture f;
  const auto& p = f.players;
  std::vector<std::int64_t> games;
  for (int i = 0; i < 12; ++i) {
    const auto at = kNow + i * 600;
    games.push_back(f.finished(results("classic", {p[0], p[1], p[2], p[3]}, {5, i % 3}), at));
    f.db.ratings().rate_game(games.back(), at);
  }
  const auto before = f.db.ratings().ratings_of(p[0]);
  const rating::Rating* now = find(before, "classic");
  REQUIRE(now != nullptr);
  CHECK(now->deviation < 200);
  // Thirty days later: the game starts from a wider deviation.
  const auto later = kNow + 30 * kDay;
  const auto g = f.finished(results("classic", {p[0], p[1], p[2], p[3]}, {5, 0}), later);
  const auto rated = f.db.ratings().rate_game(g, later);
  CHECK(rated.changes[0].before.deviation ==
        Approx(rating::idle(*now, (later - (kNow + 11 * 600)) / double(kDay)).deviation));
  CHECK(rated.changes[0].before.deviation > now->deviation);
  // The history, oldest first, and limited to the newest.
  const auto history = f.db.ratings().history(p[0], "classic", 1000);
  REQUIRE(history.size() == 13);
  CHECK(history.front().source == games.front());
  CHECK(history.back().source == g);
  CHECK(history.back().rating.rating == Approx(rated.changes[0].after.rating));
  const auto last3 = f.db.ratings().history(p[0], "classic", 3);
  REQUIRE(last3.size() == 3);
  CHECK(last3.back().source == g);
  CHECK(f.db.ratings().history(p[0], "bid", 10).empty());
  CHECK_THROWS_AS(f.db.ratings().history(p[0], "classic", 0), StorageError);
}

TEST_CASE("a game without results cannot be rated", "[storage][ratings]") {
  Fixture f;
  const auto g = f.db.games().create_game(f.table, R"({"variant":"classic"})", "[]", kNow);
  CHECK_THROWS_AS(f.db.ratings().rate_game(g, kNow), StorageError);
  Raw raw(f.file.path());
  CHECK(raw.integer("SELECT count(*) FROM ratings") == 0);
}

TEST_CASE("a rebuild recomputes every rating in order, finds what differs, and can store it",
          "[storage][ratings]") {
  Fixture f;
  const auto& p = f.players;
  // Classic games over days (idle days between some), and an exact-bid one.
  for (int i = 0; i < 6; ++i) {
    const auto at = kNow + i * 600 + (i / 2) * 3 * kDay;
    const auto g =
        f.finished(results("classic", {p[i % 4], p[(i + 1) % 4], p[(i + 2) % 4], p[(i + 3) % 4]},
                           {5, static_cast<std::int64_t>(i % 4)}),
                   at);
    f.db.ratings().rate_game(g, at);
  }
  const auto exact_at = kNow + 20 * kDay;
  const auto e = f.finished(results("exact", {p[0], p[1], p[2]}, {30, 12, 12}), exact_at);
  f.db.ratings().rate_game(e, exact_at);

  auto audit = f.db.ratings().rebuild(false);
  CHECK(audit.differences.empty());
  CHECK(audit.games == 7);
  CHECK(audit.changes == 6 * 4 + 3);
  CHECK(audit.players == 4 + 3);
  CHECK_FALSE(audit.written);

  // A stored rating and a stored change altered by hand: both are found,
  // and nothing is written without being asked.
  {
    Raw raw(f.file.path());
    raw.exec("UPDATE ratings SET rating = rating + 7 WHERE pool = 'exact' AND account_id = " +
             std::to_string(p[1]));
    raw.exec("UPDATE rating_changes SET deviation = deviation - 1 WHERE source = " +
             std::to_string(e) + " AND account_id = " + std::to_string(p[2]));
  }
  audit = f.db.ratings().rebuild(false);
  REQUIRE(audit.differences.size() == 2);
  CHECK(audit.differences[0].find("game " + std::to_string(e)) != std::string::npos);
  CHECK(audit.differences[1].find("account " + std::to_string(p[1]) + " (exact)") !=
        std::string::npos);
  CHECK(f.db.ratings().rebuild(false).differences.size() == 2);

  // --write: the recomputed values replace them; a rebuild then agrees.
  audit = f.db.ratings().rebuild(true);
  CHECK(audit.written);
  CHECK(f.db.ratings().rebuild(false).differences.empty());
  const auto after = f.db.ratings().ratings_of(p[1]);
  const rating::Rating* exact = find(after, "exact");
  REQUIRE(exact != nullptr);
  CHECK(exact->rating < 1500);  // second (drawn with the third) of three
}

TEST_CASE("a rebuild reports a rated game whose results are gone", "[storage][ratings]") {
  Fixture f;
  const auto& p = f.players;
  const auto g = f.finished(results("classic", {p[0], p[1], p[2], p[3]}, {5, 2}), kNow);
  f.db.ratings().rate_game(g, kNow);
  {
    Raw raw(f.file.path());
    raw.exec("DELETE FROM results WHERE game_id = " + std::to_string(g));
  }
  const auto audit = f.db.ratings().rebuild(false);
  // The game cannot be recomputed, and the ratings it made have no game.
  CHECK(audit.games == 0);
  REQUIRE(audit.differences.size() == 1 + 4);
  CHECK(audit.differences[0].find("has no results") != std::string::npos);
}

TEST_CASE("a rebuild's --write removes a change no rated player stands behind",
          "[storage][ratings]") {
  Fixture f;
  const auto& p = f.players;
  const auto g = f.finished(results("exact", {p[0], p[1]}, {10, 4}), kNow);
  f.db.ratings().rate_game(g, kNow);
  {
    Raw raw(f.file.path());
    raw.exec("INSERT INTO rating_changes SELECT pool, source, " + std::to_string(p[3]) +
             ", rating_before, deviation_before, volatility_before, rating, deviation, "
             "volatility, at FROM rating_changes WHERE source = " +
             std::to_string(g) + " AND account_id = " + std::to_string(p[0]));
  }
  const auto audit = f.db.ratings().rebuild(true);
  REQUIRE(audit.differences.size() == 1);
  CHECK(audit.differences[0].find("rate nobody there") != std::string::npos);
  CHECK(f.db.ratings().rebuild(false).differences.empty());
  Raw raw(f.file.path());
  CHECK(raw.integer("SELECT count(*) FROM rating_changes") == 2);
}

TEST_CASE("a pool's rating leaderboard: enough games, a narrow deviation, played lately",
          "[storage][ratings]") {
  Fixture f;
  const auto& p = f.players;
  const std::int64_t eve = f.db.ledger().create_player("eve", "h", 0, kNow).value();
  const std::int64_t fay = f.db.ledger().create_player("fay", "h", 0, kNow).value();
  // ann and cat play ben and dan 45 times, an hour apart, and win two
  // games of three: their deviations narrow below 80. eve and fay play 9
  // games only.
  std::int64_t at = kNow;
  for (int i = 0; i < 45; ++i) {
    at += 3600;
    const std::vector<std::int64_t> scores =
        i % 3 ? std::vector<std::int64_t>{5, 2} : std::vector<std::int64_t>{2, 5};
    f.db.ratings().rate_game(f.finished(results("classic", p, scores), at), at);
  }
  for (int i = 0; i < 9; ++i) {
    at += 3600;
    f.db.ratings().rate_game(f.finished(results("classic", {eve, fay, 0, 0}, {5, 2}), at), at);
  }
  const whist::storage::LeaderRule rule;
  auto board = f.db.ratings().leaderboard("classic", rule, at, 10);
  REQUIRE(board.size() == 4);
  CHECK(board[0].stored.rating.rating > 1500);
  CHECK(board[0].stored.rating.rating == board[1].stored.rating.rating);
  CHECK(board[0].account < board[1].account);  // equal: the lower id first
  CHECK(board[3].stored.rating.rating < 1500);
  for (const auto& r : board) {
    CHECK(r.stored.games == 45);
    CHECK(r.deviation <= 80);
    CHECK(r.deviation >= r.stored.rating.deviation);  // widened by the idle days
    CHECK(r.account != eve);
  }
  CHECK(f.db.ratings().leaderboard("classic", rule, at, 1).size() == 1);
  CHECK(f.db.ratings().leaderboard("bid", rule, at, 10).empty());
  // More than 30 days after their last game: off the board.
  const std::int64_t last_of_four = at - 9 * 3600;
  CHECK(f.db.ratings().leaderboard("classic", rule, last_of_four + 31 * kDay, 10).empty());
  // A rule asking a narrower deviation than any has: nobody.
  whist::storage::LeaderRule narrow;
  narrow.max_deviation = 10;
  CHECK(f.db.ratings().leaderboard("classic", narrow, at, 10).empty());
  CHECK_THROWS_AS(f.db.ratings().leaderboard("classic", rule, at, 0), StorageError);
}

TEST_CASE("a player's games carry each seat's rating change; a game list can be hidden",
          "[storage][ratings]") {
  Fixture f;
  const auto& p = f.players;
  const auto rated = f.finished(results("classic", p, {5, 2}), kNow);
  f.db.ratings().rate_game(rated, kNow);
  const auto unrated = f.finished(results("classic", p, {1, 5}), kNow + 60);
  const auto games = f.db.results().games_of(p[0], 0, 10);
  REQUIRE(games.size() == 2);
  CHECK(games[0].game == unrated);
  for (const auto& s : games[0].seats) CHECK_FALSE(s.rating);
  REQUIRE(games[1].seats.size() == 4);
  for (const auto& s : games[1].seats) {
    REQUIRE(s.rating);
    CHECK(s.rating->before.rating == 1500);
    CHECK((s.won ? s.rating->after.rating > 1500 : s.rating->after.rating < 1500));
  }

  CHECK_FALSE(f.db.accounts().account_by_id(p[0])->hide_games);
  CHECK(f.db.accounts().set_hide_games(p[0], true));
  CHECK(f.db.accounts().account_by_id(p[0])->hide_games);
  CHECK(f.db.accounts().set_hide_games(p[0], false));
  CHECK_FALSE(f.db.accounts().account_by_name("ann")->hide_games);
  CHECK_FALSE(f.db.accounts().set_hide_games(99999, true));
}
