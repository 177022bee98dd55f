// Constraint-respecting random deals of the unseen cards.
#include "engine/ai/sampler.hpp"

#include <algorithm>

#include "engine/ai/hand_eval.hpp"
#include "engine/ai/play_state.hpp"
#include "engine/trick.hpp"

namespace whist::ai {

namespace {

// The chance of keeping a sample per play it does not explain, and how many
// samples are tried for each one kept.
constexpr double kMismatchWeight = 0.3;
constexpr int kTries = 8;

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

  // The others' plays this deal, in order, for the weighting.
  partnerships_ = v != Variant::kExact;
  trump_ = o.trump < 0 ? kNoSuit : o.trump;
  must_trump_ = v == Variant::kExact && trump_ != kNoSuit;
  for (const Call& c : o.calls)
    if (!c.pass) bids_[static_cast<size_t>(c.seat)] = c.tricks;
  if (o.trump >= 0) {
    rank_ = &ranking_of(o);
    std::array<int, kMaxSeats> won{};
    auto add = [&](int leader, int size, const std::array<Card, 6>& cards) {
      Trick t{};
      t.leader = static_cast<std::int8_t>(leader);
      for (int i = 0; i < size; ++i) {
        const int seat = (leader + i) % players_;
        t.size = static_cast<std::int8_t>(i);
        settle_trick(t, *rank_);
        if (seat != me)
          plays_.push_back(
              {seat, cards[static_cast<size_t>(i)], t, won[static_cast<size_t>(seat)]});
        t.cards[static_cast<size_t>(i)] = cards[static_cast<size_t>(i)];
      }
    };
    for (const PlayedTrick& t : o.tricks) {
      add(t.leader, t.size, t.cards);
      ++won[static_cast<size_t>(t.winner)];
    }
    add(o.current.leader, o.current.size, o.current.cards);
  }
}

int Sampler::mismatches(const std::array<CardSet, kMaxSeats>& hands) const {
  // Walk the plays backwards, giving each card back to its player: the
  // player's hand before a play is its hand now and what it played since.
  std::array<CardSet, kMaxSeats> held = hands;
  CardSet in_play = 0;
  for (int s = 0; s < players_; ++s) in_play |= held[static_cast<size_t>(s)];
  int misses = 0;
  for (auto it = plays_.rbegin(); it != plays_.rend(); ++it) {
    const Play& p = *it;
    in_play |= bit(p.card);
    held[static_cast<size_t>(p.seat)] |= bit(p.card);
    CardContext c;
    c.hand = held[static_cast<size_t>(p.seat)];
    // What the player had not seen then (the hero's later cards aside,
    // which do not change the policy's choice much).
    c.unseen = in_play & ~c.hand;
    c.trick = &p.before;
    c.rank = rank_;
    c.seat = p.seat;
    c.players = players_;
    c.partnerships = partnerships_;
    c.need = bids_[static_cast<size_t>(p.seat)] - p.won;
    const CardSet follow = c.hand & rank_->follow[static_cast<size_t>(p.before.led_suit + 1)];
    const CardSet trumps = must_trump_ ? c.hand & suit_cards(trump_) : 0;
    c.legal = follow ? follow : (trumps ? trumps : c.hand);
    if (!contains(c.legal, p.card) || rule_card(c) != p.card) ++misses;
  }
  return misses;
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
  const int tries = weighting_ && !plays_.empty() ? kTries : 1;
  for (int t = 0; t < tries; ++t) {
    bool ok = false;
    for (int attempt = 0; attempt < 50 && !ok; ++attempt) ok = try_sample(rng, true, hands);
    if (!ok) {
      try_sample(rng, false, hands);
      return hands;
    }
    if (t + 1 == tries) break;
    // Kept with kMismatchWeight to the power of the plays it leaves
    // unexplained; else another try (the last one is kept regardless).
    double keep = 1;
    for (int i = mismatches(hands); i > 0 && keep > 1e-6; --i) keep *= kMismatchWeight;
    if (static_cast<double>(rng.below(1U << 30)) < keep * static_cast<double>(1U << 30)) break;
  }
  return hands;
}

}  // namespace whist::ai
