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

// Exact whist: the seat's bid less the tricks it has won (0 before it bids).
int exact_need(const Observation& o);

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

// Exact whist: the tricks a hand should take (trump kNoSuit: none).
int exact_estimate(CardSet hand, int trump, int players, int hand_size);

// Bid whist, after taking the kitty: `k` cards to discard to play `mode`
// with trump `suit` (kNoSuit at notrump) in a direction.
CardSet plan_discard(CardSet hand, int k, BidMode mode, int suit, bool downtown);
// The declarer's discard and choice of trump or direction by hand count.
CardSet plan_discard(const Observation& o);
Action plan_choice(const Observation& o);
// At notrump: whether the hand plays better downtown.
bool prefers_downtown(CardSet hand);

}  // namespace whist::ai
