// Exact-bid whist (`exact`), after Ludopoli.
//
// Two to six players, each for themselves, 52 cards. Deal k is dealt with a
// hand size growing by one from `initial_cards` to `max_cards` (and back down
// with `round_trip`); defaults 7 to 13 for 2 to 4 players, 4 to 10 for 5, 4 to
// 8 for 6. With `trumps` (default true) the next card of the pack is turned
// for trump (the dealer's last card when all 52 are dealt); without it every
// deal is at no trump. From the dealer's left each player bids once, 0 to the
// hand size; the dealer may not bid the number that makes the bids add up to
// the hand size (the hook rule). The dealer's left leads; a player must
// follow suit, else trump if able (no need to overtrump), else play any card.
// Exactly the bid scores 10 + tricks; otherwise -3 - |tricks - bid|. The game
// ends after the last deal; the highest total wins, ties share the win.
#pragma once

namespace whist {

// Whether the dealer's bid `tricks` is forbidden by the hook rule.
bool hook_forbids(int bids_so_far, int tricks, int hand_size);

}  // namespace whist
