// A Compete game's chips, as arithmetic: who is paid and how much. The
// ledger's postings are storage's (server/compete.hpp).
#pragma once

#include <cstdint>
#include <vector>

namespace whist {

// What each winning seat is paid: an equal share of the pot (buy_in from
// each of `players`) less the fee (fee_percent of the pot, and whatever
// does not divide evenly).
std::int64_t payout_share(int buy_in, int players, int winners, int fee_percent);

// The seats on the winning side: winners are sides (team t: seats t and
// t + 2) when there are fewer scores than seats, else seats.
std::vector<int> winning_seats(const std::vector<int>& winners, int scores, int players);

}  // namespace whist
