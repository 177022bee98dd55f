#include "protocol/messages.hpp"

#include "protocol/rules_json.hpp"

#include <limits>
#include <nlohmann/json.hpp>

namespace whist::protocol {

using nlohmann::json;

namespace {

ParseError fail(std::string id, std::string code, std::string message) {
  return ParseError{std::move(id), std::move(code), std::move(message)};
}

// A required string field of the data object.
std::optional<std::string> get_string(const json& d, const char* key, std::string& out) {
  auto it = d.find(key);
  if (it == d.end()) return std::string("missing field ") + key;
  if (!it->is_string()) return std::string("field ") + key + " must be a string";
  out = it->get<std::string>();
  return std::nullopt;
}

// An optional integer field within [lo, hi]; absent or null keeps `out`.
std::optional<std::string> get_int(const json& d, const char* key, std::int64_t lo, std::int64_t hi,
                                   std::int64_t& out) {
  auto it = d.find(key);
  if (it == d.end() || it->is_null()) return std::nullopt;
  if (!it->is_number_integer() || it->get<std::int64_t>() < lo || it->get<std::int64_t>() > hi)
    return std::string("field ") + key + " must be a whole number from " + std::to_string(lo) +
           " to " + std::to_string(hi);
  out = it->get<std::int64_t>();
  return std::nullopt;
}

// An optional string field; absent or null keeps `out`.
std::optional<std::string> get_optional_string(const json& d, const char* key, std::string& out) {
  auto it = d.find(key);
  if (it == d.end() || it->is_null()) return std::nullopt;
  if (!it->is_string()) return std::string("field ") + key + " must be a string";
  out = it->get<std::string>();
  return std::nullopt;
}

}  // namespace

std::variant<Request, ParseError> parse_request(std::string_view text) {
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) {
    // A \u escape of a lone UTF-16 surrogate follows JSON's grammar but
    // names no character: refused, saying so (read again only to tell).
    try {
      const json again = json::parse(text);
    } catch (const json::parse_error& e) {
      if (std::string_view(e.what()).find("surrogate") != std::string_view::npos)
        return fail("", "bad_json",
                    "the message is not valid JSON: a \\u escape of a UTF-16 surrogate "
                    "(\\uD800 to \\uDFFF) must be a high one followed by a low one");
    } catch (const json::exception&) {
      // Not a parse error: a number too large for a double (1e400), say.
    }
    return fail("", "bad_json", "the message is not valid JSON");
  }
  if (!j.is_object()) return fail("", "bad_message", "a message must be a JSON object");
  std::string id;
  if (auto it = j.find("id"); it != j.end()) {
    if (!it->is_string() && !it->is_number_integer())
      return fail("", "bad_message",
                  "id must be a string or an integer from -2^63 to 2^64 - 1, with no fraction "
                  "nor exponent");
    if (it->is_string() && it->get_ref<const std::string&>().size() > 64)
      return fail("", "bad_message", "id is longer than 64 bytes");
    id = it->dump();
  }
  auto t = j.find("t");
  if (t == j.end() || !t->is_string())
    return fail(id, "bad_message", "a message needs a type: \"t\", a string");
  const std::string& type = t->get_ref<const std::string&>();
  json d = json::object();
  if (auto it = j.find("d"); it != j.end()) {
    if (!it->is_object()) return fail(id, "bad_message", "\"d\" must be an object");
    d = std::move(*it);  // j is ours: no copy
  }
  auto bad = [&](const std::string& why) { return fail(id, "bad_message", type + ": " + why); };

  if (type == "hello") {
    Hello h;
    auto v = d.find("version");
    if (v == d.end() || !v->is_number_integer()) return bad("version must be an integer");
    h.version = static_cast<int>(std::clamp<std::int64_t>(v->get<std::int64_t>(), -1, 1000000));
    if (auto tok = d.find("token"); tok != d.end() && !tok->is_null()) {
      if (!tok->is_string()) return bad("token must be a string");
      h.token = tok->get<std::string>();
    }
    return Request{id, h};
  }
  if (type == "register" || type == "login") {
    std::string user, pass;
    if (auto e = get_string(d, "username", user)) return bad(*e);
    if (auto e = get_string(d, "password", pass)) return bad(*e);
    if (type == "register") return Request{id, Register{user, pass}};
    return Request{id, Login{user, pass}};
  }
  if (type == "guest") return Request{id, Guest{}};
  if (type == "logout") return Request{id, Logout{}};
  if (type == "lobby.join") return Request{id, LobbyJoin{}};
  if (type == "lobby.leave") return Request{id, LobbyLeave{}};
  if (type == "table.create") {
    auto setup = parse_table_setup(d);
    if (auto* why = std::get_if<std::string>(&setup)) return fail(id, "bad_table", *why);
    return Request{id, TableCreate{std::get<TableSetup>(setup)}};
  }
  if (type == "play.quick") {
    // Play tables: the variant's default rules, 15 s timers, suggestions.
    json setup = {
        {"variant", d.value("variant", json())},
        {"settings",
         {{"kind", "play"}, {"suggestions", true}, {"timer_bid", 15}, {"timer_play", 15}}}};
    if (auto p = d.find("players"); p != d.end() && !p->is_null()) setup["players"] = *p;
    auto parsed = parse_table_setup(setup);
    if (auto* why = std::get_if<std::string>(&parsed)) return bad(*why);
    return Request{id, PlayQuick{std::get<TableSetup>(parsed)}};
  }
  if (type == "game.record" || type == "game.replay") {
    auto g = d.find("game");
    if (g == d.end() || !g->is_number_integer()) return bad("game must be a game id");
    return Request{id, GameRecordRequest{g->get<std::int64_t>(), type == "game.replay"}};
  }
  if (type == "friend.request" || type == "friend.accept" || type == "friend.decline" ||
      type == "friend.remove") {
    std::string name;
    if (auto e = get_string(d, "username", name)) return bad(*e);
    if (type == "friend.request") return Request{id, FriendRequest{name}};
    if (type == "friend.accept") return Request{id, FriendAccept{name}};
    if (type == "friend.decline") return Request{id, FriendDecline{name}};
    return Request{id, FriendRemove{name}};
  }
  if (type == "friends.list") return Request{id, FriendsList{}};
  if (type == "chips.balance") return Request{id, ChipsBalance{}};
  if (type == "chips.topup") return Request{id, ChipsTopup{}};
  constexpr std::int64_t kMaxId = std::numeric_limits<std::int64_t>::max();
  if (type == "chips.history" || type == "results.games") {
    std::int64_t before = 0, limit = 20;
    if (auto e = get_int(d, "before", 0, kMaxId, before)) return bad(*e);
    if (auto e = get_int(d, "limit", 1, 100, limit)) return bad(*e);
    if (type == "chips.history") return Request{id, ChipsHistory{before, static_cast<int>(limit)}};
    ResultsGames m{"", before, static_cast<int>(limit)};
    if (auto e = get_optional_string(d, "username", m.username)) return bad(*e);
    return Request{id, m};
  }
  if (type == "results.stats") {
    ResultsStats m;
    if (auto e = get_optional_string(d, "username", m.username)) return bad(*e);
    return Request{id, m};
  }
  if (type == "results.leaderboard") {
    ResultsLeaderboard m;
    if (auto e = get_string(d, "variant", m.variant)) return bad(*e);
    if (m.variant != "classic" && m.variant != "bid" && m.variant != "exact")
      return bad("variant must be classic, bid or exact");
    std::int64_t limit = 20;
    if (auto e = get_int(d, "min_games", 1, 1000000, m.min_games)) return bad(*e);
    if (auto e = get_int(d, "limit", 1, 100, limit)) return bad(*e);
    m.limit = static_cast<int>(limit);
    return Request{id, m};
  }
  if (type.rfind("table.", 0) == 0) {
    auto tj = d.find("table");
    if (tj == d.end() || !tj->is_number_integer()) return bad("table must be a table id");
    const std::int64_t table = tj->get<std::int64_t>();
    if (type == "table.sit") {
      TableSit m{table, -1};
      if (auto s = d.find("seat"); s != d.end() && !s->is_null()) {
        if (!s->is_number_integer()) return bad("seat must be a seat number");
        m.seat = static_cast<int>(std::clamp<std::int64_t>(s->get<std::int64_t>(), -1, 99));
      }
      return Request{id, m};
    }
    if (type == "table.leave") return Request{id, TableLeave{table}};
    if (type == "table.watch") return Request{id, TableWatch{table}};
    if (type == "table.unwatch") return Request{id, TableUnwatch{table}};
    if (type == "table.rematch") return Request{id, TableRematch{table}};
    if (type == "table.suggest") return Request{id, TableSuggest{table}};
    if (type == "table.decline") return Request{id, TableDecline{table}};
    if (type == "table.invite") {
      auto u = d.find("users");
      if (u == d.end() || !u->is_array() || u->empty() || u->size() > 20)
        return bad("users must be a list of 1 to 20 usernames");
      TableInvite m{table, {}};
      for (const auto& name : *u) {
        if (!name.is_string()) return bad("users must be a list of 1 to 20 usernames");
        m.users.push_back(name.get<std::string>());
      }
      return Request{id, m};
    }
    if (type == "table.add_bot" || type == "table.remove_bot") {
      int seat = -1;
      if (auto s = d.find("seat"); s != d.end() && !s->is_null()) {
        if (!s->is_number_integer()) return bad("seat must be a seat number");
        seat = static_cast<int>(std::clamp<std::int64_t>(s->get<std::int64_t>(), -1, 99));
      }
      if (type == "table.add_bot") return Request{id, TableAddBot{table, seat}};
      if (seat < 0) return bad("seat must be a seat number");
      return Request{id, TableRemoveBot{table, seat}};
    }
    if (type == "table.act") {
      auto a = d.find("action");
      if (a == d.end() || !a->is_object()) return bad("action must be an action object");
      return Request{id, TableAct{table, std::make_shared<const json>(std::move(*a))}};
    }
    if (type == "table.chat") {
      TableChat m{table, -1, ""};
      auto p = d.find("phrase");
      auto t = d.find("text");
      if (p != d.end() && p->is_number_integer())
        m.phrase = static_cast<int>(std::clamp<std::int64_t>(p->get<std::int64_t>(), -1, 1000));
      else if (t != d.end() && t->is_string())
        m.text = t->get<std::string>();
      else
        return bad("chat needs a phrase number or a text");
      return Request{id, m};
    }
    if (type == "table.sync") {
      TableSync m{table, -1};
      if (auto s = d.find("since"); s != d.end() && !s->is_null()) {
        if (!s->is_number_integer()) return bad("since must be a version number");
        m.since = s->get<std::int64_t>();
      }
      return Request{id, m};
    }
  }
  return fail(id, "unknown_type", "unknown message type " + json(type).dump());
}

std::string_view type_name(const ClientMessage& m) {
  struct V {
    std::string_view operator()(const Hello&) const { return "hello"; }
    std::string_view operator()(const Register&) const { return "register"; }
    std::string_view operator()(const Login&) const { return "login"; }
    std::string_view operator()(const Guest&) const { return "guest"; }
    std::string_view operator()(const Logout&) const { return "logout"; }
    std::string_view operator()(const LobbyJoin&) const { return "lobby.join"; }
    std::string_view operator()(const LobbyLeave&) const { return "lobby.leave"; }
    std::string_view operator()(const TableCreate&) const { return "table.create"; }
    std::string_view operator()(const TableSit&) const { return "table.sit"; }
    std::string_view operator()(const TableLeave&) const { return "table.leave"; }
    std::string_view operator()(const TableWatch&) const { return "table.watch"; }
    std::string_view operator()(const TableUnwatch&) const { return "table.unwatch"; }
    std::string_view operator()(const TableAct&) const { return "table.act"; }
    std::string_view operator()(const TableChat&) const { return "table.chat"; }
    std::string_view operator()(const TableSync&) const { return "table.sync"; }
    std::string_view operator()(const TableRematch&) const { return "table.rematch"; }
    std::string_view operator()(const TableSuggest&) const { return "table.suggest"; }
    std::string_view operator()(const TableAddBot&) const { return "table.add_bot"; }
    std::string_view operator()(const TableRemoveBot&) const { return "table.remove_bot"; }
    std::string_view operator()(const GameRecordRequest& m) const {
      return m.states ? "game.replay" : "game.record";
    }
    std::string_view operator()(const FriendRequest&) const { return "friend.request"; }
    std::string_view operator()(const FriendAccept&) const { return "friend.accept"; }
    std::string_view operator()(const FriendDecline&) const { return "friend.decline"; }
    std::string_view operator()(const FriendRemove&) const { return "friend.remove"; }
    std::string_view operator()(const FriendsList&) const { return "friends.list"; }
    std::string_view operator()(const ChipsBalance&) const { return "chips.balance"; }
    std::string_view operator()(const ChipsHistory&) const { return "chips.history"; }
    std::string_view operator()(const ChipsTopup&) const { return "chips.topup"; }
    std::string_view operator()(const ResultsGames&) const { return "results.games"; }
    std::string_view operator()(const ResultsStats&) const { return "results.stats"; }
    std::string_view operator()(const ResultsLeaderboard&) const { return "results.leaderboard"; }
    std::string_view operator()(const PlayQuick&) const { return "play.quick"; }
    std::string_view operator()(const TableInvite&) const { return "table.invite"; }
    std::string_view operator()(const TableDecline&) const { return "table.decline"; }
  };
  return std::visit(V{}, m);
}

std::string welcome_message(std::string_view server_name, const std::string& user_json,
                            std::string_view session, const std::string& id) {
  json msg = {{"t", "welcome"},
              {"d",
               {{"version", kVersion},
                {"server", server_name},
                {"user", json::parse(user_json)},
                {"session", session},
                {"rules", rules_json()}}}};
  if (!id.empty()) msg["id"] = json::parse(id);
  return msg.dump();
}

namespace {
json with_id(json msg, const std::string& id) {
  if (!id.empty()) msg["id"] = json::parse(id);
  return msg;
}
}  // namespace

std::string ack_message(const std::string& id, const std::string& data_json) {
  // The keys in the order dump() writes them (sorted), as every message.
  std::string out;
  out.reserve(data_json.size() + id.size() + 24);
  out += R"({"d":)";
  out += data_json;
  if (!id.empty()) {
    out += R"(,"id":)";
    out += id;
  }
  out += R"(,"t":"ack"})";
  return out;
}

std::string error_message(const std::string& id, std::string_view code, std::string_view message) {
  return with_id(json{{"t", "error"}, {"d", {{"code", code}, {"message", message}}}}, id).dump();
}

std::string user_json(std::int64_t user_id, std::string_view username, bool guest) {
  return json{{"id", user_id}, {"name", username}, {"guest", guest}}.dump();
}

std::string session_json(std::int64_t user_id, std::string_view username, bool guest,
                         std::string_view token) {
  return json{{"user", json::parse(user_json(user_id, username, guest))}, {"token", token}}.dump();
}

}  // namespace whist::protocol
