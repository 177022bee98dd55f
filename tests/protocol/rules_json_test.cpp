// The rules a client learns (welcome's `rules`): built from the engine's
// option specs and the table settings' allowed values, agreeing with what
// parse_table_setup accepts and with docs/rules.md's table of options.
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <stdexcept>
#include <string>
#include <variant>

#include "protocol/replies.hpp"
#include "protocol/rules_json.hpp"
#include "protocol/table_json.hpp"

using namespace whist;
using nlohmann::json;

namespace {

const json& variant_of(const json& rules, std::string_view id) {
  for (const json& v : rules.at("variants"))
    if (v.at("id") == id) return v;
  throw std::runtime_error("no variant " + std::string(id));
}

// table.create's data for a classic table with one option or setting.
std::variant<TableSetup, std::string> classic_with(const json& options, const json& settings) {
  return protocol::parse_table_setup(
      {{"variant", "classic"}, {"options", options}, {"settings", settings}});
}

// docs/rules.md, "All options": game, option -> (values, default) as written.
std::map<std::pair<std::string, std::string>, std::pair<std::string, std::string>> doc_options() {
  std::ifstream in(std::string(WHIST_DOCS_DIR) + "/rules.md");
  REQUIRE(in);
  std::map<std::pair<std::string, std::string>, std::pair<std::string, std::string>> out;
  const std::regex row(R"(^\| (classic|bid|exact) \| `(\w+)` \| ([^|]+) \| ([^|]+) \|)");
  std::string line;
  std::smatch m;
  while (std::getline(in, line))
    if (std::regex_search(line, m, row)) out[{m[1], m[2]}] = {m[3], m[4]};
  return out;
}

// An option's values as docs/rules.md writes them: "1 to 15", "0, 1, 2",
// "true, false", "`turn`, `rotate`, `rotate_nt`".
std::string doc_values(const json& o) {
  const std::string type = o.at("type");
  if (type == "bool") return "true, false";
  if (type == "int") {
    const int lo = o.at("min"), hi = o.at("max");
    if (hi - lo > 2) return std::to_string(lo) + " to " + std::to_string(hi);
    std::string out;
    for (int i = lo; i <= hi; ++i) out += (i == lo ? "" : ", ") + std::to_string(i);
    return out;
  }
  std::string out;
  for (const json& c : o.at("values"))
    out += (out.empty() ? "`" : ", `") + c.at("value").get<std::string>() + "`";
  return out;
}

// A default as docs/rules.md writes it (its first value, for 4 players).
std::string doc_default(const json& value) {
  std::string out = value.dump();
  // A string's quotes become backquotes, as the docs write choices.
  if (value.is_string()) out.front() = out.back() = '`';
  return out;
}

}  // namespace

TEST_CASE("welcome carries the rules object", "[rules_json]") {
  const json w = json::parse(protocol::welcome_message({"whistd/test", {}, "none"}, "1"));
  CHECK(w.at("d").at("rules") == protocol::rules_json());
  const json& rules = protocol::rules_json();
  CHECK(rules.at("variants").size() == 3);
  CHECK(rules.at("chat").at("phrases").size() == chat_phrases().size());
  CHECK(rules.at("chat").at("max_chars") == 200);
  CHECK(rules.at("table").at("timers") == json({0, 7, 15, 30, 60}));
  CHECK(rules.at("table").at("buy_ins") == json({30, 110, 275, 550}));
  CHECK(rules.at("table").at("max_watchers") == 10);
  CHECK(rules.at("presets").size() == classic_presets().size());
  CHECK(rules.at("presets")[3] == json({{"id", "trickster"},
                                        {"name", "Trickster Classic"},
                                        {"variant", "classic"},
                                        {"options",
                                         {{"play_to", 7},
                                          {"trump", "turn"},
                                          {"honours", "on"},
                                          {"honours_bar", false},
                                          {"rubber", false}}}}));
}

TEST_CASE("each variant's options and defaults come from the engine's specs", "[rules_json]") {
  const json& rules = protocol::rules_json();
  const json& classic = variant_of(rules, "classic");
  CHECK(classic.at("players") == json({{"min", 4}, {"max", 4}}));
  CHECK(classic.at("defaults") == json({{"4",
                                         {{"play_to", 5},
                                          {"trump", "turn"},
                                          {"honours", "off"},
                                          {"honours_bar", false},
                                          {"rubber", false}}}}));
  CHECK(classic.at("options")[0] == json({{"name", "play_to"},
                                          {"type", "int"},
                                          {"min", 1},
                                          {"max", 15},
                                          {"label", "Play to"},
                                          {"help", "Points a side needs to win the game."}}));
  CHECK(variant_of(rules, "bid").at("defaults").at("4").at("play_to") == 7);
  const json& exact = variant_of(rules, "exact");
  CHECK(exact.at("partnerships") == false);
  CHECK(exact.at("defaults").size() == 5);
  CHECK(exact.at("defaults").at("2").at("max_cards") == 13);
  CHECK(exact.at("defaults").at("5").at("initial_cards") == 4);
  CHECK(exact.at("defaults").at("5").at("max_cards") == 10);
  CHECK(exact.at("defaults").at("6").at("max_cards") == 8);
  for (Variant v : variants()) {
    const json& out = variant_of(rules, variant_name(v));
    std::vector<std::string_view> offered;  // events' options are never offered at tables
    for (const OptionSpec& spec : option_specs(v)) {
      if (!spec.event_only) offered.push_back(spec.name);
    }
    REQUIRE(out.at("options").size() == offered.size());
    for (size_t i = 0; i < offered.size(); ++i)
      CHECK(out.at("options")[i].at("name") == offered[i]);
  }
}

TEST_CASE("docs/rules.md lists exactly the options, values and defaults of the spec",
          "[rules_json]") {
  const auto docs = doc_options();
  size_t n = 0;
  for (const json& v : protocol::rules_json().at("variants")) {
    const std::string id = v.at("id");
    const json& defaults = v.at("defaults").at("4");
    for (const json& o : v.at("options")) {
      ++n;
      const std::string name = o.at("name");
      INFO(id << " " << name);
      auto it = docs.find({id, name});
      REQUIRE(it != docs.end());
      CHECK(it->second.first == doc_values(o));
      CHECK(it->second.second.rfind(doc_default(defaults.at(name)), 0) == 0);
    }
  }
  CHECK(docs.size() == n);
}

TEST_CASE("a table accepts exactly the values the rules object offers", "[rules_json]") {
  const json& rules = protocol::rules_json();
  const json& play_to = variant_of(rules, "classic").at("options")[0];
  for (int p = play_to.at("min"); p <= play_to.at("max"); ++p)
    CHECK(std::holds_alternative<TableSetup>(classic_with({{"play_to", p}}, json::object())));
  CHECK(std::get<std::string>(classic_with({{"play_to", 16}}, json::object())) ==
        "option play_to must be from 1 to 15");
  CHECK(std::get<std::string>(classic_with({{"play_to", 0}}, json::object())) ==
        "option play_to must be from 1 to 15");
  CHECK(std::get<std::string>(classic_with({{"boards", 3}}, json::object())) ==
        "option boards is for events' boards, not tables");
  CHECK(std::get<std::string>(classic_with({{"first_trump", "spades"}}, json::object())) ==
        "option first_trump is for events' boards, not tables");
  for (int t : rules.at("table").at("timers"))
    CHECK(std::holds_alternative<TableSetup>(
        classic_with(json::object(), {{"timer_bid", t}, {"timer_play", t}})));
  CHECK(std::get<std::string>(classic_with(json::object(), {{"timer_play", 8}})) ==
        "timer_play must be 0 (off), 7, 15, 30 or 60 seconds");
  for (const json& c : rules.at("table").at("chat"))
    CHECK(std::holds_alternative<TableSetup>(
        classic_with(json::object(), {{"chat", c.at("value")}})));
  CHECK(std::get<std::string>(classic_with(json::object(), {{"chat", "loud"}})) ==
        "chat must be text, preset or none");
  for (int b : rules.at("table").at("buy_ins"))
    CHECK(std::holds_alternative<TableSetup>(
        classic_with(json::object(), {{"kind", "compete"}, {"buy_in", b}})));
  CHECK(std::get<std::string>(classic_with(json::object(), {{"kind", "compete"}})) ==
        "a compete table needs a buy_in: 30, 110, 275 or 550");
}
