#include "engine/variants/classic_scoring.hpp"

#include <algorithm>

namespace whist {

ClassicDealScore score_classic_deal(std::array<int, 2> tricks, DealtHonours honours,
                                    std::array<int, 2> before, int play_to, Honours option,
                                    bool bar) {
  ClassicDealScore out;
  // Tricks: one point per trick over six to the side that took seven or more.
  for (int side = 0; side < 2; ++side)
    if (tricks[static_cast<size_t>(side)] > 6)
      out.score[static_cast<size_t>(side)] = tricks[static_cast<size_t>(side)] - 6;
  const bool tricks_ended_game =
      before[0] + out.score[0] >= play_to || before[1] + out.score[1] >= play_to;
  if (option == Honours::kOff || honours.side < 0 || tricks_ended_game) return out;

  // Honours: 2 for three, 4 for all four; capped never reaches play_to; a
  // side barred at game point scores none.
  const auto s = static_cast<size_t>(honours.side);
  if (bar && before[s] == play_to - 1) return out;
  int points = honours.count == 4 ? 4 : 2;
  if (option == Honours::kCapped) {
    const int total = before[s] + out.score[s];
    points = std::max(0, std::min(points, play_to - 1 - total));
  }
  out.honours[s] = points;
  out.score[s] += points;
  return out;
}

int rubber_game_value(int losers_score, int play_to) {
  if (losers_score <= 0) return 3;
  return 2 * losers_score < play_to ? 2 : 1;
}

int rubber_points(const std::vector<RubberGame>& games, int winner) {
  int points = 2;
  for (const RubberGame& g : games) points += g.winner == winner ? g.value : -g.value;
  return points;
}

}  // namespace whist
