#include "server/game_record.hpp"

#include <utility>

namespace whist::server {

protocol::StoredGame stored_game(const storage::GameRow& row, std::vector<std::string> deals,
                                 std::vector<std::string> actions) {
  return {row.id,     row.table_id,     row.setup,         row.seats,
          row.result, std::move(deals), std::move(actions)};
}

}  // namespace whist::server
