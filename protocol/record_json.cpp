#include "protocol/record_json.hpp"

#include <nlohmann/json.hpp>

#include "protocol/action_input.hpp"
#include "protocol/json_fields.hpp"
#include "protocol/json_text.hpp"

namespace whist::protocol {

using nlohmann::json;

namespace {

using Error = std::optional<std::string>;

// A card name of the variant's pack.
Error read_card(const json& j, CardSet pack, Card& out) {
  if (!j.is_string()) return "a card must be a string";
  const auto s = j.get<std::string>();
  const auto c = parse_card(s);
  if (!c || !contains(pack, *c)) return "bad card name " + json(s).dump();
  out = *c;
  return std::nullopt;
}

Error read_cards(const json& j, CardSet pack, std::vector<Card>& out) {
  if (!j.is_array()) return "cards must be an array";
  for (const auto& e : j) {
    Card c = kNoCard;
    if (auto err = read_card(e, pack, c)) return err;
    out.push_back(c);
  }
  return std::nullopt;
}

// Integer fields must be JSON integers: not true, not 2.0.
Error read_int(const json& obj, const char* key, long long lo, long long hi, long long& out) {
  auto it = obj.find(key);
  if (it == obj.end()) return std::string("missing field ") + key;
  if (!it->is_number_integer()) return std::string("field ") + key + " must be an integer";
  if (it->is_number_unsigned() &&
      it->get<unsigned long long>() > static_cast<unsigned long long>(hi))
    out = hi;
  else
    out = std::clamp(it->get<long long>(), lo, hi);
  return std::nullopt;
}

Error read_string(const json& obj, const char* key, std::string& out) {
  return read_string_field(obj, key, out);
}

std::variant<DealSpec, std::string> read_deal(const json& j, const Rules& rules) {
  const CardSet pack = pack_of(rules);
  if (!j.is_object()) return std::string("a deal must be an object");
  DealSpec spec;
  auto hands = j.find("hands");
  if (hands == j.end() || !hands->is_array()) return std::string("a deal needs hands, an array");
  for (const auto& h : *hands) {
    spec.hands.emplace_back();
    if (auto err = read_cards(h, pack, spec.hands.back())) return *err;
  }
  if (auto k = j.find("kitty"); k != j.end() && rules.variant == Variant::kBid) {
    spec.has_kitty = true;
    if (auto err = read_cards(*k, pack, spec.kitty)) return "kitty: " + *err;
  }
  if (auto t = j.find("turned"); t != j.end()) {
    Card c = kNoCard;
    // Irrelevant fields are ignored: only a deal that turns a card reads it.
    if (deal_turns_card(rules, 0)) {
      if (auto err = read_card(*t, pack, c)) return "turned: " + *err;
      spec.turned = c;
    }
  }
  return spec;
}

}  // namespace

std::variant<Action, std::string> parse_action(const json& j, const Rules& rules) {
  if (!j.is_object()) return std::string("an action must be an object");
  long long seat = 0;
  if (auto err = read_int(j, "seat", -1, 99, seat)) return *err;
  return parse_action(j, rules, static_cast<int>(seat));
}

std::variant<Action, std::string> parse_action(const json& j, const Rules& rules, int seat) {
  if (!j.is_object()) return std::string("an action must be an object");
  return to_action(read_action_input(j), rules, seat);
}

std::variant<GameRecord, std::string> parse_record(std::string_view text) {
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return std::string("not JSON");
  if (!j.is_object()) return std::string("a record must be a JSON object");
  GameRecord r;

  std::string variant;
  if (auto err = read_string(j, "variant", variant)) return "variant: " + *err;
  const auto v = parse_variant(variant);
  if (!v) return "unknown variant " + json(variant).dump();
  r.rules.variant = *v;

  long long players = 4;
  if (j.contains("players"))
    if (auto err = read_int(j, "players", -1, 99, players)) return *err;
  r.rules.players = static_cast<int>(players);

  if (auto it = j.find("options"); it != j.end()) {
    if (!it->is_object()) return std::string("options must be an object");
    for (const auto& [name, value] : it->items()) {
      OptionValue ov;
      if (value.is_boolean())
        ov = value.get<bool>();
      else if (value.is_number_integer() &&
               !(value.is_number_unsigned() && value.get<unsigned long long>() > (1ULL << 62)))
        ov = value.get<std::int64_t>();
      else if (value.is_string())
        ov = value.get<std::string>();
      else
        return "option " + name + " has a value of the wrong type";
      if (auto err = set_option(r.rules.variant, r.rules.options, name, ov)) return *err;
    }
  }
  if (auto err = finalize(r.rules)) return *err;

  long long dealer = 0;
  if (auto err = read_int(j, "dealer", -1, 99, dealer)) return *err;
  if (dealer < 0 || dealer >= r.rules.players)
    return std::string("dealer is not a seat of this game");
  r.dealer = static_cast<int>(dealer);

  if (auto it = j.find("seed"); it != j.end()) {
    if (!it->is_number_integer()) return std::string("seed must be an integer");
    r.seed = it->is_number_unsigned() ? it->get<std::uint64_t>()
                                      : static_cast<std::uint64_t>(it->get<std::int64_t>());
  }
  if (auto it = j.find("deals"); it != j.end()) {
    if (!it->is_array()) return std::string("deals must be an array");
    for (const auto& d : *it) r.deals.push_back(read_deal(d, r.rules));
  } else if (!r.seed) {
    return std::string("a record needs deals or a seed");
  }
  if (auto it = j.find("actions"); it != j.end()) {
    if (!it->is_array()) return std::string("actions must be an array");
    for (const auto& a : *it) r.actions.push_back(parse_action(a, r.rules));
  }
  return r;
}

void write_action(JsonText& out, const Action& a, Variant v, bool hide_discard) {
  // Keys in order: card, cards, level, mode, seat, suit, tricks, type.
  out.begin_object();
  switch (a.type) {
    case ActionType::kBid:
      if (v != Variant::kExact)
        out.key("level").value(a.level).key("mode").plain(bid_mode_name(a.mode));
      break;
    case ActionType::kDiscard:
      if (hide_discard) break;
      out.key("cards").begin_array();
      for (Card c : cards_of(a.cards)) out.plain(card_code(c));
      out.end_array();
      break;
    case ActionType::kDirection: out.key("mode").plain(bid_mode_name(a.mode)); break;
    case ActionType::kPlay:
    case ActionType::kUndo: out.key("card").plain(card_code(a.card)); break;
    case ActionType::kClaim:
    case ActionType::kPass:
    case ActionType::kTrump: break;
  }
  out.key("seat").value(a.seat);
  if (a.type == ActionType::kTrump) {
    const char suit = suit_letter(a.suit);
    out.key("suit").plain(std::string_view(&suit, 1));
  }
  if ((a.type == ActionType::kBid && v == Variant::kExact) || a.type == ActionType::kClaim)
    out.key("tricks").value(a.tricks);
  out.key("type").plain(action_type_name(a.type));
  out.end_object();
}

std::string action_text(const Action& a, Variant v) {
  JsonText out;
  write_action(out, a, v);
  return out.take();
}

json action_json(const Action& a, Variant v) { return json::parse(action_text(a, v)); }

json options_json(const Rules& r) {
  json o = json::object();
  for (const auto& [name, value] : option_values(r))
    std::visit([&, n = name](const auto& x) { o[n] = x; }, value);
  return o;
}

json deal_json(const DealSpec& spec) {
  auto names = [](const std::vector<Card>& cs) {
    json a = json::array();
    for (Card c : cs) a.push_back(card_name(c));
    return a;
  };
  json dj = {{"hands", json::array()}};
  for (const auto& h : spec.hands) dj["hands"].push_back(names(h));
  if (spec.has_kitty) dj["kitty"] = names(spec.kitty);
  if (spec.turned) dj["turned"] = card_name(*spec.turned);
  return dj;
}

std::string game_setup_text(const Rules& r, int dealer, std::uint64_t seed) {
  return json{{"variant", std::string(variant_name(r.variant))},
              {"options", options_json(r)},
              {"players", r.players},
              {"dealer", dealer},
              {"seed", seed}}
      .dump();
}

std::string deal_text(const DealSpec& d) { return deal_json(d).dump(); }

std::string game_result_text(const std::vector<int>& scores, const std::vector<int>& winners) {
  return json{{"scores", scores}, {"winners", winners}}.dump();
}

json record_json(const GameRecord& r) {
  json j = {{"variant", std::string(variant_name(r.rules.variant))},
            {"options", options_json(r.rules)},
            {"players", r.rules.players},
            {"dealer", r.dealer}};
  if (r.seed && r.deals.empty()) j["seed"] = *r.seed;
  json deals = json::array();
  for (const auto& d : r.deals)
    if (const auto* spec = std::get_if<DealSpec>(&d)) deals.push_back(deal_json(*spec));
  j["deals"] = deals;
  json actions = json::array();
  for (const auto& a : r.actions)
    if (const auto* act = std::get_if<Action>(&a))
      actions.push_back(action_json(*act, r.rules.variant));
  j["actions"] = actions;
  return j;
}

ReplayOutput malformed_output(const std::string& message) {
  json out = {{"error", {{"code", "bad_record"}, {"message", message}}}};
  return {2, out.dump()};
}

ReplayOutput replay_output(const ReplayResult& r) {
  if (r.kind == ReplayResult::Kind::kMalformed) return malformed_output(r.message);
  if (r.kind == ReplayResult::Kind::kIllegal) {
    json out = {
        {"error",
         {{"index", r.index}, {"code", std::string(error_code(r.error))}, {"message", r.message}}}};
    return {1, out.dump()};
  }
  const Game& g = *r.game;
  json hands = json::array();
  for (const auto& h : g.results()) {
    hands.push_back({{"tricks", h.tricks.vec()}, {"score", h.score.vec()}});
    if (g.rules().options.rubber) hands.back()["game"] = h.game;
  }
  json out = {{"hands", hands},
              {"scores", g.scores()},
              {"game_over", g.is_over()},
              {"winner", g.is_over() ? json(g.winners()) : json(nullptr)}};
  if (g.rules().options.rubber) {
    // A rubber: each finished game, and once over what it is worth.
    json games = json::array();
    for (const RubberGame& rg : g.games())
      games.push_back({{"winner", rg.winner},
                       {"score", rg.score.vec()},
                       {"value", rg.value},
                       {"deals", rg.deals}});
    out["games"] = games;
    out["rubber_points"] = g.is_over() ? json(g.rubber_points()) : json(nullptr);
  }
  return {0, out.dump()};
}

}  // namespace whist::protocol
