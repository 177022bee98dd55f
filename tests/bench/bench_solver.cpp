// The double-dummy solver against libdds (the bridge solver, Debian's
// libdds-dev) on the same random classic whist deals, in one run: each full
// 52-card deal is solved from the first trick by both, every legal card
// valued (libdds: SolveBoard with target -1, solutions 3, mode 1, one
// thread). Prints the time per deal of each (mean, median, 99th
// percentile), the ratio of the means (ours / libdds) and how many deals
// agree on the best result and on every card's value.
//
//   bench_solver [deals, default 100] [first seed, default 1]
//
// Deals come from the engine's seeded games (classic, trump turned); every
// fifth deal is played at no trump, as classic's `rotate_nt` plays one deal
// in five.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <vector>

#include "engine/ai/solver.hpp"
#include "engine/game.hpp"
#include "tests/dds_bridge.hpp"

using namespace whist;

namespace {

using test::dds_deal;
using test::dds_values;

double percentile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  const auto i = static_cast<size_t>(q * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

double mean(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return v.empty() ? 0 : s / static_cast<double>(v.size());
}

}  // namespace

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 100;
  const std::uint64_t first_seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  SetMaxThreads(1);
  Rules rules;
  rules.variant = Variant::kClassic;
  finalize(rules);

  using clock = std::chrono::steady_clock;
  auto ms = [](clock::time_point a, clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
  };
  ai::Solver solver;
  std::vector<double> ours, theirs;
  int agree = 0;
  std::uint64_t nodes = 0;
  for (int i = 0; i < n; ++i) {
    const std::uint64_t seed = first_seed + static_cast<std::uint64_t>(i);
    Game g = Game::seeded(rules, static_cast<int>(seed % 4), seed);
    ai::Position p = ai::position_of(g);
    if (i % 5 == 4) {
      p.trump = kNoSuit;
      p.ranking = &ranking(kNoSuit, false, false);
    }

    const std::uint64_t before = solver.nodes();
    const auto t0 = clock::now();
    const ai::Solution s = solver.solve(p);
    const auto t1 = clock::now();
    futureTricks f{};
    const int rc = SolveBoard(dds_deal(p), -1, 3, 1, &f, 0);
    const auto t2 = clock::now();
    nodes += solver.nodes() - before;
    if (rc != RETURN_NO_FAULT) {
      std::printf("deal %d: libdds error %d\n", i, rc);
      return 1;
    }
    ours.push_back(ms(t0, t1));
    theirs.push_back(ms(t1, t2));

    const auto expected = dds_values(f);
    bool same = s.tricks == f.score[0] && s.cards.size() == expected.size();
    for (const auto& [card, value] : s.cards) {
      auto it = expected.find(card);
      same = same && it != expected.end() && it->second == value;
    }
    if (same) {
      ++agree;
    } else {
      std::printf("deal %d (seed %llu, trump %d): ours %d, libdds %d\n", i,
                  static_cast<unsigned long long>(seed), p.trump, s.tricks, f.score[0]);
    }
  }

  const double ratio = mean(ours) / mean(theirs);
  std::printf("double-dummy solves of %d full classic deals, every card valued, one thread\n", n);
  std::printf("  ours    mean %8.2f ms   p50 %8.2f ms   p99 %8.2f ms   (%.0f nodes/deal)\n",
              mean(ours), percentile(ours, 0.5), percentile(ours, 0.99),
              static_cast<double>(nodes) / n);
  std::printf("  libdds  mean %8.2f ms   p50 %8.2f ms   p99 %8.2f ms\n", mean(theirs),
              percentile(theirs, 0.5), percentile(theirs, 0.99));
  std::printf("  time ratio (ours / libdds, means) %.2f  (target <= 3)\n", ratio);
  std::printf("  agreement %d of %d  (target %d of %d)\n", agree, n, n, n);
  return agree == n ? 0 : 2;
}
