// Scoring of a classic whist deal: a pure function of the tricks, the
// honours as dealt, the scores before the deal and the options.
#pragma once

#include <array>
#include <vector>

#include "engine/game_types.hpp"
#include "engine/options.hpp"
#include "engine/variants/classic.hpp"

namespace whist {

struct ClassicDealScore {
  std::array<int, 2> score{};    // points added this deal, honours included
  std::array<int, 2> honours{};  // of which honours
};

// `bar`: option honours_bar, a side at play_to - 1 before the deal scores
// no honours.
ClassicDealScore score_classic_deal(std::array<int, 2> tricks, DealtHonours honours,
                                    std::array<int, 2> before, int play_to, Honours option,
                                    bool bar = false);

// A rubber's game: 3 (a treble) when the losers scored nothing, 2 (a double)
// when they scored less than half of play_to, else 1 (a single).
int rubber_game_value(int losers_score, int play_to);

// What a finished rubber is worth to its winners: the values of their games
// and 2 for the rubber, less the value of the losers' game, if any.
int rubber_points(const std::vector<RubberGame>& games, int winner);

}  // namespace whist
