// A double-dummy solver: with every hand known, the most tricks the side to
// play can take from a position, and what each legal card is worth.
//
//   ai::Solver solver;
//   ai::Solution s = solver.solve(ai::position_of(game));
//   // s.tricks: the best result; s.cards: (card, tricks) for each legal card
//
// Every variant's card play: four seats in partnerships (classic, bid: seats
// 0 and 2 against 1 and 3), or 2 to 6 seats each for themselves (exact), a
// trump suit or none, uptown or downtown, jokers (top trumps in a trump
// contract; at no trump suitless cards that never win, following the bid
// whist rules), exact whist's must-trump rule, from any point of a deal,
// mid-trick included. The ranking and the rules of following come from the
// engine's `Ranking`, so the solver plays by the same rules as the game.
//
// Sides. In the partnership variants the side to play is the seat to play
// and its partner. In exact whist each seat plays for itself; the solver
// then answers "the most tricks the seat to play can take if every other
// seat plays to minimise them", treating the seat to play as one side and
// all the others as the other side. That is the pessimistic value a player
// can guarantee, not a prediction of what the others will do.
//
// Values count the tricks still to be completed, the trick in progress
// included: tricks already won are not counted.
//
// Method (after Bo Haglund's DDS): null-window alpha-beta searches, each
// answering "can the side take at least k more tricks?", repeated with k
// moving one trick at a time from a guess (iterative targets); a
// transposition table at the start of each trick, keyed on the suit lengths
// of every hand and matching on relative ranks (each card replaced by its
// order among the cards still in play in its suit) of only the cards whose
// ranks decided a trick in the proof (partition search, DDS's "winning
// ranks"); touching cards of one hand searched as one move, and small cards
// whose rank did not matter tried once per suit; quick-trick and
// later-trick bounds at the start of each trick (and for the second hand);
// move ordering by card-play heuristics and the last cut-off move. The
// files: solver.cpp (positions, the root), solver_search.cpp (the search),
// solver_moves.cpp (legal moves), solver_order.cpp (their order),
// solver_bounds.cpp (the bounds), solver_tt.cpp (the table).
//
// Speed: a full 52-card deal, every card valued, takes about twice as long
// as libdds (tests/bench/bench_solver). Memory: the table grows to about
// 70 MB at most in a solve, and keeps its memory between solves; a table
// kept from solve to solve (keep_table) grows to about 16 MB.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "engine/card.hpp"
#include "engine/deal.hpp"
#include "engine/ranking.hpp"
#include "engine/trick.hpp"

namespace whist {
class Game;
}

namespace whist::ai {

// A position of card play: all hands known.
struct Position {
  int players = 4;
  // Each seat's remaining cards.
  std::array<CardSet, kMaxSeats> hands{};
  // The trick in progress: its leader, the number of cards played and the
  // cards in play order. The solver works out the suit led and the winner
  // itself; the other fields are not read.
  Trick trick{};
  // 0..3, or kNoSuit for no trump.
  int trump = kNoSuit;
  // How cards rank (engine/ranking.hpp): must match `trump`. Null means
  // ranking(trump, false, false): uptown, no jokers as trumps.
  const Ranking* ranking = nullptr;
  // Four seats, 0+2 against 1+3 (classic, bid); otherwise each for
  // themselves.
  bool partnerships = true;
  // Exact whist: a player who cannot follow suit must trump if able.
  bool must_trump = false;

  int to_play() const { return trick.seat_of(trick.size, players); }
};

// The position of a game in its play phase, built from every hand
// (g.hand(s) for all seats: the caller decides what it may see; a computer
// player passes a game whose hidden hands it has sampled) and the public
// state (trick, trump, ranking, variant).
Position position_of(const Game& g);

struct Solution {
  // The most tricks the side to play can take from here (the trick in
  // progress included); 0 when no cards are left.
  int tricks = 0;
  // Each legal card of the seat to play with the tricks the side to play
  // takes after playing it, in card order.
  std::vector<std::pair<Card, int>> cards;
};

// Switches for testing the search against itself; all on for play.
struct SolverOptions {
  bool transposition_table = true;
  bool quick_tricks = true;
  bool equivalent_cards = true;
};

namespace detail {
class Search;
}

// Thrown out of a solve when the solver's stop test answers true.
struct SolveStopped {};

// Keeps its transposition table's memory between solves; one solver per
// thread.
class Solver {
 public:
  explicit Solver(SolverOptions options = {});
  ~Solver();
  Solver(Solver&&) noexcept;
  Solver& operator=(Solver&&) noexcept;

  // The best result and the value of each legal card.
  Solution solve(const Position& p);
  // The value of each legal card that plays as one of `cards` (the cards
  // it is equivalent to in this position count too), and the best of
  // those values as the result: the others are not searched.
  Solution solve(const Position& p, CardSet cards);
  // Only the best result (faster: other cards are not valued exactly).
  int best_tricks(const Position& p);
  // Search nodes visited since the solver was made, for benchmarks.
  std::uint64_t nodes() const;
  // A test asked every few thousand nodes; when it answers true the solve
  // under way stops by throwing SolveStopped. Empty: never stop.
  void set_stop(std::function<bool()> stop);
  // While on, the transposition table carries over from one solve to the
  // next (for as long as the number of seats stays the same): an entry
  // describes a position (the owners of its cards by relative rank, the
  // leader, the side maximised, the trump and the rules of play), whatever
  // deal it came from, so the sampled deals of a decision, and the decisions
  // after, share what their searches proved. Off (the default), each solve
  // starts with an empty table. Turning it on empties the table.
  void keep_table(bool keep);

 private:
  std::unique_ptr<detail::Search> search_;
};

// One-off solves with a fresh solver.
Solution solve(const Position& p);

}  // namespace whist::ai
