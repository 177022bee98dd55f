// Constraint-respecting random deals of the unseen cards.
#include "engine/ai/sampler.hpp"

#include <algorithm>

#include "engine/ai/hand_eval.hpp"
#include "engine/trick.hpp"

namespace whist::ai {

namespace {

// Marks the suits each player of a trick showed out of.
void note_voids(const Ranking& rank, const Card* cards, int size, int leader, int players,
                bool must_trump, int trump, std::array<CardSet, kMaxSeats>& forbidden) {
  int led = -1;
  for (int i = 0; i < size; ++i) {
    const Card c = cards[i];
    const int seat = (leader + i) % players;
    const int as = rank.suit_as[c];
    if (led < 0) {
      if (as != kNoSuit) led = as;
      continue;
    }
    if (as == led) continue;
    // Did not follow: holds nothing that follows the suit led.
    forbidden[static_cast<size_t>(seat)] |= rank.follow[static_cast<size_t>(led + 1)];
    // Exact whist: neither followed nor trumped, so holds no trump.
    if (must_trump && trump != kNoSuit && as != trump)
      forbidden[static_cast<size_t>(seat)] |= suit_cards(trump);
  }
}

}  // namespace

Sampler::Sampler(const Observation& o) : players_(o.rules.players) {
  const int me = o.seat;
  const Variant v = o.rules.variant;
  CardSet pool = unseen_cards(o);
  fixed_[static_cast<size_t>(me)] = o.hand;

  // The turned card: in the dealer's hand (classic; exact when every card
  // is dealt), else out of play (exact).
  const bool turned_live = o.turned != kNoCard && contains(pool, o.turned);
  if (turned_live) {
    const bool all_dealt = v == Variant::kClassic || o.hand_size * players_ == 52;
    // Out of play, it is simply not dealt.
    if (all_dealt) fixed_[static_cast<size_t>(o.dealer)] |= bit(o.turned);
    pool &= ~bit(o.turned);
  }

  int total = 0;
  for (int s = 0; s < players_; ++s) {
    need_[static_cast<size_t>(s)] =
        s == me ? 0 : o.hand_counts[static_cast<size_t>(s)] - count(fixed_[static_cast<size_t>(s)]);
    total += need_[static_cast<size_t>(s)];
  }
  pool_ = pool;
  out_ = count(pool) - total;

  // Voids shown in the tricks of this deal.
  if (o.trump >= 0) {
    const Ranking& rank = ranking_of(o);
    const bool must = v == Variant::kExact;
    const int trump = o.trump;
    for (const PlayedTrick& t : o.tricks)
      note_voids(rank, t.cards.data(), t.size, t.leader, players_, must, trump, forbidden_);
    note_voids(rank, o.current.cards.data(), o.current.size, o.current.leader, players_, must,
               trump, forbidden_);
  }
  // A shown kitty the declarer took: its unplayed cards are in the
  // declarer's hand or among the discards, never in another hand.
  if (v == Variant::kBid && o.kitty_known && o.rules.options.bidder_gets_kitty &&
      o.contract.declarer >= 0 && o.contract.declarer != me) {
    for (int s = 0; s < players_; ++s)
      if (s != o.contract.declarer) forbidden_[static_cast<size_t>(s)] |= o.kitty;
  }
  for (int s = 0; s < players_; ++s)
    forbidden_[static_cast<size_t>(s)] &= ~fixed_[static_cast<size_t>(s)];
}

bool Sampler::try_sample(Rng& rng, bool constrained, std::array<CardSet, kMaxSeats>& hands) const {
  hands = fixed_;
  std::array<int, kMaxSeats + 1> room{};
  for (int s = 0; s < players_; ++s) room[static_cast<size_t>(s)] = need_[static_cast<size_t>(s)];
  room[kMaxSeats] = out_;  // out of play: takes any card

  // The most constrained cards first, in random order among equals.
  std::array<Card, 54> cards{};
  std::array<int, 54> choices{};
  int n = 0;
  for (CardSet s = pool_; s; s &= s - 1) cards[static_cast<size_t>(n++)] = lowest(s);
  for (int i = n - 1; i > 0; --i)
    std::swap(cards[static_cast<size_t>(i)], cards[rng.below(static_cast<std::uint32_t>(i + 1))]);
  for (int i = 0; i < n; ++i) {
    int k = 0;
    for (int s = 0; s < players_; ++s)
      k += !constrained ||
           !contains(forbidden_[static_cast<size_t>(s)], cards[static_cast<size_t>(i)]);
    choices[static_cast<size_t>(i)] = k;
  }
  std::array<int, 54> order{};
  for (int i = 0; i < n; ++i) order[static_cast<size_t>(i)] = i;
  std::stable_sort(order.begin(), order.begin() + n, [&](int a, int b) {
    return choices[static_cast<size_t>(a)] < choices[static_cast<size_t>(b)];
  });

  for (int idx = 0; idx < n; ++idx) {
    const Card c = cards[static_cast<size_t>(order[static_cast<size_t>(idx)])];
    // A holder with room, chosen with weight equal to its room.
    int weights = 0;
    std::array<int, kMaxSeats + 1> w{};
    for (int s = 0; s < players_; ++s) {
      const bool ok = !constrained || !contains(forbidden_[static_cast<size_t>(s)], c);
      w[static_cast<size_t>(s)] = ok ? room[static_cast<size_t>(s)] : 0;
      weights += w[static_cast<size_t>(s)];
    }
    w[kMaxSeats] = room[kMaxSeats];
    weights += w[kMaxSeats];
    if (weights == 0) return false;
    int r = static_cast<int>(rng.below(static_cast<std::uint32_t>(weights)));
    size_t pick = 0;
    while (r >= w[pick]) r -= w[pick++];
    --room[pick];
    if (pick < kMaxSeats) hands[pick] |= bit(c);
  }
  return true;
}

std::array<CardSet, kMaxSeats> Sampler::sample(Rng& rng) const {
  std::array<CardSet, kMaxSeats> hands{};
  for (int attempt = 0; attempt < 50; ++attempt)
    if (try_sample(rng, true, hands)) return hands;
  try_sample(rng, false, hands);
  return hands;
}

}  // namespace whist::ai
