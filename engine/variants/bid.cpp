#include "engine/variants/bid.hpp"

namespace whist {

namespace {
int mode_rank(BidMode m, bool low_beats_high) {
  switch (m) {
    case BidMode::kNoTrump: return 2;
    case BidMode::kDowntown: return low_beats_high ? 1 : 0;
    case BidMode::kUptown: return 0;
  }
  return 0;
}
}  // namespace

bool bid_beats(int level, BidMode mode, int best_level, BidMode best_mode, bool low_beats_high) {
  if (best_level == 0) return true;
  if (level != best_level) return level > best_level;
  return mode_rank(mode, low_beats_high) > mode_rank(best_mode, low_beats_high);
}

bool kitty_sported(SportKitty option, BidMode mode) {
  switch (option) {
    case SportKitty::kNever: return false;
    case SportKitty::kTrump: return mode != BidMode::kNoTrump;
    case SportKitty::kAlways: return true;
  }
  return false;
}

}  // namespace whist
