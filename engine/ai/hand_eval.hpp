// Hand evaluation for bidding, discarding and naming trump: quick counts of
// the tricks a hand should take, shared by the rule-based player and the
// computer player (which checks them by simulation).
#pragma once

#include "engine/action.hpp"
#include "engine/card.hpp"
#include "engine/observation.hpp"
#include "engine/ranking.hpp"

namespace whist::ai {

// The ranking the observation's deal is played with (no trump until known).
const Ranking& ranking_of(const Observation& o);
// Cards still in play that the seat has not seen: the pack less its own
// hand, the cards played, and its own discards (bid whist's kitty when it
// is out of play and shown).
CardSet unseen_cards(const Observation& o);

// Tricks a hand should take in a direction (downtown: A 2 3 ... K) with the
// given trump (kNoSuit: none), jokers counted as top trumps when
// `jokers_trump`.
double hand_tricks(CardSet hand, int trump, bool downtown, bool jokers_trump);

// Bid whist: the contract a hand plays best and its tricks (own hand only).
struct BidPlan {
  BidMode mode = BidMode::kUptown;
  int suit = kNoSuit;  // trump for uptown/downtown
  double value = 0;    // estimated tricks
  int tricks = 0;      // value rounded
};
BidPlan best_bid_plan(CardSet hand, int jokers);
// The best trump suit (or kNoSuit at notrump) for a mode.
BidPlan plan_for_mode(CardSet hand, BidMode mode);

// Exact whist: the tricks a hand should take in the observation's deal.
int exact_estimate(CardSet hand, const Observation& o);

// Bid whist, after taking the kitty: the cards to discard; and the
// declarer's choice of trump or direction.
CardSet plan_discard(const Observation& o);
Action plan_choice(const Observation& o);

}  // namespace whist::ai
