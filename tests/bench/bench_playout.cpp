// Random-playout deals per second per core, for each variant: deals dealt
// by the engine's shuffle, every action chosen at random among the legal
// ones, through the engine's game object. Prints one line per variant.
//
//   bench_playout [seconds per variant, default 3] [variant]
//
// Each variant runs in 10 rounds; the best and the median round are printed
// (the best is the machine's speed with the least interference from other
// work on it, the median what a busy machine gives).
#include <immintrin.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "engine/game.hpp"

using namespace whist;

namespace {

// The playing policy's own generator (the engine's shuffles use the
// engine's): splitmix64, with a multiply to reduce to a range (a bias of at
// most 52 in 2^64, nothing for a benchmark).
struct PolicyRng {
  std::uint64_t x;
  std::uint32_t below(std::uint32_t n) {
    std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    __extension__ using u128 = unsigned __int128;
    return static_cast<std::uint32_t>((static_cast<u128>(z) * n) >> 64);
  }
};

// A random card of a set: the k-th set bit (PDEP where the build machine
// has it, this file being built for it).
Card pick(CardSet legal, PolicyRng& rng) {
  auto k = rng.below(static_cast<std::uint32_t>(count(legal)));
#ifdef __BMI2__
  return lowest(_pdep_u64(CardSet{1} << k, legal));
#else
  for (; k; --k) legal &= legal - 1;
  return lowest(legal);
#endif
}

// Plays games to the end until `seconds` pass; returns deals per second.
double run(const Rules& rules, double seconds, long& deals_out) {
  using clock = std::chrono::steady_clock;
  PolicyRng rng{12345};
  long deals = 0;
  std::uint64_t seed = 1;
  std::vector<Action> legal;  // the bids' room, kept from deal to deal
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
          g.legal_actions(legal);
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
  const double seconds = argc > 1 ? std::atof(argv[1]) : 3.0;
  const int rounds = 10;
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
  std::printf(
      "random-playout deals per second on one core, default options (%d rounds of %.2f s)\n",
      rounds, seconds / rounds);
  for (auto& c : cases) {
    if (argc > 2 && std::strncmp(c.name, argv[2], std::strlen(argv[2])) != 0) continue;
    finalize(c.rules);
    std::vector<double> rates;
    long deals = 0;
    for (int i = 0; i < rounds; ++i) {
      long d = 0;
      rates.push_back(run(c.rules, seconds / rounds, d));
      deals += d;
    }
    std::sort(rates.begin(), rates.end());
    std::printf("  %-18s best %10.0f   median %10.0f deals/s  (%ld deals)\n", c.name, rates.back(),
                rates[rates.size() / 2], deals);
  }
  return 0;
}
