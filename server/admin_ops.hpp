// The operator's changes that work on the database alone (no live table):
// shared by whistctl, when no whistd runs on the file, and by whistd's
// storage thread, when whistctl asks it (server/admin.cpp). No Boost here:
// whistctl links it. See docs/whistctl.md.
#pragma once

#include <cstdint>
#include <string>

#include "storage/database.hpp"

namespace whist::server {

// What an operator command came to, as whistctl reports it: its exit
// status (0 done, 1 refused, 2 bad input such as an unknown table) and a
// line for the operator.
struct AdminOutcome {
  int exit = 0;
  std::string message;
  // Handed to the node where the table lives (node_bus.hpp), which stores
  // the result itself.
  bool delegated = false;
};
std::string outcome_json(const AdminOutcome& o);
// A stored result; an unreadable one is exit 2 with a message saying so.
AdminOutcome outcome_from_json(const std::string& text);

// Every game in progress at the table is stored as abandoned; a Compete
// game's buy-ins are refunded in full (batch game:<id>:refund, so at most
// once), in the same transaction. Returns what was done, in words ("" if
// there was no game in progress).
std::string abandon_table_games(storage::Database& db, std::int64_t table, int buy_in,
                                std::int64_t now);

// Closes a table that is not live (no whistd, or a row whistd does not
// hold): its games in progress abandoned as above, then the row 'closed'.
// Unknown table: exit 2; a closed one: exit 0, nothing changed.
AdminOutcome close_stored_table(storage::Database& db, std::int64_t table, std::int64_t now);

// Bans (with a reason) or unbans an account by id: see AdminStore::set_banned.
// The sessions revoked are counted in the message; the running whistd also
// closes the account's connections (server/admin.cpp).
AdminOutcome ban_account(storage::Database& db, std::int64_t account, bool banned,
                         const std::string& reason);

}  // namespace whist::server
