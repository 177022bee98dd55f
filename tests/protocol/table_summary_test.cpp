// protocol::TableSummary against the document the table builds today
// (Table::summary in server/table.cpp, copied here field by field): the
// same text, so that the table can fill the struct instead.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/table_summary.hpp"

using namespace whist;
using nlohmann::json;

namespace {

// Table::summary's document, from the same values.
json table_document(const protocol::TableSummary& s) {
  json j = protocol::table_setup_json(s.setup);
  j["table"] = s.table;
  j["state"] = s.state;
  j["creator"] = s.creator;
  j["seats"] = json::parse(protocol::seats_text(s.seats));
  j["watchers"] = static_cast<std::size_t>(s.watchers);
  j["game"] = s.game ? json(s.game) : json(nullptr);
  j["scores"] = s.scores ? json(*s.scores) : json(nullptr);
  if (s.setup.settings.kind == protocol::TableKind::kPlay)
    j["fill_at"] = s.fill_at ? json(*s.fill_at) : json(nullptr);
  return j;
}

protocol::TableSetup setup_of(const json& d) {
  auto parsed = protocol::parse_table_setup(d);
  REQUIRE(std::holds_alternative<protocol::TableSetup>(parsed));
  return std::get<protocol::TableSetup>(parsed);
}

}  // namespace

TEST_CASE("a table's summary is the document the table builds", "[table_summary]") {
  protocol::TableSummary open;
  open.setup = setup_of({{"variant", "classic"}});
  open.table = 12;
  open.state = "open";
  open.creator = "Zo\xc3\xab \"Z\"";
  protocol::SeatInfo alice{0, "alice", 7, false, {}, true, protocol::ShownRating{1512, true}},
      free{1, "", 0, false, {}, false, {}}, bot{2, "Computer 2", -3, true, {}, true, {}};
  open.seats = {alice, free, bot, free};
  open.seats[3].seat = 3;

  protocol::TableSummary playing = open;
  playing.setup = setup_of({{"variant", "exact"}, {"players", 3}});
  playing.state = "playing";
  playing.watchers = 2;
  playing.game = 41;
  playing.scores = std::vector<int>{3, -2, 0};

  protocol::TableSummary quick = open;
  quick.setup.settings.kind = protocol::TableKind::kPlay;
  protocol::TableSummary armed = quick;
  armed.fill_at = 1700000020;

  for (const auto* s : {&open, &playing, &quick, &armed}) {
    const std::string text = protocol::table_summary_text(*s);
    INFO(text);
    CHECK(text == table_document(*s).dump());
    CHECK(protocol::table_summary_json(*s) == table_document(*s));
  }
  CHECK(json::parse(protocol::table_summary_text(quick)).at("fill_at").is_null());
  CHECK_FALSE(json::parse(protocol::table_summary_text(open)).contains("fill_at"));
}
