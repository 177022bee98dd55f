// A stored game as game.record gives it (docs/protocol.md): its id, table,
// seats, result, and the record that whist-replay reads. Shared by the
// WebSocket request and whistctl's `game` command.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "storage/database.hpp"

namespace whist::server {

// {"game", "table", "seats", "result", "record": {"variant", "options",
// "players", "dealer", "deals", "actions"}}. Throws nlohmann::json's
// exceptions for stored text that is not JSON.
nlohmann::json game_record_json(const storage::GameRow& row, const std::vector<std::string>& deals,
                                const std::vector<std::string>& actions);

}  // namespace whist::server
