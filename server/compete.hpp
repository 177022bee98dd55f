// Compete tables' chips, on the storage thread: each seat's buy-in posted
// in the same SQLite transaction as the game's row, the payout (less the
// house fee) in the same transaction as the game's result, and a full
// refund in the same transaction as marking a game abandoned by a fault.
// Batch keys: game:<id>:buyin, game:<id>:payout, game:<id>:refund.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/database.hpp"
#include "table/payout.hpp"

namespace whist::server {

struct BuyIn {
  std::int64_t game = 0;         // the new game's id, when every seat paid
  std::vector<int> short_seats;  // otherwise the seats that cannot pay
};

// Creates the game's row with its first deal and charges `buy_in` to each
// seat's user (users by seat) in one transaction; nothing is written if a
// seat cannot pay.
BuyIn create_game_with_buyin(storage::Database& db, std::int64_t table, const std::string& setup,
                             const std::string& seats, const std::string& first_deal,
                             const std::vector<std::int64_t>& users, int buy_in, std::int64_t now);

// The winning seats are paid their share, in the transaction that finishes
// the game and stores its results. Idempotent: a game already finished is
// paid at most once (the payout's key), and a game abandoned and refunded
// is neither finished nor paid.
void finish_game_with_payout(storage::Database& db, std::int64_t game, const std::string& result,
                             const storage::GameResults& results,
                             const std::vector<std::int64_t>& users,
                             const std::vector<int>& winning_seats, int buy_in, int fee_percent,
                             std::int64_t now);

// Marks a game in progress abandoned; if it was a Compete game whose
// buy-in was posted and not paid out, refunds every seat in full, in the
// same transaction. A game not in progress (finished, or abandoned before)
// is left as it is, so a retry refunds nothing twice.
void abandon_game(storage::Database& db, const storage::GameRow& game, int buy_in,
                  std::int64_t now);

}  // namespace whist::server
