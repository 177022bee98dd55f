#include "engine/rule_error.hpp"

namespace whist {

namespace {
struct Entry {
  std::string_view code;
  std::string_view message;
};
// Indexed by RuleError.
constexpr Entry kCatalogue[] = {
    {"ok", "no error"},
    {"game_over", "the game is over"},
    {"wrong_phase", "wrong phase: that action is not expected now"},
    {"not_your_turn", "not your turn"},
    {"card_not_held", "card not held: that card is not in your hand"},
    {"must_follow_suit", "must follow suit: you hold a card of the suit led"},
    {"must_trump", "must trump: you cannot follow suit and you hold a trump"},
    {"bid_too_low", "bid too low: a bid must beat the highest bid so far"},
    {"bad_bid", "bad bid: the level or number of tricks is out of range"},
    {"dealer_must_bid", "dealer must bid: everyone else passed"},
    {"hook_rule", "hook rule: the dealer's bid may not make the bids add up to the hand size"},
    {"bad_discard", "bad discard: discard exactly as many different cards as the kitty holds"},
    {"wrong_choice",
     "wrong choice: after a no-trump bid choose a direction, after a trump bid a trump suit"},
    {"no_deal", "the next deal has not been dealt"},
    {"bad_claim", "bad claim: claim when you lead, at most the tricks left, in a partnership game"},
    {"bad_undo",
     "bad undo: only the last card played, by its player, before the next one, within the deal"},
};
}  // namespace

std::string_view error_code(RuleError e) { return kCatalogue[static_cast<int>(e)].code; }
std::string_view error_message(RuleError e) { return kCatalogue[static_cast<int>(e)].message; }

}  // namespace whist
