// The closed sets of values that storage keeps: a table's state, a game's
// state, a ledger entry's kind, an operator command's state. Each is stored
// by its name (the text the schema has always held); the names are read
// back strictly, an unknown one being a StorageError that says what and
// where. Conversions happen at the SQL boundary only (storage's .cpp
// files); everything above sees the enums.
#pragma once

#include <cstdint>
#include <string_view>

namespace whist::storage {

enum class TableState : std::uint8_t { kOpen, kPlaying, kFinished, kClosed };
enum class GameState : std::uint8_t { kPlaying, kFinished, kAbandoned };
// Minting kinds create chips (initial, topup, grant); moving kinds move
// them between balances (buyin, payout, fee, refund, closure). See ledger_store.hpp.
enum class LedgerKind : std::uint8_t {
  kInitial,
  kTopup,
  kGrant,
  kBuyin,
  kPayout,
  kFee,
  kRefund,
  kClosure,  // a deleted account's chips back to the house (account_care.hpp)
};
enum class CommandState : std::uint8_t { kPending, kRunning, kDone, kCancelled };

std::string_view name(TableState s);
std::string_view name(GameState s);
std::string_view name(LedgerKind k);
std::string_view name(CommandState s);

// Read back from a store: throw StorageError for an unknown name, saying
// `where` it was found (for example "table 12").
TableState table_state_from(std::string_view text, std::string_view where);
GameState game_state_from(std::string_view text, std::string_view where);
LedgerKind ledger_kind_from(std::string_view text, std::string_view where);
CommandState command_state_from(std::string_view text, std::string_view where);

bool is_minting(LedgerKind k);

}  // namespace whist::storage
