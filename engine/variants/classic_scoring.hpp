// Scoring of a classic whist deal: a pure function of the tricks, the
// honours as dealt, the scores before the deal and the options.
#pragma once

#include <array>

#include "engine/options.hpp"
#include "engine/variants/classic.hpp"

namespace whist {

struct ClassicDealScore {
  std::array<int, 2> score{};    // points added this deal, honours included
  std::array<int, 2> honours{};  // of which honours
};

ClassicDealScore score_classic_deal(std::array<int, 2> tricks, DealtHonours honours,
                                    std::array<int, 2> before, int play_to, Honours option);

}  // namespace whist
