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

namespace {

// The quick reading of a table.act (parse_usual_act) against the general
// one: where the quick one answers, the general one must give the same
// request. Returns whether the quick one answered.
bool quick_agrees(const std::string& text) {
  INFO(text);
  const auto quick = protocol::parse_usual_act(text);
  if (!quick) return false;
  const auto general = protocol::parse_request_general(text);
  REQUIRE(std::holds_alternative<protocol::Request>(general));
  const auto& g = std::get<protocol::Request>(general);
  CHECK(quick->id == g.id);
  REQUIRE(std::holds_alternative<protocol::TableAct>(g.message));
  REQUIRE(std::holds_alternative<protocol::TableAct>(quick->message));
  CHECK(std::get<protocol::TableAct>(quick->message) == std::get<protocol::TableAct>(g.message));
  return true;
}

}  // namespace

TEST_CASE("a table.act of the usual shape is read quickly, as the general reading reads it",
          "[requests]") {
  int quick = 0, total = 0;
  for (const json& g : read_lines("actions.jsonl")) {
    const std::string action = g["in"].dump();
    // The keys in the order clients send them, sorted as nlohmann writes
    // them, and spread over lines with spaces; ids as strings and integers.
    const std::vector<std::string> texts = {
        R"({"t":"table.act","d":{"table":7,"action":)" + action + R"(},"id":"c1-9"})",
        json{{"t", "table.act"}, {"id", 12}, {"d", {{"table", 3}, {"action", g["in"]}}}}.dump(),
        json{{"t", "table.act"}, {"id", "x"}, {"d", {{"action", g["in"]}, {"table", 0}}}}.dump(2),
        "\r\n\t {\"id\" : 0 , \"d\" : { \"action\" : " + action +
            " , \"table\" : 123456789012345678 } , \"t\" : \"table.act\" } \n",
    };
    for (const std::string& t : texts) {
      ++total;
      quick += quick_agrees(t) ? 1 : 0;
    }
  }
  // Most actions are of the usual shape (those that are not: escapes,
  // other types of values, fields an action does not have).
  CHECK(quick * 10 > total * 7);

  // Each of these is read quickly.
  for (const std::string& t : std::vector<std::string>{
           R"({"t":"table.act","d":{"table":1,"action":{"type":"play","card":"AS"}},"id":"a"})",
           R"({"id":5,"t":"table.act","d":{"action":{"card":"2C","type":"play"},"table":2}})",
           R"({"t":"table.act","d":{"table":1,"action":{"type":"bid","level":-0,"mode":"up"}}})",
           R"({"t":"table.act","d":{"table":1,"action":{"type":"bid","level":120}}})",
           R"({"t":"table.act","d":{"table":1,"action":{"type":"bid","tricks":-7}}})",
           R"({"t":"table.act","d":{"table":1,"action":{"type":"discard","cards":[]}}})",
           R"({"t":"table.act","d":{"table":1,"action":{"type":"discard","cards":["AS","x"]}}})",
           R"({"t":"table.act","d":{"table":1,"action":{}}})",
           R"({"t":"table.act","d":{"table":1,"action":{"type":"?","suit":"~"}}})",
           R"({"t":"table.act","d":{"table":1,"action":{"card":"2D","seat":0,"type":"play"}}})",
           R"({"t":"table.act","d":{"table":1,"action":{"seat":-3,"type":"pass"}}})",
       })
    CHECK(quick_agrees(t));

  // Each of these is left to the general reading (which may accept it or
  // refuse it; where it refuses, the quick one must not have answered).
  const std::string id64(64, 'i'), id65(65, 'i');
  for (const std::string& t : std::vector<std::string>{
           R"({"t":"table.act","d":{"table":1,"action":{"type":"play","card":"A\u0053"}}})",
           R"({"t":"table.act","d":{"table":1,"action":{"type":"play","card":"\\"}}})",
           R"({"t":"table.act","d":{"table":1,"action":{"type":"play","card":"é"}}})",
           R"({"t":"table.act","d":{"table":1,"action":{"type":"play","card":"AS","x":1}}})",
           R"({"t":"table.act","d":{"table":1,"action":{"type":"play","type":"play"}}})",
           R"({"t":"table.act","d":{"table":1,"action":{"type":"play"},"x":0}})",
           R"({"t":"table.act","d":{"table":1,"action":{"type":"play"}},"x":0})",
           R"({"t":"table.act","t":"table.act","d":{"table":1,"action":{}}})",
           R"({"t":"table.act","d":{"table":-1,"action":{}}})",
           R"({"t":"table.act","d":{"table":1.0,"action":{}}})",
           R"({"t":"table.act","d":{"table":1e2,"action":{}}})",
           R"({"t":"table.act","d":{"table":01,"action":{}}})",
           R"({"t":"table.act","d":{"table":1234567890123456789,"action":{}}})",
           R"({"t":"table.act","d":{"table":1,"action":{"level":66666666666666666666666666666}}})",
           R"({"t":"table.act","d":{"table":"1","action":{}}})",
           R"({"t":"table.act","d":{"action":{}}})",
           R"({"t":"table.act","d":{"table":1}})",
           R"({"t":"table.act","d":{"table":1,"action":[]}})",
           R"({"t":"table.act","d":{"table":1,"action":{"level":1.5}}})",
           R"({"t":"table.act","d":{"table":1,"action":{"level":"1"}}})",
           R"({"t":"table.act","d":{"table":1,"action":{"cards":["AS",1]}}})",
           R"({"t":"table.act","d":{"table":1,"action":{"cards":"AS"}}})",
           R"({"t":"table.act","d":{"table":1,"action":{"seat":"0","type":"pass"}}})",
           R"({"t":"table.act","d":{"table":1,"action":{"seat":null,"type":"pass"}}})",
           R"({"t":"table.act","d":{"table":1,"action":{}},"id":-1})",
           R"({"t":"table.act","d":{"table":1,"action":{}},"id":null})",
           R"({"t":"table.act","d":{"table":1,"action":{}},"id":")" + id65 + R"("})",
           R"({"t":"table.act","d":{"table":1,"action":{}}} x)",
           R"({"t":"table.act","d":{"table":1,"action":{}},})",
           R"({"t":"table.act" "d":{"table":1,"action":{}}})",
           R"({"t":"table.sync","d":{"table":1},"id":"table.act"})",
           "\xEF\xBB\xBF{\"t\":\"table.act\",\"d\":{\"table\":1,\"action\":{}}}",
           R"({"t":"table.act","d":{"table":1,"action":{}})",
       })
    CHECK_FALSE(quick_agrees(t));
  // The longest id that is read quickly.
  CHECK(quick_agrees(R"({"t":"table.act","d":{"table":1,"action":{}},"id":")" + id64 + R"("})"));
}
