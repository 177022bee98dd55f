#include "protocol/table_json.hpp"

#include <nlohmann/json.hpp>

#include "protocol/record_json.hpp"

namespace whist::protocol {

using nlohmann::json;

namespace {

json cards_json(CardSet s) {
  json a = json::array();
  for (Card c : cards_of(s)) a.push_back(card_name(c));
  return a;
}

json trump_json(int trump) {
  if (trump < 0) return nullptr;
  if (trump == kNoSuit) return "NT";
  return std::string(1, suit_letter(trump));
}

bool allowed_timer(std::int64_t v) { return v == 0 || v == 7 || v == 15 || v == 30 || v == 60; }

}  // namespace

std::string_view chat_mode_name(ChatMode m) {
  switch (m) {
    case ChatMode::kNone: return "none";
    case ChatMode::kPreset: return "preset";
    case ChatMode::kText: return "text";
  }
  return "?";
}

const std::vector<std::string>& chat_phrases() {
  static const std::vector<std::string> phrases = {
      "Hello!", "Good luck!",        "Well played!", "Nice hand!", "Thanks!", "Sorry!",
      "Oops!",  "Hurry up, please.", "Good game!",   "One more?",  "Bye!"};
  return phrases;
}

std::variant<TableSetup, std::string> parse_table_setup(const json& d) {
  TableSetup s;
  auto v = d.find("variant");
  if (v == d.end() || !v->is_string()) return std::string("variant must be classic, bid or exact");
  const auto variant = parse_variant(v->get<std::string>());
  if (!variant) return std::string("variant must be classic, bid or exact");
  s.rules.variant = *variant;
  s.rules.players = s.rules.variant == Variant::kExact ? 4 : 4;
  if (auto p = d.find("players"); p != d.end()) {
    if (!p->is_number_integer()) return std::string("players must be a whole number");
    s.rules.players = static_cast<int>(std::clamp<std::int64_t>(p->get<std::int64_t>(), -1, 99));
  }
  if (auto p = d.find("preset"); p != d.end() && !p->is_null()) {
    if (s.rules.variant != Variant::kClassic || !p->is_string())
      return std::string(
          "presets are for classic whist: whist5, whist7rotate, whist9honours, trickster");
    bool found = false;
    for (const auto& preset : classic_presets())
      if (preset.id == p->get<std::string>()) {
        s.rules.options = preset.options;
        s.settings.preset = std::string(preset.id);
        found = true;
      }
    if (!found)
      return "unknown preset " + p->dump() + " (whist5, whist7rotate, whist9honours, trickster)";
  }
  if (auto o = d.find("options"); o != d.end()) {
    if (!o->is_object()) return std::string("options must be an object");
    for (const auto& [name, value] : o->items()) {
      OptionValue ov;
      if (value.is_boolean())
        ov = value.get<bool>();
      else if (value.is_number_integer())
        ov = static_cast<std::int64_t>(
            std::clamp<std::int64_t>(value.get<std::int64_t>(), -1000, 1000));
      else if (value.is_string())
        ov = value.get<std::string>();
      else
        return "option " + name + " has a value of the wrong type";
      if (auto err = set_option(s.rules.variant, s.rules.options, name, ov)) return *err;
      if (name == "play_to") {
        const auto pt = std::get<std::int64_t>(ov);
        if (pt != 5 && pt != 7 && pt != 9) return std::string("tables play to 5, 7 or 9 points");
      }
    }
  }
  if (auto err = finalize(s.rules)) return *err;

  json settings = json::object();
  if (auto st = d.find("settings"); st != d.end()) {
    if (!st->is_object()) return std::string("settings must be an object");
    settings = *st;
  }
  bool friends_given = false;
  for (const auto& [key, value] : settings.items()) {
    friends_given = friends_given || key == "friends_only";
    if (key == "timer_bid" || key == "timer_play") {
      if (!value.is_number_integer() || !allowed_timer(value.get<std::int64_t>()))
        return key + " must be 0 (off), 7, 15, 30 or 60 seconds";
      (key == "timer_bid" ? s.settings.timer_bid : s.settings.timer_play) =
          static_cast<int>(value.get<std::int64_t>());
    } else if (key == "chat") {
      const std::string m = value.is_string() ? value.get<std::string>() : "";
      if (m == "none")
        s.settings.chat = ChatMode::kNone;
      else if (m == "preset")
        s.settings.chat = ChatMode::kPreset;
      else if (m == "text")
        s.settings.chat = ChatMode::kText;
      else
        return std::string("chat must be none, preset or text");
    } else if (key == "watching" || key == "suggestions" || key == "invite_only" ||
               key == "computers_fill" || key == "friends_only") {
      if (!value.is_boolean()) return key + " must be true or false";
      bool& flag = key == "watching"       ? s.settings.watching
                   : key == "suggestions"  ? s.settings.suggestions
                   : key == "invite_only"  ? s.settings.invite_only
                   : key == "friends_only" ? s.settings.friends_only
                                           : s.settings.computers_fill;
      flag = value.get<bool>();
    } else if (key == "kind") {
      const std::string k = value.is_string() ? value.get<std::string>() : "";
      if (k == "join")
        s.settings.kind = TableKind::kJoin;
      else if (k == "play")
        s.settings.kind = TableKind::kPlay;
      else if (k == "compete")
        s.settings.kind = TableKind::kCompete;
      else
        return std::string("kind must be join, play or compete");
    } else if (key == "buy_in") {
      const std::int64_t b = value.is_number_integer() ? value.get<std::int64_t>() : -1;
      if (b != 0 && b != 30 && b != 110 && b != 275 && b != 550)
        return std::string("buy_in must be 30, 110, 275 or 550 chips");
      s.settings.buy_in = static_cast<int>(b);
    } else if (key == "start_at") {
      if (value.is_null()) continue;
      if (!value.is_number_integer() || value.get<std::int64_t>() < 0)
        return std::string("start_at must be a time in Unix seconds, or null");
      s.settings.start_at = value.get<std::int64_t>();
    } else {
      return "unknown table setting " + key;
    }
  }
  // A Join table is for the friends of its players unless its creator
  // opens it to everyone (friends_only: false) or to the invited only.
  if (s.settings.kind == TableKind::kJoin && !friends_given) s.settings.friends_only = true;
  // What each kind of table allows.
  const TableSettings& t = s.settings;
  if (t.kind == TableKind::kCompete) {
    if (t.buy_in == 0) return std::string("a compete table needs a buy_in: 30, 110, 275 or 550");
    if (t.suggestions) return std::string("compete tables never allow suggestions");
    if (t.computers_fill) return std::string("compete tables are for people only");
  } else if (t.buy_in != 0) {
    return std::string("only compete tables have a buy_in");
  }
  if (t.invite_only && t.kind == TableKind::kPlay)
    return std::string("play tables cannot be invitation-only");
  if (t.friends_only && t.kind != TableKind::kJoin)
    return std::string("only join tables can be for friends only");
  if (t.kind == TableKind::kPlay && t.start_at != 0) return std::string("play tables start now");
  if (t.computers_fill && t.start_at == 0)
    return std::string("computers_fill is for scheduled tables (start_at)");
  return s;
}

std::string_view table_kind_name(TableKind k) {
  switch (k) {
    case TableKind::kPlay: return "play";
    case TableKind::kCompete: return "compete";
    default: return "join";
  }
}

json table_setup_json(const TableSetup& s) {
  json j = {{"variant", std::string(variant_name(s.rules.variant))},
            {"players", s.rules.players},
            {"options", options_json(s.rules)},
            {"settings",
             {{"timer_bid", s.settings.timer_bid},
              {"timer_play", s.settings.timer_play},
              {"chat", std::string(chat_mode_name(s.settings.chat))},
              {"watching", s.settings.watching},
              {"suggestions", s.settings.suggestions},
              {"kind", std::string(table_kind_name(s.settings.kind))},
              {"buy_in", s.settings.buy_in},
              {"invite_only", s.settings.invite_only},
              {"friends_only", s.settings.friends_only},
              {"start_at", s.settings.start_at ? json(s.settings.start_at) : json(nullptr)},
              {"computers_fill", s.settings.computers_fill}}}};
  if (!s.settings.preset.empty()) j["preset"] = s.settings.preset;
  return j;
}

json observation_json(const Observation& o) {
  static const char* kPhases[] = {"waiting", "bidding", "discard", "choose", "play", "over"};
  const Variant v = o.rules.variant;
  json j = {{"seat", o.seat >= 0 ? json(o.seat) : json(nullptr)},
            {"phase", kPhases[static_cast<int>(o.phase)]},
            {"deal", o.deal_index},
            {"dealer", o.dealer},
            {"hand_size", o.hand_size},
            {"to_act", o.to_act >= 0 ? json(o.to_act) : json(nullptr)},
            {"hand", cards_json(o.hand)},
            {"hand_counts", o.hand_counts},
            {"turned", o.turned != kNoCard ? json(card_name(o.turned)) : json(nullptr)},
            {"trump", trump_json(o.trump)},
            {"downtown", o.downtown},
            {"tricks_won", o.tricks_won},
            {"scores", o.scores},
            {"game_over", o.game_over},
            {"winners", o.winners}};
  if (v == Variant::kBid) {
    j["kitty"] = o.kitty_known ? cards_json(o.kitty) : json(nullptr);
    if (o.discards) j["discards"] = cards_json(o.discards);
    j["contract"] = o.contract.declarer >= 0
                        ? json{{"declarer", o.contract.declarer},
                               {"level", o.contract.level},
                               {"mode", std::string(bid_mode_name(o.contract.mode))}}
                        : json(nullptr);
  }
  json calls = json::array();
  for (const Call& c : o.calls) {
    json cj = {{"seat", c.seat}};
    if (c.pass)
      cj["pass"] = true;
    else if (v == Variant::kExact)
      cj["tricks"] = c.tricks;
    else
      cj.update({{"level", c.level}, {"mode", std::string(bid_mode_name(c.mode))}});
    calls.push_back(cj);
  }
  j["calls"] = calls;
  json tricks = json::array();
  for (const PlayedTrick& t : o.tricks) {
    json cs = json::array();
    for (int i = 0; i < t.size; ++i) cs.push_back(card_name(t.cards[static_cast<size_t>(i)]));
    tricks.push_back({{"leader", t.leader}, {"winner", t.winner}, {"cards", cs}});
  }
  j["tricks"] = tricks;
  json cur = json::array();
  for (int i = 0; i < o.current.size; ++i)
    cur.push_back(card_name(o.current.cards[static_cast<size_t>(i)]));
  j["trick"] = {{"leader", o.current.leader}, {"cards", cur}};
  json results = json::array();
  for (const HandResult& h : o.results) {
    json r = {{"tricks", h.tricks.vec()}, {"score", h.score.vec()}};
    if (v == Variant::kClassic) r["honours"] = h.honours.vec();
    results.push_back(r);
  }
  j["results"] = results;
  json legal = json::array();
  for (const Action& a : o.legal) legal.push_back(action_json(a, v));
  j["legal"] = legal;
  if (o.phase == Phase::kDiscard && o.seat >= 0 && o.seat == o.to_act)
    j["discard"] = count(o.kitty);
  return j;
}

json event_json(const Event& e, const Game& g) {
  const Variant v = g.rules().variant;
  switch (e.type) {
    case EventType::kDealStarted:
      return {{"type", "deal"},
              {"deal", e.value},
              {"dealer", e.seat},
              {"turned", e.card != kNoCard ? json(card_name(e.card)) : json(nullptr)}};
    case EventType::kAction: {
      json a = action_json(e.action, v);
      if (e.action.type == ActionType::kDiscard) a.erase("cards");  // hidden
      return {{"type", "action"}, {"action", a}};
    }
    case EventType::kContract:
      return {{"type", "contract"},
              {"declarer", e.seat},
              {"level", e.action.level},
              {"mode", std::string(bid_mode_name(e.action.mode))}};
    case EventType::kKittyShown: return {{"type", "kitty"}, {"cards", cards_json(e.cards)}};
    case EventType::kKittyTaken: return {{"type", "kitty_taken"}, {"seat", e.seat}};
    case EventType::kTrumpSet:
      return {{"type", "trump"}, {"trump", trump_json(e.value)}, {"downtown", e.card == 1}};
    case EventType::kTrickWon: return {{"type", "trick"}, {"winner", e.seat}, {"index", e.value}};
    case EventType::kDealEnded: {
      const HandResult& h = g.results().at(static_cast<size_t>(e.value));
      json j = {{"type", "deal_end"},
                {"deal", e.value},
                {"tricks", h.tricks.vec()},
                {"score", h.score.vec()}};
      // Classic whist: the part of `score` that honours gave.
      if (v == Variant::kClassic) j["honours"] = h.honours.vec();
      return j;
    }
    case EventType::kGameOver:
      return {{"type", "game_over"}, {"scores", g.scores()}, {"winners", g.winners()}};
  }
  return {{"type", "unknown"}};
}

}  // namespace whist::protocol
