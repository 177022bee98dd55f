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

TEST_CASE("an event's table shows its event, never its seed", "[table_summary]") {
  protocol::TableSetup s = setup_of({{"variant", "classic"}, {"options", {{"trump", "rotate"}}}});
  CHECK_FALSE(protocol::table_setup_json(s).contains("event"));
  s.rules.options.boards = 4;
  REQUIRE_FALSE(finalize(s.rules));
  const std::uint64_t seed = 12'345'678'901'234'567'891ULL;
  s.event = EventPlay{77, 2, 5, seed, 9, false};
  const json j = protocol::table_setup_json(s);
  CHECK(j.at("event") ==
        json{{"event", 77}, {"round", 2}, {"table", 5}, {"first_board", 9}, {"own_pace", false}});
  // Nowhere in the text: not in the setup, nor in the summary with it.
  const std::string digits = std::to_string(seed);
  CHECK(j.dump().find(digits) == std::string::npos);
  protocol::TableSummary summary;
  summary.setup = s;
  summary.table = 12;
  summary.state = "playing";
  const std::string text = protocol::table_summary_text(summary);
  INFO(text);
  CHECK(text.find(digits) == std::string::npos);
  CHECK(text.find("seed") == std::string::npos);
  CHECK(json::parse(text).at("event") == j.at("event"));
  // The daily duplicate's.
  s.event = EventPlay{78, 0, 0, seed, 1, true};
  const json daily = protocol::table_setup_json(s);
  CHECK(daily.at("event").at("own_pace") == true);
  CHECK(daily.at("event").at("round") == 0);
  CHECK(daily.dump().find(digits) == std::string::npos);
}
