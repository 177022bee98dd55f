// The solver's public face: positions from games, loading a position into
// the search, and the root, where each card's value is found by null-window
// searches from a guess, one trick at a time.
#include "engine/ai/solver.hpp"

#include <algorithm>
#include <cassert>

#include "engine/ai/solver_search.hpp"
#include "engine/game.hpp"

namespace whist::ai {

namespace {

// Bid whist at no trump: the direction the declarer chose, the last
// direction action of the history (it belongs to the deal in play).
bool bid_downtown(const Game& g) {
  if (g.contract().mode != BidMode::kNoTrump) return g.contract().mode == BidMode::kDowntown;
  const auto& h = g.history();
  for (auto it = h.rbegin(); it != h.rend(); ++it)
    if (it->type == ActionType::kDirection) return it->mode == BidMode::kDowntown;
  return false;
}

}  // namespace

Position position_of(const Game& g) {
  Position p;
  p.players = g.players();
  for (int s = 0; s < p.players; ++s) p.hands[static_cast<size_t>(s)] = g.hand(s);
  p.trick = g.trick();
  const int trump = g.trump_suit();
  p.trump = trump >= 0 && trump < kSuits ? trump : kNoSuit;
  const bool suit_trump = p.trump != kNoSuit;
  const Variant v = g.rules().variant;
  const bool downtown = v == Variant::kBid && bid_downtown(g);
  p.ranking = &ranking(p.trump, downtown, v == Variant::kBid && suit_trump);
  p.partnerships = v != Variant::kExact;
  p.must_trump = v == Variant::kExact && suit_trump;
  return p;
}

namespace detail {

namespace {

// A card's power in its suit under a ranking (solver_search.hpp).
int power_of(const Ranking& rk, Card c) {
  const int v = rk.trump_value[c] ? rk.trump_value[c] - 32 : rk.plain_value[c] - 16;
  return v - 1;
}

const Ranking& ranking_of(const Position& p) {
  if (p.ranking) return *p.ranking;
  return ranking(p.trump >= 0 && p.trump < kSuits ? p.trump : kNoSuit, false, false);
}

}  // namespace

void Search::load(const Position& p) {
  assert(p.players >= 2 && p.players <= kMaxSeats);
  assert(p.trick.size >= 0 && p.trick.size < p.players);
  assert(!p.partnerships || p.players == 4);
  n_ = p.players;
  trump_ = p.trump >= 0 && p.trump < kSuits ? p.trump : -1;
  const Ranking& rk = ranking_of(p);
  must_trump_ = p.must_trump && trump_ >= 0;
  pairs_ = p.partnerships && n_ == 4;
  all_ = 0;
  for (int s = 0; s < kMaxSeats; ++s) {
    hand_[static_cast<size_t>(s)] = 0;
    jokers_[static_cast<size_t>(s)] = 0;
    if (s >= n_) continue;
    for (CardSet c = p.hands[static_cast<size_t>(s)]; c; c &= c - 1) {
      const Card card = lowest(c);
      const int as = rk.suit_as[card];
      if (as == kNoSuit) {
        ++jokers_[static_cast<size_t>(s)];
      } else {
        hand_[static_cast<size_t>(s)] |= card_bit(as, power_of(rk, card));
      }
    }
    all_ |= hand_[static_cast<size_t>(s)];
  }

  // The trick so far, card by card as the game played it.
  t_ = {};
  t_.leader = p.trick.leader;
  t_.led = -1;
  t_.best_value = -1;
  for (int i = 0; i < p.trick.size; ++i) {
    const Card card = p.trick.cards[static_cast<size_t>(i)];
    const int as = rk.suit_as[card];
    int value = 0;
    u64 b = 0;
    if (as != kNoSuit) {
      b = card_bit(as, power_of(rk, card));
      t_.table |= b;
      if (t_.led < 0) t_.led = as;
      value = value_of(as, power_of(rk, card));
    }
    if (value > t_.best_value) {
      t_.best_value = value;
      t_.best_seat = p.trick.seat_of(i, n_);
      t_.best_bit = b;
    }
  }
  t_.played = p.trick.size;
  const int seat = p.to_play();
  t_.tricks_left = count(p.hands[static_cast<size_t>(seat)]);
  for (int s = 0; s < n_; ++s)
    maxing_[static_cast<size_t>(s)] = pairs_ ? (s % 2 == seat % 2) : (s == seat);
  maxing_seat_ = pairs_ ? seat % 2 : seat;
  // The side whose tricks the table's entries count, and the rules: a kept
  // table (keep_table) holds entries of both sides and any rules.
  key_rules_ = static_cast<u64>(maxing_seat_) << 52 | static_cast<u64>(trump_ + 1) << 56 |
               static_cast<u64>(must_trump_) << 59 | static_cast<u64>(pairs_) << 60;
}

int Search::root_value(const Move& m, int guess, int low, int high) {
  const int seat = (t_.leader + t_.played) % n_;
  while (low < high) {
    const int g = std::clamp(guess, low + 1, high);
    u64 win = 0;
    if (play(seat, m, g, win)) {
      low = g;
      guess = g + 1;
    } else {
      high = g - 1;
      guess = g - 1;
    }
  }
  return low;
}

Solution Search::solve(const Position& p, bool all_cards, CardSet only) {
  load(p);
  Solution out;
  if (t_.tricks_left == 0) return out;
  if (options_.transposition_table) {
    if (!keep_ || kept_for_ != n_) tt_.reset(n_);
    kept_for_ = n_;
  }
  killer_ = {};

  const int seat = (t_.leader + t_.played) % n_;
  std::array<Move, 32> moves{};
  const int count = generate(seat, moves.data());
  order(seat, moves.data(), count);

  const int left = t_.tricks_left;
  // The first guess: with a kept table (the solves of a decision's samples,
  // which are alike), the last solve's result when it had as many tricks
  // left; else half.
  int guess = (left + 1) / 2;
  if (keep_ && last_left_ == left)
    guess = maxing_seat_ == last_side_ ? last_best_ : left - last_best_;
  int best = -1;
  const Ranking& rk = ranking_of(p);
  const CardSet hand = p.hands[static_cast<size_t>(seat)];
  // The cards of the hand that a move plays as one.
  auto cards_of = [&](const Move& m) {
    CardSet out = 0;
    for (CardSet c = hand; c; c &= c - 1) {
      const Card card = lowest(c);
      const int as = rk.suit_as[card];
      if (m.suit == kJokerSuit
              ? as == kNoSuit
              : as == m.suit && power_of(rk, card) >= m.low && power_of(rk, card) <= m.power)
        out |= bit(card);
    }
    return out;
  };
  for (int i = 0; i < count; ++i) {
    const Move& m = moves[static_cast<size_t>(i)];
    const CardSet group = all_cards ? cards_of(m) : 0;
    if (all_cards && !(group & only)) continue;
    int value;
    if (all_cards || best < 0) {
      value = root_value(m, best >= 0 ? best : guess, 0, left);
    } else {
      // Only whether this card beats the best so far, and then by how much.
      value = best + 1 <= left ? root_value(m, best + 1, best, left) : best;
    }
    best = std::max(best, value);

    // The value belongs to every card of the move's group (a suitless
    // joker move: to every such joker held).
    for (CardSet c = group; c; c &= c - 1) out.cards.emplace_back(lowest(c), value);
  }
  out.tricks = std::max(best, 0);
  if (best >= 0) {
    last_left_ = left;
    last_side_ = maxing_seat_;
    last_best_ = best;
  }
  std::sort(out.cards.begin(), out.cards.end());
  return out;
}

}  // namespace detail

Solver::Solver(SolverOptions options) : search_(std::make_unique<detail::Search>(options)) {}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

Solution Solver::solve(const Position& p) { return search_->solve(p, true); }
Solution Solver::solve(const Position& p, CardSet cards) { return search_->solve(p, true, cards); }
int Solver::best_tricks(const Position& p) { return search_->solve(p, false).tricks; }
std::uint64_t Solver::nodes() const { return search_->nodes(); }
void Solver::set_stop(std::function<bool()> stop) { search_->set_stop(std::move(stop)); }
void Solver::keep_table(bool keep) { search_->keep_table(keep); }

Solution solve(const Position& p) {
  Solver s;
  return s.solve(p);
}

}  // namespace whist::ai
