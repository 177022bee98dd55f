#include "engine/variants/classic.hpp"

namespace whist {

namespace {
constexpr int kHearts = 2, kDiamonds = 1, kSpades = 3, kClubs = 0;
}

int classic_trump(ClassicTrump option, FirstTrump first, int deal_index, Card turned) {
  static constexpr int kOrder[] = {kHearts, kDiamonds, kSpades, kClubs, kNoSuit};
  const int start = static_cast<int>(first);
  switch (option) {
    case ClassicTrump::kTurn: return suit_of(turned);
    case ClassicTrump::kRotate: return kOrder[(start + deal_index) % 4];
    case ClassicTrump::kRotateNt: return kOrder[(start + deal_index) % 5];
  }
  return kNoSuit;
}

DealtHonours dealt_honours(const Deal& d, int trump) {
  if (trump < 0 || trump >= kSuits) return {};
  const CardSet honours = bit(make_card(trump, kAce)) | bit(make_card(trump, kKing)) |
                          bit(make_card(trump, kQueen)) | bit(make_card(trump, kJack));
  for (int side = 0; side < 2; ++side) {
    const int held = count(
        (d.hands[static_cast<size_t>(side)] | d.hands[static_cast<size_t>(side + 2)]) & honours);
    if (held >= 3) return {side, held};
  }
  return {};
}

}  // namespace whist
