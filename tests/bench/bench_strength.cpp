// The computer player's strength: duplicate matches against the rule-based
// player. Each deal is played twice with the same cards, the computer
// player at seats 0 and 2 and the rule-based player at 1 and 3, then the
// other way round; the computer player's gain on a deal is what its seats
// took (tricks, or points) less what the rule-based player took in the same
// seats with the same cards. Prints the mean gain per deal with a 95%
// confidence interval, and the computer player's decision times: wall
// clock, and the thread's CPU time (its cost on one core even when the
// machine is busy; the budget itself is wall clock).
//
//   bench_strength [--variant classic|bid|exact] [--deals N] [--budget MS]
//                  [--samples N] [--threads N] [--solve-cards N] [--leaf-cards N]
//
// Exact whist: four players, each for themselves; the deal is a whole game
// of the default deals (7 to 13 cards), counted per deal; the seats are
// compared in pairs as above (0 and 2 against 1 and 3).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/ai/player.hpp"
#include "engine/game.hpp"

using namespace whist;

namespace {

struct Config {
  Variant variant = Variant::kClassic;
  int deals = 200;
  int budget_ms = 300;
  int samples = 400;
  int threads = 1;
  int solve_cards = ai::Settings{}.solve_cards;
  int leaf_cards = ai::Settings{}.leaf_cards;
};

struct Outcome {
  double tricks = 0;  // the pair 0+2's tricks
  double points = 0;  // the pair 0+2's points
  int deals = 0;      // deals played (exact: the game's deals)
};

Rules rules_for(Variant v) {
  Rules r;
  r.variant = v;
  r.players = 4;
  r.options.play_to = 15;
  finalize(r);
  return r;
}

// Plays one board: a deal (classic, bid) or a game (exact) from `seed`,
// with the computer player at the seats of parity `ai_parity`.
// This thread's CPU time in ms: a decision's cost on one core, whatever
// else the machine runs.
double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

struct Times {
  std::vector<double> wall, cpu;
};

Outcome play(const Config& cfg, std::uint64_t seed, int ai_parity, Times& times) {
  const Rules rules = rules_for(cfg.variant);
  Game g = Game::seeded(rules, static_cast<int>(seed % 4), seed);
  ai::Settings s;
  s.budget_ms = cfg.budget_ms;
  s.max_samples = cfg.samples;
  s.seed = seed * 1000003;
  s.solve_cards = cfg.solve_cards;
  s.leaf_cards = cfg.leaf_cards;
  const bool one_deal = cfg.variant != Variant::kExact;
  while (!g.is_over() && !(one_deal && !g.results().empty())) {
    const int seat = g.current_seat();
    const Observation o = g.observation(seat);
    Action a;
    if (seat % 2 == ai_parity) {
      ++s.seed;
      const auto t0 = std::chrono::steady_clock::now();
      const double c0 = thread_cpu_ms();
      a = ai::choose_action(o, s);
      times.cpu.push_back(thread_cpu_ms() - c0);
      times.wall.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    } else {
      a = ai::rule_based_action(o);
    }
    if (!g.apply(a).ok()) {
      std::fprintf(stderr, "illegal action at seed %llu\n", static_cast<unsigned long long>(seed));
      std::exit(1);
    }
  }
  Outcome out;
  for (const HandResult& r : g.results()) {
    if (cfg.variant == Variant::kExact) {
      out.tricks += r.tricks[0] + r.tricks[2];
      out.points += r.score[0] + r.score[2];
    } else {
      out.tricks += r.tricks[0];
      out.points += r.score[0] - r.score[1];
    }
    ++out.deals;
  }
  return out;
}

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

void report(const char* what, const std::vector<double>& gains) {
  const double n = static_cast<double>(gains.size());
  double mean = 0;
  for (double g : gains) mean += g;
  mean /= n;
  double var = 0;
  for (double g : gains) var += (g - mean) * (g - mean);
  var /= std::max(1.0, n - 1);
  const double half = 1.96 * std::sqrt(var / n);
  std::printf("  %-7s gained per deal: %+.3f  (95%% interval %+.3f .. %+.3f)\n", what, mean,
              mean - half, mean + half);
}

}  // namespace

int main(int argc, char** argv) {
  Config cfg;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i];
    const char* v = argv[i + 1];
    if (k == "--variant") {
      auto p = parse_variant(v);
      if (!p) return std::fprintf(stderr, "unknown variant %s\n", v), 2;
      cfg.variant = *p;
    } else if (k == "--deals") {
      cfg.deals = std::atoi(v);
    } else if (k == "--budget") {
      cfg.budget_ms = std::atoi(v);
    } else if (k == "--samples") {
      cfg.samples = std::atoi(v);
    } else if (k == "--solve-cards") {
      cfg.solve_cards = std::atoi(v);
    } else if (k == "--leaf-cards") {
      cfg.leaf_cards = std::atoi(v);
    } else if (k == "--threads") {
      cfg.threads = std::max(1, std::atoi(v));
    } else {
      return std::fprintf(stderr, "unknown flag %s\n", k.c_str()), 2;
    }
  }

  std::vector<double> trick_gain(static_cast<size_t>(cfg.deals)),
      point_gain(static_cast<size_t>(cfg.deals));
  Times times;
  std::mutex mu;
  std::atomic<int> next{0};
  std::atomic<int> done{0};
  const auto t0 = std::chrono::steady_clock::now();
  auto worker = [&] {
    Times mine;
    for (int i; (i = next++) < cfg.deals;) {
      const std::uint64_t seed = 9000 + static_cast<std::uint64_t>(i);
      const Outcome ai_even = play(cfg, seed, 0, mine);
      const Outcome ai_odd = play(cfg, seed, 1, mine);
      // Seats 0+2: the computer's result at one table less the rule-based
      // player's at the other, per deal.
      const double deals = std::max(1, ai_even.deals);
      if (cfg.variant == Variant::kExact) {
        trick_gain[static_cast<size_t>(i)] = 0;
        point_gain[static_cast<size_t>(i)] = (ai_even.points - ai_odd.points) / deals / 2;
      } else {
        trick_gain[static_cast<size_t>(i)] = ai_even.tricks - ai_odd.tricks;
        point_gain[static_cast<size_t>(i)] = ai_even.points - ai_odd.points;
      }
      if (const int d = ++done; d % 100 == 0) {
        // Progress on stderr: deals done and the running mean (deals may
        // finish out of order between threads; a rough figure).
        std::lock_guard lock(mu);
        double sum = 0;
        for (double g : (cfg.variant == Variant::kExact ? point_gain : trick_gain)) sum += g;
        std::fprintf(stderr, "  %d deals done, mean gain so far %+.3f\n", d, sum / d);
      }
    }
    std::lock_guard lock(mu);
    times.wall.insert(times.wall.end(), mine.wall.begin(), mine.wall.end());
    times.cpu.insert(times.cpu.end(), mine.cpu.begin(), mine.cpu.end());
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < cfg.threads; ++t) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  std::printf(
      "%s: %d deals played twice (duplicate), budget %d ms, at most %d samples, %d thread(s), %.0f "
      "s\n",
      std::string(variant_name(cfg.variant)).c_str(), cfg.deals, cfg.budget_ms, cfg.samples,
      cfg.threads, secs);
  if (cfg.variant != Variant::kExact) report("tricks", trick_gain);
  report(cfg.variant == Variant::kExact ? "points" : "points", point_gain);
  for (auto [what, v] : {std::pair{"wall", &times.wall}, std::pair{"cpu", &times.cpu}})
    std::printf("  decisions %zu, %s time: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms\n",
                v->size(), what, percentile(*v, 0.5), percentile(*v, 0.9), percentile(*v, 0.99),
                percentile(*v, 1.0));
}
