// Ratings: each registered player's Glicko-2 rating per pool, and every
// change, rated once per game from the game's stored results (rating/
// glicko2.hpp does the arithmetic).
//
// Pools: "classic", "bid" and "exact", a game's variant (every classic
// preset and option mix shares "classic"); "events" is kept for the
// events' results. Who is rated: the registered players at the game's
// seats (guests and computer players are not; as opponents they count at
// the starting rating, 1500 / 350 / 0.06).
// - Partnership games (classic, bid): each player against the other side as
//   one composite player (rating::composite), scoring 1 for a win, 0 for a
//   loss, 0.5 when neither side or both won.
// - Exact-bid games: the pairwise results by final score (a higher score
//   places higher, equal scores draw), weighted to count as one game.
// Before a game's result, the days since the player's last rated game widen
// their deviation (rating::idle): a rating period is a day, applied per game.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rating/glicko2.hpp"

namespace whist::storage {

struct RatingChange {
  std::int64_t account = 0;
  rating::Rating before;  // as it stood at the game's start (idle days applied)
  rating::Rating after;
};
struct GameRating {
  std::string pool;
  std::vector<RatingChange> changes;  // by account id
};
struct StoredRating {
  std::string pool;
  rating::Rating rating;
  std::int64_t games = 0;     // rated games in the pool
  std::int64_t rated_at = 0;  // the last one's time (Unix seconds)
};
// What a rebuild found (RatingStore::rebuild).
struct RatingAudit {
  std::int64_t games = 0;                // rated games recomputed
  std::int64_t changes = 0;              // players' changes recomputed
  std::int64_t players = 0;              // ratings (account and pool) recomputed
  std::vector<std::string> differences;  // one line each; none is expected
  bool written = false;                  // the recomputed values were stored
};
// Who a pool's rating leaderboard ranks.
struct LeaderRule {
  std::int64_t min_games = 10;  // rated games in the pool
  double max_deviation = 80;    // after the idle days up to now (rating::idle)
  std::int64_t max_idle_days = 30;
};
struct RatingLeader {
  std::int64_t account = 0;
  std::string name;
  StoredRating stored;
  double deviation = 0;  // widened by the idle days up to now
};
struct RatingPoint {
  std::int64_t source = 0;  // the game (or event) that made it
  std::int64_t at = 0;
  rating::Rating rating;  // after it
};

class RatingStore {
 public:
  virtual ~RatingStore() = default;

  // Rates a finished game from its stored results (ResultStore's
  // record_results first), in one transaction (a part of the open one, if
  // any), at time `now`. Once per game: a game rated before gives its stored
  // changes again and changes nothing. Throws StorageError for a game with
  // no results.
  virtual GameRating rate_game(std::int64_t game_id, std::int64_t now) = 0;
  // An account's ratings, by pool name (none for pools never rated in).
  virtual std::vector<StoredRating> ratings_of(std::int64_t account) const = 0;
  // An account's rating after each of its rated games in a pool, oldest
  // first: the last `limit` (1 to 1000).
  virtual std::vector<RatingPoint> history(std::int64_t account, std::string_view pool,
                                           int limit) const = 0;
  // A pool's best players by rating at time `now`, among those the rule
  // admits (banned accounts left out): the highest rating first, then the
  // lower stored deviation, then the lower account id; at most `limit`
  // (1 to 1000).
  virtual std::vector<RatingLeader> leaderboard(std::string_view pool, const LeaderRule& rule,
                                                std::int64_t now, int limit) const = 0;
  // Recomputes every rating from the stored results, from the start: the
  // rated games in the order they were rated (their time, then their id),
  // each with the idle days it had, and says wherever a stored change or
  // rating differs from the recomputed one. With `write`, the recomputed
  // values replace the stored ones. One transaction either way.
  virtual RatingAudit rebuild(bool write) = 0;
};

}  // namespace whist::storage
