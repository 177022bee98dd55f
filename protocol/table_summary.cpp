#include "protocol/table_summary.hpp"

#include <nlohmann/json.hpp>

namespace whist::protocol {

using nlohmann::json;

json table_summary_json(const TableSummary& s) {
  json j = table_setup_json(s.setup);
  j["table"] = s.table;
  j["state"] = s.state;
  j["creator"] = s.creator;
  j["seats"] = json::parse(seats_text(s.seats));
  j["watchers"] = s.watchers;
  j["game"] = s.game ? json(s.game) : json(nullptr);
  j["scores"] = s.scores ? json(*s.scores) : json(nullptr);
  if (s.setup.settings.kind == TableKind::kPlay)
    j["fill_at"] = s.fill_at ? json(*s.fill_at) : json(nullptr);
  return j;
}

std::string table_summary_text(const TableSummary& s) { return table_summary_json(s).dump(); }

}  // namespace whist::protocol
