// The solver's search (solver.hpp), internal.
//
// Inside the search a card is a bit of a 64-bit hand: 16 bits a suit, suits
// 0..3 as the engine numbers them, bit `power` within the suit where power
// 0..14 orders the cards of the suit by how they win (the engine's ranking
// for the deal: downtown reorders, jokers that are trumps take powers 13 and
// 14 of the trump suit). Suitless jokers (no trump) never win and are only
// counted, a hand's `jokers`.
//
// The search maximises the tricks of one side (the side to play at the
// root). `search(target)` answers whether that side takes at least `target`
// of the tricks still to be completed, and reports in `win` the cards whose
// ranks the answer relied on (16 bits a suit; only the lowest such card of
// each suit counts: every card above it in play is taken as relied on too).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <functional>

#include "engine/ai/solver.hpp"
#include "engine/ai/solver_tt.hpp"

namespace whist::ai::detail {

inline constexpr int kJokerSuit = 4;
inline constexpr int kSuitBits = 16;
inline constexpr unsigned kSuitMask = 0xFFFF;

constexpr u64 card_bit(int suit, int power) { return u64{1} << (kSuitBits * suit + power); }
constexpr unsigned suit_part(u64 cards, int suit) {
  return static_cast<unsigned>(cards >> (kSuitBits * suit)) & kSuitMask;
}
constexpr int top_power(unsigned holding) { return 31 - std::countl_zero(holding); }
// The power of the `index`-th card of a holding counting from 0 at the
// bottom, or at the top.
constexpr int nth_from_bottom(unsigned holding, int index) {
  for (; index > 0; --index) holding &= holding - 1;
  return std::countr_zero(holding);
}
constexpr int nth_from_top(unsigned holding, int index) {
  for (; index > 0; --index) holding &= ~(1U << top_power(holding));
  return top_power(holding);
}

// One move: a group of touching cards of one hand in one suit, searched as
// its highest card; or a suitless joker (suit kJokerSuit).
struct Move {
  std::int8_t suit = 0;
  std::int8_t power = 0;  // the card played
  std::int8_t low = 0;    // the lowest card of its group
  std::int16_t weight = 0;
};

class Search {
 public:
  explicit Search(SolverOptions options) : options_(options) {}

  // all_cards: the value of each legal card whose move has a card of
  // `only` (else only the best result).
  Solution solve(const Position& p, bool all_cards, CardSet only = ~CardSet{0});
  std::uint64_t nodes() const { return nodes_; }
  void set_stop(std::function<bool()> stop) { stop_ = std::move(stop); }
  void keep_table(bool keep) {
    if (keep && !keep_) kept_for_ = 0;
    keep_ = keep;
    tt_.set_max_words(keep ? TransTable::kKeptWords : TransTable::kMaxWords);
  }

 private:
  // The trick in progress and the tricks left, saved around each card.
  struct TrickState {
    int leader;
    int played;
    int led;  // suit led, -1 until a card with a suit is played
    int best_seat;
    int best_value;
    u64 best_bit;
    u64 table;  // the trick's cards with a suit
    int tricks_left;
  };

  void load(const Position& p);

  bool search(int target, u64& win);
  bool trick_start(int target, u64& win);
  bool last_trick(int target, u64& win);
  bool try_moves(int target, u64& win);
  bool play(int seat, const Move& m, int target, u64& win);

  // solver_moves.cpp
  int generate(int seat, Move* moves) const;
  u64 in_play(int suit) const;
  int value_of(int suit, int power) const;
  // solver_order.cpp
  void order(int seat, Move* moves, int count) const;
  int lead_weight(int seat, const Move& m) const;
  int pair_lead_weight(int seat, const Move& m) const;
  int follow_weight(int seat, const Move& m, int theirs, bool covered) const;
  int best_playable(int seat) const;
  // solver_bounds.cpp: 1 or 0 when a bound decides "at least target", -1
  // when none does; `win` as for search.
  int bounds(int target, u64& win) const;
  int second_hand_bound(int target, u64& win) const;
  // The tricks the leader's side can cash (0 when that cannot reach
  // `need`).
  int quick_tricks(int leader, int need, u64& used) const;
  // The steps of bounds and quick_tricks, inline in solver_bounds.cpp (a
  // call each at every trick start would cost): the bound with trumps in
  // play, and without (where only a side that needs every trick left is
  // bounded); whether the leader's side, or `side` (1: the side maximised),
  // needing every trick left, is sure to lose one; the most cards of
  // `suit` in one hand of `side`; the leader's partner when it has exactly
  // one, else -1; the cards of the suits whose top card the leader or
  // `partner` holds.
  int trump_bound(int target, u64 hands_max, u64 hands_min, u64& win) const;
  int second_trump_bound(int target, u64 hands_max, u64& win) const;
  int no_trump_bound(int target, u64 hands_max, u64 hands_min, u64& win) const;
  bool leader_loses_trick(u64 theirs, u64& win) const;
  bool side_loses_trick(int side, u64 own, u64& win) const;
  int longest(int side, int suit) const;
  int only_partner(int leader) const;
  int cashable(int leader, int partner) const;

  // solver.cpp
  int root_value(const Move& m, int guess, int low, int high);

  SolverOptions options_;
  TransTable tt_;
  // keep_table: whether to, and the number of seats the kept entries were
  // found with (0: none yet). The other rules the search plays by, the
  // trump, must-trump and partnerships, are in the table's key.
  bool keep_ = false;
  int kept_for_ = 0;
  std::uint64_t nodes_ = 0;
  std::function<bool()> stop_;

  int n_ = 4;
  int trump_ = -1;  // -1: no trump
  bool must_trump_ = false;
  bool pairs_ = false;  // four seats in two partnerships
  std::array<u64, kMaxSeats> hand_{};
  std::array<int, kMaxSeats> jokers_{};
  std::array<int, kMaxSeats> maxing_{};  // 1 for the seats of the side maximised
  int maxing_seat_ = 0;                  // the lowest of those seats
  u64 key_rules_ = 0;                    // the table key's side and rules (load())
  // The last solve's result, its side (maxing_seat_) and its tricks left.
  int last_best_ = 0, last_side_ = 0, last_left_ = -1;
  u64 all_ = 0;  // every card in a hand
  TrickState t_{};
  // The last move that cut off, by cards left to play.
  std::array<Move, 6 * 27 + 1> killer_{};
};

}  // namespace whist::ai::detail
