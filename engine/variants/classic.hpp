// Classic whist (`classic`).
//
// Four players in two partnerships (seats 0 and 2 against 1 and 3), 13 cards
// each, the whole pack dealt. Trump by option `trump`: `turn` (default), the
// dealer's last card is turned and its suit is trump; `rotate`, hearts,
// diamonds, spades, clubs in turn from the first deal; `rotate_nt`, the same
// with a fifth, no-trump deal. The player left of the dealer leads; players
// follow suit if able. The side with more tricks scores one point per trick
// over six. Honours (option `honours`): `on`, a side dealt 3 of the 4 trump
// honours (A K Q J) scores 2, all 4 scores 4, after tricks and only if the
// tricks did not already end the game; `capped`, the same but honours never
// take a side past play_to - 1; no honours at no trump. Option `honours_bar`
// (the old laws' "at the score of four" in short whist, "at nine" in long
// whist): a side at play_to - 1 when a deal starts scores no honours in it.
// The first side to reach `play_to` (default 5) at the end of a deal wins.
//
// An event's boards (options `boards` and `first_trump`, never offered at
// tables): the game is `boards` deals, each scored alone (odd tricks, and
// honours when on: capped is then the same as on, there being no game to
// reach), over after the last; the side with more points wins, both when
// equal. A rotation of trumps starts at `first_trump` (board b of an event
// is played with the trump the event's rule gives b).
//
// Option `rubber`, the British game: the best of three games, each to
// play_to, the scores back to love after each (the deal passes on as
// usual); two games to love end it. A game is worth 3 (a treble) if the
// losers scored nothing, 2 (a double) if they scored less than half of
// play_to, else 1 (a single); the rubber's winners add 2 and, after three
// games, lose the value of the losers' game (classic_scoring.hpp). The
// rubber's winners are the game's winners.
#pragma once

#include "engine/card.hpp"
#include "engine/deal.hpp"
#include "engine/options.hpp"

namespace whist {

// The trump suit of deal `deal_index` (kNoSuit for no trump).
int classic_trump(ClassicTrump option, FirstTrump first, int deal_index, Card turned);

// Honours as dealt: which side held 3 or 4 of A K Q J of trump, and how many.
struct DealtHonours {
  int side = -1;  // -1: neither
  int count = 0;
};
DealtHonours dealt_honours(const Deal& d, int trump);

}  // namespace whist
