// Scoring of exact-bid whist: one player's points for one deal.
#pragma once

namespace whist {

// Exactly the bid: 10 + tricks; otherwise -3 - |tricks - bid|.
int score_exact(int bid, int tricks);

}  // namespace whist
