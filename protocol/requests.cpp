// parse_request: the envelope, then one small parser per request type.
#include <algorithm>
#include <limits>
#include <nlohmann/json.hpp>
#include <utility>

#include "protocol/json_fields.hpp"
#include "protocol/messages.hpp"
#include "protocol/request_fields.hpp"

namespace whist::protocol {

using nlohmann::json;

namespace {

using namespace request_fields;

// The envelope: the request's id (as JSON text), its type and its data.
struct Envelope {
  std::string id;
  std::string type;
  json d;
};

ParseError not_json(std::string_view text) {
  // A \u escape of a lone UTF-16 surrogate follows JSON's grammar but
  // names no character: refused, saying so (read again only to tell).
  try {
    const json again = json::parse(text);
  } catch (const json::parse_error& e) {
    if (std::string_view(e.what()).find("surrogate") != std::string_view::npos)
      return ParseError{"", Error::kBadJson,
                        "a \\u escape of a UTF-16 surrogate (\\uD800 to \\uDFFF) must be a high "
                        "one followed by a low one"};
  } catch (const json::exception&) {
    // Not a parse error: a number too large for a double (1e400), say.
  }
  return ParseError{"", Error::kBadJson, ""};
}

std::variant<Envelope, ParseError> read_envelope(std::string_view text) {
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return not_json(text);
  if (!j.is_object()) return ParseError{"", Error::kBadMessage, "a message must be a JSON object"};
  Envelope e;
  if (auto it = j.find("id"); it != j.end()) {
    if (!it->is_string() && !it->is_number_integer())
      return ParseError{"", Error::kBadMessage,
                        "id must be a string or an integer from -2^63 to 2^64 - 1, with no "
                        "fraction nor exponent"};
    if (it->is_string() && it->get_ref<const std::string&>().size() > 64)
      return ParseError{"", Error::kBadMessage, "id is longer than 64 bytes"};
    e.id = it->dump();
  }
  auto t = j.find("t");
  if (t == j.end() || !t->is_string())
    return ParseError{e.id, Error::kBadMessage, "a message needs a type: \"t\", a string"};
  e.type = t->get<std::string>();
  e.d = json::object();
  if (auto it = j.find("d"); it != j.end()) {
    if (!it->is_object()) return ParseError{e.id, Error::kBadMessage, "\"d\" must be an object"};
    e.d = std::move(*it);  // j is ours: no copy
  }
  return e;
}

// Requests without data.
template <typename M>
Parsed parse_empty(const std::string&, json&) {
  return M{};
}

Parsed parse_hello(const std::string& type, json& d) {
  Hello h;
  auto v = d.find("version");
  if (v == d.end() || !v->is_number_integer()) return bad(type, "version must be an integer");
  h.version = static_cast<int>(std::clamp<std::int64_t>(v->get<std::int64_t>(), -1, 1000000));
  if (auto tok = d.find("token"); tok != d.end() && !tok->is_null()) {
    if (!tok->is_string()) return bad(type, "token must be a string");
    h.token = tok->get<std::string>();
  }
  return h;
}

// register and login.
template <typename M>
Parsed parse_account(const std::string& type, json& d) {
  M m;
  if (auto e = get_string(d, "username", m.username)) return bad(type, *e);
  if (auto e = get_string(d, "password", m.password)) return bad(type, *e);
  return m;
}

Parsed parse_table_create(const std::string&, json& d) {
  auto setup = parse_table_setup(d);
  if (auto* why = std::get_if<std::string>(&setup)) return Refused{Error::kBadTable, *why};
  return TableCreate{std::get<TableSetup>(std::move(setup))};
}

Parsed parse_play_quick(const std::string& type, json& d) {
  // Play tables: the variant's default rules, 15 s timers, suggestions.
  json setup = {{"variant", d.value("variant", json())},
                {"settings",
                 {{"kind", "play"}, {"suggestions", true}, {"timer_bid", 15}, {"timer_play", 15}}}};
  if (auto p = d.find("players"); p != d.end() && !p->is_null()) setup["players"] = *p;
  auto parsed = parse_table_setup(setup);
  if (auto* why = std::get_if<std::string>(&parsed)) return bad(type, *why);
  return PlayQuick{std::get<TableSetup>(std::move(parsed))};
}

// game.record and game.replay.
Parsed parse_game_record(const std::string& type, json& d) {
  auto g = d.find("game");
  if (g == d.end() || !g->is_number_integer()) return bad(type, "game must be a game id");
  return GameRecordRequest{g->get<std::int64_t>(), type == "game.replay"};
}

// friend.request, .accept, .decline and .remove.
template <typename M>
Parsed parse_friend(const std::string& type, json& d) {
  M m;
  if (auto e = get_string(d, "username", m.username)) return bad(type, *e);
  return m;
}

// A page of a list, newest first: chips.history and results.games.
template <typename M>
Parsed parse_page(const std::string& type, json& d) {
  std::int64_t before = 0, limit = 20;
  if (auto e = get_int(d, "before", 0, kMaxId, before)) return bad(type, *e);
  if (auto e = get_int(d, "limit", 1, 100, limit)) return bad(type, *e);
  M m;
  m.before = before;
  m.limit = static_cast<int>(limit);
  if constexpr (std::is_same_v<M, ResultsGames>)
    if (auto e = get_optional_string(d, "username", m.username)) return bad(type, *e);
  return m;
}

Parsed parse_results_stats(const std::string& type, json& d) {
  ResultsStats m;
  if (auto e = get_optional_string(d, "username", m.username)) return bad(type, *e);
  return m;
}

Parsed parse_leaderboard(const std::string& type, json& d) {
  ResultsLeaderboard m;
  if (auto e = get_string(d, "variant", m.variant)) return bad(type, *e);
  if (m.variant != "classic" && m.variant != "bid" && m.variant != "exact")
    return bad(type, "variant must be classic, bid or exact");
  std::int64_t limit = 20;
  if (auto e = get_int(d, "min_games", 1, 1000000, m.min_games)) return bad(type, *e);
  if (auto e = get_int(d, "limit", 1, 100, limit)) return bad(type, *e);
  m.limit = static_cast<int>(limit);
  return m;
}

Parsed parse_ratings_leaderboard(const std::string& type, json& d) {
  RatingsLeaderboard m;
  if (auto e = get_string(d, "pool", m.pool)) return bad(type, *e);
  if (m.pool != "classic" && m.pool != "bid" && m.pool != "exact" && m.pool != "events")
    return bad(type, "pool must be classic, bid, exact or events");
  std::int64_t limit = 20;
  if (auto e = get_int(d, "limit", 1, 100, limit)) return bad(type, *e);
  m.limit = static_cast<int>(limit);
  return m;
}

Parsed parse_profile_get(const std::string& type, json& d) {
  ProfileGet m;
  if (auto e = get_optional_string(d, "username", m.username)) return bad(type, *e);
  return m;
}

Parsed parse_profile_set(const std::string& type, json& d) {
  auto h = d.find("hide_games");
  if (h == d.end() || !h->is_boolean()) return bad(type, "hide_games must be true or false");
  return ProfileSet{h->get<bool>()};
}

Parsed parse_prefs_set(const std::string& type, json& d) {
  PrefsSet m;
  auto word = [&](const std::string& key, std::optional<std::string>& out, const char* a,
                  const char* b) -> Why {
    const auto& v = d[key];
    if (!v.is_string() || (v != a && v != b))
      return key + " must be \"" + a + "\" or \"" + b + "\"";
    out = v.get<std::string>();
    return std::nullopt;
  };
  auto flag = [&](const std::string& key, std::optional<bool>& out) -> Why {
    if (!d[key].is_boolean()) return key + " must be true or false";
    out = d[key].get<bool>();
    return std::nullopt;
  };
  for (const auto& [key, value] : d.items()) {
    Why e;
    if (key == "card_order")
      e = word(key, m.card_order, "descending", "ascending");
    else if (key == "play")
      e = word(key, m.play, "click", "confirm");
    else if (key == "theme")
      e = word(key, m.theme, "light", "dark");
    else if (key == "alternate_colours")
      e = flag(key, m.alternate_colours);
    else if (key == "auto_play")
      e = flag(key, m.auto_play);
    else if (key == "sound")
      e = flag(key, m.sound);
    else if (key == "motion")
      e = flag(key, m.motion);
    else if (key == "volume") {
      if (!value.is_number_integer() || value.get<std::int64_t>() < 0 ||
          value.get<std::int64_t>() > 100)
        e = "volume must be a whole number from 0 to 100";
      else
        m.volume = static_cast<int>(value.get<std::int64_t>());
    } else
      e = "no preference is called " + json(key).dump();
    if (e) return bad(type, *e);
  }
  return m;
}

Parsed parse_account_password(const std::string& type, json& d) {
  AccountPassword m;
  if (auto e = get_string(d, "old", m.old_password)) return bad(type, *e);
  if (auto e = get_string(d, "new", m.new_password)) return bad(type, *e);
  return m;
}

Parsed parse_end_session(const std::string& type, json& d) {
  AccountEndSession m;
  if (auto e = get_string(d, "session", m.session)) return bad(type, *e);
  return m;
}

Parsed parse_account_delete(const std::string& type, json& d) {
  AccountDelete m;
  if (auto e = get_string(d, "password", m.password)) return bad(type, *e);
  return m;
}

Parsed parse_account_reset(const std::string& type, json& d) {
  AccountReset m;
  if (auto e = get_string(d, "username", m.username)) return bad(type, *e);
  if (auto e = get_string(d, "code", m.code)) return bad(type, *e);
  if (auto e = get_string(d, "password", m.password)) return bad(type, *e);
  return m;
}

// safety.mute / .unmute / .block / .unblock.
template <typename M, bool On>
Parsed parse_safety(const std::string& type, json& d) {
  M m;
  m.on = On;
  if (auto e = get_string(d, "username", m.username)) return bad(type, *e);
  return m;
}

Parsed parse_report(const std::string& type, json& d) {
  SafetyReport m;
  if (auto e = get_string(d, "username", m.username)) return bad(type, *e);
  if (auto e = get_string(d, "reason", m.reason)) return bad(type, *e);
  if (m.reason != "chat" && m.reason != "cheating" && m.reason != "stalling" &&
      m.reason != "name" && m.reason != "other")
    return bad(type, "reason must be chat, cheating, stalling, name or other");
  if (auto e = get_optional_string(d, "details", m.details)) return bad(type, *e);
  if (m.details.size() > 1000) return bad(type, "details hold at most 1000 bytes");
  if (auto e = get_int(d, "table", 0, kMaxId, m.table)) return bad(type, *e);
  if (auto e = get_int(d, "game", 0, kMaxId, m.game)) return bad(type, *e);
  return m;
}

// The table requests: each names its table first ("table", a table id).
using TableParser = Parsed (*)(const std::string& type, std::int64_t table, json& d);

template <typename M>
Parsed parse_at_table(const std::string&, std::int64_t table, json&) {
  return M{table};
}

// An invite link's token, when given (absent or null: none).
Why get_invite(const json& d, std::string& out) {
  if (auto e = get_optional_string(d, "invite", out)) return e;
  if (out.size() > 64) return std::string("invite must be an invite link's token");
  return std::nullopt;
}

Parsed parse_sit(const std::string& type, std::int64_t table, json& d) {
  TableSit m{table, -1, {}};
  if (auto e = get_seat(d, m.seat)) return bad(type, *e);
  if (auto e = get_invite(d, m.invite)) return bad(type, *e);
  return m;
}

Parsed parse_watch(const std::string& type, std::int64_t table, json& d) {
  TableWatch m{table, {}};
  if (auto e = get_invite(d, m.invite)) return bad(type, *e);
  return m;
}

Parsed parse_claim(const std::string& type, std::int64_t table, json& d) {
  auto t = d.find("tricks");
  if (t == d.end() || !t->is_number_integer()) return bad(type, "tricks must be a whole number");
  return TableClaim{table,
                    static_cast<int>(std::clamp<std::int64_t>(t->get<std::int64_t>(), -1, 99))};
}

Parsed parse_claim_answer(const std::string& type, std::int64_t table, json& d) {
  auto a = d.find("accept");
  if (a == d.end() || !a->is_boolean()) return bad(type, "accept must be true or false");
  return TableClaimAnswer{table, a->get<bool>()};
}

Parsed parse_undo_answer(const std::string& type, std::int64_t table, json& d) {
  auto a = d.find("accept");
  if (a == d.end() || !a->is_boolean()) return bad(type, "accept must be true or false");
  return TableUndoAnswer{table, a->get<bool>()};
}

Parsed parse_invite_link(const std::string& type, std::int64_t table, json& d) {
  TableInviteLink m{table, false};
  if (auto it = d.find("revoke"); it != d.end()) {
    if (!it->is_boolean()) return bad(type, "revoke must be true or false");
    m.revoke = it->get<bool>();
  }
  return m;
}

Parsed parse_invite(const std::string& type, std::int64_t table, json& d) {
  TableInvite m{table, {}};
  if (auto e = get_users(d, "users", 1, 20, m.users)) return bad(type, *e);
  return m;
}

Parsed parse_add_bot(const std::string& type, std::int64_t table, json& d) {
  TableAddBot m{table, -1};
  if (auto e = get_seat(d, m.seat)) return bad(type, *e);
  std::string strength = "expert";
  if (auto e = get_optional_string(d, "strength", strength)) return bad(type, *e);
  const auto s = ai::parse_strength(strength);
  if (!s) return bad(type, "strength must be beginner, club or expert");
  m.strength = *s;
  return m;
}

Parsed parse_remove_bot(const std::string& type, std::int64_t table, json& d) {
  TableRemoveBot m{table, -1};
  if (auto e = get_seat(d, m.seat)) return bad(type, *e);
  if (m.seat < 0) return bad(type, "seat must be a seat number");
  return m;
}

Parsed parse_act(const std::string& type, std::int64_t table, json& d) {
  auto a = d.find("action");
  if (a == d.end() || !a->is_object()) return bad(type, "action must be an action object");
  return TableAct{table, read_action_input(*a)};
}

Parsed parse_chat(const std::string& type, std::int64_t table, json& d) {
  TableChat m{table, -1, ""};
  auto p = d.find("phrase");
  auto t = d.find("text");
  if (p != d.end() && p->is_number_integer())
    m.phrase = static_cast<int>(std::clamp<std::int64_t>(p->get<std::int64_t>(), -1, 1000));
  else if (t != d.end() && t->is_string())
    m.text = t->get<std::string>();
  else
    return bad(type, "chat needs a phrase number or a text");
  return m;
}

Parsed parse_sync(const std::string& type, std::int64_t table, json& d) {
  TableSync m{table, -1};
  if (auto s = d.find("since"); s != d.end() && !s->is_null()) {
    if (!s->is_number_integer()) return bad(type, "since must be a version number");
    m.since = s->get<std::int64_t>();
  }
  return m;
}

using Parser = Parsed (*)(const std::string& type, json& d);

// The request types, the most frequent first.
constexpr std::pair<std::string_view, TableParser> kTableParsers[] = {
    {"table.act", parse_act},
    {"table.sync", parse_sync},
    {"table.chat", parse_chat},
    {"table.sit", parse_sit},
    {"table.leave", parse_at_table<TableLeave>},
    {"table.watch", parse_watch},
    {"table.unwatch", parse_at_table<TableUnwatch>},
    {"table.rematch", parse_at_table<TableRematch>},
    {"table.suggest", parse_at_table<TableSuggest>},
    {"table.decline", parse_at_table<TableDecline>},
    {"table.invite", parse_invite},
    {"table.invite_link", parse_invite_link},
    {"table.claim", parse_claim},
    {"table.claim_answer", parse_claim_answer},
    {"table.undo", parse_at_table<TableUndo>},
    {"table.undo_answer", parse_undo_answer},
    {"table.add_bot", parse_add_bot},
    {"table.remove_bot", parse_remove_bot},
};

constexpr std::pair<std::string_view, Parser> kParsers[] = {
    {"hello", parse_hello},
    {"register", parse_account<Register>},
    {"login", parse_account<Login>},
    {"guest", parse_empty<Guest>},
    {"logout", parse_empty<Logout>},
    {"lobby.join", parse_empty<LobbyJoin>},
    {"lobby.leave", parse_empty<LobbyLeave>},
    {"table.create", parse_table_create},
    {"play.quick", parse_play_quick},
    {"game.record", parse_game_record},
    {"game.replay", parse_game_record},
    {"friend.request", parse_friend<FriendRequest>},
    {"friend.accept", parse_friend<FriendAccept>},
    {"friend.decline", parse_friend<FriendDecline>},
    {"friend.remove", parse_friend<FriendRemove>},
    {"friends.list", parse_empty<FriendsList>},
    {"chips.balance", parse_empty<ChipsBalance>},
    {"chips.topup", parse_empty<ChipsTopup>},
    {"chips.history", parse_page<ChipsHistory>},
    {"results.games", parse_page<ResultsGames>},
    {"results.stats", parse_results_stats},
    {"results.leaderboard", parse_leaderboard},
    {"ratings.leaderboard", parse_ratings_leaderboard},
    {"profile.get", parse_profile_get},
    {"profile.set", parse_profile_set},
    {"prefs.get", parse_empty<PrefsGet>},
    {"prefs.set", parse_prefs_set},
    {"account.password", parse_account_password},
    {"account.sessions", parse_empty<AccountSessions>},
    {"account.end_session", parse_end_session},
    {"account.delete", parse_account_delete},
    {"account.export", parse_empty<AccountExport>},
    {"account.reset", parse_account_reset},
    {"safety.mute", parse_safety<SafetyMute, true>},
    {"safety.unmute", parse_safety<SafetyMute, false>},
    {"safety.block", parse_safety<SafetyBlock, true>},
    {"safety.unblock", parse_safety<SafetyBlock, false>},
    {"safety.list", parse_empty<SafetyList>},
    {"safety.report", parse_report},
    {"event.create", parse_event_create},
    {"event.list", parse_empty<EventList>},
    {"event.get", parse_event_at},
    {"event.results", parse_event_results},
    {"event.enter", parse_event_enter},
    {"event.withdraw", parse_event_withdraw},
    {"event.direct", parse_event_direct},
    {"daily.get", parse_empty<DailyGet>},
    {"daily.play", parse_empty<DailyPlay>},
};

template <typename P, size_t N>
P find_parser(const std::pair<std::string_view, P> (&parsers)[N], std::string_view type) {
  for (const auto& [name, parser] : parsers)
    if (name == type) return parser;
  return nullptr;
}

Parsed parse_data(const std::string& type, json& d) {
  if (type.rfind("table.", 0) == 0 && type != "table.create") {
    auto tj = d.find("table");
    if (tj == d.end() || !tj->is_number_integer()) return bad(type, "table must be a table id");
    if (auto parser = find_parser(kTableParsers, type))
      return parser(type, tj->get<std::int64_t>(), d);
  } else if (auto parser = find_parser(kParsers, type)) {
    return parser(type, d);
  }
  return Refused{Error::kUnknownType, json(type).dump()};
}

}  // namespace

std::variant<Request, ParseError> parse_request(std::string_view text) {
  if (auto act = parse_usual_act(text)) return std::move(*act);
  return parse_request_general(text);
}

std::variant<Request, ParseError> parse_request_general(std::string_view text) {
  auto envelope = read_envelope(text);
  if (auto* e = std::get_if<ParseError>(&envelope)) return std::move(*e);
  auto& [id, type, d] = std::get<Envelope>(envelope);
  Parsed parsed = parse_data(type, d);
  if (auto* r = std::get_if<Refused>(&parsed))
    return ParseError{std::move(id), r->error, std::move(r->detail)};
  return Request{std::move(id), std::get<ClientMessage>(std::move(parsed))};
}

}  // namespace whist::protocol
