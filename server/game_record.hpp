// A stored game, from storage's rows to what protocol writes for
// game.record (protocol/game_record.hpp). Shared by the WebSocket request
// and whistctl's `game` command.
#pragma once

#include <string>
#include <vector>

#include "protocol/game_record.hpp"
#include "storage/game_store.hpp"

namespace whist::server {

protocol::StoredGame stored_game(const storage::GameRow& row, std::vector<std::string> deals,
                                 std::vector<std::string> actions);

}  // namespace whist::server
