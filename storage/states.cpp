// The names of the stored states (see states.hpp), and their strict reading.
#include "storage/states.hpp"

#include <array>
#include <string>

#include "storage/storage_error.hpp"

namespace whist::storage {

namespace {

constexpr std::array<std::string_view, 4> kTableStates = {"open", "playing", "finished", "closed"};
constexpr std::array<std::string_view, 3> kGameStates = {"playing", "finished", "abandoned"};
constexpr std::array<std::string_view, 4> kCommandStates = {"pending", "running", "done",
                                                            "cancelled"};

// In the order of LedgerKind.
constexpr std::array<std::string_view, 8> kKindNames = {"initial", "topup", "grant",  "buyin",
                                                        "payout",  "fee",   "refund", "closure"};

template <typename E, std::size_t N>
std::string_view name_of(const std::array<std::string_view, N>& names, E e) {
  const auto i = static_cast<std::size_t>(e);
  if (i >= N) throw StorageError("an enum value out of range: " + std::to_string(i));
  return names[i];
}

template <typename E, std::size_t N>
E read(const std::array<std::string_view, N>& names, std::string_view text, const char* what,
       std::string_view where) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == text) return static_cast<E>(i);
  throw StorageError(std::string(where) + " has an unknown " + what + " '" + std::string(text) +
                     "'");
}

}  // namespace

std::string_view name(TableState s) { return name_of(kTableStates, s); }
std::string_view name(GameState s) { return name_of(kGameStates, s); }
std::string_view name(LedgerKind k) { return name_of(kKindNames, k); }
std::string_view name(CommandState s) { return name_of(kCommandStates, s); }

TableState table_state_from(std::string_view text, std::string_view where) {
  return read<TableState>(kTableStates, text, "table state", where);
}
GameState game_state_from(std::string_view text, std::string_view where) {
  return read<GameState>(kGameStates, text, "game state", where);
}
LedgerKind ledger_kind_from(std::string_view text, std::string_view where) {
  return read<LedgerKind>(kKindNames, text, "ledger kind", where);
}
CommandState command_state_from(std::string_view text, std::string_view where) {
  return read<CommandState>(kCommandStates, text, "command state", where);
}

bool is_minting(LedgerKind k) {
  return k == LedgerKind::kInitial || k == LedgerKind::kTopup || k == LedgerKind::kGrant;
}

}  // namespace whist::storage
