// A seat's view as JSON text, what the server writes twice for every
// action (for the seat that acted and the seat to act): views per second on
// one core and their mean size, for each variant, over whole random games.
//
//   bench_views [seconds per variant, default 3]
//
// The games are played first; the views of every state are written in the
// timed loop (the engine's observation and the text both), in 10 rounds;
// the best and the median round are printed.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "engine/game.hpp"
#include "protocol/table_json.hpp"

using namespace whist;

namespace {

// States to write views of: a copy of each game after every action.
std::vector<Game> play(const Rules& rules, int games) {
  std::mt19937_64 rng(7);
  std::vector<Game> states;
  for (int k = 0; k < games; ++k) {
    Game g = Game::seeded(rules, 0, static_cast<std::uint64_t>(k) + 1);
    while (!g.is_over()) {
      const auto legal = g.legal_actions();
      g.apply(legal[rng() % legal.size()]);
      states.push_back(g);
    }
  }
  return states;
}

}  // namespace

int main(int argc, char** argv) {
  const double seconds = argc > 1 ? std::atof(argv[1]) : 3.0;
  const int rounds = 10;
  struct Case {
    const char* name;
    Variant variant;
  };
  const Case cases[] = {{"classic", Variant::kClassic},
                        {"bid", Variant::kBid},
                        {"exact (4 players)", Variant::kExact}};
  std::printf("a seat's view as JSON text, views per second on one core (%d rounds of %.2f s)\n",
              rounds, seconds / rounds);
  for (const Case& c : cases) {
    Rules rules;
    rules.variant = c.variant;
    finalize(rules);
    const std::vector<Game> states = play(rules, 20);
    std::vector<double> rates;
    std::size_t bytes = 0, views = 0;
    for (int r = 0; r < rounds; ++r) {
      using clock = std::chrono::steady_clock;
      const auto start = clock::now();
      std::size_t n = 0;
      double elapsed = 0;
      while (elapsed < seconds / rounds) {
        for (const Game& g : states) {
          const int seat = std::max(g.current_seat(), 0);
          const std::string text = protocol::observation_text(g.observation(seat));
          bytes += text.size();
          ++n;
        }
        elapsed = std::chrono::duration<double>(clock::now() - start).count();
      }
      views += n;
      rates.push_back(static_cast<double>(n) / elapsed);
    }
    std::sort(rates.begin(), rates.end());
    std::printf("  %-18s best %9.0f   median %9.0f views/s  (%.2f us each; %zu bytes on average)\n",
                c.name, rates.back(), rates[rates.size() / 2], 1e6 / rates.back(), bytes / views);
  }
  return 0;
}
