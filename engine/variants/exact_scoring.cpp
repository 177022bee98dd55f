#include "engine/variants/exact_scoring.hpp"

#include <cstdlib>

namespace whist {

int score_exact(int bid, int tricks) {
  return bid == tricks ? 10 + tricks : -3 - std::abs(tricks - bid);
}

}  // namespace whist
