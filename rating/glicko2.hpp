// Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2012):
// a rating, its deviation (how sure we are of it) and its volatility (how
// much it is expected to move), updated from the games of one rating
// period. The standard library only: no clock, no storage; the caller says
// which games and how many idle days.
//
// How whistd uses the algorithm:
// - A rating period is one day, as Lichess does, applied per game: each
//   game is a period of its own, and the days since the player's last rated
//   game first widen the deviation as that many empty periods would
//   (phi^2 + days * sigma^2, fractions of a day included), up to the
//   starting deviation. The rating of a player back after a month is less
//   certain than that of one who played yesterday, and moves more.
// - tau, the constraint on the volatility's change, is 0.75: Glickman
//   suggests 0.3 to 1.2; whist has more luck in a game than chess, but a
//   player's form does change, and Lichess's 0.75 has served well.
// - A game's results may carry weights (the weight multiplies a result's
//   terms in v and Delta): the pairwise results of one exact-bid game share
//   a weight of 1 / (N - 1), so a game of N players counts as one game.
// - A side of several players meets an opponent side as one composite
//   player: the mean of its ratings and the root mean square of its
//   deviations (composite()).
#pragma once

#include <span>
#include <vector>

namespace whist::rating {

struct Rating {
  double rating = 1500;
  double deviation = 350;
  double volatility = 0.06;
};

// A starting rating, and the deviation above which a rating is provisional
// (shown with a "?").
inline constexpr Rating kStart{};
inline constexpr double kProvisionalDeviation = 110;

inline bool provisional(const Rating& r) { return r.deviation > kProvisionalDeviation; }

struct Settings {
  double tau = 0.75;
  double max_deviation = 350;  // the deviation never grows past the start's
  double epsilon = 1e-6;       // the volatility iteration's convergence
};

// One result of a period: the opponent as they were before it, the score
// (1 a win, 0.5 a draw, 0 a loss) and its weight.
struct Result {
  Rating opponent;
  double score = 0;
  double weight = 1;
};

// The rating after `days` without a game: the deviation widens as that many
// empty rating periods would (Glickman's step 6, repeated), up to the
// settings' maximum.
Rating idle(const Rating& r, double days, const Settings& s = {});

// The rating after one period with `results` (Glickman's steps 2 to 8).
// With no results, one empty period (idle for one day).
Rating update(const Rating& r, std::span<const Result> results, const Settings& s = {});

// A side of players as one opponent: mean rating, root mean square
// deviation, mean volatility. The side must not be empty.
Rating composite(std::span<const Rating> side);

// The results of one player in a game of N players ranked by place
// (lower is better, equal places a draw): one result against each other
// player, each weighted 1 / (N - 1). `ranks[i]` is player i's place.
std::vector<Result> ranked_results(std::span<const Rating> players, std::span<const int> ranks,
                                   int me);

}  // namespace whist::rating
