// Requests as parse_request reads them, and table.act's action as the
// table makes it an Action: each compared with what the reading before
// issue 20 gave for the same input (tests/protocol/requests.jsonl and
// actions.jsonl were written by it), so that the split into one parser
// per request type, and the action read with the envelope, changed nothing.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/options.hpp"
#include "protocol/messages.hpp"
#include "protocol/record_json.hpp"

using namespace whist;
using nlohmann::json;

namespace {

std::vector<json> read_lines(const std::string& name) {
  std::ifstream in(std::string(WHIST_PROTOCOL_TESTS_DIR) + "/" + name);
  REQUIRE(in);
  std::vector<json> lines;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) lines.push_back(json::parse(line));
  REQUIRE(lines.size() > 20);
  return lines;
}

}  // namespace

TEST_CASE("every request reads as it did, every refusal with its code and detail", "[requests]") {
  for (const json& g : read_lines("requests.jsonl")) {
    const auto in = g["in"].get<std::string>();
    INFO(in);
    const auto parsed = protocol::parse_request(in);
    if (g.contains("code")) {
      REQUIRE(std::holds_alternative<protocol::ParseError>(parsed));
      const auto& e = std::get<protocol::ParseError>(parsed);
      CHECK(protocol::error_code(e.error) == g["code"].get<std::string>());
      CHECK(e.detail == g["detail"].get<std::string>());
      CHECK(e.id == g["id"].get<std::string>());
    } else {
      REQUIRE(std::holds_alternative<protocol::Request>(parsed));
      const auto& r = std::get<protocol::Request>(parsed);
      CHECK(protocol::type_name(r.message) == g["type"].get<std::string>());
      CHECK(r.id == g["id"].get<std::string>());
    }
  }
}

TEST_CASE("an action read with the envelope becomes the Action it did", "[requests]") {
  for (const json& g : read_lines("actions.jsonl")) {
    INFO(g.dump());
    Rules rules;
    rules.variant = *parse_variant(g["variant"].get<std::string>());
    if (rules.variant == Variant::kBid) rules.options.jokers = g.value("jokers", 2);
    if (rules.variant == Variant::kExact) rules.players = 3;
    REQUIRE_FALSE(finalize(rules));
    const json request = {{"t", "table.act"}, {"d", {{"table", 1}, {"action", g["in"]}}}};
    const auto parsed = protocol::parse_request(request.dump());
    REQUIRE(std::holds_alternative<protocol::Request>(parsed));
    const auto& act = std::get<protocol::TableAct>(std::get<protocol::Request>(parsed).message);
    const auto a = protocol::to_action(act.action, rules, g["seat"].get<int>());
    // A game record's action is read the same way.
    const auto from_record = protocol::parse_action(g["in"], rules, g["seat"].get<int>());
    if (g.contains("error")) {
      REQUIRE(std::holds_alternative<std::string>(a));
      CHECK(std::get<std::string>(a) == g["error"].get<std::string>());
      CHECK(std::get<std::string>(from_record) == g["error"].get<std::string>());
    } else {
      REQUIRE(std::holds_alternative<Action>(a));
      CHECK(protocol::action_json(std::get<Action>(a), rules.variant) == g["action"]);
      CHECK(std::get<Action>(from_record) == std::get<Action>(a));
    }
  }
}
