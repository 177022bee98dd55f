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
    const bool can_follow = hand & follow_mask_[static_cast<size_t>(trick_.led_suit)];
    return can_follow ? RuleError::kMustFollowSuit : RuleError::kMustTrump;
  }
  return RuleError::kNone;
}

void Game::finish_trick(Events* ev) {
  const int winner = trick_.winner(n_);
  ++tricks_won_[static_cast<size_t>(winner)];
  PlayedTrick p;
  p.leader = trick_.leader;
  p.winner = static_cast<std::int8_t>(winner);
  p.size = trick_.size;
  p.cards = trick_.cards;
  played_.push_back(p);
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
