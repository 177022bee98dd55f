// Computer players: the action a seat takes, chosen from what that seat may
// see and nothing more (an Observation for the seat), for every variant and
// option; and a simple rule-based player, the benchmark's opponent.
//
//   ai::Settings s;            // 300 ms per decision by default
//   Action a = ai::choose_action(game.observation(seat), s);
//
// The computer player fills in the hidden hands many times at random,
// consistent with everything the seat has seen (the calls, the cards played,
// suits a player showed out of, the turned card, the kitty as far as it was
// shown), plays each sample out (a double-dummy solve, or simulated play
// where a solve would not fit the budget) and takes the action with the best
// total. Bids come from a hand evaluation checked by simulation.
//
// Thread safety: choose_action may run on any thread; each thread keeps its
// own solver. It measures time with std::chrono::steady_clock (or the
// thread's CPU clock, see Settings::cpu_clock): the engine's one use of a
// clock, for the budget only (the result is the same function
// of the observation and the seed whenever max_samples is reached first).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/action.hpp"
#include "engine/observation.hpp"

namespace whist::ai {

// How well the computer plays (docs/computer-players.md, "Strengths"):
//   expert:   the sampling player below, as its settings say;
//   club:     the same with a handful of samples, reading no habits from
//             the others' plays, a short budget: sound, sometimes misled;
//   beginner: the rule-based player, with now and then a careless card (a
//             random legal one, one card in five where there is a choice).
enum class Strength : std::uint8_t { kBeginner, kClub, kExpert };
std::string_view strength_name(Strength s);
std::optional<Strength> parse_strength(std::string_view s);

struct Settings {
  // Time for one decision, in milliseconds; 0: no limit but max_samples.
  int budget_ms = 300;
  // At most this many sampled deals per decision.
  int max_samples = 400;
  // Seeds the sampling (the server draws one per decision).
  std::uint64_t seed = 1;
  // Card play in classic and bid whist: hands of at most `solve_cards`
  // cards are solved double dummy in each sample; bigger ones are played by
  // the rule-based policy down to `leaf_cards` cards, then solved. Tuned
  // for the default budget (tests/bench/bench_strength).
  int solve_cards = 10;
  int leaf_cards = 9;
  // Count the budget in the calling thread's CPU time rather than wall-clock
  // time: what a decision costs on one core of its own, however busy the
  // machine (the strength benchmark's --clock cpu). Servers keep wall time.
  bool cpu_clock = false;
  // The solver's table carries over from one sample and one decision to the
  // next (ai::Solver::keep_table): the same answers, found sooner. False:
  // each solve starts with an empty table, as the computer player did before
  // (for the strength benchmark's comparisons).
  bool keep_table = true;
  // Candidate cards leave the sampling when their differences from the best
  // card, sample by sample, show them worse (as well as when their mean is
  // far below the best): the contenders get the samples. False: only the
  // latter, as the computer player did before.
  bool paired_drop = false;
  Strength strength = Strength::kExpert;
};

// The computer player's action for the observation's seat, which must be
// the seat to act (obs.to_act == obs.seat). Always a legal action.
Action choose_action(const Observation& obs, const Settings& settings = {});

// The solver's search nodes in the calling thread's computer player so far
// (both its solvers), for benchmarks.
std::uint64_t thread_solver_nodes();

// The calling thread's last sampled card decision, for benchmarks: cards
// in hand, candidate cards, candidates still sampled at the end, samples
// taken; `serial` counts such decisions (0: none yet).
struct CardSampling {
  std::uint64_t serial = 0;
  int hand = 0, candidates = 0, live = 0, samples = 0;
};
CardSampling last_card_sampling();

// A plain rule-based player: legal, quick, no look-ahead (second hand low,
// third hand high, win as cheaply as possible, discard from short suits,
// bids by counting high cards). The opponent of the strength benchmark.
Action rule_based_action(const Observation& obs);

}  // namespace whist::ai
