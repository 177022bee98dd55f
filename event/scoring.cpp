#include "event/scoring.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace whist::event {
namespace {

struct Tally {
  double score = 0;
  int boards = 0;
};

// Each side's points on one board, keyed by direction (0 N/S, 1 E/W) and
// pair number.
using Tallies = std::map<std::pair<int, int>, Tally>;

std::string check(const ScoreInput& input) {
  std::set<int> seen_boards;
  for (const BoardResults& b : input.boards) {
    if (b.board < 1) return "board numbers start at 1, not " + std::to_string(b.board);
    if (!seen_boards.insert(b.board).second) {
      return "board " + std::to_string(b.board) + " is listed twice";
    }
    std::set<std::pair<int, int>> seen;  // (direction, pair); a Howell: (0, pair)
    for (const Result& r : b.results) {
      if (r.ns < 1 || r.ew < 1) {
        return "board " + std::to_string(b.board) + ": pair numbers start at 1";
      }
      if (r.adjusted_ns_percent && *r.adjusted_ns_percent != 60 && *r.adjusted_ns_percent != 50 &&
          *r.adjusted_ns_percent != 40) {
        return "board " + std::to_string(b.board) + ": an adjusted score is 60/40, 50/50 or 40/60";
      }
      const bool howell = input.movement == PairsMovement::kHowell;
      const std::pair<int, int> ns{0, r.ns};
      const std::pair<int, int> ew{howell ? 0 : 1, r.ew};
      for (const auto& side : {ns, ew}) {
        if (!seen.insert(side).second) {
          return "board " + std::to_string(b.board) + ": pair " + std::to_string(side.second) +
                 " has two results";
        }
      }
    }
  }
  return {};
}

// Matchpoints of each played result's two sides on one board, factored to
// `expected` results (Neuberg), and the adjusted results' shares.
Traveller matchpoint_board(const BoardResults& b, int expected) {
  Traveller t{b.board, 2.0 * (expected - 1), {}};
  int played = 0;
  for (const Result& r : b.results) played += r.adjusted_ns_percent ? 0 : 1;
  const double factor = played > 0 ? static_cast<double>(expected) / played : 0;
  for (const Result& r : b.results) {
    TravellerLine line{r, 0, 0};
    if (r.adjusted_ns_percent) {
      const double share = *r.adjusted_ns_percent / 100.0;
      line.ns_points = share * t.top;
      line.ew_points = (1 - share) * t.top;
      t.lines.push_back(line);
      continue;
    }
    const double net = r.ns_score - r.ew_score;
    double ns_mp = 0;
    double ew_mp = 0;
    for (const Result& o : b.results) {
      if (&o == &r || o.adjusted_ns_percent) continue;
      const double other = o.ns_score - o.ew_score;
      if (net > other) {
        ns_mp += 2;
      } else if (net < other) {
        ew_mp += 2;
      } else {
        ns_mp += 1;
        ew_mp += 1;
      }
    }
    line.ns_points = (ns_mp + 1) * factor - 1;
    line.ew_points = (ew_mp + 1) * factor - 1;
    t.lines.push_back(line);
  }
  return t;
}

// Each side's own points; an adjusted result its percentage of twice its
// direction's average on the board, or, when that average is below zero
// (bid whist's contracts set), as far above or below the average as that
// would be from its size: 60% of an average of -2 is -1.6, not -2.4.
double adjusted_points(double share, double average) {
  return average + (2 * share - 1) * std::abs(average);
}

// A board by totals: each side's own points, or adjusted_points.
Traveller total_board(const BoardResults& b) {
  double ns_sum = 0;
  double ew_sum = 0;
  int played = 0;
  for (const Result& r : b.results) {
    if (r.adjusted_ns_percent) continue;
    ns_sum += r.ns_score;
    ew_sum += r.ew_score;
    ++played;
  }
  const double ns_average = played > 0 ? ns_sum / played : 0;
  const double ew_average = played > 0 ? ew_sum / played : 0;
  Traveller t{b.board, 0, {}};
  for (const Result& r : b.results) {
    TravellerLine line{r, r.ns_score, r.ew_score};
    if (r.adjusted_ns_percent) {
      const double share = *r.adjusted_ns_percent / 100.0;
      line.ns_points = adjusted_points(share, ns_average);
      line.ew_points = adjusted_points(1 - share, ew_average);
    }
    t.lines.push_back(line);
  }
  return t;
}

long long hundredths(double v) { return std::llround(v * 100); }

std::vector<Standing> ranked(const Tallies& tallies, int direction, bool matchpoints,
                             int expected) {
  std::vector<Standing> list;
  for (const auto& [key, t] : tallies) {
    if (key.first != direction) continue;
    Standing s;
    s.pair = key.second;
    s.score = t.score;
    s.boards = t.boards;
    if (matchpoints) {
      const double most = t.boards * 2.0 * (expected - 1);
      s.percent = most > 0 ? t.score / most * 100 : 50.0;
    }
    list.push_back(s);
  }
  auto value = [&](const Standing& s) { return hundredths(s.percent ? *s.percent : s.score); };
  std::sort(list.begin(), list.end(), [&](const Standing& x, const Standing& y) {
    if (value(x) != value(y)) return value(x) > value(y);
    return x.pair < y.pair;
  });
  for (size_t i = 0; i < list.size(); ++i) {
    list[i].rank =
        i > 0 && value(list[i]) == value(list[i - 1]) ? list[i - 1].rank : static_cast<int>(i) + 1;
  }
  return list;
}

}  // namespace

double two_decimals(double v) { return static_cast<double>(hundredths(v)) / 100.0; }

std::variant<std::vector<Traveller>, std::string> travellers(const ScoreInput& input) {
  if (std::string why = check(input); !why.empty()) return why;
  int expected = 0;
  for (const BoardResults& b : input.boards) {
    expected = std::max(expected, static_cast<int>(b.results.size()));
  }
  std::vector<Traveller> out;
  for (const BoardResults& b : input.boards) {
    out.push_back(input.scoring == ScoringMethod::kMatchpoints ? matchpoint_board(b, expected)
                                                               : total_board(b));
  }
  return out;
}

std::variant<Standings, std::string> score_event(const ScoreInput& input) {
  auto boards = travellers(input);
  if (auto* why = std::get_if<std::string>(&boards)) return *why;
  const bool howell = input.movement == PairsMovement::kHowell;
  const bool matchpoints = input.scoring == ScoringMethod::kMatchpoints;
  int expected = 0;
  Tallies tallies;
  for (const Traveller& t : std::get<std::vector<Traveller>>(boards)) {
    expected = std::max(expected, static_cast<int>(t.lines.size()));
    for (const TravellerLine& line : t.lines) {
      Tally& ns = tallies[{0, line.result.ns}];
      ns.score += line.ns_points;
      ++ns.boards;
      Tally& ew = tallies[{howell ? 0 : 1, line.result.ew}];
      ew.score += line.ew_points;
      ++ew.boards;
    }
  }
  Standings out;
  if (howell) {
    out.pairs = ranked(tallies, 0, matchpoints, expected);
  } else {
    out.ns = ranked(tallies, 0, matchpoints, expected);
    out.ew = ranked(tallies, 1, matchpoints, expected);
  }
  return out;
}

std::vector<PlayerStanding> drive_standings(const std::vector<DriveResult>& results) {
  std::map<int, PlayerStanding> by_player;
  for (const DriveResult& r : results) {
    for (size_t seat = 0; seat < 4; ++seat) {
      PlayerStanding& p = by_player[r.players[seat]];
      p.player = r.players[seat];
      p.score += seat % 2 == 0 ? r.ns_score : r.ew_score;
      ++p.boards;
    }
  }
  std::vector<PlayerStanding> list;
  bool same = true;
  for (const auto& [player, p] : by_player) {
    same = same && p.boards == by_player.begin()->second.boards;
    list.push_back(p);
  }
  // a before b: a higher total (or points per board, compared exactly).
  auto better = [same](const PlayerStanding& a, const PlayerStanding& b) {
    return same ? a.score > b.score : a.score * b.boards > b.score * a.boards;
  };
  std::stable_sort(list.begin(), list.end(), better);
  for (size_t i = 0; i < list.size(); ++i) {
    const bool tied = i > 0 && !better(list[i - 1], list[i]);
    list[i].rank = tied ? list[i - 1].rank : static_cast<int>(i) + 1;
  }
  return list;
}

}  // namespace whist::event
