// The rule-based player: what a careful beginner does, card by card, with
// no look-ahead. It is the opponent the strength benchmark measures the
// computer player against, and the computer player's quick fallback.
#include <algorithm>
#include <array>

#include "engine/ai/hand_eval.hpp"
#include "engine/ai/play_state.hpp"
#include "engine/ai/player.hpp"
#include "engine/ranking.hpp"
#include "engine/variants/bid.hpp"
#include "engine/variants/exact.hpp"

namespace whist::ai {

namespace {

CardSet legal_cards_of(const Observation& o) {
  CardSet legal = 0;
  for (const Action& a : o.legal)
    if (a.type == ActionType::kPlay) legal |= bit(a.card);
  return legal;
}

Action play(const Observation& o) {
  CardContext c;
  c.hand = o.hand;
  c.legal = legal_cards_of(o);
  c.unseen = unseen_cards(o);
  c.trick = &o.current;
  c.rank = &ranking_of(o);
  c.seat = o.seat;
  c.players = o.rules.players;
  c.partnerships = o.rules.variant != Variant::kExact;
  c.need = exact_need(o);
  return Action::play(o.seat, rule_card(c));
}

// The legal action of `o.legal` equal to `a`, or the first legal one.
Action legal_or_first(const Observation& o, const Action& a) {
  for (const Action& l : o.legal)
    if (l == a) return l;
  return o.legal.front();
}

Action bid(const Observation& o) {
  if (o.rules.variant == Variant::kExact) {
    const int want =
        exact_estimate(o.hand, o.trump < 0 ? kNoSuit : o.trump, o.rules.players, o.hand_size);
    // The nearest legal number of tricks (the hook rule may forbid it).
    Action best = o.legal.front();
    int best_gap = 1 << 20;
    for (const Action& a : o.legal) {
      const int gap = std::abs(a.tricks - want);
      if (a.type == ActionType::kBid && gap < best_gap) best = a, best_gap = gap;
    }
    return best;
  }
  // Bid whist: the best contract the hand supports, counting on partner for
  // two tricks and the book for one; the lowest bid that beats the others.
  const BidPlan plan = best_bid_plan(o.hand, o.rules.options.jokers);
  const int level = plan.tricks + 3 - 6;
  Action choice = Action::pass(o.seat);
  for (const Action& a : o.legal) {
    if (a.type != ActionType::kBid) continue;
    const bool fits = a.level <= level && a.mode == plan.mode;
    if (fits) {
      choice = a;
      break;
    }
  }
  // The dealer may have to bid: the cheapest legal bid in the plan's mode.
  bool can_pass = false;
  for (const Action& a : o.legal) can_pass |= a.type == ActionType::kPass;
  if (choice.type == ActionType::kPass && !can_pass) {
    for (const Action& a : o.legal)
      if (a.mode == plan.mode) return a;
    return o.legal.front();
  }
  return legal_or_first(o, choice);
}

}  // namespace

Action rule_based_action(const Observation& o) {
  switch (o.phase) {
    case Phase::kPlay: return play(o);
    case Phase::kBidding: return bid(o);
    case Phase::kDiscard: return Action::discard(o.seat, plan_discard(o));
    case Phase::kChoose: return plan_choice(o);
    default: return o.legal.empty() ? Action::pass(o.seat) : o.legal.front();
  }
}

}  // namespace whist::ai
