// Account care that spans stores: closing (deleting) an account, with its
// chips back to the house through the ledger, and a player's data as JSON.
// Both run on the storage thread (or in whistctl) over the Database.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/database.hpp"

namespace whist::storage {

// How long a deleted account's name is kept from new accounts.
inline constexpr std::int64_t kNameHoldSeconds = 30 * 24 * 3600;

enum class CloseResult {
  kClosed,
  kNoAccount,  // no such registered account, or deleted already
  kSeated,     // seated at a table not finished: `tables` says which
};

struct ClosedAccount {
  CloseResult result = CloseResult::kNoAccount;
  std::int64_t chips = 0;               // the balance given back to the house
  std::vector<std::int64_t> tables;     // kSeated: the tables
  std::optional<ErasedAccount> erased;  // kClosed
};

// Deletes a registered account, in one unit: refused while it holds a seat
// at a table that is open or playing (a game in progress, its buy-in, its
// place in the game's record); else its balance goes to the house (batch
// "closure:<id>", kind 'closure'), then AccountStore::erase_account with
// the name held for kNameHoldSeconds.
ClosedAccount close_account(Database& db, std::int64_t id, std::int64_t now);

// A player's data, as a JSON object (docs/protocol.md, account.export):
// the account, its sessions, friends and requests, ratings, every game's
// result, every ledger entry, mutes, blocks and the reports they made.
std::string export_account_json(Database& db, std::int64_t id, std::int64_t now);

}  // namespace whist::storage
