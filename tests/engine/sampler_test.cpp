// The sampler deals the unseen cards consistently with what the seat saw:
// its own hand kept, every other hand of the right size, no card played or
// held twice, the suits a player showed out of respected (and the real
// hands always satisfy those inferences, so they are sound), the turned
// card with the dealer, a shown kitty only with the declarer.
#include <catch2/catch.hpp>

#include "engine/ai/player.hpp"
#include "engine/ai/sampler.hpp"
#include "engine/game.hpp"
#include "tests/engine/scripted.hpp"

using namespace whist;

namespace {

void check_samples(const Game& g, int seat, Rng& rng) {
  const Observation o = g.observation(seat);
  const ai::Sampler sampler(o);
  CardSet played = 0;
  for (const PlayedTrick& t : o.tricks)
    for (int i = 0; i < t.size; ++i) played |= bit(t.cards[static_cast<size_t>(i)]);
  for (int i = 0; i < o.current.size; ++i) played |= bit(o.current.cards[static_cast<size_t>(i)]);
  // Sound: the real hands satisfy every inference.
  for (int s = 0; s < g.players(); ++s) REQUIRE((sampler.forbidden(s) & g.hand(s)) == 0);
  for (int k = 0; k < 20; ++k) {
    const auto hands = sampler.sample(rng);
    REQUIRE(hands[static_cast<size_t>(seat)] == o.hand);
    CardSet all = 0;
    for (int s = 0; s < g.players(); ++s) {
      const CardSet h = hands[static_cast<size_t>(s)];
      REQUIRE(count(h) == o.hand_counts[static_cast<size_t>(s)]);
      REQUIRE((all & h) == 0);
      REQUIRE((played & h) == 0);
      REQUIRE((sampler.forbidden(s) & h) == 0);
      all |= h;
    }
    if (g.rules().variant == Variant::kClassic && o.turned != kNoCard &&
        !contains(played, o.turned))
      REQUIRE(contains(hands[static_cast<size_t>(o.dealer)], o.turned));
    if (o.kitty_known && g.rules().options.bidder_gets_kitty)
      for (int s = 0; s < 4; ++s)
        if (s != o.contract.declarer && s != seat)
          REQUIRE((hands[static_cast<size_t>(s)] & o.kitty) == 0);
  }
}

}  // namespace

TEST_CASE("samples are consistent with the observation in every variant and phase", "[sampler]") {
  Rng rng(99);
  const Rules all[] = {
      test::rules(Variant::kClassic),
      test::rules(Variant::kClassic, {{"trump", std::string("rotate_nt")}}),
      test::rules(Variant::kBid, {{"sport_kitty", std::string("always")}}),
      test::rules(Variant::kBid, {{"bidder_gets_kitty", false}, {"jokers", std::int64_t{1}}}),
      test::rules(Variant::kExact, {}, 4),
      test::rules(Variant::kExact, {}, 3),
      test::rules(Variant::kExact, {{"trumps", false}}, 5),
  };
  int checked = 0;
  for (const Rules& rules : all) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      Game g = Game::seeded(
          rules, static_cast<int>(seed % static_cast<std::uint64_t>(rules.players)), seed);
      // Rule-based play for two deals, checking at random moments.
      while (!g.is_over() && g.results().size() < 2) {
        const int seat = g.current_seat();
        if (rng.below(4) == 0) {
          check_samples(g, static_cast<int>(rng.below(static_cast<std::uint32_t>(rules.players))),
                        rng);
          ++checked;
        }
        REQUIRE(g.apply(ai::rule_based_action(g.observation(seat))).ok());
      }
    }
  }
  REQUIRE(checked > 300);
}
