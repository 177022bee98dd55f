// The search: null-window alpha-beta over single cards, with the bounds and
// the transposition table at the start of each trick.
//
// Soundness of the table rests on `win`, the cards whose ranks the answer
// relied on. A trick won by a card that beat another card of its suit adds
// the winner; a bound from quick tricks adds the cards it counted; a table
// hit adds the cards its entry matched. An entry then holds for every
// position of the same shape whose top cards, down to the lowest relied-on
// card of each suit, have the same owners: the small cards below never won
// a trick by rank, so changing who holds which of them changes no trick.
// Touching cards are searched as one move, the highest; where every move
// was searched and the answer relied on that card, the lowest card of its
// group is added as well, so that the whole group stays matched. And once
// a card whose rank the answer did not rely on has been tried, the other
// cards of its suit below every relied-on card are not (DDS does the
// same): by the argument above they would give the same answer.
#include <bit>

#include "engine/ai/solver_search.hpp"

namespace whist::ai::detail {

bool Search::search(int target, u64& win) {
  // Stopping unwinds the search by an exception: load() sets up every
  // member again for the next solve, and the transposition table holds only
  // finished results.
  if ((++nodes_ & 255) == 0 && stop_ && stop_()) throw SolveStopped{};
  if (t_.played == 0) return trick_start(target, win);
  return try_moves(target, win);
}

bool Search::trick_start(int target, u64& win) {
  win = 0;
  const int left = t_.tricks_left;
  if (target <= 0) return true;
  if (target > left) return false;
  if (left == 1) return last_trick(target, win);

  if (options_.quick_tricks) {
    const int decided = bounds(target, win);
    if (decided >= 0) return decided == 1;
    win = 0;
  }

  TTKey key;
  std::array<u64, kMaxSeats> rel{};
  std::array<unsigned, kSuits> in_suit{};
  if (options_.transposition_table) {
    for (int s = 0; s < kSuits; ++s) in_suit[static_cast<size_t>(s)] = suit_part(all_, s);
    for (int h = 0; h < n_; ++h) {
      const u64 hand = hand_[static_cast<size_t>(h)];
      u64 lengths = 0, r = 0;
      for (int s = 0; s < kSuits; ++s) {
        const unsigned part = suit_part(hand, s);
        lengths |= static_cast<u64>(std::popcount(part)) << (4 * s);
        r |= static_cast<u64>(compress16(part, in_suit[static_cast<size_t>(s)])) << (kSuitBits * s);
      }
      rel[static_cast<size_t>(h)] = r;
      if (h < 4)
        key.lengths_low |= lengths << (16 * h);
      else
        key.lengths_high |= lengths << (16 * (h - 4));
      key.lengths_high |= static_cast<u64>(jokers_[static_cast<size_t>(h)]) << (32 + 2 * h);
    }
    key.lengths_high |= static_cast<u64>(t_.leader) << 48;
    key.lengths_high |= key_rules_;

    u64 mask = 0;
    const int hit = tt_.lookup(key, rel.data(), target, mask);
    if (hit >= 0) {
      // The lowest matched card of each suit: the entry matched every card
      // above it too.
      for (int s = 0; s < kSuits; ++s) {
        const unsigned m = suit_part(mask, s);
        if (m)
          win |= card_bit(s, nth_from_bottom(in_suit[static_cast<size_t>(s)], std::countr_zero(m)));
      }
      return hit == 1;
    }
  }

  const bool result = try_moves(target, win);

  if (options_.transposition_table) {
    u64 mask = 0;
    for (int s = 0; s < kSuits; ++s) {
      const unsigned w = suit_part(win, s);
      if (!w) continue;
      const unsigned in = in_suit[static_cast<size_t>(s)];
      const unsigned relied = in & ~((1U << std::countr_zero(w)) - 1);
      mask |= static_cast<u64>(compress16(relied, in)) << (kSuitBits * s);
    }
    tt_.store(key, rel.data(), mask, result ? target : 0, result ? left : target - 1);
  }
  return result;
}

bool Search::last_trick(int target, u64& win) {
  // One card each: play them out.
  int led = -1, best_value = -1, best_seat = t_.leader;
  u64 best_bit = 0, table = 0;
  for (int i = 0; i < n_; ++i) {
    const int seat = (t_.leader + i) % n_;
    const u64 card = hand_[static_cast<size_t>(seat)];
    int value = 0;
    if (card) {
      const int b = std::countr_zero(card);
      const int suit = b / kSuitBits, power = b % kSuitBits;
      table |= card;
      if (led < 0) led = suit;
      value = suit == trump_ ? 64 + power + 1 : (suit == led ? 32 + power + 1 : 0);
    }
    if (value > best_value) {
      best_value = value;
      best_seat = seat;
      best_bit = card;
    }
  }
  if (best_bit) {
    const int suit = std::countr_zero(best_bit) / kSuitBits;
    if (std::popcount(suit_part(table, suit)) > 1) win = best_bit;
  }
  return maxing_[static_cast<size_t>(best_seat)] >= target;
}

bool Search::try_moves(int target, u64& win) {
  if (t_.played == 1 && pairs_ && options_.quick_tricks) {
    const int decided = second_hand_bound(target, win);
    if (decided >= 0) return decided == 1;
  }
  const int seat = (t_.leader + t_.played) % n_;
  std::array<Move, 32> moves;
  const int count = generate(seat, moves.data());
  order(seat, moves.data(), count);
  const bool maxing = maxing_[static_cast<size_t>(seat)] != 0;
  u64 relied = 0;
  // Per suit: cards below this power need not be tried (see below).
  std::array<int, kSuits> skip_below{};
  std::array<bool, 32> searched{};
  for (int i = 0; i < count; ++i) {
    const Move& m = moves[static_cast<size_t>(i)];
    if (m.suit != kJokerSuit && m.power < skip_below[static_cast<size_t>(m.suit)]) continue;
    u64 w = 0;
    if (play(seat, m, target, w) == maxing) {
      win = w;
      const int depth = t_.tricks_left * n_ - t_.played;
      killer_[static_cast<size_t>(depth)] = m;
      return maxing;
    }
    searched[static_cast<size_t>(i)] = true;
    relied |= w;
    // A card whose rank the answer did not rely on (below the lowest
    // relied-on card of its suit) stands for every such card of the suit:
    // playing another changes no trick that mattered.
    if (options_.equivalent_cards && m.suit != kJokerSuit &&
        skip_below[static_cast<size_t>(m.suit)] == 0) {
      const unsigned r = suit_part(relied, m.suit);
      const int lowest = r ? std::countr_zero(r) : kSuitBits;
      if (m.power < lowest) skip_below[static_cast<size_t>(m.suit)] = lowest;
    }
  }
  // Every move was searched or stood for: a group whose card the answer may
  // have relied on is matched whole.
  for (int i = 0; i < count; ++i) {
    const Move& m = moves[static_cast<size_t>(i)];
    if (!searched[static_cast<size_t>(i)] || m.low == m.power || m.suit == kJokerSuit) continue;
    const unsigned w = suit_part(relied, m.suit);
    if (w && std::countr_zero(w) <= m.power) relied |= card_bit(m.suit, m.low);
  }
  win = relied;
  return !maxing;
}

bool Search::play(int seat, const Move& m, int target, u64& win) {
  const TrickState saved = t_;
  const auto s = static_cast<size_t>(seat);
  u64 card = 0;
  int value = 0;
  if (m.suit == kJokerSuit) {
    --jokers_[s];
  } else {
    card = card_bit(m.suit, m.power);
    hand_[s] ^= card;
    all_ ^= card;
    t_.table |= card;
    if (t_.led < 0) t_.led = m.suit;
    value = value_of(m.suit, m.power);
  }
  if (value > t_.best_value) {
    t_.best_value = value;
    t_.best_seat = seat;
    t_.best_bit = card;
  }

  bool result;
  if (++t_.played == n_) {
    const int winner = t_.best_seat;
    const u64 winning = t_.best_bit;
    const bool by_rank =
        winning && std::popcount(suit_part(t_.table, std::countr_zero(winning) / kSuitBits)) > 1;
    t_.leader = winner;
    t_.played = 0;
    t_.led = -1;
    t_.best_value = -1;
    t_.best_bit = 0;
    t_.table = 0;
    --t_.tricks_left;
    result = search(target - maxing_[static_cast<size_t>(winner)], win);
    if (by_rank) win |= winning;
  } else {
    result = search(target, win);
  }

  t_ = saved;
  if (m.suit == kJokerSuit) {
    ++jokers_[s];
  } else {
    hand_[s] ^= card;
    all_ ^= card;
  }
  return result;
}

}  // namespace whist::ai::detail
