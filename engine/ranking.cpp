#include "engine/ranking.hpp"

namespace whist {

namespace {

Ranking build(int trump, bool downtown, bool jokers_trump) {
  Ranking r;
  const bool trump_game = trump >= 0 && trump < kNoSuit;
  const bool joker_trumps = jokers_trump && trump_game;
  std::array<int, 54> power{};
  for (int c = 0; c < 54; ++c) {
    const auto card = static_cast<Card>(c);
    if (is_joker(card)) {
      r.suit_as[static_cast<size_t>(c)] = static_cast<std::uint8_t>(joker_trumps ? trump : kNoSuit);
      power[static_cast<size_t>(c)] = joker_trumps ? (card == kRedJoker ? 15 : 14) : 0;
    } else {
      const int rank = rank_of(card);
      r.suit_as[static_cast<size_t>(c)] = static_cast<std::uint8_t>(suit_of(card));
      power[static_cast<size_t>(c)] = !downtown ? rank + 1 : (rank == kAce ? 13 : 12 - rank);
    }
  }
  r.follow[0] = ~CardSet{0};
  for (int c = 0; c < 54; ++c) {
    const auto i = static_cast<size_t>(c);
    const int as = r.suit_as[i];
    const bool is_trump = trump_game && as == trump;
    r.trump_value[i] = static_cast<std::uint8_t>(is_trump ? 32 + power[i] : 0);
    r.plain_value[i] = static_cast<std::uint8_t>(is_trump || as == kNoSuit ? 0 : 16 + power[i]);
    if (as != kNoSuit) r.follow[static_cast<size_t>(as + 1)] |= bit(static_cast<Card>(c));
  }
  return r;
}

struct AllRankings {
  // [trump 0..4][downtown][jokers trump]
  std::array<std::array<std::array<Ranking, 2>, 2>, 5> table;
  AllRankings() {
    for (int t = 0; t <= kNoSuit; ++t)
      for (int d = 0; d < 2; ++d)
        for (int j = 0; j < 2; ++j)
          table[static_cast<size_t>(t)][static_cast<size_t>(d)][static_cast<size_t>(j)] =
              build(t, d != 0, j != 0);
  }
};

}  // namespace

const Ranking& ranking(int trump, bool downtown, bool jokers_trump) {
  static const AllRankings all;
  return all.table[static_cast<size_t>(trump)][downtown ? 1 : 0][jokers_trump ? 1 : 0];
}

}  // namespace whist
