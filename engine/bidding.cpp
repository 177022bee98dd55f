// Bidding (bid and exact whist), the bid-whist kitty and the declarer's
// choice of trump or direction.
#include "engine/game.hpp"
#include "engine/variants/bid.hpp"
#include "engine/variants/exact.hpp"

namespace whist {

RuleError Game::check_bid(const Action& a) const {
  if (phase_ != Phase::kBidding) return RuleError::kWrongPhase;
  if (rules_.variant == Variant::kExact && a.type == ActionType::kPass)
    return RuleError::kWrongPhase;
  if (a.seat != to_act_) return RuleError::kNotYourTurn;
  if (rules_.variant == Variant::kExact) {
    if (a.tricks < 0 || a.tricks > hand_size_) return RuleError::kBadBid;
    if (a.seat == dealer_ && hook_forbids(bid_total_, a.tricks, hand_size_))
      return RuleError::kHookRule;
    return RuleError::kNone;
  }
  if (a.type == ActionType::kPass) {
    // The dealer is the last to call; with no bid yet, the dealer must bid.
    if (a.seat == dealer_ && contract_.declarer < 0) return RuleError::kDealerMustBid;
    return RuleError::kNone;
  }
  if (a.level < 1 || a.level > 7 || a.mode > BidMode::kNoTrump) return RuleError::kBadBid;
  if (a.level < rules_.options.min_bid) return RuleError::kBidTooLow;
  if (!bid_beats(a.level, a.mode, contract_.level, contract_.mode, rules_.options.low_beats_high))
    return RuleError::kBidTooLow;
  return RuleError::kNone;
}

void Game::apply_call(const Action& a, Events* ev) {
  Call c;
  c.seat = a.seat;
  c.pass = a.type == ActionType::kPass;
  c.level = a.level;
  c.mode = a.mode;
  c.tricks = a.tricks;
  calls_.push_back(c);
  if (rules_.variant == Variant::kExact) {
    exact_bids_[static_cast<size_t>(a.seat)] = a.tricks;
    bid_total_ += a.tricks;
  } else if (!c.pass) {
    contract_.declarer = a.seat;
    contract_.level = a.level;
    contract_.mode = a.mode;
  }
  to_act_ = (to_act_ + 1) % n_;
  if (static_cast<int>(calls_.size()) < n_) return;
  if (rules_.variant == Variant::kExact) {
    start_play((dealer_ + 1) % n_);
    return;
  }
  end_bidding(ev);
}

void Game::end_bidding(Events* ev) {
  const int decl = contract_.declarer;
  if (ev) {
    Event e;
    e.type = EventType::kContract;
    e.seat = contract_.declarer;
    e.action = Action::bid(decl, contract_.level, contract_.mode);
    ev->push(e);
    if (kitty_sported(rules_.options.sport_kitty, contract_.mode)) {
      Event k;
      k.type = EventType::kKittyShown;
      k.cards = kitty_;
      ev->push(k);
    }
  }
  to_act_ = decl;
  if (rules_.options.bidder_gets_kitty) {
    hands_[static_cast<size_t>(decl)] |= kitty_;
    phase_ = Phase::kDiscard;
    if (ev) {
      Event e;
      e.type = EventType::kKittyTaken;
      e.seat = static_cast<std::int8_t>(decl);
      ev->push(e);
    }
  } else {
    phase_ = Phase::kChoose;
  }
}

RuleError Game::check_discard(const Action& a) const {
  if (phase_ != Phase::kDiscard) return RuleError::kWrongPhase;
  if (a.seat != to_act_) return RuleError::kNotYourTurn;
  const int k = count(kitty_);
  if (a.listed != k || count(a.cards) != a.listed) return RuleError::kBadDiscard;
  if (a.cards & ~hands_[static_cast<size_t>(a.seat)]) return RuleError::kCardNotHeld;
  return RuleError::kNone;
}

void Game::apply_discard(const Action& a, Events* ev) {
  (void)ev;
  hands_[static_cast<size_t>(a.seat)] &= ~a.cards;
  discards_ = a.cards;
  phase_ = Phase::kChoose;
}

RuleError Game::check_choice(const Action& a) const {
  if (phase_ != Phase::kChoose) return RuleError::kWrongPhase;
  if (a.seat != to_act_) return RuleError::kNotYourTurn;
  const bool no_trump = contract_.mode == BidMode::kNoTrump;
  if (a.type == ActionType::kTrump) {
    if (no_trump || a.suit < 0 || a.suit >= kSuits) return RuleError::kWrongChoice;
  } else if (!no_trump || (a.mode != BidMode::kUptown && a.mode != BidMode::kDowntown)) {
    return RuleError::kWrongChoice;
  }
  return RuleError::kNone;
}

void Game::apply_choice(const Action& a, Events* ev) {
  if (a.type == ActionType::kTrump) {
    set_trump(a.suit, contract_.mode == BidMode::kDowntown, true);
  } else {
    set_trump(kNoSuit, a.mode == BidMode::kDowntown, false);
  }
  if (ev) {
    Event e;
    e.type = EventType::kTrumpSet;
    e.value = static_cast<std::int16_t>(trump_);
    e.card = downtown_ ? 1 : 0;
    ev->push(e);
  }
  start_play(rules_.options.bidder_leads ? contract_.declarer : (dealer_ + 1) % n_);
}

}  // namespace whist
