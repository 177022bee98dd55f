// A trick in progress: who led, the cards in play order, the suit to follow
// and the card winning so far.
#pragma once

#include <array>
#include <cstdint>

#include "engine/card.hpp"

namespace whist {

struct Trick {
  std::int8_t leader = 0;
  std::int8_t size = 0;         // cards played so far
  std::int8_t led_suit = -1;    // suit to follow; -1 until set
  std::int8_t best = -1;        // index into cards of the winning card so far
  std::int8_t best_value = -1;  // its value: 32+ a trump, 16+ the suit led, 0 neither
  std::array<Card, 6> cards{};  // in play order, from the leader

  int seat_of(int i, int players) const {
    const int s = leader + i;
    return s >= players ? s - players : s;
  }
  int winner(int players) const { return seat_of(best, players); }
};

// A finished trick, for observations and records of play.
struct PlayedTrick {
  std::int8_t leader = 0;
  std::int8_t winner = 0;
  std::int8_t size = 0;
  std::array<Card, 6> cards{};
};

}  // namespace whist
