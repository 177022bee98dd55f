// Helpers for the chip ledger tests (ledger_*_test.cpp): accounts, minting
// and buy-in batches, and the ledger check's problems as one text.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "storage/sql_database.hpp"
#include "tests/storage/support.hpp"

// The names the ledger tests use.
using Catch::Matchers::Contains;
using Database = whist::storage::SqlDatabase;
using whist::storage::GameState;
using whist::storage::LedgerEntry;
using whist::storage::LedgerKind;
using whist::storage::PostResult;
using whist::storage::StorageError;
using whist::storage::TableState;
using whist::storage::test::Raw;
using whist::storage::test::TempDb;

namespace whist::storage::test {

inline constexpr std::int64_t kNow = 1'700'000'000;
inline constexpr std::int64_t kHouse = 0;

inline std::int64_t make_account(SqlDatabase& db, const std::string& name) {
  return db.accounts().create_account(name, "hash", false, kNow).value();
}

// One player's buy-in into the pot, which the house holds.
inline std::vector<LedgerEntry> buyin(std::int64_t account, std::int64_t amount,
                                      std::int64_t game = 0) {
  return {{account, -amount, LedgerKind::kBuyin, game}, {kHouse, amount, LedgerKind::kBuyin, game}};
}

inline std::vector<LedgerEntry> mint(std::int64_t account, std::int64_t amount,
                                     LedgerKind kind = LedgerKind::kInitial) {
  return {{account, amount, kind, 0}};
}

inline std::string problems_of(const LedgerCheck& check) {
  std::string out;
  for (const auto& p : check.problems) out += p + "\n";
  return out;
}

}  // namespace whist::storage::test

using namespace whist::storage::test;
