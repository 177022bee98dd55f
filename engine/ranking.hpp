// How cards rank in a deal, for each way a deal can be played: a trump suit
// or none, uptown or downtown, and whether jokers are trumps (bid whist's
// trump contracts). Built once; a game points at the one its deal uses.
#pragma once

#include <array>
#include <cstdint>

#include "engine/card.hpp"

namespace whist {

struct Ranking {
  // The suit each card counts as: jokers take the trump suit when they are
  // trumps, else kNoSuit.
  std::array<std::uint8_t, 54> suit_as{};
  // A card's value in a trick: 32 + its power for a trump; 16 + its power
  // when it is of the suit led (plain_value); otherwise 0. Power: uptown 2
  // lowest to ace 13, downtown king lowest to 2, then the ace 13; jokers as
  // trumps 14 (black) and 15 (red).
  std::array<std::uint8_t, 54> trump_value{};
  std::array<std::uint8_t, 54> plain_value{};
  // The cards that follow a suit led, by suit + 1; entry 0 holds every card
  // (nothing to follow yet, or only no-trump jokers played).
  std::array<CardSet, 6> follow{};
};

// trump: 0..3, or kNoSuit for no trump.
const Ranking& ranking(int trump, bool downtown, bool jokers_trump);

}  // namespace whist
