// Helpers for the bid whist tests (bid_*_test.cpp): rules, the one-suit-a-
// seat deal, bidding where one seat bids, and finding events.
#pragma once

#include <initializer_list>
#include <string_view>
#include <utility>
#include <vector>

#include "tests/engine/scripted.hpp"

namespace whist::bid_test {

inline constexpr int kC = 0, kD = 1, kH = 2, kS = 3;
inline constexpr BidMode kUp = BidMode::kUptown;
inline constexpr BidMode kDown = BidMode::kDowntown;
inline constexpr BidMode kNT = BidMode::kNoTrump;

using Ints = std::vector<int>;

inline Rules bid(std::initializer_list<std::pair<std::string_view, OptionValue>> options = {}) {
  return test::rules(Variant::kBid, options);
}

inline Action play(int seat, const char* card) { return Action::play(seat, test::card(card)); }

// One suit a seat (2 to K), the aces and both jokers in the kitty.
inline DealSpec suit_a_seat() {
  return test::deal({"KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
                     "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"},
                    "AC AD AH AS BJ RJ");
}
inline const char* const kSuitASeatKitty = "AC AD AH AS BJ RJ";

// Bidding where `declarer` bids and everyone else passes (the dealer may
// pass once someone has bid). Returns the events of the last call.
inline Events only_bid(Game& g, int declarer, int level, BidMode mode) {
  Events last;
  for (int i = 0; i < 4; ++i) {
    const int s = g.current_seat();
    last = test::act(g, s == declarer ? Action::bid(s, level, mode) : Action::pass(s));
  }
  return last;
}

inline bool has_event(const Events& ev, EventType t) {
  for (const Event& e : ev)
    if (e.type == t) return true;
  return false;
}

inline const Event* find_event(const Events& ev, EventType t) {
  for (const Event& e : ev)
    if (e.type == t) return &e;
  return nullptr;
}

}  // namespace whist::bid_test
