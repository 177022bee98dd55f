#include "protocol/table_json.hpp"

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>

#include "engine/deal.hpp"
#include "protocol/json_text.hpp"
#include "protocol/record_json.hpp"

namespace whist::protocol {

using nlohmann::json;

namespace {

using Error = std::optional<std::string>;

template <typename T, size_t N>
bool among(const std::array<T, N>& allowed, std::int64_t v) {
  return std::find(allowed.begin(), allowed.end(), v) != allowed.end();
}

// "0 (off), 7, 15, 30 or 60", "30, 110, 275 or 550": the allowed numbers in words.
template <size_t N>
std::string number_list(const std::array<int, N>& allowed) {
  std::string out;
  for (size_t i = 0; i < N; ++i) {
    out += i == 0 ? "" : (i + 1 == N ? " or " : ", ");
    out += std::to_string(allowed[i]) + (allowed[i] == 0 ? " (off)" : "");
  }
  return out;
}

std::string preset_list() {
  std::string out;
  for (const auto& p : classic_presets()) out += (out.empty() ? "" : ", ") + std::string(p.id);
  return out;
}

// A named value among an enum's names (chat modes, table kinds).
template <typename E, size_t N, typename Name>
std::optional<E> by_name(const json& value, const std::array<E, N>& all, Name name) {
  if (!value.is_string()) return std::nullopt;
  for (E e : all)
    if (name(e) == value.get_ref<const std::string&>()) return e;
  return std::nullopt;
}

template <typename E, size_t N, typename Name>
std::string name_list(const std::array<E, N>& all, Name name) {
  std::string out;
  for (size_t i = 0; i < N; ++i)
    out += (i == 0 ? "" : (i + 1 == N ? " or " : ", ")) + std::string(name(all[i]));
  return out;
}

Error read_preset(const json& p, TableSetup& s) {
  if (s.rules.variant != Variant::kClassic || !p.is_string())
    return "presets are for classic whist: " + preset_list();
  for (const auto& preset : classic_presets())
    if (preset.id == p.get<std::string>()) {
      s.rules.options = preset.options;
      s.settings.preset = std::string(preset.id);
      return std::nullopt;
    }
  return "unknown preset " + p.dump() + " (" + preset_list() + ")";
}

Error read_options(const json& o, Rules& rules) {
  if (!o.is_object()) return std::string("options must be an object");
  for (const auto& [name, value] : o.items()) {
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
    if (event_only_option(rules.variant, name)) {
      return "option " + name + " is for events' boards, not tables";
    }
    if (auto err = set_option(rules.variant, rules.options, name, ov)) return err;
  }
  return std::nullopt;
}

// The variant, players, preset and options: the rules, checked by the engine.
Error read_rules(const json& d, TableSetup& s) {
  auto v = d.find("variant");
  const auto variant =
      v != d.end() && v->is_string() ? parse_variant(v->get<std::string>()) : std::nullopt;
  if (!variant) return std::string("variant must be classic, bid or exact");
  s.rules.variant = *variant;
  s.rules.players = 4;
  if (auto p = d.find("players"); p != d.end()) {
    if (!p->is_number_integer()) return std::string("players must be a whole number");
    s.rules.players = static_cast<int>(std::clamp<std::int64_t>(p->get<std::int64_t>(), -1, 99));
  }
  if (auto p = d.find("preset"); p != d.end() && !p->is_null())
    if (auto err = read_preset(*p, s)) return err;
  if (auto o = d.find("options"); o != d.end())
    if (auto err = read_options(*o, s.rules)) return err;
  return finalize(s.rules);
}

bool* flag_setting(TableSettings& t, const std::string& key) {
  if (key == "watching") return &t.watching;
  if (key == "suggestions") return &t.suggestions;
  if (key == "invite_only") return &t.invite_only;
  if (key == "friends_only") return &t.friends_only;
  if (key == "computers_fill") return &t.computers_fill;
  if (key == "rated") return &t.rated;
  if (key == "cut") return &t.cut;
  if (key == "undo") return &t.undo;
  return nullptr;
}

// One key of `settings`, checked against table/settings' allowed values.
Error read_setting(const std::string& key, const json& value, TableSettings& t) {
  const std::int64_t n = value.is_number_integer() ? value.get<std::int64_t>() : -1;
  if (key == "timer_bid" || key == "timer_play") {
    if (!among(kTimerSeconds, n))
      return key + " must be " + number_list(kTimerSeconds) + " seconds";
    (key == "timer_bid" ? t.timer_bid : t.timer_play) = static_cast<int>(n);
  } else if (key == "chat") {
    const auto m = by_name(value, kChatModes, chat_mode_name);
    if (!m) return "chat must be " + name_list(kChatModes, chat_mode_name);
    t.chat = *m;
  } else if (bool* flag = flag_setting(t, key)) {
    if (!value.is_boolean()) return key + " must be true or false";
    *flag = value.get<bool>();
  } else if (key == "kind") {
    const auto k = by_name(value, kTableKinds, table_kind_name);
    if (!k) return "kind must be " + name_list(kTableKinds, table_kind_name);
    t.kind = *k;
  } else if (key == "buy_in") {
    if (n != 0 && !among(kBuyIns, n)) return "buy_in must be " + number_list(kBuyIns) + " chips";
    t.buy_in = static_cast<int>(n);
  } else if (key == "start_at") {
    if (value.is_null()) return std::nullopt;
    if (!value.is_number_integer() || n < 0)
      return std::string("start_at must be a time in Unix seconds, or null");
    t.start_at = n;
  } else {
    return "unknown table setting " + key;
  }
  return std::nullopt;
}

// What each kind of table allows.
Error check_kind(const TableSettings& t) {
  if (t.kind == TableKind::kCompete) {
    if (t.buy_in == 0) return "a compete table needs a buy_in: " + number_list(kBuyIns);
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
  if (t.undo && t.kind != TableKind::kJoin) return std::string("only join tables can allow undo");
  if (t.computers_fill && t.start_at == 0)
    return std::string("computers_fill is for scheduled tables (start_at)");
  return std::nullopt;
}

// Rated unless said otherwise where people play on their own; a rated
// table's games are the players' own play.
Error check_rated(TableSettings& t, bool given) {
  if (t.kind == TableKind::kCompete) {
    if (given && !t.rated) return std::string("compete tables are always rated");
    t.rated = true;
  } else if (!given) {
    t.rated = !t.suggestions && !t.computers_fill && !t.undo;
  }
  if (t.rated && t.undo) return std::string("rated tables allow no undo");
  if (t.rated && t.suggestions) return std::string("rated tables allow no suggestions");
  if (t.rated && t.computers_fill)
    return std::string("rated tables are for people: computers_fill is for unrated tables");
  return std::nullopt;
}

}  // namespace

std::variant<TableSetup, std::string> parse_table_setup(const json& d) {
  TableSetup s;
  if (auto err = read_rules(d, s)) return *err;
  bool friends_given = false, rated_given = false;
  if (auto st = d.find("settings"); st != d.end()) {
    if (!st->is_object()) return std::string("settings must be an object");
    for (const auto& [key, value] : st->items()) {
      friends_given = friends_given || key == "friends_only";
      rated_given = rated_given || key == "rated";
      if (auto err = read_setting(key, value, s.settings)) return *err;
    }
  }
  // A Join table is for the friends of its players unless its creator
  // opens it to everyone (friends_only: false) or to the invited only.
  if (s.settings.kind == TableKind::kJoin && !friends_given) s.settings.friends_only = true;
  if (auto err = check_kind(s.settings)) return *err;
  if (auto err = check_rated(s.settings, rated_given)) return *err;
  return s;
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
              {"computers_fill", s.settings.computers_fill},
              {"rated", s.settings.rated},
              {"cut", s.settings.cut},
              {"undo", s.settings.undo}}}};
  if (!s.settings.preset.empty()) j["preset"] = s.settings.preset;
  // An event's table: which event, round and table, and its first board
  // (the event's seed stays on the server).
  if (const auto& ev = s.event)
    j["event"] = {{"event", ev->event},
                  {"round", ev->round},
                  {"table", ev->table},
                  {"first_board", ev->first_board},
                  {"own_pace", ev->own_pace}};
  return j;
}

namespace {

void write_cards(JsonText& out, CardSet s) {
  out.begin_array();
  for (Card c : cards_of(s)) out.plain(card_code(c));
  out.end_array();
}

void write_trick_cards(JsonText& out, const std::array<Card, 6>& cards, int size) {
  out.begin_array();
  for (int i = 0; i < size; ++i) out.plain(card_code(cards[static_cast<size_t>(i)]));
  out.end_array();
}

void write_trump(JsonText& out, int trump) {
  if (trump < 0) {
    out.null();
  } else if (trump == kNoSuit) {
    out.value("NT");
  } else {
    const char suit = suit_letter(trump);
    out.plain(std::string_view(&suit, 1));
  }
}

std::string_view phase_name(Phase p) {
  static constexpr std::array<std::string_view, 6> kPhases = {"waiting", "bidding", "discard",
                                                              "choose",  "play",    "over"};
  return kPhases[static_cast<size_t>(p)];
}

void write_optional(JsonText& out, int v) {
  if (v >= 0)
    out.value(v);
  else
    out.null();
}

// The observation's parts, each written where write_observation puts it.
void write_calls(JsonText& out, const std::vector<Call>& calls, Variant v) {
  out.begin_array();
  for (const Call& c : calls) {
    out.begin_object();
    if (c.pass) {
      out.key("pass").value(true).key("seat").value(c.seat);
    } else if (v == Variant::kExact) {
      out.key("seat").value(c.seat).key("tricks").value(c.tricks);
    } else {
      out.key("level").value(c.level).key("mode").plain(bid_mode_name(c.mode));
      out.key("seat").value(c.seat);
    }
    out.end_object();
  }
  out.end_array();
}

void write_contract(JsonText& out, const Contract& c) {
  if (c.declarer < 0) {
    out.null();
    return;
  }
  out.begin_object().key("declarer").value(c.declarer).key("level").value(c.level);
  out.key("mode").plain(bid_mode_name(c.mode)).end_object();
}

void write_results(JsonText& out, const std::vector<HandResult>& results, const Rules& r) {
  const Variant v = r.variant;
  out.begin_array();
  for (const HandResult& h : results) {
    out.begin_object();
    if (r.options.rubber) out.key("game").value(h.game);
    if (v == Variant::kClassic) out.key("honours").int_array(h.honours);
    out.key("score").int_array(h.score).key("tricks").int_array(h.tricks);
    out.end_object();
  }
  out.end_array();
}

// Classic rubber: the games won so far.
void write_rubber_games(JsonText& out, const std::vector<RubberGame>& games) {
  out.begin_array();
  for (const RubberGame& g : games) {
    out.begin_object().key("deals").value(g.deals).key("score").int_array(g.score);
    out.key("value").value(g.value).key("winner").value(g.winner).end_object();
  }
  out.end_array();
}

// "trick" (the current one) and "tricks" (those played this deal).
void write_tricks(JsonText& out, const Observation& o) {
  out.key("trick").begin_object();
  write_trick_cards(out.key("cards"), o.current.cards, o.current.size);
  out.key("leader").value(o.current.leader).end_object();
  out.key("tricks").begin_array();
  for (const PlayedTrick& t : o.tricks) {
    out.begin_object();
    write_trick_cards(out.key("cards"), t.cards, t.size);
    out.key("leader").value(t.leader).key("winner").value(t.winner).end_object();
  }
  out.end_array();
}

}  // namespace

void write_observation(JsonText& out, const Observation& o) {
  const Variant v = o.rules.variant;
  const bool bid = v == Variant::kBid;
  // Keys in order, as a document's dump() writes them.
  out.begin_object();
  write_calls(out.key("calls"), o.calls, v);
  if (bid) {
    write_contract(out.key("contract"), o.contract);
  }
  out.key("deal").value(o.deal_index).key("dealer").value(o.dealer);
  if (o.phase == Phase::kDiscard && o.seat >= 0 && o.seat == o.to_act)
    out.key("discard").value(count(o.kitty));
  if (bid && o.discards) write_cards(out.key("discards"), o.discards);
  out.key("downtown").value(o.downtown).key("game_over").value(o.game_over);
  if (o.rules.options.rubber) write_rubber_games(out.key("games"), o.games);
  write_cards(out.key("hand"), o.hand);
  out.key("hand_counts").int_array(o.hand_counts).key("hand_size").value(o.hand_size);
  if (bid) {
    out.key("kitty");
    if (o.kitty_known)
      write_cards(out, o.kitty);
    else
      out.null();
  }
  out.key("legal").begin_array();
  for (const Action& a : o.legal) write_action(out, a, v);
  out.end_array();
  out.key("phase").plain(phase_name(o.phase));
  write_results(out.key("results"), o.results, o.rules);
  out.key("scores").int_array(o.scores);
  write_optional(out.key("seat"), o.seat);
  write_optional(out.key("to_act"), o.to_act);
  write_tricks(out, o);
  out.key("tricks_won").int_array(o.tricks_won);
  write_trump(out.key("trump"), o.trump);
  out.key("turned");
  if (o.turned != kNoCard)
    out.plain(card_code(o.turned));
  else
    out.null();
  out.key("winners").int_array(o.winners);
  out.end_object();
}

std::string observation_text(const Observation& o) {
  JsonText out(2048);
  write_observation(out, o);
  return out.take();
}

json observation_json(const Observation& o) { return json::parse(observation_text(o)); }

namespace {

// The events that end something: a deal (its result), a rubber's game, the
// game (its scores and winners).
void write_end(JsonText& out, const Event& e, const Game& g, std::string_view phase, int to_act) {
  switch (e.type) {
    case EventType::kDealEnded: {
      const HandResult& h = g.results().at(static_cast<size_t>(e.value));
      out.key("deal").value(e.value);
      if (g.rules().options.rubber) out.key("game").value(h.game);
      // Classic whist: the part of `score` that honours gave.
      if (g.rules().variant == Variant::kClassic) out.key("honours").int_array(h.honours);
      out.key("phase").plain(phase).key("score").int_array(h.score);
      write_optional(out.key("to_act"), to_act);
      out.key("tricks").int_array(h.tricks).key("type").value("deal_end");
      break;
    }
    case EventType::kRubberGame: {
      const RubberGame& rg = g.games().at(static_cast<size_t>(e.value));
      out.key("deals").value(rg.deals).key("game").value(e.value).key("phase").plain(phase);
      out.key("score").int_array(rg.score);
      write_optional(out.key("to_act"), to_act);
      out.key("type").value("rubber_game").key("value").value(rg.value);
      out.key("winner").value(rg.winner);
      break;
    }
    case EventType::kGameOver:
      out.key("phase").plain(phase);
      // A rubber: what it is worth to its winners.
      if (g.rules().options.rubber) out.key("rubber_points").value(g.rubber_points());
      out.key("scores").int_array(g.scores());
      write_optional(out.key("to_act"), to_act);
      out.key("type").value("game_over").key("winners").int_array(g.winners());
      break;
    default: break;
  }
}

}  // namespace

std::string event_text(const Event& e, const Game& g) {
  const Variant v = g.rules().variant;
  // Every game event says the phase and the seat to act once the action
  // (or the start) it comes from is applied: a client follows the game from
  // the events alone.
  const std::string_view phase = phase_name(g.phase());
  const int to_act = g.current_seat();
  JsonText out;
  // Keys in order, as a document's dump() writes them.
  out.begin_object();
  switch (e.type) {
    case EventType::kDealStarted:
      // hand_size: the cards each player is dealt (exact whist: this deal's).
      out.key("deal").value(e.value).key("dealer").value(e.seat);
      out.key("hand_size").value(hand_size(g.rules(), e.value)).key("phase").plain(phase);
      write_optional(out.key("to_act"), to_act);
      out.key("turned");
      if (e.card != kNoCard)
        out.plain(card_code(e.card));
      else
        out.null();
      out.key("type").value("deal");
      break;
    case EventType::kAction:
      write_action(out.key("action"), e.action, v, true);  // a discard's cards are hidden
      out.key("phase").plain(phase);
      write_optional(out.key("to_act"), to_act);
      out.key("type").value("action");
      break;
    case EventType::kContract:
      out.key("declarer").value(e.seat).key("level").value(e.action.level);
      out.key("mode").plain(bid_mode_name(e.action.mode)).key("phase").plain(phase);
      write_optional(out.key("to_act"), to_act);
      out.key("type").value("contract");
      break;
    case EventType::kKittyShown:
      write_cards(out.key("cards"), e.cards);
      out.key("phase").plain(phase);
      write_optional(out.key("to_act"), to_act);
      out.key("type").value("kitty");
      break;
    case EventType::kKittyTaken:
      // count: the kitty's cards, now in the declarer's hand.
      out.key("count").value(kitty_size(g.rules())).key("phase").plain(phase);
      out.key("seat").value(e.seat);
      write_optional(out.key("to_act"), to_act);
      out.key("type").value("kitty_taken");
      break;
    case EventType::kTrumpSet:
      out.key("downtown").value(e.card == 1).key("phase").plain(phase);
      write_optional(out.key("to_act"), to_act);
      write_trump(out.key("trump"), e.value);
      out.key("type").value("trump");
      break;
    case EventType::kTrickWon:
      out.key("index").value(e.value).key("phase").plain(phase);
      write_optional(out.key("to_act"), to_act);
      out.key("type").value("trick").key("winner").value(e.seat);
      break;
    case EventType::kDealEnded:
    case EventType::kRubberGame:
    case EventType::kGameOver: write_end(out, e, g, phase, to_act); break;
    default: out.key("type").value("unknown");
  }
  out.end_object();
  return out.take();
}

json event_json(const Event& e, const Game& g) { return json::parse(event_text(e, g)); }

}  // namespace whist::protocol
