#include "engine/cut.hpp"

#include <algorithm>
#include <numeric>
#include <set>

namespace whist {

namespace {
constexpr int kPackSize = kSuits * kRanks;  // the 52 cards, jokers left out
}

int cut_rank(Card c) { return rank_of(c) == kAce ? 0 : rank_of(c) + 1; }

Cut seat_by_cut(const std::vector<Card>& cards, bool partnerships) {
  const int n = static_cast<int>(cards.size());
  std::vector<int> order(static_cast<size_t>(n));  // seats, lowest card first
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return cut_rank(cards[static_cast<size_t>(a)]) < cut_rank(cards[static_cast<size_t>(b)]);
  });
  Cut cut;
  cut.cards = cards;
  cut.seat_to.resize(static_cast<size_t>(n));
  std::iota(cut.seat_to.begin(), cut.seat_to.end(), 0);
  const int lowest = order[0];
  cut.dealer = lowest;
  if (!partnerships || n != 4) return cut;
  // The lowest stays; the second lowest sits opposite; the two highest
  // take the other two seats in the order they sat (from the lowest's left).
  cut.seat_to[static_cast<size_t>(order[1])] = (lowest + 2) % 4;
  std::vector<int> high = {order[2], order[3]};
  std::sort(high.begin(), high.end(),
            [&](int a, int b) { return (a - lowest + 4) % 4 < (b - lowest + 4) % 4; });
  cut.seat_to[static_cast<size_t>(high[0])] = (lowest + 1) % 4;
  cut.seat_to[static_cast<size_t>(high[1])] = (lowest + 3) % 4;
  return cut;
}

Cut cut_for_partners(Rng& rng, int players, bool partnerships) {
  for (int round = 1;; ++round) {
    // The first `players` cards of a Fisher-Yates shuffle of the pack.
    std::vector<Card> pack(kPackSize);
    std::iota(pack.begin(), pack.end(), Card{0});
    std::vector<Card> drawn;
    std::set<int> ranks;
    for (int i = 0; i < players; ++i) {
      const auto j = static_cast<size_t>(i) + rng.below(static_cast<std::uint32_t>(kPackSize - i));
      std::swap(pack[static_cast<size_t>(i)], pack[j]);
      drawn.push_back(pack[static_cast<size_t>(i)]);
      ranks.insert(cut_rank(drawn.back()));
    }
    if (static_cast<int>(ranks.size()) < players) continue;  // a tie: all draw again
    Cut cut = seat_by_cut(drawn, partnerships);
    cut.rounds = round;
    return cut;
  }
}

}  // namespace whist
