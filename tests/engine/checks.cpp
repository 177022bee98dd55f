#include "tests/engine/checks.hpp"

#include <catch2/catch.hpp>

#include "engine/variants/bid.hpp"

namespace whist::test {

namespace {

int rank_value(Card c, bool downtown) {
  if (c == kRedJoker) return 15;
  if (c == kBlackJoker) return 14;
  const int r = rank_of(c);
  if (r == kAce) return 13;
  return downtown ? 12 - r : r + 1;
}

}  // namespace

int reference_winner(const PlayedTrick& t, int players, int trump, bool downtown, bool bid_whist) {
  const bool trump_game = trump >= 0 && trump < kSuits;
  auto suit = [&](Card c) {
    if (is_joker(c)) return (bid_whist && trump_game) ? trump : -1;
    return suit_of(c);
  };
  int led = -1;
  for (int i = 0; i < t.size && led < 0; ++i) led = suit(t.cards[static_cast<size_t>(i)]);
  int best = -1, best_key = -1;
  for (int i = 0; i < t.size; ++i) {
    const Card c = t.cards[static_cast<size_t>(i)];
    int key = 0;
    if (trump_game && suit(c) == trump)
      key = 200 + rank_value(c, downtown);
    else if (suit(c) == led)
      key = 100 + rank_value(c, downtown);
    if (key > best_key) {
      best_key = key;
      best = i;
    }
  }
  return (t.leader + best) % players;
}

void check_invariants(const Game& g) {
  if (g.deal_index() < 0) return;
  const int n = g.players();
  const Deal& dealt = g.deals().back();
  CardSet pack = dealt.kitty;
  for (int s = 0; s < n; ++s) pack |= dealt.hands[static_cast<size_t>(s)];

  const Observation pub = g.observation_for_watcher();
  // Cards conserved: hands, tricks and what is out of play partition the deal.
  CardSet seen = 0;
  int counted = 0;
  auto add = [&](CardSet s) {
    REQUIRE((seen & s) == 0);
    seen |= s;
    counted += count(s);
  };
  for (int s = 0; s < n; ++s) add(g.hand(s));
  int tricks_total = 0;
  for (const PlayedTrick& t : pub.tricks) {
    REQUIRE(t.size == n);
    CardSet cs = 0;
    for (int i = 0; i < t.size; ++i) cs |= bit(t.cards[static_cast<size_t>(i)]);
    REQUIRE(count(cs) == n);
    add(cs);
    // One winner, the right one.
    REQUIRE(t.winner ==
            reference_winner(t, n, pub.trump, pub.downtown, g.rules().variant == Variant::kBid));
    ++tricks_total;
  }
  if (g.phase() == Phase::kPlay) {
    CardSet cs = 0;
    for (int i = 0; i < pub.current.size; ++i) cs |= bit(pub.current.cards[static_cast<size_t>(i)]);
    add(cs);
  }
  const CardSet out = pack & ~seen;
  if (g.rules().variant == Variant::kBid) {
    const bool taken = g.rules().options.bidder_gets_kitty && g.contract().declarer >= 0 &&
                       g.phase() != Phase::kBidding && g.phase() != Phase::kDiscard;
    if (taken) {
      REQUIRE(out == g.observation(g.contract().declarer).discards);
    } else if (g.phase() != Phase::kDiscard) {
      REQUIRE(out == dealt.kitty);
    } else {
      REQUIRE(out == 0);  // the kitty is in the declarer's hand
    }
  } else {
    REQUIRE(out == 0);
  }
  REQUIRE((seen & ~pack) == 0);

  // Tricks counted per seat.
  int won = 0;
  for (int s = 0; s < n; ++s) won += g.tricks_won(s);
  REQUIRE(won == tricks_total);

  // Observations: one's own hand, never another's hidden card.
  const bool sported = g.rules().variant == Variant::kBid && g.contract().declarer >= 0 &&
                       g.phase() != Phase::kBidding &&
                       kitty_sported(g.rules().options.sport_kitty, g.contract().mode);
  const CardSet public_cards =
      (dealt.turned != kNoCard ? bit(dealt.turned) : 0) | (sported ? dealt.kitty : 0);
  for (int viewer = -1; viewer < n; ++viewer) {
    const Observation o = g.observation(viewer);
    REQUIRE(o.seat == viewer);
    REQUIRE(o.hand == (viewer >= 0 ? g.hand(viewer) : 0));
    CardSet hidden = 0;
    for (int s = 0; s < n; ++s)
      if (s != viewer) hidden |= g.hand(s);
    const CardSet visible = o.hand | o.discards | (o.kitty_known ? o.kitty : 0);
    REQUIRE((visible & hidden & ~public_cards) == 0);
    const bool declarer = viewer >= 0 && viewer == g.contract().declarer;
    if (!declarer) REQUIRE(o.discards == 0);
    if (o.kitty_known && !declarer) REQUIRE(sported);
    if (!o.kitty_known) REQUIRE(o.kitty == 0);
    REQUIRE(static_cast<int>(o.hand_counts.size()) == n);
    for (int s = 0; s < n; ++s) REQUIRE(o.hand_counts[static_cast<size_t>(s)] == count(g.hand(s)));
    const bool to_act = viewer >= 0 && viewer == g.current_seat();
    REQUIRE(o.legal.empty() == (!to_act || g.phase() == Phase::kDiscard));
  }
}

void check_final(const Game& g) {
  REQUIRE(g.is_over());
  const auto scores = g.scores();
  std::vector<int> sum(scores.size(), 0);
  for (size_t d = 0; d < g.results().size(); ++d) {
    const HandResult& h = g.results()[d];
    REQUIRE(h.score.size() == static_cast<int>(scores.size()));
    int tricks = 0;
    for (int t : h.tricks) tricks += t;
    const int expected = g.rules().variant == Variant::kExact
                             ? hand_size(g.rules(), static_cast<int>(d))
                             : 13;  // bid whist: 12 played and the book
    REQUIRE(tricks == expected);
    for (int i = 0; i < h.score.size(); ++i) sum[static_cast<size_t>(i)] += h.score[i];
  }
  REQUIRE(sum == scores);
  const auto winners = g.winners();
  REQUIRE_FALSE(winners.empty());
  const int best = *std::max_element(scores.begin(), scores.end());
  for (size_t i = 0; i < scores.size(); ++i) {
    const bool is_winner =
        std::find(winners.begin(), winners.end(), static_cast<int>(i)) != winners.end();
    REQUIRE(is_winner == (scores[i] == best));
  }
}

}  // namespace whist::test
