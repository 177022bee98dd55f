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
