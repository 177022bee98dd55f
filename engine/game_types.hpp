// Small value types of a game in progress: the phase, the calls and the
// contract of bid whist, and the result of a deal.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
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
  bool operator==(const Contract&) const = default;
};

// A number per side or per player (at most six), kept without allocating.
class PerSeat {
 public:
  PerSeat() = default;
  PerSeat(std::initializer_list<int> values) {
    for (int x : values) push_back(x);
  }
  void push_back(int x) { v_[static_cast<size_t>(n_++)] = x; }
  int size() const { return n_; }
  bool empty() const { return n_ == 0; }
  int operator[](int i) const { return v_[static_cast<size_t>(i)]; }
  const int* begin() const { return v_.data(); }
  const int* end() const { return v_.data() + n_; }
  std::vector<int> vec() const { return {begin(), end()}; }
  bool operator==(const PerSeat& o) const { return vec() == o.vec(); }

 private:
  std::array<int, 6> v_{};
  int n_ = 0;
};

// The result of one completed deal.
struct HandResult {
  PerSeat tricks;     // per side (book included in bid) or per player
  PerSeat score;      // points this deal added, honours included
  PerSeat honours;    // classic: honour points per side
  Contract contract;  // bid whist
  PerSeat bids;       // exact: each player's bid
  int trump = -1;     // the deal's trump suit, kNoSuit for no trump
  int game = 0;       // classic rubber: the game of the rubber (0-based)
};

// Classic rubber: one finished game of the rubber.
struct RubberGame {
  int winner = 0;  // the side that reached play_to
  PerSeat score;   // both sides' points at the game's end
  int value = 0;   // 3 (treble), 2 (double) or 1 (single)
  int deals = 0;   // the deals it took
};

}  // namespace whist
