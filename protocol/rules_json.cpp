#include "protocol/rules_json.hpp"

#include <nlohmann/json.hpp>
#include <string>

#include "engine/options.hpp"
#include "protocol/record_json.hpp"
#include "table/settings.hpp"

namespace whist::protocol {

using nlohmann::json;

namespace {

std::string_view type_name(OptionType t) {
  switch (t) {
    case OptionType::kBool: return "bool";
    case OptionType::kInt: return "int";
    case OptionType::kChoice: return "choice";
  }
  return "?";
}

json option_json(const OptionSpec& spec) {
  json o = {{"name", spec.name},
            {"type", type_name(spec.type)},
            {"label", spec.label},
            {"help", spec.help}};
  if (spec.type == OptionType::kInt) {
    o["min"] = spec.min;
    o["max"] = spec.max;
  }
  if (spec.type == OptionType::kChoice) {
    o["values"] = json::array();
    for (const auto& c : spec.choices)
      o["values"].push_back({{"value", c.value}, {"label", c.label}});
  }
  return o;
}

// The options a table gets when none is given, for each number of players;
// exact's hand sizes depend on it.
json defaults_json(Variant v) {
  json by_players = json::object();
  for (int n = min_players(v); n <= max_players(v); ++n) {
    Rules r{v, n, {}};
    if (finalize(r)) continue;
    by_players[std::to_string(n)] = options_json(r);
  }
  return by_players;
}

json variant_json(Variant v) {
  json options = json::array();
  for (const OptionSpec& spec : option_specs(v)) {
    if (!spec.event_only) options.push_back(option_json(spec));  // tables never offer these
  }
  return {{"id", variant_name(v)},
          {"name", variant_title(v)},
          {"blurb", variant_blurb(v)},
          {"players", {{"min", min_players(v)}, {"max", max_players(v)}}},
          {"partnerships", v != Variant::kExact},
          {"options", std::move(options)},
          {"defaults", defaults_json(v)}};
}

json presets_json() {
  json out = json::array();
  for (const Preset& p : classic_presets()) {
    Rules r{Variant::kClassic, 4, p.options};
    finalize(r);
    out.push_back({{"id", p.id},
                   {"name", p.name},
                   {"variant", variant_name(Variant::kClassic)},
                   {"options", options_json(r)}});
  }
  return out;
}

json table_settings_json() {
  json chat = json::array();
  for (ChatMode m : kChatModes)
    chat.push_back({{"value", chat_mode_name(m)}, {"label", chat_mode_label(m)}});
  json kinds = json::array();
  for (TableKind k : kTableKinds) kinds.push_back(table_kind_name(k));
  return {{"timers", kTimerSeconds},
          {"buy_ins", kBuyIns},
          {"chat", std::move(chat)},
          {"kinds", std::move(kinds)},
          {"max_watchers", kMaxWatchers}};
}

}  // namespace

const json& rules_json() {
  static const json rules = [] {
    json variants_out = json::array();
    for (Variant v : variants()) variants_out.push_back(variant_json(v));
    return json{{"variants", std::move(variants_out)},
                {"presets", presets_json()},
                {"table", table_settings_json()},
                {"chat", {{"phrases", chat_phrases()}, {"max_chars", kMaxChatChars}}}};
  }();
  return rules;
}

}  // namespace whist::protocol
