// Random-playout deals per second per core, for each variant: deals dealt
// by the engine's shuffle, every action chosen at random among the legal
// ones, through the engine's game object. Prints one line per variant.
//
//   bench_playout [seconds per variant, default 2]
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "engine/game.hpp"

using namespace whist;

namespace {

Card pick(CardSet legal, Rng& rng) {
  auto k = rng.below(static_cast<std::uint32_t>(count(legal)));
  for (; k; --k) legal &= legal - 1;
  return lowest(legal);
}

// Plays games to the end until `seconds` pass; returns deals per second.
double run(const Rules& rules, double seconds, long& deals_out) {
  using clock = std::chrono::steady_clock;
  Rng rng(12345);
  long deals = 0;
  std::uint64_t seed = 1;
  const auto start = clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(clock::now() - start).count(); };
  while (elapsed() < seconds) {
    for (int batch = 0; batch < 64; ++batch) {
      Game g = Game::seeded(rules, 0, seed++);
      while (!g.is_over()) {
        if (g.phase() == Phase::kPlay) {
          g.play_unchecked(pick(g.legal_cards(), rng));
        } else if (g.phase() == Phase::kDiscard) {
          auto [cards, k] = g.discard_choice();
          CardSet d = 0;
          for (int i = 0; i < k; ++i) d |= bit(pick(cards & ~d, rng));
          g.apply(Action::discard(g.current_seat(), d));
        } else {
          auto legal = g.legal_actions();
          g.apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
        }
      }
      deals += static_cast<long>(g.results().size());
    }
  }
  deals_out = deals;
  return static_cast<double>(deals) / elapsed();
}

}  // namespace

int main(int argc, char** argv) {
  const double seconds = argc > 1 ? std::atof(argv[1]) : 2.0;
  struct Case {
    const char* name;
    Rules rules;
  };
  Rules classic;
  classic.variant = Variant::kClassic;
  Rules bid;
  bid.variant = Variant::kBid;
  Rules exact;
  exact.variant = Variant::kExact;
  Case cases[] = {{"classic", classic}, {"bid", bid}, {"exact (4 players)", exact}};
  std::printf("random-playout deals per second, one core (%.1f s each)\n", seconds);
  for (auto& c : cases) {
    finalize(c.rules);
    long deals = 0;
    const double rate = run(c.rules, seconds, deals);
    std::printf("  %-18s %12.0f deals/s  (%ld deals)\n", c.name, rate, deals);
  }
  return 0;
}
