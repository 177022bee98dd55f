// Scoring a pairs event: every board's results become each pair's score,
// by matchpoints or by totals, and the pairs are ranked (whist-score; the
// server's standings). docs/events.md#scoring states the rules; in short:
//
// - A result is one table's play of one board: the N/S and E/W pairs and
//   each side's own points on it under the variant's scoring (in classic
//   whist both may score: odd tricks to one side, honours to the other).
// - Matchpoints compare the net result (N/S points less E/W points) within
//   each direction on each board: 2 for each result beaten, 1 for each tie.
//   A board with fewer results than the most-played board (E results) is
//   factored up by Neuberg's formula on the 2-per-beat scale,
//   F = (M + 1) x E / A - 1, A being the results compared.
// - An adjusted result ("60/40", "50/50", "40/60") gives each side that
//   percentage of the top, 2 x (E - 1); the board's other results are
//   compared without it (and so factored as above).
// - Percent = score / (boards the pair played x 2 x (E - 1)) x 100 (50 for
//   everyone when every board was played once: there is nothing to beat).
// - Totals add each pair's own points. An adjusted result there gives each
//   side its percentage of twice its direction's average on that board (50%
//   is the average of the results played; 0 when none was).
// - Ranks: by percent (matchpoints) or score (totals), as printed to two
//   decimals; equal values share the better rank.
// - Mitchell pairs are numbered per direction and ranked per direction; a
//   Howell's are numbered overall, compared in the direction they sat on
//   each board, and ranked in one list.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace whist::event {

enum class PairsMovement { kMitchell, kHowell };
enum class ScoringMethod { kMatchpoints, kTotal };

struct Result {
  int ns = 0;
  int ew = 0;
  double ns_score = 0;
  double ew_score = 0;
  // An adjusted result: N/S's percentage (60, 50 or 40), E/W having the rest.
  std::optional<int> adjusted_ns_percent;
};

struct BoardResults {
  int board = 0;
  std::vector<Result> results;
};

struct ScoreInput {
  PairsMovement movement = PairsMovement::kMitchell;
  ScoringMethod scoring = ScoringMethod::kMatchpoints;
  std::vector<BoardResults> boards;
};

struct Standing {
  int pair = 0;
  double score = 0;
  std::optional<double> percent;  // matchpoints only
  int rank = 0;
  int boards = 0;  // boards the pair played
};

struct Standings {
  // Mitchell: one list per direction; Howell: `pairs`.
  std::vector<Standing> ns;
  std::vector<Standing> ew;
  std::vector<Standing> pairs;
};

// One table's result on a board and the points each side earned with it:
// matchpoints (factored; an adjusted result's share of the top) or, for
// totals, the side's own points (an adjusted result's share of the
// average). A board's traveller lists every table's.
struct TravellerLine {
  Result result;
  double ns_points = 0;
  double ew_points = 0;
};

struct Traveller {
  int board = 0;
  double top = 0;  // matchpoints: 2 x (E - 1); totals: 0
  std::vector<TravellerLine> lines;
};

// Every board's traveller, in the input's order, or a one-line message (as
// score_event's).
std::variant<std::vector<Traveller>, std::string> travellers(const ScoreInput& input);

// The standings, or a one-line message naming what is malformed (a pair
// twice on one board, a board listed twice, a pair number below 1).
std::variant<Standings, std::string> score_event(const ScoreInput& input);

// A whist drive's play of one board at one table: the players at north,
// east, south and west (N-S partners, E-W partners) and each side's own
// points (its odd tricks, and honours where the event counts them).
struct DriveResult {
  int board = 0;
  std::array<int, 4> players{};
  double ns_score = 0;
  double ew_score = 0;
};

struct PlayerStanding {
  int player = 0;
  double score = 0;  // the player's side's points, added up
  int boards = 0;    // boards played (not those sat out)
  int rank = 0;
};

// A drive's standings: each player's side's points added up over the
// boards they played, by the total when everyone played as many boards,
// else by points per board played (so a round sat out costs nothing);
// equal values share the better rank.
std::vector<PlayerStanding> drive_standings(const std::vector<DriveResult>& results);

// A value as standings print it: rounded to two decimals.
double two_decimals(double v);

}  // namespace whist::event
