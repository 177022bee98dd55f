#include "engine/variants/exact.hpp"

namespace whist {

bool hook_forbids(int bids_so_far, int tricks, int hand_size) {
  return bids_so_far + tricks == hand_size;
}

}  // namespace whist
