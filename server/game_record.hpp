// A stored game, from storage's rows to what protocol writes for
// game.record (protocol/game_record.hpp). Shared by the WebSocket request
// and whistctl's `game` command.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/game_record.hpp"
#include "storage/game_store.hpp"
#include "table/settings.hpp"

namespace whist::storage {
class Database;
}

namespace whist::server {

protocol::StoredGame stored_game(const storage::GameRow& row, std::vector<std::string> deals,
                                 std::vector<std::string> actions);

// The event, round and table a stored table was an event's table of;
// nothing for any other table, or one whose row is gone or unreadable.
std::optional<EventPlay> event_of_table(storage::Database& db, std::int64_t table);

}  // namespace whist::server
