#include "server/game_record.hpp"

#include <utility>

#include "storage/database.hpp"
#include "storage/table_codec.hpp"

namespace whist::server {

protocol::StoredGame stored_game(const storage::GameRow& row, std::vector<std::string> deals,
                                 std::vector<std::string> actions) {
  return {row.id,     row.table_id,     row.setup,         row.seats,
          row.result, std::move(deals), std::move(actions)};
}

std::optional<EventPlay> event_of_table(storage::Database& db, std::int64_t table) {
  auto row = db.tables().table(table);
  if (!row) return std::nullopt;
  try {
    return storage::decode_table(row->settings).setup.event;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace whist::server
