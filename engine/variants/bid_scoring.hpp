// Scoring of a bid whist deal: a pure function of the contract, the tricks
// per side (the book counted for the declaring side) and the options.
#pragma once

#include <array>

#include "engine/action.hpp"
#include "engine/options.hpp"

namespace whist {

std::array<int, 2> score_bid_deal(int declaring_side, int level, BidMode mode,
                                  std::array<int, 2> tricks, const Options& o);

}  // namespace whist
