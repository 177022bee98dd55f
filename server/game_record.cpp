#include "server/game_record.hpp"

namespace whist::server {

using nlohmann::json;

json game_record_json(const storage::GameRow& row, const std::vector<std::string>& deals,
                      const std::vector<std::string>& actions) {
  const json setup = json::parse(row.setup);
  json record = {{"variant", setup["variant"]}, {"options", setup["options"]},
                 {"players", setup["players"]}, {"dealer", setup["dealer"]},
                 {"deals", json::array()},      {"actions", json::array()}};
  for (const auto& d : deals) record["deals"].push_back(json::parse(d));
  for (const auto& a : actions) record["actions"].push_back(json::parse(a));
  return {{"game", row.id},
          {"table", row.table_id},
          {"seats", json::parse(row.seats)},
          {"result", row.result.empty() ? json(nullptr) : json::parse(row.result)},
          {"record", record}};
}

}  // namespace whist::server
