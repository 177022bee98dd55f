// Simulated card play and the rule-based card policy.
#include "engine/ai/play_state.hpp"

namespace whist::ai {

namespace {

struct Policy {
  const CardContext& c;
  const Ranking& rank;

  int power(Card x) const {
    return rank.trump_value[x] ? rank.trump_value[x]
                               : (rank.suit_as[x] == kNoSuit ? 0 : rank.plain_value[x]);
  }
  bool is_trump(Card x) const { return rank.trump_value[x] != 0; }
  int value_in(Card x, int led) const {
    return rank.trump_value[x] | (rank.suit_as[x] == led ? rank.plain_value[x] : 0);
  }
  Card pick(CardSet cards, bool highest) const {
    Card best = kNoCard;
    for (CardSet s = cards; s; s &= s - 1) {
      const Card x = lowest(s);
      if (best == kNoCard || (highest ? power(x) > power(best) : power(x) < power(best))) best = x;
    }
    return best;
  }
  CardSet of_suit(CardSet cards, int suit) const {
    CardSet r = 0;
    for (CardSet s = cards; s; s &= s - 1)
      if (rank.suit_as[lowest(s)] == suit) r |= bit(lowest(s));
    return r;
  }
  // Whether `x` beats every unseen card of its suit.
  bool master(Card x) const {
    const int suit = rank.suit_as[x];
    if (suit == kNoSuit) return false;
    for (CardSet s = of_suit(c.unseen, suit); s; s &= s - 1)
      if (power(lowest(s)) > power(x)) return false;
    return true;
  }

  Card lead(CardSet legal, bool want) const {
    if (!want) {
      // Lead the lowest plain card.
      CardSet plain = 0;
      for (CardSet s = legal; s; s &= s - 1)
        if (!is_trump(lowest(s))) plain |= bit(lowest(s));
      return pick(plain ? plain : legal, false);
    }
    // A sure winner first (plain suits, then trumps), else a low card from
    // the longest plain suit.
    for (int pass = 0; pass < 2; ++pass)
      for (CardSet s = legal; s; s &= s - 1) {
        const Card x = lowest(s);
        if (is_trump(x) == (pass == 1) && master(x)) return x;
      }
    int best_suit = -1, best_len = 0;
    for (int suit = 0; suit < kSuits; ++suit) {
      const CardSet cards = of_suit(legal, suit);
      if (!cards || is_trump(lowest(cards))) continue;
      if (count(cards) > best_len) best_len = count(cards), best_suit = suit;
    }
    if (best_suit >= 0) return pick(of_suit(legal, best_suit), false);
    // Only trumps or jokers: lead low, no-trump jokers last.
    const CardSet with_suit = legal & ~of_suit(legal, kNoSuit);
    return pick(with_suit ? with_suit : legal, false);
  }

  Card follow(CardSet legal, bool want) const {
    const Trick& t = *c.trick;
    const int led = t.led_suit;
    const bool partner_winning = c.partnerships && t.winner(c.players) == (c.seat + 2) % 4;
    const bool last = t.size == c.players - 1;
    CardSet beaters = 0;
    for (CardSet s = legal; s; s &= s - 1)
      if (value_in(lowest(s), led) > t.best_value) beaters |= bit(lowest(s));

    if (want && !partner_winning && beaters) {
      const Card cheapest = pick(beaters, false);
      const bool second = c.partnerships && t.size == 1;
      // Second hand low, unless it holds the master of the suit led.
      if (!second || last || is_trump(cheapest)) return cheapest;
      const Card top = pick(beaters, true);
      if (master(top)) return top;
    }
    if (!want) {
      // Duck with the highest card that does not win; else win high.
      const CardSet losers = legal & ~beaters;
      return losers ? pick(losers, true) : pick(legal, true);
    }
    // Give the trick away cheaply: the lowest card, plain suits first.
    CardSet plain = 0;
    for (CardSet s = legal; s; s &= s - 1)
      if (!is_trump(lowest(s))) plain |= bit(lowest(s));
    return pick(plain ? plain : legal, false);
  }
};

}  // namespace

Card rule_card(const CardContext& c) {
  if (count(c.legal) == 1) return lowest(c.legal);
  const Policy p{c, *c.rank};
  const bool want = c.partnerships || c.need > 0;
  return c.trick->size == 0 ? p.lead(c.legal, want) : p.follow(c.legal, want);
}

void settle_trick(Trick& t, const Ranking& rank) {
  t.led_suit = -1;
  t.best = -1;
  t.best_value = -1;
  for (int i = 0; i < t.size; ++i) {
    const Card x = t.cards[static_cast<size_t>(i)];
    const int as = rank.suit_as[x];
    if (t.led_suit < 0 && as != kNoSuit) t.led_suit = static_cast<std::int8_t>(as);
    const int value = rank.trump_value[x] | (as == t.led_suit ? rank.plain_value[x] : 0);
    if (value > t.best_value) {
      t.best = static_cast<std::int8_t>(i);
      t.best_value = static_cast<std::int8_t>(value);
    }
  }
}

CardSet PlayState::legal() const {
  const Ranking& rank = ranking();
  const CardSet hand = pos.hands[static_cast<size_t>(to_play())];
  const CardSet follow = hand & rank.follow[static_cast<size_t>(pos.trick.led_suit + 1)];
  if (follow) return follow;
  if (pos.must_trump && pos.trump != kNoSuit) {
    const CardSet trumps = hand & suit_cards(pos.trump);
    if (trumps) return trumps;
  }
  return hand;
}

void PlayState::play(Card c) {
  Trick& t = pos.trick;
  const int seat = to_play();
  pos.hands[static_cast<size_t>(seat)] &= ~bit(c);
  in_play &= ~bit(c);
  const Ranking& rank = ranking();
  const int i = t.size;
  t.cards[static_cast<size_t>(i)] = c;
  const int as = rank.suit_as[c];
  if (t.led_suit < 0 && as != kNoSuit) t.led_suit = static_cast<std::int8_t>(as);
  const int value = rank.trump_value[c] | (as == t.led_suit ? rank.plain_value[c] : 0);
  if (value > t.best_value) {
    t.best = static_cast<std::int8_t>(i);
    t.best_value = static_cast<std::int8_t>(value);
  }
  t.size = static_cast<std::int8_t>(i + 1);
  if (t.size == pos.players) {
    const int winner = t.winner(pos.players);
    ++won[static_cast<size_t>(winner)];
    t = Trick{};
    t.leader = static_cast<std::int8_t>(winner);
  }
}

Card PlayState::policy() const {
  const int seat = to_play();
  CardContext c;
  c.hand = pos.hands[static_cast<size_t>(seat)];
  c.legal = legal();
  c.unseen = in_play & ~c.hand;
  c.trick = &pos.trick;
  c.rank = &ranking();
  c.seat = seat;
  c.players = pos.players;
  c.partnerships = pos.partnerships;
  c.need = bid[static_cast<size_t>(seat)] - won[static_cast<size_t>(seat)];
  return rule_card(c);
}

void PlayState::play_out() {
  while (!done()) play(policy());
}

void PlayState::play_until(int cards) {
  while (!done() &&
         (pos.trick.size != 0 || count(pos.hands[static_cast<size_t>(to_play())]) > cards))
    play(policy());
}

}  // namespace whist::ai
