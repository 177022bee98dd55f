// The game: one state machine for the three variants, driven by actions.
//
//   Game g = *Game::create(rules, dealer, seed);
//   while (!g.is_over()) g.apply(choose(g.legal_actions()));
//
// `apply` checks an action against the rules and either changes the state
// and reports the public events it caused, or returns a rule error and
// changes nothing. Hidden cards leave the game only through `observation`.
// The rules of each variant are in engine/variants/*.hpp; scoring is in the
// variants' *_scoring files.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/action.hpp"
#include "engine/deal.hpp"
#include "engine/events.hpp"
#include "engine/observation.hpp"
#include "engine/options.hpp"
#include "engine/ranking.hpp"
#include "engine/rng.hpp"
#include "engine/rule_error.hpp"
#include "engine/trick.hpp"

namespace whist {

class Game {
 public:
  // A game dealt by the engine's generator from `seed`. Rules must have
  // passed `finalize`.
  static Game seeded(const Rules& rules, int first_dealer, std::uint64_t seed);
  // A game whose deals are given one at a time with `start_deal` (a record).
  static Game with_given_deals(const Rules& rules, int first_dealer);
  // A game that deals `deals` in order, each checked beforehand (an
  // event's boards: event/boards.hpp); past them it waits for a deal as a
  // record's game does.
  static Game preset(const Rules& rules, int first_dealer,
                     std::shared_ptr<const std::vector<Deal>> deals);

  const Rules& rules() const { return rules_; }
  int players() const { return n_; }
  Phase phase() const { return phase_; }
  bool is_over() const { return phase_ == Phase::kOver; }
  // The seat to act, or -1 when the game is over or waiting for a deal.
  int current_seat() const;

  // Legal actions of the seat to act, sorted. In the discard phase this
  // lists every set of cards that may be discarded; `discard_choice` says
  // the same in two numbers.
  std::vector<Action> legal_actions() const;
  // The same into `out` (cleared first), keeping its room: for playouts.
  void legal_actions(std::vector<Action>& out) const;
  // Applies an action: the events it caused, or a rule error and no change.
  ApplyResult apply(const Action& a);
  // Whether a claim would be legal now (a table asks the opponents first).
  RuleError claim_error(const Action& a) const { return check_claim(a); }
  // The undo that would take back `seat`'s last card now, if one may
  // (a table asks the others first), or nullopt.
  std::optional<Action> undo_for(int seat) const;

  // Fast paths for playouts and solvers: the legal cards of the seat to
  // play as a set, and playing one of them (must be legal).
  CardSet legal_cards() const;
  void play_unchecked(Card c, Events* events = nullptr);
  // Discard phase: the cards that may be discarded and how many to discard.
  std::pair<CardSet, int> discard_choice() const;

  // Given deals: whether a deal is awaited, and providing it (checked with
  // check_deal beforehand).
  bool awaiting_deal() const { return phase_ == Phase::kAwaitingDeal; }
  void start_deal(const Deal& d, Events* events = nullptr);

  // Scores per side (classic, bid: team 0 first) or per player (exact).
  std::vector<int> scores() const;
  std::vector<int> winners() const;  // empty until the game is over
  const std::vector<HandResult>& results() const { return results_; }
  // Classic rubber: the games finished so far, and what the rubber is worth
  // to its winners once it is over (0 before).
  const std::vector<RubberGame>& games() const { return games_; }
  int rubber_points() const;

  // What a seat may see; seat -1 is a watcher.
  Observation observation(int seat) const;
  Observation observation_for_watcher() const { return observation(-1); }

  // The history, for records: the first dealer, every deal so far, every
  // action applied.
  int first_dealer() const { return first_dealer_; }
  const std::vector<Deal>& deals() const { return deals_; }
  const std::vector<Action>& history() const { return history_; }

  // Current deal, for tests and computer players that hold the whole
  // state (never sent to a player).
  int dealer() const { return dealer_; }
  int deal_index() const { return deal_index_; }
  CardSet hand(int seat) const { return hands_[static_cast<size_t>(seat)]; }
  int trump_suit() const { return trump_; }
  const Trick& trick() const { return trick_; }
  int tricks_won(int seat) const { return tricks_won_[static_cast<size_t>(seat)]; }
  const Contract& contract() const { return contract_; }

 private:
  Game(const Rules& rules, int first_dealer);

  // Deals
  void next_deal(Events* ev);
  void begin_deal(const Deal& d, Events* ev);
  void set_trump(int suit, bool downtown, bool jokers_trump);
  void end_deal(Events* ev);
  bool end_rubber_game(int side, Events* ev);  // true: the rubber is over

  // Phases
  RuleError check_bid(const Action& a) const;
  void apply_call(const Action& a, Events* ev);
  void end_bidding(Events* ev);
  RuleError check_discard(const Action& a) const;
  void apply_discard(const Action& a, Events* ev);
  RuleError check_choice(const Action& a) const;
  void apply_choice(const Action& a, Events* ev);
  void start_play(int leader);
  RuleError check_play(const Action& a) const;
  RuleError check_claim(const Action& a) const;
  void apply_claim(const Action& a, Events* ev);
  RuleError check_undo(const Action& a) const;
  void apply_undo(const Action& a, Events* ev);
  void finish_trick(Events* ev);

  Rules rules_;
  int n_ = 4;
  int first_dealer_ = 0;
  bool seeded_ = false;
  std::uint64_t seed_ = 0;
  Rng rng_;
  std::shared_ptr<const std::vector<Deal>> preset_;  // preset(): shared by copies

  Phase phase_ = Phase::kAwaitingDeal;
  int dealer_ = 0;
  int deal_index_ = -1;
  int hand_size_ = 0;
  Deal dealt_{};  // the current deal as dealt
  std::array<CardSet, kMaxSeats> hands_{};
  CardSet kitty_ = 0;
  CardSet discards_ = 0;
  int to_act_ = 0;

  // Trick ranking for the current deal (ranking.hpp).
  int trump_ = -1;  // 0..3, kNoSuit for no trump, -1 not yet known
  bool downtown_ = false;
  const Ranking* rank_ = &ranking(kNoSuit, false, false);
  CardSet must_trump_mask_ = ~CardSet{0};  // exact with a trump: the trumps

  // Bidding
  std::vector<Call> calls_;
  Contract contract_{};
  int bid_total_ = 0;  // exact: the sum of the bids so far
  std::array<std::int8_t, kMaxSeats> exact_bids_{};

  // Play
  Trick trick_{};
  std::vector<PlayedTrick> played_;
  std::array<int, kMaxSeats> tricks_won_{};
  int tricks_left_ = 0;

  // Results
  std::array<int, kMaxSeats> scores_{};
  std::vector<HandResult> results_;
  std::vector<int> winners_;
  std::vector<RubberGame> games_;   // classic rubber
  std::array<int, 2> games_won_{};  // classic rubber, per side
  int game_first_deal_ = 0;         // classic rubber: the current game's first deal

  std::vector<Deal> deals_;
  std::vector<Action> history_;
};

// The hot path of playouts and solvers, inline.

inline CardSet Game::legal_cards() const {
  if (phase_ != Phase::kPlay) return 0;
  const CardSet hand = hands_[static_cast<size_t>(to_act_)];
  // Follow suit if able (no suit to follow yet: the mask holds every card);
  // else, in exact whist, trump if able; else anything. In masks, not
  // branches (which random play would mispredict; GCC makes branches of
  // the plain `?:`).
  const CardSet follow = hand & rank_->follow[static_cast<size_t>(trick_.led_suit + 1)];
  const CardSet trumps = hand & must_trump_mask_;
  const CardSet otherwise = trumps | (hand & (CardSet{0} - CardSet{trumps == 0}));
  return follow | (otherwise & (CardSet{0} - CardSet{follow == 0}));
}

inline void Game::play_unchecked(Card c, Events* ev) {
  assert(phase_ == Phase::kPlay && contains(legal_cards(), c));
  const int seat = to_act_;
  const Ranking& rank = *rank_;
  const int i = trick_.size;
  hands_[static_cast<size_t>(seat)] &= ~bit(c);
  trick_.cards[static_cast<size_t>(i)] = c;
  // The first card with a suit sets the suit to follow (a fresh trick has
  // none; a joker led at no trump leaves it to the next card). A branch,
  // not a select: the next cards' legality then waits for nothing of this
  // card's but what changes it.
  const int as = rank.suit_as[c];
  if (trick_.led_suit < 0 && as != kNoSuit) trick_.led_suit = static_cast<std::int8_t>(as);
  // A trump beats any card of the suit led, which beats anything else.
  // (Masks again: whether a random card beats the best so far is a coin
  // toss for the branch predictor.)
  const int value = rank.trump_value[c] | (rank.plain_value[c] & -int{as == trick_.led_suit});
  const int best = trick_.best, best_value = trick_.best_value;
  const int beats = -int{value > best_value};
  trick_.best = static_cast<std::int8_t>(best ^ ((best ^ i) & beats));
  trick_.best_value = static_cast<std::int8_t>(best_value ^ ((best_value ^ value) & beats));
  trick_.size = static_cast<std::int8_t>(i + 1);
  to_act_ = seat + 1 == n_ ? 0 : seat + 1;
  history_.push_back(Action::play(seat, c));
  if (ev) {
    Event e;
    e.type = EventType::kAction;
    e.seat = static_cast<std::int8_t>(seat);
    e.action = history_.back();
    ev->push(e);
  }
  if (i + 1 == n_) finish_trick(ev);
}

}  // namespace whist
