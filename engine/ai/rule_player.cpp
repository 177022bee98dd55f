// The rule-based player: what a careful beginner does, card by card, with
// no look-ahead. It is the opponent the strength benchmark measures the
// computer player against, and the computer player's quick fallback.
#include <algorithm>
#include <array>

#include "engine/ai/hand_eval.hpp"
#include "engine/ai/player.hpp"
#include "engine/ranking.hpp"
#include "engine/variants/bid.hpp"
#include "engine/variants/exact.hpp"

namespace whist::ai {

namespace {

struct View {
  const Observation& o;
  const Ranking& rank;
  int n;
  bool partners;
  CardSet unseen;  // cards neither held nor played: in other hands or out

  explicit View(const Observation& obs)
      : o(obs),
        rank(ranking_of(obs)),
        n(obs.rules.players),
        partners(obs.rules.variant != Variant::kExact),
        unseen(unseen_cards(obs)) {}

  // A card's strength in play: trumps above every plain card, then by rank
  // in the deal's direction (no-trump jokers lowest of all).
  int power(Card c) const {
    return rank.trump_value[c] ? rank.trump_value[c] : (rank.suit_as[c] == kNoSuit ? 0 : rank.plain_value[c]);
  }
  bool is_trump(Card c) const { return rank.trump_value[c] != 0; }
  int value_in(Card c, int led) const {
    return rank.trump_value[c] | (rank.suit_as[c] == led ? rank.plain_value[c] : 0);
  }
  // The card of `cards` with the least (or most) power.
  Card pick(CardSet cards, bool highest) const {
    Card best = kNoCard;
    for (CardSet s = cards; s; s &= s - 1) {
      const Card c = lowest(s);
      if (best == kNoCard || (highest ? power(c) > power(best) : power(c) < power(best))) best = c;
    }
    return best;
  }
  // Whether `c` beats every unseen card of its suit (it wins a trick led in
  // its suit unless someone trumps).
  bool master(Card c) const {
    const int suit = rank.suit_as[c];
    if (suit == kNoSuit) return false;
    for (CardSet s = unseen; s; s &= s - 1) {
      const Card u = lowest(s);
      if (rank.suit_as[u] == suit && power(u) > power(c)) return false;
    }
    return true;
  }
  CardSet of_suit(CardSet cards, int suit) const {
    CardSet r = 0;
    for (CardSet s = cards; s; s &= s - 1)
      if (rank.suit_as[lowest(s)] == suit) r |= bit(lowest(s));
    return r;
  }
  // Exact whist: tricks still wanted (negative: too many already).
  int need() const {
    const auto& calls = o.calls;
    for (const Call& c : calls)
      if (c.seat == o.seat && !c.pass) return c.tricks - o.tricks_won[static_cast<size_t>(o.seat)];
    return 0;
  }
};

CardSet legal_cards_of(const Observation& o) {
  CardSet legal = 0;
  for (const Action& a : o.legal)
    if (a.type == ActionType::kPlay) legal |= bit(a.card);
  return legal;
}

Card lead(const View& v, CardSet legal, bool want_tricks) {
  if (!want_tricks) return v.pick(legal, false);
  // A sure winner first (plain suits, then trumps), else a low card from
  // the longest plain suit.
  for (int pass = 0; pass < 2; ++pass)
    for (CardSet s = legal; s; s &= s - 1) {
      const Card c = lowest(s);
      if (v.is_trump(c) == (pass == 1) && v.master(c)) return c;
    }
  int best_suit = -1, best_len = 0;
  for (int suit = 0; suit < kSuits; ++suit) {
    const CardSet cards = v.of_suit(legal, suit);
    if (!cards || (v.is_trump(lowest(cards)) && count(legal & ~cards) > 0)) continue;
    if (count(cards) > best_len) best_len = count(cards), best_suit = suit;
  }
  if (best_suit >= 0) return v.pick(v.of_suit(legal, best_suit), false);
  // Only trumps or jokers: lead low, jokers last at no trump.
  const CardSet with_suit = legal & ~v.of_suit(legal, kNoSuit);
  return v.pick(with_suit ? with_suit : legal, false);
}

Card follow(const View& v, CardSet legal, bool want_trick) {
  const Trick& t = v.o.current;
  const int led = t.led_suit;
  const int winner = t.winner(v.n);
  const bool partner_winning = v.partners && winner == (v.o.seat + 2) % 4;
  const bool last = t.size == v.n - 1;
  CardSet beaters = 0;
  for (CardSet s = legal; s; s &= s - 1)
    if (v.value_in(lowest(s), led) > t.best_value) beaters |= bit(lowest(s));

  if (want_trick && !partner_winning && beaters) {
    // Second hand low, unless it holds the master of the suit led.
    const Card cheapest = v.pick(beaters, false);
    const bool second = v.partners && t.size == 1;
    if (!second || last || v.is_trump(cheapest) || v.master(v.pick(beaters, true)))
      return second && !v.is_trump(cheapest) ? v.pick(beaters, true) : cheapest;
  }
  if (!want_trick) {
    // Duck with the highest card that does not win; else win high.
    const CardSet losers = legal & ~beaters;
    return losers ? v.pick(losers, true) : v.pick(legal, true);
  }
  // Give the trick away cheaply: the lowest card, plain suits before trumps.
  CardSet plain = 0;
  for (CardSet s = legal; s; s &= s - 1)
    if (!v.is_trump(lowest(s))) plain |= bit(lowest(s));
  return v.pick(plain ? plain : legal, false);
}

Action play(const Observation& o) {
  const CardSet legal = legal_cards_of(o);
  if (count(legal) == 1) return Action::play(o.seat, lowest(legal));
  const View v(o);
  const bool want = v.partners || v.need() > 0;
  const Card c = o.current.size == 0 ? lead(v, legal, want) : follow(v, legal, want);
  return Action::play(o.seat, c);
}

// The legal action of `o.legal` equal to `a`, or the first legal one.
Action legal_or_first(const Observation& o, const Action& a) {
  for (const Action& l : o.legal)
    if (l == a) return l;
  return o.legal.front();
}

Action bid(const Observation& o) {
  if (o.rules.variant == Variant::kExact) {
    const int want = std::clamp(exact_estimate(o.hand, o), 0, o.hand_size);
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
