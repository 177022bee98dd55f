// Bid whist (`bid`).
//
// Four players in two partnerships, a pack of 52 and `jokers` (0, 1: the red
// joker, or 2; default 2), 12 cards each and the rest as the kitty. From the
// dealer's left each player calls once: pass, or a bid of a level
// (`min_bid`..7) and a mode, uptown, downtown or notrump, that beats the
// highest bid: a higher level, or at equal level notrump over the trump
// modes and, with `low_beats_high` (default true), downtown over uptown. If
// the first three pass the dealer must bid. The highest bidder declares: with
// `bidder_gets_kitty` (default true) takes the kitty and discards as many
// cards; the kitty or the discards are the declaring side's first trick, the
// book. Then the declarer names trump (after uptown or downtown) or the
// direction (after notrump). Uptown ranks A K Q ... 2, downtown A 2 3 ... K.
// Jokers in a trump contract are the top trumps (RJ over BJ over the ace);
// at no trump they never win, may be played only by a player who cannot
// follow, and a joker led leaves the suit to the first card with a suit.
// `sport_kitty`: never, after a trump bid, or always shown to all when
// bidding ends. The declarer (`bidder_leads`) or the dealer's left leads.
// Made with 6 + level tricks or more: the declarers score tricks - 6; set:
// they lose the level; `double_nt` doubles a notrump bid's score either way;
// `defensive_scoring` gives the defenders tricks - 6 above six. The game ends
// after a deal that leaves a side at or above `play_to` (default 7) or at or
// below minus `play_to`, unless the scores are equal; the higher side wins.
#pragma once

#include "engine/action.hpp"
#include "engine/options.hpp"

namespace whist {

// Whether a bid of (level, mode) beats the best bid so far (level 0: none).
bool bid_beats(int level, BidMode mode, int best_level, BidMode best_mode, bool low_beats_high);

// Whether the kitty is shown to everyone once bidding ends with `mode`.
bool kitty_sported(SportKitty option, BidMode mode);

}  // namespace whist
