// Card play: following suit, the must-trump rule of exact whist, jokers,
// and who wins a trick.
#include <cassert>

#include "engine/game.hpp"

namespace whist {

void Game::start_play(int leader) {
  phase_ = Phase::kPlay;
  trick_ = {};
  trick_.leader = static_cast<std::int8_t>(leader);
  to_act_ = leader;
}

CardSet Game::legal_cards() const {
  if (phase_ != Phase::kPlay) return 0;
  const CardSet hand = hands_[static_cast<size_t>(to_act_)];
  // Leading, or only no-trump jokers played so far: anything goes.
  if (trick_.led_suit < 0) return hand;
  const CardSet follow = hand & follow_mask_[static_cast<size_t>(trick_.led_suit)];
  if (follow) return follow;
  if (rules_.variant == Variant::kExact && trump_ < kNoSuit) {
    const CardSet trumps = hand & follow_mask_[static_cast<size_t>(trump_)];
    if (trumps) return trumps;
  }
  return hand;
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

void Game::play_unchecked(Card c, Events* ev) {
  assert(phase_ == Phase::kPlay && contains(legal_cards(), c));
  const int seat = to_act_;
  history_.push_back(Action::play(seat, c));
  hands_[static_cast<size_t>(seat)] &= ~bit(c);
  if (ev) {
    Event e;
    e.type = EventType::kAction;
    e.seat = static_cast<std::int8_t>(seat);
    e.action = history_.back();
    ev->push(e);
  }

  const int i = trick_.size;
  trick_.cards[static_cast<size_t>(i)] = c;
  const int as = suit_as_[c];
  if (i == 0) {
    trick_.best = 0;
    trick_.led_suit = static_cast<std::int8_t>(as == kNoSuit ? -1 : as);
  } else {
    // A joker led at no trump: the first card with a suit sets the suit.
    if (trick_.led_suit < 0 && as != kNoSuit) trick_.led_suit = static_cast<std::int8_t>(as);
    const Card b = trick_.cards[static_cast<size_t>(trick_.best)];
    const int bs = suit_as_[b];
    const bool beats = (as == bs && power_[c] > power_[b]) ||
                       (as == trump_ && bs != trump_ && trump_ < kNoSuit) ||
                       (bs == kNoSuit && as != kNoSuit);
    if (beats) trick_.best = static_cast<std::int8_t>(i);
  }
  trick_.size = static_cast<std::int8_t>(i + 1);
  to_act_ = seat + 1 == n_ ? 0 : seat + 1;
  if (trick_.size == n_) finish_trick(ev);
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
