// Ratings: a finished game rated once from its results, each player's
// rating per pool, and the history of changes. See rating_store.hpp for
// who is rated and how, and the schema comment in schema.cpp (version 7)
// for the tables.

#include <sqlite3.h>

#include <algorithm>
#include <string>

#include "storage/sqlite.hpp"
#include "storage/sqlite_stores.hpp"

namespace whist::storage::detail {

namespace {

constexpr double kSecondsPerDay = 86400;

// One seat of the game, as its results hold it.
struct RatedSeat {
  std::int64_t account = 0;  // 0: nobody rated (a computer player, or a guest)
  int side = 0;
  bool won = false;
  std::int64_t score = 0;
  rating::Rating before = rating::kStart;
};

rating::Rating read_rating(const Statement& st, int first) {
  return {st.real(first), st.real(first + 1), st.real(first + 2)};
}

// The results of seat i: against the other side as one player, or (exact)
// against each other player by final score.
std::vector<rating::Result> results_of(const std::vector<RatedSeat>& seats, size_t i, bool exact) {
  std::vector<rating::Rating> before;
  for (const RatedSeat& s : seats) before.push_back(s.before);
  if (exact) {
    std::vector<int> places;
    for (const RatedSeat& s : seats)
      places.push_back(
          1 + static_cast<int>(std::count_if(seats.begin(), seats.end(), [&](const RatedSeat& o) {
            return o.score > s.score;
          })));
    return rating::ranked_results(before, places, static_cast<int>(i));
  }
  std::vector<rating::Rating> others;
  bool mine_won = false, others_won = false;
  for (const RatedSeat& s : seats) {
    if (s.side == seats[i].side) {
      mine_won = mine_won || s.won;
    } else {
      others.push_back(s.before);
      others_won = others_won || s.won;
    }
  }
  if (others.empty()) throw StorageError("rate_game: a partnership game with one side");
  const double score = mine_won == others_won ? 0.5 : mine_won ? 1 : 0;
  return {rating::Result{rating::composite(others), score}};
}

}  // namespace

GameRating SqliteRatings::rate_game(std::int64_t game_id, std::int64_t now) {
  constexpr const char* kWhat = "rate_game";
  Transaction tx(db_, kWhat);
  GameRating out;
  std::vector<RatedSeat> seats;
  {
    Statement st(db_,
                 "SELECT coalesce(a.id, 0), coalesce(a.guest, 1), r.side, r.won, r.score, "
                 "r.variant FROM results r LEFT JOIN accounts a ON a.id = r.account_id "
                 "WHERE r.game_id = ?1 ORDER BY r.seat",
                 kWhat);
    st.bind(1, game_id);
    while (st.step()) {
      RatedSeat s;
      s.account = st.int64(1) != 0 ? 0 : st.int64(0);
      s.side = static_cast<int>(st.int64(2));
      s.won = st.int64(3) != 0;
      s.score = st.int64(4);
      out.pool = st.text(5);
      seats.push_back(s);
    }
  }
  if (seats.empty())
    throw StorageError("rate_game: game " + std::to_string(game_id) + " has no results");
  if (out.pool != "classic" && out.pool != "bid" && out.pool != "exact")
    throw StorageError("rate_game: no rating pool for variant \"" + out.pool + "\"");
  {
    // Rated before: the stored changes.
    Statement st(db_,
                 "SELECT account_id, rating_before, deviation_before, volatility_before, "
                 "rating, deviation, volatility FROM rating_changes "
                 "WHERE pool = ?1 AND source = ?2 ORDER BY account_id",
                 kWhat);
    st.bind(1, out.pool).bind(2, game_id);
    while (st.step()) out.changes.push_back({st.int64(0), read_rating(st, 1), read_rating(st, 4)});
    if (!out.changes.empty()) {
      tx.commit();
      return out;
    }
  }
  {
    // Each rated player's rating at the game's start.
    Statement st(db_,
                 "SELECT rating, deviation, volatility, rated_at FROM ratings "
                 "WHERE account_id = ?1 AND pool = ?2",
                 kWhat);
    for (RatedSeat& s : seats) {
      if (s.account == 0) continue;
      st.reset();
      st.bind(1, s.account).bind(2, out.pool);
      if (st.step())
        s.before = rating::idle(read_rating(st, 0),
                                static_cast<double>(now - st.int64(3)) / kSecondsPerDay);
    }
  }
  const bool exact = out.pool == "exact";
  for (size_t i = 0; i < seats.size(); ++i) {
    if (seats[i].account == 0) continue;
    const auto results = results_of(seats, i, exact);
    out.changes.push_back(
        {seats[i].account, seats[i].before, rating::update(seats[i].before, results)});
  }
  std::sort(out.changes.begin(), out.changes.end(),
            [](const RatingChange& a, const RatingChange& b) { return a.account < b.account; });
  Statement rating(db_,
                   "INSERT INTO ratings(account_id, pool, rating, deviation, volatility, games, "
                   "rated_at) VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6) "
                   "ON CONFLICT (account_id, pool) DO UPDATE SET rating = excluded.rating, "
                   "deviation = excluded.deviation, volatility = excluded.volatility, "
                   "games = games + 1, rated_at = excluded.rated_at",
                   kWhat);
  Statement change(db_,
                   "INSERT INTO rating_changes(pool, source, account_id, rating_before, "
                   "deviation_before, volatility_before, rating, deviation, volatility, at) "
                   "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                   kWhat);
  for (const RatingChange& c : out.changes) {
    rating.reset();
    rating.bind(1, c.account)
        .bind(2, out.pool)
        .bind_real(3, c.after.rating)
        .bind_real(4, c.after.deviation)
        .bind_real(5, c.after.volatility)
        .bind(6, now);
    rating.run();
    change.reset();
    change.bind(1, out.pool)
        .bind(2, game_id)
        .bind(3, c.account)
        .bind_real(4, c.before.rating)
        .bind_real(5, c.before.deviation)
        .bind_real(6, c.before.volatility)
        .bind_real(7, c.after.rating)
        .bind_real(8, c.after.deviation)
        .bind_real(9, c.after.volatility)
        .bind(10, now);
    change.run();
  }
  tx.commit();
  return out;
}

std::vector<StoredRating> SqliteRatings::ratings_of(std::int64_t account) const {
  constexpr const char* kWhat = "ratings_of";
  Statement st(db_,
               "SELECT pool, rating, deviation, volatility, games, rated_at FROM ratings "
               "WHERE account_id = ?1 ORDER BY pool",
               kWhat);
  st.bind(1, account);
  std::vector<StoredRating> out;
  while (st.step()) out.push_back({st.text(0), read_rating(st, 1), st.int64(4), st.int64(5)});
  return out;
}

std::vector<RatingPoint> SqliteRatings::history(std::int64_t account, std::string_view pool,
                                                int limit) const {
  constexpr const char* kWhat = "rating history";
  if (limit < 1 || limit > 1000) throw StorageError("rating history: limit out of range");
  Statement st(db_,
               "SELECT source, at, rating, deviation, volatility FROM rating_changes "
               "WHERE account_id = ?1 AND pool = ?2 ORDER BY at DESC, source DESC LIMIT ?3",
               kWhat);
  st.bind(1, account).bind(2, pool).bind(3, static_cast<std::int64_t>(limit));
  std::vector<RatingPoint> out;
  while (st.step()) out.push_back({st.int64(0), st.int64(1), read_rating(st, 2)});
  std::reverse(out.begin(), out.end());
  return out;
}

}  // namespace whist::storage::detail
