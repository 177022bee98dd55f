// The simple choice the table falls back on when the computer players'
// threads are saturated: always a legal action, chosen at once.
#include <algorithm>

#include "table/core.hpp"

namespace whist::table {

Action TableCore::automatic_action() const {
  const Game& g = *game_;
  const int seat = g.current_seat();
  switch (g.phase()) {
    case Phase::kPlay: return Action::play(seat, lowest(g.legal_cards()));
    case Phase::kDiscard: {
      // The lowest cards, jokers and aces last.
      auto [cards, k] = g.discard_choice();
      std::vector<Card> list = cards_of(cards);
      std::stable_sort(list.begin(), list.end(), [](Card a, Card b) {
        const int ra = is_joker(a) ? 20 : rank_of(a), rb = is_joker(b) ? 20 : rank_of(b);
        return ra < rb;
      });
      CardSet d = 0;
      for (int i = 0; i < k; ++i) d |= bit(list[static_cast<size_t>(i)]);
      return Action::discard(seat, d);
    }
    case Phase::kChoose: {
      if (g.contract().mode == BidMode::kNoTrump) return Action::direction(seat, BidMode::kUptown);
      int best = 0;
      for (int suit = 1; suit < kSuits; ++suit)
        if (count(g.hand(seat) & suit_cards(suit)) > count(g.hand(seat) & suit_cards(best)))
          best = suit;
      return Action::trump(seat, best);
    }
    default: {
      const auto legal = g.legal_actions();
      for (const Action& a : legal)
        if (a.type == ActionType::kPass) return a;
      return legal.front();
    }
  }
}

}  // namespace whist::table
