// The computer player: sampled deals, each played out, the action with the
// best total. Card play in the partnership variants solves each sample
// double dummy (from the position itself when it is small enough to solve
// within the budget, else after simulated play down to a size that is);
// exact whist, where each plays for an exact number of tricks, plays each
// sample out with every seat aiming at its bid. Bids, discards and the
// choice of trump simulate each candidate over sampled deals.
#include "engine/ai/player.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <vector>

#include "engine/ai/card_tally.hpp"
#include "engine/ai/hand_eval.hpp"
#include "engine/ai/play_state.hpp"
#include "engine/ai/sampler.hpp"
#include "engine/ai/solver.hpp"
#include "engine/variants/exact.hpp"

namespace whist::ai {

namespace {

// Microseconds on the clock the settings ask for: wall (steady) time, or
// the calling thread's CPU time.
std::int64_t now_us(bool cpu) {
  if (cpu) {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000 + ts.tv_nsec / 1000;
  }
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

class Budget {
 public:
  explicit Budget(const Settings& s)
      : max_(std::max(1, s.max_samples)),
        limited_(s.budget_ms > 0),
        cpu_(s.cpu_clock),
        start_us_(now_us(cpu_)),
        // Stop sampling with room to spare for the last sample and the
        // choice.
        end_us_(start_us_ + static_cast<std::int64_t>(s.budget_ms) * 800),
        // Past this even a first sample is dropped: the caller then falls
        // back on the rule-based choice.
        hard_us_(start_us_ + static_cast<std::int64_t>(s.budget_ms) * 950) {}
  // Whether to take another sample after `done` (always at least one).
  bool more(int done) const {
    return done == 0 || (done < max_ && (!limited_ || now_us(cpu_) < end_us_));
  }
  // Whether a sample under way should be dropped: time is up and others
  // are complete, or the whole budget is nearly spent.
  bool abandon(int done) const {
    if (!limited_) return false;
    const std::int64_t now = now_us(cpu_);
    return now >= hard_us_ || (done > 0 && now >= end_us_);
  }

 private:
  int max_;
  bool limited_;
  bool cpu_;
  std::int64_t start_us_;
  std::int64_t end_us_;
  std::int64_t hard_us_;
};

// Simulation samples for bidding decisions: rollouts are cheap, so at
// least a few hundred when the time allows.
Settings bidding_settings(Settings s) {
  s.max_samples = std::max(s.max_samples, s.strength == Strength::kClub ? 30 : 300);
  return s;
}

// The sampler of a decision: a club player reads nothing from the others'
// habits, only what the rules prove.
Sampler sampler_for(const Observation& o, const Settings& s) {
  Sampler sampler(o);
  if (s.strength == Strength::kClub) sampler.set_weighting(false);
  return sampler;
}

// A club player's settings: a handful of samples in a short budget.
constexpr int kClubSamples = 6;
constexpr int kClubBudgetMs = 100;
Settings club_settings(Settings s) {
  s.max_samples = std::min(s.max_samples, kClubSamples);
  if (s.budget_ms <= 0 || s.budget_ms > kClubBudgetMs) s.budget_ms = kClubBudgetMs;
  return s;
}

// The calling thread's solver: the one that keeps its table (every
// decision's, whatever the table and the game), or one that does not.
Solver& thread_solver(bool keep_table) {
  thread_local Solver kept = [] {
    Solver s;
    s.keep_table(true);
    return s;
  }();
  if (keep_table) return kept;
  thread_local Solver fresh;
  return fresh;
}

CardSampling& thread_card_sampling() {
  thread_local CardSampling last;
  return last;
}

int trump_of(const Observation& o) { return o.trump < 0 ? kNoSuit : o.trump; }
bool partnerships(const Observation& o) { return o.rules.variant != Variant::kExact; }
int exact_score(int bid, int tricks) {
  return bid == tricks ? 10 + tricks : -3 - std::abs(tricks - bid);
}

// The play state of a sampled deal at the observation's point of play.
PlayState state_of(const Observation& o, const std::array<CardSet, kMaxSeats>& hands) {
  PlayState s;
  s.pos.players = o.rules.players;
  s.pos.hands = hands;
  s.pos.trick = o.current;
  s.pos.trump = trump_of(o);
  s.pos.ranking = &ranking_of(o);
  s.pos.partnerships = partnerships(o);
  s.pos.must_trump = o.rules.variant == Variant::kExact && s.pos.trump != kNoSuit;
  for (int i = 0; i < s.pos.players; ++i) {
    s.won[static_cast<size_t>(i)] = o.tricks_won[static_cast<size_t>(i)];
    s.in_play |= hands[static_cast<size_t>(i)];
  }
  for (const Call& c : o.calls)
    if (!c.pass) s.bid[static_cast<size_t>(c.seat)] = c.tricks;
  return s;
}

// One card of each group of equivalent cards: cards of one suit with no
// unseen card ranking between them take the same tricks.
CardSet distinct_cards(CardSet legal, CardSet unseen, const Ranking& rank) {
  auto power = [&](Card c) {
    return rank.trump_value[c] ? rank.trump_value[c] : rank.plain_value[c];
  };
  CardSet keep = 0;
  for (CardSet s = legal; s; s &= s - 1) {
    const Card c = lowest(s);
    bool covered = false;
    for (CardSet k = keep; k && !covered; k &= k - 1) {
      const Card d = lowest(k);
      if (rank.suit_as[d] != rank.suit_as[c]) continue;
      const int lo = std::min(power(c), power(d)), hi = std::max(power(c), power(d));
      bool between = false;
      for (CardSet u = unseen; u; u &= u - 1) {
        const Card x = lowest(u);
        between |= rank.suit_as[x] == rank.suit_as[c] && power(x) > lo && power(x) < hi;
      }
      covered = !between;
    }
    if (!covered) keep |= bit(c);
  }
  return keep;
}

// Tricks the side of `seat` takes from a state to the end: the policy
// down to a solvable size, then the solver.
int side_tricks_after(PlayState t, int seat, int leaf_cards, Solver& solver) {
  auto side = [&](int s) { return t.pos.partnerships ? s % 2 == seat % 2 : s == seat; };
  int before = 0;
  for (int s = 0; s < t.pos.players; ++s) before += side(s) ? t.won[static_cast<size_t>(s)] : 0;
  t.play_until(leaf_cards);
  int now = 0;
  for (int s = 0; s < t.pos.players; ++s) now += side(s) ? t.won[static_cast<size_t>(s)] : 0;
  if (t.done()) return now - before;
  const int left = count(t.pos.hands[static_cast<size_t>(t.to_play())]);
  const int best = solver.best_tricks(t.pos);
  return now - before + (side(t.to_play()) ? best : left - best);
}

// The cards the observation's seat may play.
CardSet legal_cards(const Observation& o) {
  CardSet legal = 0;
  for (const Action& a : o.legal)
    if (a.type == ActionType::kPlay) legal |= bit(a.card);
  return legal;
}

// What playing `card` in the sample `s` is worth to the observation's seat:
// in exact whist the score of its bid after the play out, else its side's
// tricks from here.
int card_value(const Observation& o, const Settings& settings, const PlayState& s, Card card,
               Solver& solver) {
  PlayState t = s;
  t.play(card);
  if (o.rules.variant == Variant::kExact) {
    t.play_out();
    return exact_score(t.bid[static_cast<size_t>(o.seat)], t.won[static_cast<size_t>(o.seat)]);
  }
  return side_tricks_after(t, o.seat, settings.leaf_cards, solver);
}

// Samples deals until the budget ends and adds to `tally` the value of each
// candidate in `live` in each; returns how many samples were taken.
int sample_cards(const Observation& o, const Settings& settings, CardSet& live, CardTally& tally) {
  const Sampler sampler = sampler_for(o, settings);
  Rng rng(settings.seed);
  Solver& solver = thread_solver(settings.keep_table);
  const bool exact = o.rules.variant == Variant::kExact;
  const bool solve_whole = !exact && count(o.hand) <= settings.solve_cards;
  // Exact whist's rollouts are cheap: more samples.
  const Budget budget(exact ? bidding_settings(settings) : settings);
  int samples = 0;
  // Candidates still considered: after a few samples, cards clearly worse
  // than the best are dropped so that the others get more samples.
  const double margin = exact ? 8.0 : 1.25;
  int live_samples = 0;  // samples since `live` last changed (all live cards have them)
  // A solve still running when time is up is stopped and its sample dropped.
  // (With settings.keep_table, the samples share the solver's table with one
  // another and with the thread's decisions before.)
  struct StopGuard {
    Solver& s;
    ~StopGuard() { s.set_stop({}); }
  } guard{solver};
  solver.set_stop([&] { return budget.abandon(samples); });
  while (budget.more(samples)) try {
      const PlayState s = state_of(o, sampler.sample(rng));
      if (solve_whole && settings.paired_drop) {
        // The live cards only, as a row for drop_paired.
        const Solution sol = solver.solve(s.pos, live);
        std::array<int, 54> value{};
        for (const auto& [card, tricks] : sol.cards) value[card] = tricks;
        tally.add_sample(live, value);
      } else if (solve_whole) {
        const Solution sol = solver.solve(s.pos);
        for (const auto& [card, tricks] : sol.cards) tally.add(card, tricks);
      } else {
        // Every live candidate in this sample, or none of them.
        std::array<int, 54> value{};
        bool dropped = false;
        for (CardSet c = live; c; c &= c - 1) {
          if ((c != live || samples == 0) && budget.abandon(samples)) {
            dropped = true;
            break;
          }
          value[lowest(c)] = card_value(o, settings, s, lowest(c), solver);
        }
        if (dropped) break;
        tally.add_sample(live, value);
        if (++live_samples >= 12 && count(live) > 2) {
          live = tally.drop_worse(live, margin);
          live_samples = 0;
        }
      }
      if (settings.paired_drop && samples % 4 == 3) live = tally.drop_paired(live);
      ++samples;
    } catch (const SolveStopped&) {
      break;
    }
  return samples;
}

// The live card with the best mean; among equals the card the rule-based
// player would choose, else the lowest.
Card best_card(const Observation& o, CardSet live, const CardTally& tally) {
  const Card preferred = rule_based_action(o).card;
  Card best = kNoCard;
  for (CardSet c = live; c; c &= c - 1) {
    const Card card = lowest(c);
    if (best == kNoCard || tally.mean(card) > tally.mean(best) + 1e-9 ||
        (std::abs(tally.mean(card) - tally.mean(best)) < 1e-9 && card == preferred))
      best = card;
  }
  return best;
}

Action play_card(const Observation& o, const Settings& settings) {
  const CardSet legal = legal_cards(o);
  if (count(legal) == 1) return Action::play(o.seat, lowest(legal));
  const CardSet candidates = distinct_cards(legal, unseen_cards(o), ranking_of(o));
  if (count(candidates) == 1) return Action::play(o.seat, rule_based_action(o).card);

  CardSet live = candidates;
  CardTally tally(settings.paired_drop);
  const int samples = sample_cards(o, settings, live, tally);
  CardSampling& last = thread_card_sampling();
  last = {last.serial + 1, count(o.hand), count(candidates), count(live), samples};
  // Not one sample in the time (a slow first solve): the rule-based card.
  if (samples == 0) return rule_based_action(o);
  return Action::play(o.seat, best_card(o, live, tally));
}

// A fresh deal's play state: `hands`, trump and direction, first leader.
PlayState deal_state(const Observation& o, const std::array<CardSet, kMaxSeats>& hands, int trump,
                     bool down, int leader) {
  PlayState s;
  s.pos.players = o.rules.players;
  s.pos.hands = hands;
  s.pos.trick.leader = static_cast<std::int8_t>(leader);
  s.pos.trump = trump;
  const bool bid = o.rules.variant == Variant::kBid;
  s.pos.ranking = &ranking(trump, down, bid && trump != kNoSuit);
  s.pos.partnerships = partnerships(o);
  s.pos.must_trump = o.rules.variant == Variant::kExact && trump != kNoSuit;
  for (int i = 0; i < s.pos.players; ++i) s.in_play |= hands[static_cast<size_t>(i)];
  return s;
}

// Bid whist: how a contract the seat declares plays out. `dist[t]`: how
// often the declaring side took t tricks, the book included.
struct Plan {
  BidMode mode = BidMode::kUptown;
  int suit = kNoSuit;   // trump, kNoSuit at notrump; -1: chosen per sample
  int down = -1;        // direction at notrump; -1: chosen per sample
  bool discard = true;  // the declarer still has to discard
  std::array<int, 14> dist{};
  int n = 0;
  double mean() const {
    double t = 0;
    for (int i = 0; i < 14; ++i) t += i * dist[static_cast<size_t>(i)];
    return n ? t / n : 0;
  }
};

// Plays one sample of a plan: the declarer's hand `hand` (kitty included
// when taken), the others' hands from the sample.
void simulate(const Observation& o, std::array<CardSet, kMaxSeats> hands, CardSet hand, Plan& p) {
  const int me = o.seat;
  const bool down = p.down >= 0 ? p.down == 1
                                : (p.mode == BidMode::kNoTrump ? prefers_downtown(hand)
                                                               : p.mode == BidMode::kDowntown);
  const int suit = p.mode == BidMode::kNoTrump
                       ? kNoSuit
                       : (p.suit >= 0 ? p.suit : plan_for_mode(hand, p.mode).suit);
  const int k = count(hand) - o.hand_size;
  if (k > 0) hand &= ~plan_discard(hand, k, p.mode, suit, down);
  hands[static_cast<size_t>(me)] = hand;
  const int leader = o.rules.options.bidder_leads ? me : (o.dealer + 1) % 4;
  PlayState s = deal_state(o, hands, suit, down, leader);
  s.play_out();
  const int tricks = s.won[static_cast<size_t>(me)] + s.won[static_cast<size_t>((me + 2) % 4)] + 1;
  ++p.dist[static_cast<size_t>(std::min(tricks, 13))];
  ++p.n;
}

// Runs plans over sampled deals until the budget ends.
void run_plans(const Observation& o, const Settings& settings, std::vector<Plan>& plans) {
  const Sampler sampler = sampler_for(o, settings);
  Rng rng(settings.seed);
  const Budget budget(bidding_settings(settings));
  const CardSet pack = pack_with_jokers(o.rules.options.jokers);
  for (int n = 0; budget.more(n); ++n) {
    const auto hands = sampler.sample(rng);
    CardSet dealt = 0;
    for (int i = 0; i < 4; ++i) dealt |= hands[static_cast<size_t>(i)];
    // In the bidding the cards dealt to no one are the kitty.
    const bool take = o.phase == Phase::kBidding && o.rules.options.bidder_gets_kitty;
    const CardSet hand = o.hand | (take ? pack & ~dealt & ~o.discards : 0);
    for (Plan& p : plans) simulate(o, hands, hand, p);
  }
}

// The expected score of bidding `level` with a plan's distribution.
double expected_score(const Observation& o, const Plan& p, int level) {
  double v = 0;
  const Options& opt = o.rules.options;
  for (int t = 0; t < 14; ++t) {
    const int f = p.dist[static_cast<size_t>(t)];
    if (!f) continue;
    double mine = t >= 6 + level ? t - 6 : -level;
    if (opt.double_nt && p.mode == BidMode::kNoTrump) mine *= 2;
    const double theirs = opt.defensive_scoring && 13 - t > 6 ? 13 - t - 6 : 0;
    v += f * (mine - theirs);
  }
  return p.n ? v / p.n : 0;
}

Action bid_whist_bid(const Observation& o, const Settings& settings) {
  std::vector<Plan> plans(3);
  plans[0].mode = BidMode::kUptown;
  plans[1].mode = BidMode::kDowntown;
  plans[2].mode = BidMode::kNoTrump;
  for (Plan& p : plans) p.suit = -1;
  run_plans(o, settings, plans);

  // The partner holds the highest bid: overcall only with a clearly better
  // contract.
  int high_seat = -1;
  for (const Call& c : o.calls)
    if (!c.pass) high_seat = c.seat;
  const bool partner_high = high_seat == (o.seat + 2) % 4;
  bool can_pass = false;
  const Action* best = nullptr;
  double best_value = -1e9;
  for (const Action& a : o.legal) {
    if (a.type == ActionType::kPass) {
      can_pass = true;
      continue;
    }
    const Plan& p = plans[static_cast<size_t>(a.mode)];
    const double v = expected_score(o, p, a.level);
    if (v > best_value) best_value = v, best = &a;
  }
  const double threshold = partner_high ? 1.0 : 0.25;
  if (best && (!can_pass || best_value > threshold)) return *best;
  return Action::pass(o.seat);
}

// The declarer's best way to play its contract: each trump suit (or each
// direction at notrump) simulated over the same sampled deals, the discard
// planned for it when the declarer still has to discard.
Plan best_declarer_plan(const Observation& o, const Settings& settings) {
  std::vector<Plan> plans;
  const BidMode mode = o.contract.mode;
  if (mode == BidMode::kNoTrump) {
    for (int down = 0; down < 2; ++down) plans.push_back(Plan{mode, kNoSuit, down});
  } else {
    for (int suit = 0; suit < kSuits; ++suit)
      plans.push_back(Plan{mode, suit, mode == BidMode::kDowntown});
  }
  run_plans(o, settings, plans);
  const Plan* best = &plans.front();
  for (const Plan& p : plans)
    if (p.mean() > best->mean()) best = &p;
  return *best;
}

Action bid_whist_discard(const Observation& o, const Settings& settings) {
  const Plan best = best_declarer_plan(o, settings);
  const int k = count(o.hand) - o.hand_size;
  return Action::discard(o.seat,
                         plan_discard(o.hand, k, o.contract.mode, best.suit, best.down == 1));
}

Action bid_whist_choice(const Observation& o, const Settings& settings) {
  const Plan best = best_declarer_plan(o, settings);
  if (o.contract.mode == BidMode::kNoTrump)
    return Action::direction(o.seat, best.down == 1 ? BidMode::kDowntown : BidMode::kUptown);
  return Action::trump(o.seat, best.suit);
}

// Exact whist: the bid with the best mean score over sampled deals, the
// others bidding what the rule-based player would (or what they bid).
Action exact_bid(const Observation& o, const Settings& settings) {
  const int n = o.rules.players;
  const int trump = trump_of(o);
  const int guess = exact_estimate(o.hand, trump, n, o.hand_size);
  std::vector<Action> candidates;
  for (const Action& a : o.legal)
    if (a.type == ActionType::kBid && std::abs(a.tricks - guess) <= 2) candidates.push_back(a);
  if (candidates.empty()) return rule_based_action(o);
  if (candidates.size() == 1) return candidates.front();

  std::array<int, kMaxSeats> called{};
  called.fill(-1);
  for (const Call& c : o.calls)
    if (!c.pass) called[static_cast<size_t>(c.seat)] = c.tricks;
  std::vector<double> total(candidates.size());
  const Sampler sampler = sampler_for(o, settings);
  Rng rng(settings.seed);
  const Budget budget(bidding_settings(settings));
  for (int k = 0; budget.more(k); ++k) {
    const auto hands = sampler.sample(rng);
    PlayState s = deal_state(o, hands, trump, false, (o.dealer + 1) % n);
    for (int seat = 0; seat < n; ++seat)
      s.bid[static_cast<size_t>(seat)] =
          called[static_cast<size_t>(seat)] >= 0
              ? called[static_cast<size_t>(seat)]
              : exact_estimate(hands[static_cast<size_t>(seat)], trump, n, o.hand_size);
    for (size_t i = 0; i < candidates.size(); ++i) {
      PlayState t = s;
      t.bid[static_cast<size_t>(o.seat)] = candidates[i].tricks;
      t.play_out();
      total[i] += exact_score(candidates[i].tricks, t.won[static_cast<size_t>(o.seat)]);
    }
  }
  size_t best = 0;
  for (size_t i = 1; i < candidates.size(); ++i)
    if (total[i] > total[best]) best = i;
  return candidates[best];
}

// A beginner: the rule-based player, but one card in kSlipOneIn, where
// there is a choice, is any legal card.
constexpr std::uint32_t kSlipOneIn = 5;
Action beginner_action(const Observation& o, std::uint64_t seed) {
  if (o.phase == Phase::kPlay) {
    const CardSet legal = legal_cards(o);
    Rng rng(seed);
    if (count(legal) > 1 && rng.below(kSlipOneIn) == 0) {
      CardSet c = legal;
      for (auto k = rng.below(static_cast<std::uint32_t>(count(legal))); k > 0; --k) c &= c - 1;
      return Action::play(o.seat, lowest(c));
    }
  }
  return rule_based_action(o);
}

}  // namespace

std::string_view strength_name(Strength s) {
  switch (s) {
    case Strength::kBeginner: return "beginner";
    case Strength::kClub: return "club";
    case Strength::kExpert: return "expert";
  }
  return "expert";
}

std::optional<Strength> parse_strength(std::string_view s) {
  for (const Strength k : {Strength::kBeginner, Strength::kClub, Strength::kExpert})
    if (strength_name(k) == s) return k;
  return std::nullopt;
}

std::uint64_t thread_solver_nodes() {
  return thread_solver(true).nodes() + thread_solver(false).nodes();
}

CardSampling last_card_sampling() { return thread_card_sampling(); }

Action choose_action(const Observation& obs, const Settings& given) {
  if (given.strength == Strength::kBeginner) return beginner_action(obs, given.seed);
  const Settings settings = given.strength == Strength::kClub ? club_settings(given) : given;
  switch (obs.phase) {
    case Phase::kPlay: return play_card(obs, settings);
    case Phase::kBidding:
      return obs.rules.variant == Variant::kExact ? exact_bid(obs, settings)
                                                  : bid_whist_bid(obs, settings);
    case Phase::kDiscard: return bid_whist_discard(obs, settings);
    case Phase::kChoose: return bid_whist_choice(obs, settings);
    default: return rule_based_action(obs);
  }
}

}  // namespace whist::ai
