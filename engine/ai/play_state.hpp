// Card play with every hand known, for simulation: a sampled deal played
// out card by card (by the rule-based policy, or up to a point where the
// solver takes over). The same rules as the Game's play phase (following
// suit, exact whist's must-trump, jokers), without the Game's bookkeeping.
#pragma once

#include <array>

#include "engine/ai/solver.hpp"
#include "engine/card.hpp"
#include "engine/ranking.hpp"
#include "engine/trick.hpp"

namespace whist::ai {

// What the rule-based card policy looks at: the seat's own cards and legal
// cards, the cards it has not seen, the trick, and its aim.
struct CardContext {
  CardSet hand = 0;
  CardSet legal = 0;
  CardSet unseen = 0;  // not held and not yet played
  const Trick* trick = nullptr;
  const Ranking* rank = nullptr;
  int seat = 0;
  int players = 4;
  bool partnerships = true;
  // Exact whist: tricks still wanted (0 or less: take no more).
  int need = 0;
};

// The rule-based player's card.
Card rule_card(const CardContext& c);

struct PlayState {
  Position pos;                      // hands, trick, trump, rules of play
  std::array<int, kMaxSeats> won{};  // tricks won this deal
  std::array<int, kMaxSeats> bid{};  // exact whist: bids
  CardSet in_play = 0;               // every card still in a hand

  int to_play() const { return pos.to_play(); }
  bool done() const { return pos.hands[static_cast<size_t>(to_play())] == 0; }
  const Ranking& ranking() const { return *pos.ranking; }
  CardSet legal() const;
  void play(Card c);
  // The rule-based card for the seat to play.
  Card policy() const;
  // Plays to the end of the deal with the rule-based policy.
  void play_out();
  // Plays with the policy until each hand holds at most `cards` cards and a
  // trick is complete.
  void play_until(int cards);
};

// Recomputes the suit led, the winning card and its value of a trick from
// its cards (after cards were put into `t.cards` directly).
void settle_trick(Trick& t, const Ranking& rank);

}  // namespace whist::ai
