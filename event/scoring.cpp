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
void matchpoint_board(const BoardResults& b, int expected, Tallies& tallies, bool howell) {
  std::vector<const Result*> played;
  for (const Result& r : b.results) {
    if (!r.adjusted_ns_percent) played.push_back(&r);
  }
  const double top = 2.0 * (expected - 1);
  const double a = static_cast<double>(played.size());
  const int ew_dir = howell ? 0 : 1;
  for (const Result* r : played) {
    const double net = r->ns_score - r->ew_score;
    double ns_mp = 0;
    double ew_mp = 0;
    for (const Result* o : played) {
      if (o == r) continue;
      const double other = o->ns_score - o->ew_score;
      if (net > other) {
        ns_mp += 2;
      } else if (net < other) {
        ew_mp += 2;
      } else {
        ns_mp += 1;
        ew_mp += 1;
      }
    }
    const double factor = expected / a;
    Tally& ns = tallies[{0, r->ns}];
    ns.score += (ns_mp + 1) * factor - 1;
    ++ns.boards;
    Tally& ew = tallies[{ew_dir, r->ew}];
    ew.score += (ew_mp + 1) * factor - 1;
    ++ew.boards;
  }
  for (const Result& r : b.results) {
    if (!r.adjusted_ns_percent) continue;
    const double share = *r.adjusted_ns_percent / 100.0;
    Tally& ns = tallies[{0, r.ns}];
    ns.score += share * top;
    ++ns.boards;
    Tally& ew = tallies[{ew_dir, r.ew}];
    ew.score += (1 - share) * top;
    ++ew.boards;
  }
}

void total_board(const BoardResults& b, Tallies& tallies, bool howell) {
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
  const int ew_dir = howell ? 0 : 1;
  for (const Result& r : b.results) {
    Tally& ns = tallies[{0, r.ns}];
    Tally& ew = tallies[{ew_dir, r.ew}];
    if (r.adjusted_ns_percent) {
      const double share = *r.adjusted_ns_percent / 100.0;
      ns.score += 2 * share * ns_average;
      ew.score += 2 * (1 - share) * ew_average;
    } else {
      ns.score += r.ns_score;
      ew.score += r.ew_score;
    }
    ++ns.boards;
    ++ew.boards;
  }
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

std::variant<Standings, std::string> score_event(const ScoreInput& input) {
  if (std::string why = check(input); !why.empty()) return why;
  const bool howell = input.movement == PairsMovement::kHowell;
  const bool matchpoints = input.scoring == ScoringMethod::kMatchpoints;
  int expected = 0;
  for (const BoardResults& b : input.boards) {
    expected = std::max(expected, static_cast<int>(b.results.size()));
  }
  Tallies tallies;
  for (const BoardResults& b : input.boards) {
    if (matchpoints) {
      matchpoint_board(b, expected, tallies, howell);
    } else {
      total_board(b, tallies, howell);
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

}  // namespace whist::event
