// Card play: following suit, the must-trump rule of exact whist, jokers,
// and who wins a trick.
#include "engine/game.hpp"

namespace whist {

void Game::start_play(int leader) {
  phase_ = Phase::kPlay;
  trick_ = {};
  trick_.leader = static_cast<std::int8_t>(leader);
  to_act_ = leader;
}

RuleError Game::check_play(const Action& a) const {
  if (phase_ != Phase::kPlay) return RuleError::kWrongPhase;
  if (a.seat != to_act_) return RuleError::kNotYourTurn;
  if (!contains(hands_[static_cast<size_t>(a.seat)], a.card)) return RuleError::kCardNotHeld;
  if (!contains(legal_cards(), a.card)) {
    const CardSet hand = hands_[static_cast<size_t>(a.seat)];
    const bool can_follow = hand & rank_->follow[static_cast<size_t>(trick_.led_suit + 1)];
    return can_follow ? RuleError::kMustFollowSuit : RuleError::kMustTrump;
  }
  return RuleError::kNone;
}

// A claim (an accepted one: the table asks the others first) is made by the
// seat to lead, in a partnership game, for 0 to the tricks left.
RuleError Game::check_claim(const Action& a) const {
  if (phase_ != Phase::kPlay) return RuleError::kWrongPhase;
  if (a.seat != to_act_) return RuleError::kNotYourTurn;
  if (rules_.variant == Variant::kExact || trick_.size != 0 || a.tricks < 0 ||
      a.tricks > tricks_left_)
    return RuleError::kBadClaim;
  return RuleError::kNone;
}

// The claimer's side takes the tricks claimed, the other side the rest
// (counted to the claimer and the seat on their left), and the deal ends.
void Game::apply_claim(const Action& a, Events* ev) {
  tricks_won_[static_cast<size_t>(a.seat)] += a.tricks;
  tricks_won_[static_cast<size_t>((a.seat + 1) % n_)] += tricks_left_ - a.tricks;
  tricks_left_ = 0;
  hands_ = {};
  end_deal(ev);
}

void Game::finish_trick(Events* ev) {
  const int winner = trick_.winner(n_);
  ++tricks_won_[static_cast<size_t>(winner)];
  PlayedTrick& p = played_.emplace_back();
  p.leader = trick_.leader;
  p.winner = static_cast<std::int8_t>(winner);
  p.size = trick_.size;
  // Card by card: the cards were just stored one byte at a time, and a
  // wide load of them would stall waiting for those stores.
  for (int i = 0; i < n_; ++i)
    p.cards[static_cast<size_t>(i)] = trick_.cards[static_cast<size_t>(i)];
  if (ev) {
    Event e;
    e.type = EventType::kTrickWon;
    e.seat = static_cast<std::int8_t>(winner);
    e.value = static_cast<std::int16_t>(played_.size() - 1);
    ev->push(e);
  }
  if (--tricks_left_ == 0) {
    end_deal(ev);
    return;
  }
  trick_ = {};
  trick_.leader = static_cast<std::int8_t>(winner);
  to_act_ = winner;
}

}  // namespace whist
