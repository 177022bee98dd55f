// Hand evaluation: honour counts and length, in the deal's direction.
#include "engine/ai/hand_eval.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace whist::ai {

namespace {

// A card's place from the top of its suit in a direction: 0 for the ace,
// then K Q J ... uptown or 2 3 4 ... downtown.
int from_top(Card c, bool downtown) {
  const int r = rank_of(c);
  if (r == kAce) return 0;
  return downtown ? r + 1 : kAce - r;
}

// Tricks from one suit's cards: honours that should win, and length when
// the suit is trump or long enough to run at no trump.
double suit_tricks(CardSet cards, bool downtown, bool is_trump, bool no_trump) {
  const int len = count(cards);
  if (len == 0) return 0;
  static constexpr std::array<double, 5> kHonour = {1.0, 0.75, 0.45, 0.2, 0.0};
  double t = 0;
  int top = 0;
  for (CardSet s = cards; s; s &= s - 1) {
    const int place = from_top(lowest(s), downtown);
    // An honour needs guards: the king one card beside it, the queen two.
    if (place < 4 && len > place)
      t += is_trump ? std::min(1.0, kHonour[static_cast<size_t>(place)] + 0.2)
                    : kHonour[static_cast<size_t>(place)];
    if (place < 3) ++top;
  }
  if (is_trump) t += std::max(0, len - 3) * 0.85;
  if (no_trump && top >= 2) t += std::max(0, len - 4) * 0.7;
  return t;
}

}  // namespace

const Ranking& ranking_of(const Observation& o) {
  const int trump = o.trump < 0 ? kNoSuit : o.trump;
  const bool jokers = o.rules.variant == Variant::kBid && trump != kNoSuit;
  return ranking(trump, o.downtown, jokers);
}

CardSet unseen_cards(const Observation& o) {
  CardSet pack =
      o.rules.variant == Variant::kBid ? pack_with_jokers(o.rules.options.jokers) : kStandardPack;
  pack &= ~o.hand & ~o.discards;
  for (const PlayedTrick& t : o.tricks)
    for (int i = 0; i < t.size; ++i) pack &= ~bit(t.cards[static_cast<size_t>(i)]);
  for (int i = 0; i < o.current.size; ++i) pack &= ~bit(o.current.cards[static_cast<size_t>(i)]);
  if (o.rules.variant == Variant::kBid && o.kitty_known && !o.rules.options.bidder_gets_kitty)
    pack &= ~o.kitty;
  return pack;
}

int exact_need(const Observation& o) {
  if (o.seat < 0) return 0;
  for (const Call& c : o.calls)
    if (c.seat == o.seat && !c.pass) return c.tricks - o.tricks_won[static_cast<size_t>(o.seat)];
  return 0;
}

double hand_tricks(CardSet hand, int trump, bool downtown, bool jokers_trump) {
  double t = 0;
  const bool nt = trump == kNoSuit;
  int trumps = trump == kNoSuit ? 0 : count(hand & suit_cards(trump));
  if (jokers_trump && !nt) {
    t += count(hand & kJokers);
    trumps += count(hand & kJokers);
  }
  for (int suit = 0; suit < kSuits; ++suit) {
    const CardSet cards = hand & suit_cards(suit);
    t += suit_tricks(cards, downtown, suit == trump, nt);
    // Short side suits let spare trumps ruff.
    if (!nt && suit != trump && trumps >= 3)
      t += count(cards) == 0 ? 0.8 : (count(cards) == 1 ? 0.4 : 0);
  }
  return t;
}

BidPlan plan_for_mode(CardSet hand, BidMode mode) {
  BidPlan p;
  p.mode = mode;
  if (mode == BidMode::kNoTrump) {
    p.value =
        std::max(hand_tricks(hand, kNoSuit, false, false), hand_tricks(hand, kNoSuit, true, false));
  } else {
    const bool down = mode == BidMode::kDowntown;
    p.value = -1;
    for (int suit = 0; suit < kSuits; ++suit) {
      const double v = hand_tricks(hand, suit, down, true);
      if (v > p.value) p.value = v, p.suit = suit;
    }
  }
  p.tricks = static_cast<int>(std::lround(p.value));
  return p;
}

BidPlan best_bid_plan(CardSet hand, int /*jokers*/) {
  BidPlan best = plan_for_mode(hand, BidMode::kUptown);
  for (BidMode m : {BidMode::kDowntown, BidMode::kNoTrump}) {
    const BidPlan p = plan_for_mode(hand, m);
    // No trump needs a clearly better hand: the defenders' long suits run.
    if (p.value - (m == BidMode::kNoTrump ? 1.0 : 0.0) > best.value) best = p;
  }
  return best;
}

int exact_estimate(CardSet hand, int trump, int players, int hand_size) {
  double t = hand_tricks(hand, trump, false, false);
  // With more players an honour is more often trumped or overtaken; a
  // hand takes on average hand_size / players tricks.
  t *= players <= 3 ? 1.0 : 4.0 / (players + 0.5);
  const double average = static_cast<double>(hand_size) / players;
  return std::clamp(static_cast<int>(std::lround(0.8 * t + 0.2 * average)), 0, hand_size);
}

bool prefers_downtown(CardSet hand) {
  return hand_tricks(hand, kNoSuit, true, false) > hand_tricks(hand, kNoSuit, false, false);
}

CardSet plan_discard(CardSet hand, int k, BidMode mode, int suit, bool down) {
  const bool nt = mode == BidMode::kNoTrump;
  struct Candidate {
    Card card;
    int order;
  };
  std::array<Candidate, 54> list{};
  int n = 0;
  for (CardSet s = hand; s; s &= s - 1) {
    const Card c = lowest(s);
    int order;
    if (is_joker(c)) {
      order = nt ? -100 : 1000;  // worthless at no trump, the best trumps otherwise
    } else if (suit_of(c) == suit) {
      order = 500 - from_top(c, down);  // keep trumps
    } else {
      const int len = count(hand & suit_cards(suit_of(c)));
      const int place = from_top(c, down);
      // Short suits first (to make voids), low cards first, winners kept.
      order = len * 20 - place + (place == 0 ? 300 : 0);
    }
    list[static_cast<size_t>(n++)] = {c, order};
  }
  std::stable_sort(list.begin(), list.begin() + n,
                   [](const Candidate& a, const Candidate& b) { return a.order < b.order; });
  CardSet d = 0;
  for (int i = 0; i < k && i < n; ++i) d |= bit(list[static_cast<size_t>(i)].card);
  return d;
}

CardSet plan_discard(const Observation& o) {
  const BidMode mode = o.contract.mode;
  const bool nt = mode == BidMode::kNoTrump;
  const bool down = nt ? prefers_downtown(o.hand) : mode == BidMode::kDowntown;
  const int suit = nt ? kNoSuit : plan_for_mode(o.hand, mode).suit;
  return plan_discard(o.hand, count(o.hand) - o.hand_size, mode, suit, down);
}

Action plan_choice(const Observation& o) {
  if (o.contract.mode == BidMode::kNoTrump)
    return Action::direction(o.seat,
                             prefers_downtown(o.hand) ? BidMode::kDowntown : BidMode::kUptown);
  return Action::trump(o.seat, plan_for_mode(o.hand, o.contract.mode).suit);
}

}  // namespace whist::ai
