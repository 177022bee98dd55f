#include "protocol/game_record.hpp"

namespace whist::protocol {

using nlohmann::json;

json game_record_json(const StoredGame& g) {
  const json setup = json::parse(g.setup);
  json record = {{"variant", setup["variant"]}, {"options", setup["options"]},
                 {"players", setup["players"]}, {"dealer", setup["dealer"]},
                 {"deals", json::array()},      {"actions", json::array()}};
  for (const auto& d : g.deals) record["deals"].push_back(json::parse(d));
  for (const auto& a : g.actions) record["actions"].push_back(json::parse(a));
  return {{"game", g.id},
          {"table", g.table},
          {"seats", json::parse(g.seats)},
          {"result", g.result.empty() ? json(nullptr) : json::parse(g.result)},
          {"record", record}};
}

}  // namespace whist::protocol
