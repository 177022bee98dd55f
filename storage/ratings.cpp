// Ratings: a finished game rated once from its results, each player's
// rating per pool, and the history of changes. See rating_store.hpp for
// who is rated and how, and the schema comment in schema.cpp (version 7)
// for the tables.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "storage/sql.hpp"
#include "storage/sql_stores.hpp"

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

// The seats of a finished game, as its results hold them, and its pool
// (its variant's name). Throws StorageError for a game with no results or
// a variant with no pool.
std::vector<RatedSeat> read_seats(Connection* db, std::int64_t game_id, std::string& pool) {
  constexpr const char* kWhat = "rating a game";
  std::vector<RatedSeat> seats;
  Statement st(db,
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
    pool = st.text(5);
    seats.push_back(s);
  }
  if (seats.empty())
    throw StorageError("rate_game: game " + std::to_string(game_id) + " has no results");
  if (pool != "classic" && pool != "bid" && pool != "exact")
    throw StorageError("rate_game: no rating pool for variant \"" + pool + "\"");
  return seats;
}

// Each rated player's change, from the seats' ratings at the start (their
// `before`), by account id.
std::vector<RatingChange> changes_of(const std::vector<RatedSeat>& seats, bool exact) {
  std::vector<RatingChange> out;
  for (size_t i = 0; i < seats.size(); ++i) {
    if (seats[i].account == 0) continue;
    const auto results = results_of(seats, i, exact);
    out.push_back({seats[i].account, seats[i].before, rating::update(seats[i].before, results)});
  }
  std::sort(out.begin(), out.end(),
            [](const RatingChange& a, const RatingChange& b) { return a.account < b.account; });
  return out;
}

// A game's stored changes, by account id.
std::vector<RatingChange> stored_changes(Connection* db, std::string_view pool,
                                         std::int64_t game_id) {
  Statement st(db,
               "SELECT account_id, rating_before, deviation_before, volatility_before, "
               "rating, deviation, volatility FROM rating_changes "
               "WHERE pool = ?1 AND source = ?2 ORDER BY account_id",
               "reading rating changes");
  st.bind(1, pool).bind(2, game_id);
  std::vector<RatingChange> out;
  while (st.step()) out.push_back({st.int64(0), read_rating(st, 1), read_rating(st, 4)});
  return out;
}

// A change: pool, source, account, the rating before (4 to 6) and after
// (7 to 9), and its time.
constexpr const char* kInsertChange =
    "INSERT INTO rating_changes(pool, source, account_id, rating_before, deviation_before, "
    "volatility_before, rating, deviation, volatility, at) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)";

void write_rating(Statement& st, int first, const rating::Rating& r) {
  st.bind_real(first, r.rating)
      .bind_real(first + 1, r.deviation)
      .bind_real(first + 2, r.volatility);
}

}  // namespace

GameRating SqlRatings::rate_game(std::int64_t game_id, std::int64_t now) {
  constexpr const char* kWhat = "rate_game";
  Transaction tx(db_, kWhat);
  GameRating out;
  std::vector<RatedSeat> seats = read_seats(db_, game_id, out.pool);
  // Rated before: the stored changes.
  out.changes = stored_changes(db_, out.pool, game_id);
  if (!out.changes.empty()) {
    tx.commit();
    return out;
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
  out.changes = changes_of(seats, out.pool == "exact");
  Statement rating(db_,
                   "INSERT INTO ratings(account_id, pool, rating, deviation, volatility, games, "
                   "rated_at) VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6) "
                   "ON CONFLICT (account_id, pool) DO UPDATE SET rating = excluded.rating, "
                   "deviation = excluded.deviation, volatility = excluded.volatility, "
                   "games = ratings.games + 1, rated_at = excluded.rated_at",
                   kWhat);
  Statement change(db_, kInsertChange, kWhat);
  for (const RatingChange& c : out.changes) {
    rating.reset();
    rating.bind(1, c.account).bind(2, out.pool).bind(6, now);
    write_rating(rating, 3, c.after);
    rating.run();
    change.reset();
    change.bind(1, out.pool).bind(2, game_id).bind(3, c.account).bind(10, now);
    write_rating(change, 4, c.before);
    write_rating(change, 7, c.after);
    change.run();
  }
  tx.commit();
  return out;
}

std::vector<StoredRating> SqlRatings::ratings_of(std::int64_t account) const {
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

std::vector<RatingPoint> SqlRatings::history(std::int64_t account, std::string_view pool,
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

std::vector<RatingLeader> SqlRatings::leaderboard(std::string_view pool, const LeaderRule& rule,
                                                  std::int64_t now, int limit) const {
  constexpr const char* kWhat = "rating leaderboard";
  if (limit < 1 || limit > 1000) throw StorageError("rating leaderboard: limit out of range");
  // Those recent and experienced enough; the deviation's rule needs the
  // idle days, so it is applied here, in rating order.
  Statement st(db_,
               "SELECT a.id, a.username, r.rating, r.deviation, r.volatility, r.games, "
               "r.rated_at FROM ratings r JOIN accounts a ON a.id = r.account_id "
               "WHERE r.pool = ?1 AND r.games >= ?2 AND r.rated_at >= ?3 AND a.banned = 0 AND "
               "a.deleted_at = 0 "
               "ORDER BY r.rating DESC, r.deviation ASC, a.id ASC",
               kWhat);
  st.bind(1, pool).bind(2, rule.min_games).bind(3, now - rule.max_idle_days * 86400);
  std::vector<RatingLeader> out;
  while (st.step() && static_cast<int>(out.size()) < limit) {
    RatingLeader r{st.int64(0),
                   st.text(1),
                   {std::string(pool), read_rating(st, 2), st.int64(5), st.int64(6)},
                   0};
    const double days = static_cast<double>(now - r.stored.rated_at) / kSecondsPerDay;
    r.deviation = rating::idle(r.stored.rating, days).deviation;
    if (r.deviation <= rule.max_deviation) out.push_back(std::move(r));
  }
  return out;
}

namespace {

// A recomputed rating: where it stands after the games so far.
struct Standing {
  rating::Rating rating;
  std::int64_t games = 0;
  std::int64_t at = 0;  // the last rated game's time
};

bool same(const rating::Rating& a, const rating::Rating& b) {
  auto close = [](double x, double y) {
    return std::abs(x - y) <= 1e-9 * std::max(1.0, std::abs(x));
  };
  return close(a.rating, b.rating) && close(a.deviation, b.deviation) &&
         close(a.volatility, b.volatility);
}

std::string text(const rating::Rating& r) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%.4f / %.4f / %.6f", r.rating, r.deviation, r.volatility);
  return buf;
}

using Standings = std::map<std::pair<std::int64_t, std::string>, Standing>;

// The stored ratings against the recomputed ones, both ways.
void compare_ratings(Connection* db, const Standings& now, std::vector<std::string>& differences) {
  Statement st(db,
               "SELECT account_id, pool, rating, deviation, volatility, games, rated_at "
               "FROM ratings ORDER BY account_id, pool",
               "reading the ratings");
  std::set<std::pair<std::int64_t, std::string>> seen;
  while (st.step()) {
    const std::pair<std::int64_t, std::string> key{st.int64(0), st.text(1)};
    seen.insert(key);
    const std::string who = "account " + std::to_string(key.first) + " (" + key.second + ")";
    const auto it = now.find(key);
    if (it == now.end()) {
      differences.push_back(who + ": a rating is stored, but no rated game made it");
      continue;
    }
    const Standing& want = it->second;
    if (!same(read_rating(st, 2), want.rating) || st.int64(5) != want.games ||
        st.int64(6) != want.at)
      differences.push_back(who + ": stored " + text(read_rating(st, 2)) + " after " +
                            std::to_string(st.int64(5)) + " games, recomputed " +
                            text(want.rating) + " after " + std::to_string(want.games));
  }
  for (const auto& [key, want] : now)
    if (!seen.count(key))
      differences.push_back("account " + std::to_string(key.first) + " (" + key.second +
                            "): rated, but no rating is stored");
}

constexpr const char* kRebuilding = "rebuilding the ratings";

// A rated game: its pool, its id and when it was rated.
struct Rated {
  std::string pool;
  std::int64_t game = 0, at = 0;
};

// The rated games in the order they were rated (their time, then their id).
std::vector<Rated> rated_games(Connection* db) {
  std::vector<Rated> games;
  Statement st(db,
               "SELECT pool, source, max(at) FROM rating_changes GROUP BY pool, source "
               "ORDER BY 3, 2",
               kRebuilding);
  while (st.step()) games.push_back({st.text(0), st.int64(1), st.int64(2)});
  return games;
}

// A game's rated seats, each with its player's rating as it was then (idle
// days counted from `now`); nothing, with the difference said, when the
// game's results are gone or of another pool.
std::optional<std::vector<RatedSeat>> seats_then(Connection* db, const Rated& g,
                                                 const Standings& now,
                                                 std::vector<std::string>& differences) {
  const std::string where = "game " + std::to_string(g.game) + " (" + g.pool + ")";
  std::string pool;
  std::vector<RatedSeat> seats;
  try {
    seats = read_seats(db, g.game, pool);
  } catch (const StorageError& e) {
    differences.push_back(where + ": " + e.what());
    return std::nullopt;
  }
  if (pool != g.pool) {
    differences.push_back(where + ": its results are of pool " + pool);
    return std::nullopt;
  }
  for (RatedSeat& s : seats) {
    if (s.account == 0) continue;
    if (auto it = now.find({s.account, pool}); it != now.end())
      s.before = rating::idle(it->second.rating,
                              static_cast<double>(g.at - it->second.at) / kSecondsPerDay);
  }
  return seats;
}

// The ratings table written again from the recomputed standings.
void write_standings(Connection* db, const Standings& now) {
  Statement clear(db, "DELETE FROM ratings", kRebuilding);
  clear.run();
  Statement put(db,
                "INSERT INTO ratings(account_id, pool, rating, deviation, volatility, games, "
                "rated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                kRebuilding);
  for (const auto& [key, st] : now) {
    put.reset();
    put.bind(1, key.first).bind(2, key.second).bind(6, st.games).bind(7, st.at);
    write_rating(put, 3, st.rating);
    put.run();
  }
}

}  // namespace

RatingAudit SqlRatings::rebuild(bool write) {
  constexpr const char* kWhat = kRebuilding;
  Transaction tx(db_, kWhat);
  RatingAudit out;
  const std::vector<Rated> games = rated_games(db_);
  Standings now;
  Statement update(db_,
                   "UPDATE rating_changes SET rating_before = ?4, deviation_before = ?5, "
                   "volatility_before = ?6, rating = ?7, deviation = ?8, volatility = ?9 "
                   "WHERE pool = ?1 AND source = ?2 AND account_id = ?3",
                   kWhat);
  Statement insert(db_, kInsertChange, kWhat);
  Statement remove(
      db_, "DELETE FROM rating_changes WHERE pool = ?1 AND source = ?2 AND account_id = ?3", kWhat);
  for (const Rated& g : games) {
    const std::string where = "game " + std::to_string(g.game) + " (" + g.pool + ")";
    const auto seats = seats_then(db_, g, now, out.differences);
    if (!seats) continue;
    const std::string& pool = g.pool;
    const auto changes = changes_of(*seats, pool == "exact");
    const auto stored = stored_changes(db_, pool, g.game);
    ++out.games;
    for (const RatingChange& c : changes) {
      ++out.changes;
      const std::string who = where + ", account " + std::to_string(c.account);
      const auto s = std::find_if(stored.begin(), stored.end(),
                                  [&](const RatingChange& x) { return x.account == c.account; });
      if (s == stored.end()) {
        out.differences.push_back(who + ": rated, but no change is stored");
        if (write) {
          insert.reset();
          insert.bind(1, pool).bind(2, g.game).bind(3, c.account).bind(10, g.at);
          write_rating(insert, 4, c.before);
          write_rating(insert, 7, c.after);
          insert.run();
        }
      } else if (!same(s->before, c.before) || !same(s->after, c.after)) {
        out.differences.push_back(who + ": stored " + text(s->before) + " -> " + text(s->after) +
                                  ", recomputed " + text(c.before) + " -> " + text(c.after));
        if (write) {
          update.reset();
          update.bind(1, pool).bind(2, g.game).bind(3, c.account);
          write_rating(update, 4, c.before);
          write_rating(update, 7, c.after);
          update.run();
        }
      }
      Standing& st = now[{c.account, pool}];
      st.rating = c.after;
      ++st.games;
      st.at = g.at;
    }
    for (const RatingChange& s : stored) {
      if (std::any_of(changes.begin(), changes.end(),
                      [&](const RatingChange& c) { return c.account == s.account; }))
        continue;
      out.differences.push_back(where + ", account " + std::to_string(s.account) +
                                ": a change is stored, but the results rate nobody there");
      if (write) {
        remove.reset();
        remove.bind(1, pool).bind(2, g.game).bind(3, s.account);
        remove.run();
      }
    }
  }
  out.players = static_cast<std::int64_t>(now.size());
  compare_ratings(db_, now, out.differences);
  if (write && !out.differences.empty()) {
    write_standings(db_, now);
    out.written = true;
  }
  tx.commit();
  return out;
}

}  // namespace whist::storage::detail
