// Invariants of any game state, checked after actions in the playout tests.
#pragma once

#include "engine/game.hpp"

namespace whist::test {

// The trick's winner by the rules, computed independently of the engine:
// trump (jokers in a trump contract) over the suit led, ranks per direction,
// no-trump jokers never winning.
int reference_winner(const PlayedTrick& t, int players, int trump, bool downtown, bool bid_whist);

// Cards conserved (every card of the deal in exactly one place), the
// winner of every trick, tricks counted, and every observation masked.
void check_invariants(const Game& g);

// At the end of a game: scores are the sums of the deal scores, tricks add
// up in every deal, and the winners have the best score.
void check_final(const Game& g);

}  // namespace whist::test
