// A game's texts as storage keeps them (protocol/record_json.hpp's
// game_setup_text, deal_text, game_result_text; action_text): the text the
// table core wrote before its storage jobs carried values, and the record
// game.record writes from them (protocol/game_record.hpp) reads back.
#include <catch2/catch.hpp>
#include <limits>
#include <nlohmann/json.hpp>

#include "protocol/game_record.hpp"
#include "protocol/record_json.hpp"
#include "protocol/table_json.hpp"

using namespace whist;
using nlohmann::json;

namespace {

Rules rules_of(const json& d) {
  auto parsed = protocol::parse_table_setup(d);
  REQUIRE(std::holds_alternative<protocol::TableSetup>(parsed));
  return std::get<protocol::TableSetup>(parsed).rules;
}

}  // namespace

TEST_CASE("a game's setup, deal and result are stored as the core wrote them", "[records]") {
  const Rules classic = rules_of({{"variant", "classic"}});
  CHECK(protocol::game_setup_text(classic, 1, 42) ==
        R"({"dealer":1,"options":{"honours":"off","honours_bar":false,"play_to":5,"rubber":false,)"
        R"("trump":"turn"},"players":4,)"
        R"("seed":42,"variant":"classic"})");
  const std::uint64_t big = std::numeric_limits<std::uint64_t>::max();
  const Rules exact = rules_of({{"variant", "exact"}, {"players", 3}});
  // The document the core built before, from the same values.
  const json before = {{"variant", "exact"},
                       {"options", protocol::options_json(exact)},
                       {"players", 3},
                       {"dealer", 2},
                       {"seed", big}};
  CHECK(protocol::game_setup_text(exact, 2, big) == before.dump());
  CHECK(protocol::game_result_text({3, 5}, {1}) == R"({"scores":[3,5],"winners":[1]})");
  CHECK(protocol::game_result_text({2, -1, 0}, {}) == R"({"scores":[2,-1,0],"winners":[]})");

  const Game g = Game::seeded(classic, 1, 42);
  const DealSpec deal = spec_of(classic, 0, g.deals()[0]);
  CHECK(protocol::deal_text(deal) == protocol::deal_json(deal).dump());
  const Action first = g.legal_actions().front();
  protocol::StoredGame stored{7,
                              3,
                              protocol::game_setup_text(classic, 1, 42),
                              R"([{"name":"ann","seat":0}])",
                              protocol::game_result_text({5, 2}, {0}),
                              {protocol::deal_text(deal)},
                              {protocol::action_text(first, classic.variant)}};
  const json answer = protocol::game_record_json(stored);
  CHECK(answer["game"] == 7);
  CHECK(answer["table"] == 3);
  CHECK(answer["seats"][0]["name"] == "ann");
  CHECK(answer["result"]["winners"] == json::array({0}));
  const json& record = answer["record"];
  CHECK_FALSE(record.contains("seed"));  // the deals are there
  stored.result.clear();
  CHECK(protocol::game_record_json(stored)["result"].is_null());
  const auto read = protocol::parse_record(record.dump());
  REQUIRE(std::holds_alternative<GameRecord>(read));
  const GameRecord& r = std::get<GameRecord>(read);
  REQUIRE(r.deals.size() == 1);
  CHECK(r.dealer == 1);
  REQUIRE(r.actions.size() == 1);
  REQUIRE(std::holds_alternative<Action>(r.actions[0]));
  CHECK(protocol::action_text(std::get<Action>(r.actions[0]), classic.variant) ==
        protocol::action_text(first, classic.variant));
}
