#include "engine/variants/bid_scoring.hpp"

namespace whist {

std::array<int, 2> score_bid_deal(int declaring_side, int level, BidMode mode,
                                  std::array<int, 2> tricks, const Options& o) {
  std::array<int, 2> score{};
  const auto d = static_cast<size_t>(declaring_side);
  const auto def = 1 - d;
  const int factor = (o.double_nt && mode == BidMode::kNoTrump) ? 2 : 1;
  if (tricks[d] >= 6 + level) {
    score[d] = (tricks[d] - 6) * factor;
  } else {
    score[d] = -level * factor;
  }
  if (o.defensive_scoring && tricks[def] > 6) score[def] = tricks[def] - 6;
  return score;
}

}  // namespace whist
