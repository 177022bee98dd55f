// The engine's positions in libdds's terms (Debian's libdds-dev, the bridge
// double-dummy solver), for the solver's tests and benchmark. Seats are DDS
// hands (0 North, 1 East, 2 South, 3 West: clockwise like seats, partners
// opposite); DDS suits are 0 spades .. 3 clubs, 4 no trump; ranks 2..14 as
// bits.
#pragma once

#include <dds/dll.h>

#include <map>

#include "engine/ai/solver.hpp"

namespace whist::test {

inline int dds_suit(int suit) { return 3 - suit; }

inline deal dds_deal(const ai::Position& p) {
  deal d{};
  d.trump = p.trump == kNoSuit ? 4 : dds_suit(p.trump);
  d.first = p.trick.leader;
  for (int i = 0; i < p.trick.size; ++i) {
    const Card c = p.trick.cards[static_cast<size_t>(i)];
    d.currentTrickSuit[i] = dds_suit(suit_of(c));
    d.currentTrickRank[i] = rank_of(c) + 2;
  }
  for (int h = 0; h < 4; ++h)
    for (CardSet s = p.hands[static_cast<size_t>(h)]; s; s &= s - 1) {
      const Card c = lowest(s);
      d.remainCards[h][dds_suit(suit_of(c))] |= 1U << (rank_of(c) + 2);
    }
  return d;
}

// Each card's value from libdds's answer, equal cards expanded.
inline std::map<Card, int> dds_values(const futureTricks& f) {
  std::map<Card, int> out;
  for (int i = 0; i < f.cards; ++i) {
    const int suit = 3 - f.suit[i];
    out[make_card(suit, f.rank[i] - 2)] = f.score[i];
    for (int r = 2; r <= 14; ++r)
      if (f.equals[i] >> r & 1) out[make_card(suit, r - 2)] = f.score[i];
  }
  return out;
}

}  // namespace whist::test
