// The engine's one catalogue of rule errors: a stable code for machines and
// a plain message for people. Player input that breaks a rule is answered
// with one of these and changes nothing.
#pragma once

#include <cstdint>
#include <string_view>

namespace whist {

enum class RuleError : std::uint8_t {
  kNone = 0,
  kGameOver,        // the game has ended
  kWrongPhase,      // this kind of action is not expected now
  kNotYourTurn,     // another seat is to act
  kCardNotHeld,     // the card is not in the player's hand
  kMustFollowSuit,  // the player holds the suit led
  kMustTrump,       // exact: void in the suit led but holding a trump
  kBidTooLow,       // bid whist: the bid does not beat the highest bid
  kBadBid,          // a level or a number of tricks out of range
  kDealerMustBid,   // bid whist: everyone else passed
  kHookRule,        // exact: the dealer may not make the bids add up
  kBadDiscard,      // wrong number of cards, or a card twice
  kWrongChoice,     // trump after a no-trump bid, direction after a trump bid
  kNoDeal,          // the next deal has not been provided
  kBadClaim,        // a claim not made when leading, for more tricks than are left, or alone
  kBadUndo,         // an undo of anything but the last card, by its player, within the deal
};

// "must_follow_suit"
std::string_view error_code(RuleError e);
// "You must follow the suit that was led."
std::string_view error_message(RuleError e);

}  // namespace whist
