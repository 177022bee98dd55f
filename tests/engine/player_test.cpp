// Computer and rule-based players: across every variant and option mix,
// whole games played by them only ever take legal actions (apply accepts
// each one) and the games end; what they see is the seat's observation and
// nothing more.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "engine/ai/player.hpp"
#include "engine/game.hpp"
#include "protocol/record_json.hpp"
#include "tests/engine/scripted.hpp"

using namespace whist;

namespace {

Rules mix(Rng& r, int i) {
  switch (i % 3) {
    case 0: {
      static const char* trumps[] = {"turn", "rotate", "rotate_nt"};
      return test::rules(Variant::kClassic, {{"trump", std::string(trumps[r.below(3)])},
                                             {"play_to", std::int64_t{3}}});
    }
    case 1: {
      static const char* sport[] = {"never", "trump", "always"};
      return test::rules(Variant::kBid, {{"jokers", std::int64_t{r.below(3)}},
                                         {"min_bid", std::int64_t{1 + r.below(4)}},
                                         {"low_beats_high", r.below(2) == 0},
                                         {"sport_kitty", std::string(sport[r.below(3)])},
                                         {"bidder_gets_kitty", r.below(2) == 0},
                                         {"bidder_leads", r.below(2) == 0},
                                         {"play_to", std::int64_t{3}}});
    }
    default: {
      const int players = 2 + static_cast<int>(r.below(5));
      return test::rules(Variant::kExact,
                         {{"trumps", r.below(3) != 0},
                          {"initial_cards", std::int64_t{1}},
                          {"max_cards", std::int64_t{std::min(6, 52 / players)}}},
                         players);
    }
  }
}

// Plays a game with `choose` at every seat; every action must be legal.
template <typename Choose>
void play(const Rules& rules, std::uint64_t seed, Choose choose) {
  Game g =
      Game::seeded(rules, static_cast<int>(seed % static_cast<std::uint64_t>(rules.players)), seed);
  int steps = 0;
  while (!g.is_over()) {
    REQUIRE(++steps < 5000);
    const int seat = g.current_seat();
    const Observation o = g.observation(seat);
    const Action a = choose(o);
    INFO("phase " << static_cast<int>(g.phase()) << " action type " << static_cast<int>(a.type));
    REQUIRE(a.seat == seat);
    REQUIRE(g.apply(a).ok());
  }
  REQUIRE_FALSE(g.winners().empty());
}

// `games` games of mixed variants and options (drawn from `mix_seed`, the
// deals from `first_deal_seed` on) with the computer player at every seat.
void computers_play(std::uint64_t mix_seed, int games, std::uint64_t first_deal_seed,
                    ai::Settings s) {
  Rng r(mix_seed);
  for (int i = 0; i < games; ++i) {
    const Rules rules = mix(r, i);
    INFO("game " << i << " options " << protocol::options_json(rules).dump());
    play(rules, first_deal_seed + static_cast<std::uint64_t>(i), [&](const Observation& o) {
      s.seed += 1;
      return ai::choose_action(o, s);
    });
  }
}

}  // namespace

TEST_CASE("rule-based players play whole games legally in every variant", "[player]") {
  Rng r(42);
  for (int i = 0; i < 300; ++i) {
    const Rules rules = mix(r, i);
    INFO("game " << i << " options " << protocol::options_json(rules).dump());
    play(rules, 100 + static_cast<std::uint64_t>(i),
         [](const Observation& o) { return ai::rule_based_action(o); });
  }
}

TEST_CASE("computer players play whole games legally in every variant", "[player]") {
  ai::Settings s;
  s.budget_ms = 0;
  s.max_samples = 6;
  computers_play(7, 24, 500, s);
}

TEST_CASE("a budget too short for one sample still gives a legal card", "[player]") {
  // 1 ms cannot hold a first sample's solve of a 13-card deal: the card is
  // then the rule-based one, and must be legal.
  ai::Settings s;
  s.budget_ms = 1;
  computers_play(11, 6, 900, s);
}

TEST_CASE("computer players that drop cards by paired differences play legally", "[player]") {
  // Enough samples for the paired rule to drop candidates
  // (ai::CardTally::kDropMin).
  ai::Settings s;
  s.budget_ms = 0;
  s.max_samples = 16;
  s.paired_drop = true;
  computers_play(13, 9, 1300, s);
}
