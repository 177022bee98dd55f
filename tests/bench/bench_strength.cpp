// The computer player's strength: duplicate matches against the rule-based
// player. Each deal is played twice with the same cards, the computer
// player at seats 0 and 2 and the rule-based player at 1 and 3, then the
// other way round; the computer player's gain on a deal is what its seats
// took (tricks, or points) less what the rule-based player took in the same
// seats with the same cards. Prints the mean gain per deal with a 95%
// confidence interval, and the computer player's decision times (card
// play and bidding apart): wall clock, and the thread's CPU time (its cost
// on one core even when the machine is busy).
//
//   bench_strength [--variant classic|bid|exact] [--deals N] [--first N] [--budget MS]
//                  [--samples N] [--threads N] [--solve-cards N] [--leaf-cards N]
//                  [--clock wall|cpu] [--strength beginner|club|expert]
//                  [--against-budget MS] [--table kept|fresh] [--against-table kept|fresh]
//                  [--drop paired|margin] [--against-drop paired|margin]
//
// --strength: the computer player's strength, as a table's seat has it
// (engine/ai/player.hpp: club caps the samples and the budget; beginner is
// the rule-based player with careless cards).
//
// --against-budget MS: the opponents (the other two seats) are the same
// computer player with a budget of MS instead of the rule-based player: a
// budget measured against another on the same deals (the gain is then the
// first budget's over the second's; each side's decision times are
// printed).
//
// --table, --against-table: whether the solver's table carries over from
// one solve to the next (kept, the default, as the server plays) or each
// solve starts with an empty one (fresh, as the computer player did before
// the kept table): the same answers, found sooner or later. With
// --against-budget, `--against-table fresh` measures a budget against
// another budget of the computer player as it was.
//
// --drop, --against-drop: how candidate cards leave the sampling: by their
// differences from the best card sample by sample as well as by their mean
// (paired), or by their mean only (margin, as the computer player did
// before); ai::Settings::paired_drop.
//
// --clock cpu counts the budget in each thread's CPU time, as on a core of
// its own: the figures then do not depend on what else the machine runs
// (the server always counts wall time).
//
// Exact whist: four players, each for themselves; the deal is a whole game
// of the default deals (7 to 13 cards), counted per deal; the seats are
// compared in pairs as above (0 and 2 against 1 and 3).
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <mutex>
#include <optional>
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
  int first = 0;  // the first deal's number: runs with different --first use different deals
  int budget_ms = ai::Settings{}.budget_ms;  // as the server
  int samples = 400;
  int threads = 1;
  int solve_cards = ai::Settings{}.solve_cards;
  int leaf_cards = ai::Settings{}.leaf_cards;
  bool cpu_clock = false;
  ai::Strength strength = ai::Strength::kExpert;
  int against_budget_ms = -1;      // >= 0: the opponents are the computer player with this budget
  bool keep_table = true;          // --table
  bool against_keep_table = true;  // --against-table
  bool paired_drop = ai::Settings{}.paired_drop;          // --drop
  bool against_paired_drop = ai::Settings{}.paired_drop;  // --against-drop
};

constexpr const char* kUsage =
    "usage: bench_strength [--variant classic|bid|exact] [--deals N] [--first N] [--budget MS]\n"
    "                      [--samples N] [--threads N] [--solve-cards N] [--leaf-cards N]\n"
    "                      [--clock wall|cpu] [--strength beginner|club|expert]\n"
    "                      [--against-budget MS] [--table kept|fresh]\n"
    "                      [--against-table kept|fresh] [--drop paired|margin]\n"
    "                      [--against-drop paired|margin]\n";

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

// Decision times in ms: card plays and other decisions (bids, discards,
// trump) apart.
struct Times {
  std::vector<double> wall, cpu, bid_wall, bid_cpu;
  // The sampled card decisions by cards in hand: how many, and their
  // samples, candidates and candidates left at the end, summed.
  struct Sampling {
    long decisions = 0, samples = 0, candidates = 0, live = 0;
  };
  std::array<Sampling, 27> sampling{};
  void add(const Times& o) {
    wall.insert(wall.end(), o.wall.begin(), o.wall.end());
    cpu.insert(cpu.end(), o.cpu.begin(), o.cpu.end());
    bid_wall.insert(bid_wall.end(), o.bid_wall.begin(), o.bid_wall.end());
    bid_cpu.insert(bid_cpu.end(), o.bid_cpu.begin(), o.bid_cpu.end());
    for (size_t i = 0; i < sampling.size(); ++i) {
      sampling[i].decisions += o.sampling[i].decisions;
      sampling[i].samples += o.sampling[i].samples;
      sampling[i].candidates += o.sampling[i].candidates;
      sampling[i].live += o.sampling[i].live;
    }
  }
};

// One computer decision, its times noted.
Action timed_choice(const Observation& o, const ai::Settings& s, Times& times) {
  const auto t0 = std::chrono::steady_clock::now();
  const double c0 = thread_cpu_ms();
  const std::uint64_t serial = ai::last_card_sampling().serial;
  const Action a = ai::choose_action(o, s);
  const bool card = a.type == ActionType::kPlay;
  if (const ai::CardSampling d = ai::last_card_sampling(); d.serial != serial) {
    Times::Sampling& t = times.sampling[static_cast<size_t>(std::clamp(d.hand, 0, 26))];
    ++t.decisions, t.samples += d.samples, t.candidates += d.candidates, t.live += d.live;
  }
  (card ? times.cpu : times.bid_cpu).push_back(thread_cpu_ms() - c0);
  (card ? times.wall : times.bid_wall)
      .push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  return a;
}

Outcome play(const Config& cfg, std::uint64_t seed, int ai_parity, Times& times,
             Times& other_times) {
  const Rules rules = rules_for(cfg.variant);
  Game g = Game::seeded(rules, static_cast<int>(seed % 4), seed);
  ai::Settings s;
  s.budget_ms = cfg.budget_ms;
  s.max_samples = cfg.samples;
  s.seed = seed * 1000003;
  s.solve_cards = cfg.solve_cards;
  s.leaf_cards = cfg.leaf_cards;
  s.cpu_clock = cfg.cpu_clock;
  s.keep_table = cfg.keep_table;
  s.paired_drop = cfg.paired_drop;
  s.strength = cfg.strength;
  ai::Settings other = s;  // --against-budget: the opponents
  other.budget_ms = cfg.against_budget_ms;
  other.keep_table = cfg.against_keep_table;
  other.paired_drop = cfg.against_paired_drop;
  other.seed = seed * 1000003 + 500000;
  const bool one_deal = cfg.variant != Variant::kExact;
  while (!g.is_over() && !(one_deal && !g.results().empty())) {
    const int seat = g.current_seat();
    const Observation o = g.observation(seat);
    Action a;
    if (seat % 2 == ai_parity) {
      ++s.seed;
      a = timed_choice(o, s, times);
    } else if (cfg.against_budget_ms >= 0) {
      ++other.seed;
      a = timed_choice(o, other, other_times);
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

struct Interval {
  double mean = 0, low = 0, high = 0, sd = 0;
};

// The mean of `gains` with a 95% confidence interval (normal approximation).
Interval interval(const std::vector<double>& gains) {
  const double n = static_cast<double>(gains.size());
  if (gains.empty()) return {};
  double mean = 0;
  for (double g : gains) mean += g;
  mean /= n;
  double var = 0;
  for (double g : gains) var += (g - mean) * (g - mean);
  var /= std::max(1.0, n - 1);
  const double half = 1.96 * std::sqrt(var / n);
  return {mean, mean - half, mean + half, std::sqrt(var)};
}

void report(const char* what, const std::vector<double>& gains) {
  const Interval r = interval(gains);
  // The standard deviation lets runs over other deals (--first) be pooled.
  std::printf("  %-7s gained per deal: %+.3f  (95%% interval %+.3f .. %+.3f; sd %.3f)\n", what,
              r.mean, r.low, r.high, r.sd);
}

// Reads the flags into `cfg`: nullopt to go on, else the exit status
// (0 for --help, 2 for a bad flag).
std::optional<int> parse_args(int argc, char** argv, Config& cfg) {
  for (int i = 1; i < argc; ++i) {
    const std::string k = argv[i];
    if (k == "--help" || k == "-h") return std::printf("%s", kUsage), 0;
    if (i + 1 >= argc) return std::fprintf(stderr, "%s needs a value\n%s", k.c_str(), kUsage), 2;
    const char* v = argv[++i];
    char* end = nullptr;
    const long n = std::strtol(v, &end, 10);
    const bool number = end != v && *end == '\0' && n >= 0 && n <= 1'000'000;
    auto count = [&](int& out) {
      if (!number) return std::fprintf(stderr, "%s: not a count: %s\n", k.c_str(), v), false;
      out = static_cast<int>(n);
      return true;
    };
    bool ok = true;
    if (k == "--variant") {
      auto p = parse_variant(v);
      if (!p) return std::fprintf(stderr, "unknown variant %s\n", v), 2;
      cfg.variant = *p;
    } else if (k == "--clock") {
      if (std::strcmp(v, "wall") != 0 && std::strcmp(v, "cpu") != 0)
        return std::fprintf(stderr, "--clock: wall or cpu, not %s\n", v), 2;
      cfg.cpu_clock = std::strcmp(v, "cpu") == 0;
    } else if (k == "--table" || k == "--against-table") {
      if (std::strcmp(v, "kept") != 0 && std::strcmp(v, "fresh") != 0)
        return std::fprintf(stderr, "%s: kept or fresh, not %s\n", k.c_str(), v), 2;
      (k == "--table" ? cfg.keep_table : cfg.against_keep_table) = std::strcmp(v, "kept") == 0;
    } else if (k == "--drop" || k == "--against-drop") {
      if (std::strcmp(v, "paired") != 0 && std::strcmp(v, "margin") != 0)
        return std::fprintf(stderr, "%s: paired or margin, not %s\n", k.c_str(), v), 2;
      (k == "--drop" ? cfg.paired_drop : cfg.against_paired_drop) = std::strcmp(v, "paired") == 0;
    } else if (k == "--strength") {
      const auto st = ai::parse_strength(v);
      if (!st) return std::fprintf(stderr, "--strength: beginner, club or expert, not %s\n", v), 2;
      cfg.strength = *st;
    } else if (k == "--deals") {
      ok = count(cfg.deals);
    } else if (k == "--first") {
      ok = count(cfg.first);
    } else if (k == "--budget") {
      ok = count(cfg.budget_ms);
    } else if (k == "--against-budget") {
      ok = count(cfg.against_budget_ms);
    } else if (k == "--samples") {
      ok = count(cfg.samples);
    } else if (k == "--solve-cards") {
      ok = count(cfg.solve_cards);
    } else if (k == "--leaf-cards") {
      ok = count(cfg.leaf_cards);
    } else if (k == "--threads") {
      ok = count(cfg.threads);
      cfg.threads = std::max(1, cfg.threads);
    } else {
      return std::fprintf(stderr, "unknown flag %s\n%s", k.c_str(), kUsage), 2;
    }
    if (!ok) return 2;
  }
  if (cfg.deals < 1) return std::fprintf(stderr, "--deals: at least 1\n"), 2;
  return std::nullopt;
}

// The deals played so far, shared by the worker threads.
struct Match {
  explicit Match(const Config& c)
      : cfg(c),
        trick_gain(static_cast<size_t>(c.deals)),
        point_gain(static_cast<size_t>(c.deals)),
        finished(static_cast<size_t>(c.deals), 0) {}

  const Config& cfg;
  // Per deal, the computer player's gain.
  std::vector<double> trick_gain, point_gain;
  Times times, other_times;  // the computer player's, and its opponents' (--against-budget)
  std::mutex mu;
  std::atomic<int> next{0};
  std::atomic<int> done{0};
  std::vector<char> finished;
  std::uint64_t nodes = 0;  // the solvers' search nodes, both sides

  // Deal `i` played twice (duplicate), its gains noted.
  void play_deal(int i, Times& mine, Times& theirs) {
    const std::uint64_t seed = 9000 + static_cast<std::uint64_t>(cfg.first + i);
    const Outcome ai_even = play(cfg, seed, 0, mine, theirs);
    const Outcome ai_odd = play(cfg, seed, 1, mine, theirs);
    // Seats 0+2: the computer's result at one table less the rule-based
    // player's (--against-budget: the other budget's) at the other, per deal.
    const double deals = std::max(1, ai_even.deals);
    if (cfg.variant == Variant::kExact) {
      trick_gain[static_cast<size_t>(i)] = 0;
      point_gain[static_cast<size_t>(i)] = (ai_even.points - ai_odd.points) / deals / 2;
    } else {
      trick_gain[static_cast<size_t>(i)] = ai_even.tricks - ai_odd.tricks;
      point_gain[static_cast<size_t>(i)] = ai_even.points - ai_odd.points;
    }
  }

  // Progress on stderr over the deals finished so far (a figure to keep if
  // the run must be stopped early). Called with `mu` held.
  void progress(int d) const {
    std::vector<double> so_far;
    for (size_t j = 0; j < finished.size(); ++j)
      if (finished[j])
        so_far.push_back(cfg.variant == Variant::kExact ? point_gain[j] : trick_gain[j]);
    const Interval r = interval(so_far);
    std::fprintf(stderr, "  %d deals done: %+.3f per deal (95%% %+.3f .. %+.3f)\n", d, r.mean,
                 r.low, r.high);
  }

  void worker() {
    Times mine, theirs;
    for (int i; (i = next++) < cfg.deals;) {
      play_deal(i, mine, theirs);
      std::lock_guard lock(mu);
      finished[static_cast<size_t>(i)] = 1;
      if (const int d = ++done; d % 100 == 0) progress(d);
    }
    std::lock_guard lock(mu);
    times.add(mine);
    other_times.add(theirs);
    nodes += ai::thread_solver_nodes();
  }
};

void print_results(const Config& cfg, Match& m, double secs) {
  std::printf(
      "%s, %s: %d deals (%d to %d) played twice (duplicate), budget %d ms (%s clock), at most %d "
      "samples, %s table, %s drop, %d thread(s), %.0f s\n",
      std::string(variant_name(cfg.variant)).c_str(),
      std::string(ai::strength_name(cfg.strength)).c_str(), cfg.deals, cfg.first,
      cfg.first + cfg.deals - 1, cfg.budget_ms, cfg.cpu_clock ? "thread CPU" : "wall", cfg.samples,
      cfg.keep_table ? "kept" : "fresh", cfg.paired_drop ? "paired" : "margin", cfg.threads, secs);
  if (cfg.strength == ai::Strength::kClub)
    std::printf("  (club: at most 6 samples a card and 100 ms, whatever the budget above)\n");
  if (cfg.strength == ai::Strength::kBeginner)
    std::printf("  (beginner: the rule-based player with careless cards; no budget)\n");
  if (cfg.against_budget_ms >= 0)
    std::printf(
        "  against the same player with a budget of %d ms, %s table, %s drop (not the rule-based "
        "player)\n",
        cfg.against_budget_ms, cfg.against_keep_table ? "kept" : "fresh",
        cfg.against_paired_drop ? "paired" : "margin");
  std::printf("  solver: %.1f million search nodes (both sides)\n",
              static_cast<double>(m.nodes) / 1e6);
  if (cfg.variant != Variant::kExact) report("tricks", m.trick_gain);
  report(cfg.variant == Variant::kExact ? "points" : "points", m.point_gain);
  for (auto [whose, times] : {std::pair{"", &m.times}, std::pair{"opponents' ", &m.other_times}})
    for (auto [what, v] :
         {std::pair{"cards, wall", &times->wall}, std::pair{"cards, cpu", &times->cpu},
          std::pair{"bids etc., wall", &times->bid_wall},
          std::pair{"bids etc., cpu", &times->bid_cpu}})
      if (!v->empty())
        std::printf(
            "  %s%s time: %zu decisions, p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms\n",
            whose, what, v->size(), percentile(*v, 0.5), percentile(*v, 0.9), percentile(*v, 0.99),
            percentile(*v, 1.0));
  for (auto [whose, times] : {std::pair{"", &m.times}, std::pair{"opponents' ", &m.other_times}}) {
    std::string line;
    for (int h = 26; h >= 1; --h) {
      const Times::Sampling& t = times->sampling[static_cast<size_t>(h)];
      if (t.decisions == 0) continue;
      const auto d = static_cast<double>(t.decisions);
      char buf[96];
      std::snprintf(buf, sizeof buf, "\n    %2d cards: %5.0f samples, %.1f of %.1f candidates left",
                    h, static_cast<double>(t.samples) / d, static_cast<double>(t.live) / d,
                    static_cast<double>(t.candidates) / d);
      line += buf;
    }
    if (!line.empty())
      std::printf("  %ssampled card decisions, means by cards in hand:%s\n", whose, line.c_str());
  }
}

}  // namespace

int main(int argc, char** argv) {
  Config cfg;
  if (const auto status = parse_args(argc, argv, cfg)) return *status;
  Match match(cfg);
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::thread> pool;
  for (int t = 0; t < cfg.threads; ++t) pool.emplace_back([&match] { match.worker(); });
  for (auto& t : pool) t.join();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  print_results(cfg, match, secs);
}
