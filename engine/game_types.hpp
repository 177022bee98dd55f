// Small value types of a game in progress: the phase, the calls and the
// contract of bid whist, and the result of a deal.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/action.hpp"

namespace whist {

enum class Phase : std::uint8_t {
  kAwaitingDeal,  // the next deal has not been given yet (records)
  kBidding,       // bid and exact
  kDiscard,       // bid: the declarer discards after taking the kitty
  kChoose,        // bid: the declarer names trump or the direction
  kPlay,
  kOver,
};

// One call of the bidding: a bid (level and mode, or tricks) or a pass.
struct Call {
  std::int8_t seat = 0;
  bool pass = false;
  std::int8_t level = 0;  // bid whist
  BidMode mode = BidMode::kUptown;
  std::int8_t tricks = 0;  // exact
};

// Bid whist: the winning bid. `declarer` is -1 before bidding ends.
struct Contract {
  std::int8_t declarer = -1;
  std::int8_t level = 0;
  BidMode mode = BidMode::kUptown;
};

// The result of one completed deal.
struct HandResult {
  std::vector<int> tricks;  // per side (book included in bid) or per player
  std::vector<int> score;   // points this deal added, honours included
  std::vector<int> honours;  // classic: honour points per side
  Contract contract;         // bid whist
  std::vector<int> bids;     // exact: each player's bid
  int trump = -1;            // the deal's trump suit, kNoSuit for no trump
};

}  // namespace whist
