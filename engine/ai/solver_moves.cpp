// Moves: the legal cards of a seat, touching cards grouped.
#include <bit>

#include "engine/ai/solver_search.hpp"

namespace whist::ai::detail {

int Search::value_of(int suit, int power) const {
  // As the engine values a card in a trick: a trump above the suit led
  // above anything else.
  if (suit == trump_) return 64 + power + 1;
  return suit == t_.led ? 32 + power + 1 : 0;
}

u64 Search::in_play(int suit) const {
  return (static_cast<u64>(suit_part(all_, suit)) | suit_part(t_.table, suit));
}

int Search::generate(int seat, Move* moves) const {
  const u64 hand = hand_[static_cast<size_t>(seat)];
  unsigned suits = 0xF;
  bool jokers = jokers_[static_cast<size_t>(seat)] > 0;
  // Follow suit if able; else in exact whist trump if able; else anything.
  if (t_.played > 0 && t_.led >= 0) {
    if (suit_part(hand, t_.led)) {
      suits = 1U << t_.led;
      jokers = false;
    } else if (must_trump_ && suit_part(hand, trump_)) {
      suits = 1U << trump_;
      jokers = false;
    }
  }
  int count = 0;
  for (int s = 0; s < kSuits; ++s) {
    if (!(suits >> s & 1U)) continue;
    unsigned holding = suit_part(hand, s);
    if (!options_.equivalent_cards) {
      for (; holding; holding &= holding - 1) {
        const auto p = static_cast<std::int8_t>(std::countr_zero(holding));
        moves[count++] = {static_cast<std::int8_t>(s), p, p, 0};
      }
      continue;
    }
    // Groups of touching cards: no card still in play (in a hand or on the
    // table) between them.
    const auto others = static_cast<unsigned>(in_play(s)) & ~holding;
    while (holding) {
      const int top = top_power(holding);
      const unsigned below = others & ((1U << top) - 1);
      const unsigned group = below ? holding & ~((2U << top_power(below)) - 1) : holding;
      moves[count++] = {static_cast<std::int8_t>(s), static_cast<std::int8_t>(top),
                        static_cast<std::int8_t>(std::countr_zero(group)), 0};
      holding &= ~group;
    }
  }
  if (jokers) moves[count++] = {kJokerSuit, 0, 0, 0};
  return count;
}

}  // namespace whist::ai::detail
