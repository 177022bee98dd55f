#include "protocol/replies.hpp"

#include <nlohmann/json.hpp>

#include "protocol/json_text.hpp"
#include "protocol/messages.hpp"
#include "protocol/rules_json.hpp"

namespace whist::protocol {

using nlohmann::json;

namespace {

// The replies are written as JSON documents (dump() sorts the keys; a
// leaderboard's win rate is a double, written as dump() writes doubles).
json user_info(const UserInfo& u) { return {{"id", u.id}, {"name", u.name}, {"guest", u.guest}}; }

json user_ref(const UserRef& u) { return {{"id", u.id}, {"name", u.name}}; }

template <typename T>
json or_null(const std::optional<T>& v) {
  return v ? json(*v) : json(nullptr);
}

json friend_json(const FriendInfo& f) {
  json j = user_ref(f.user);
  j["online"] = f.online;
  j["table"] = or_null(f.table);
  j["seat"] = or_null(f.seat);
  return j;
}

template <typename T, typename F>
json list(const std::vector<T>& items, F write) {
  json out = json::array();
  for (const T& x : items) out.push_back(write(x));
  return out;
}

json seat_json(const reply::SeatResult& s) {
  json rating = nullptr;
  if (s.rating)
    rating = {{"rating", s.rating->rating},
              {"change", s.rating->change},
              {"provisional", s.rating->provisional}};
  return {{"seat", s.seat},   {"user", s.user ? json(s.user) : json(nullptr)},
          {"name", s.name},   {"side", s.side},
          {"won", s.won},     {"score", s.score},
          {"chips", s.chips}, {"rating", rating}};
}

json game_json(const reply::PlayedGame& g) {
  return {{"game", g.game},       {"table", g.table},
          {"variant", g.variant}, {"finished_at", g.finished_at},
          {"seat", g.me.seat},    {"side", g.me.side},
          {"won", g.me.won},      {"score", g.me.score},
          {"chips", g.me.chips},  {"players", list(g.players, seat_json)}};
}

json leader_json(const reply::Leader& r) {
  return {{"rank", r.rank},
          {"id", r.id},
          {"name", r.name},
          {"games", r.games},
          {"wins", r.wins},
          {"losses", r.games - r.wins},
          {"win_rate", static_cast<double>(r.wins) / static_cast<double>(r.games)}};
}

json entry_json(const reply::LedgerEntry& e) {
  return {{"id", e.id},     {"delta", e.delta},
          {"kind", e.kind}, {"game", e.game ? json(e.game) : json(nullptr)},
          {"at", e.at},     {"batch", e.batch}};
}

json record_json(const reply::VariantRecord& r) {
  return {
      {"variant", r.variant}, {"games", r.games}, {"wins", r.wins}, {"losses", r.games - r.wins}};
}

json rating_leader_json(const reply::RatingLeader& r) {
  return {{"rank", r.rank},     {"id", r.id},       {"name", r.name},
          {"rating", r.rating}, {"games", r.games}, {"deviation", r.deviation}};
}

json pool_rating_json(const reply::PoolRating& r) {
  json history = json::array();
  for (const reply::RatingPoint& p : r.history)
    history.push_back({{"game", p.game}, {"at", p.at}, {"rating", p.rating}});
  return {{"pool", r.pool},           {"rating", r.rating},
          {"deviation", r.deviation}, {"provisional", r.provisional},
          {"games", r.games},         {"history", std::move(history)}};
}

struct Writer {
  std::string operator()(const reply::Done&) const { return "{}"; }
  std::string operator()(const reply::Session& r) const {
    return json{{"user", user_info(r.user)}, {"token", r.token}}.dump();
  }
  std::string operator()(const reply::LobbyList& r) const {
    // The summaries are JSON text already, as dump() wrote them.
    JsonText out;
    out.begin_object().key("tables").begin_array();
    for (const std::string& t : r.tables) out.raw(t);
    out.end_array().end_object();
    return out.take();
  }
  std::string operator()(const reply::FriendRequested& r) const {
    return json{{"state", "requested"}, {"user", user_ref(r.user)}}.dump();
  }
  std::string operator()(const reply::FriendsNow& r) const {
    return json{{"state", "friends"}, {"friend", friend_json(r.friend_)}}.dump();
  }
  std::string operator()(const reply::FriendAccepted& r) const {
    return friend_notice_text(r.friend_);
  }
  std::string operator()(const reply::FriendsList& r) const {
    return json{{"friends", list(r.friends, friend_json)},
                {"incoming", list(r.incoming, user_ref)},
                {"outgoing", list(r.outgoing, user_ref)}}
        .dump();
  }
  std::string operator()(const reply::ChipsBalance& r) const {
    return json{{"chips", r.chips}}.dump();
  }
  std::string operator()(const reply::ChipsHistory& r) const {
    return json{
        {"chips", r.chips}, {"entries", list(r.entries, entry_json)}, {"next", or_null(r.next)}}
        .dump();
  }
  std::string operator()(const reply::ChipsTopup& r) const {
    return json{{"result", r.result},
                {"amount", r.amount},
                {"chips", r.chips},
                {"floor", r.floor},
                {"day", r.day}}
        .dump();
  }
  std::string operator()(const reply::Leaderboard& r) const {
    return json{{"variant", r.variant},
                {"min_games", r.min_games},
                {"players", list(r.players, leader_json)}}
        .dump();
  }
  std::string operator()(const reply::GamesPage& r) const {
    return json{{"user", user_ref(r.user)},
                {"games", list(r.games, game_json)},
                {"next", or_null(r.next)},
                {"hidden", r.hidden}}
        .dump();
  }
  std::string operator()(const reply::Stats& r) const {
    return json{{"user", user_ref(r.user)}, {"variants", list(r.variants, record_json)}}.dump();
  }
  std::string operator()(const reply::RatingBoard& r) const {
    return json{{"pool", r.pool}, {"players", list(r.players, rating_leader_json)}}.dump();
  }
  std::string operator()(const reply::Profile& r) const {
    return json{{"user", user_ref(r.user)},
                {"guest", r.guest},
                {"member_since", r.member_since},
                {"relation", r.relation},
                {"online", or_null(r.online)},
                {"hide_games", r.hide_games},
                {"ratings", list(r.ratings, pool_rating_json)},
                {"variants", list(r.variants, record_json)},
                {"games", r.games ? list(*r.games, game_json) : json(nullptr)}}
        .dump();
  }
  std::string operator()(const reply::ProfileSettings& r) const {
    return json{{"hide_games", r.hide_games}}.dump();
  }
  std::string operator()(const reply::Prefs& r) const {
    return json{{"card_order", r.card_order},
                {"alternate_colours", r.alternate_colours},
                {"play", r.play},
                {"auto_play", r.auto_play},
                {"sound", r.sound},
                {"volume", r.volume},
                {"motion", r.motion},
                {"theme", r.theme}}
        .dump();
  }
  std::string operator()(const reply::PasswordChanged& r) const {
    return json{{"ended", r.ended}}.dump();
  }
  std::string operator()(const reply::SessionList& r) const {
    json list = json::array();
    for (const auto& s : r.sessions)
      list.push_back({{"id", s.id},
                      {"device", s.device},
                      {"created_at", s.created_at},
                      {"last_used_at", s.last_used_at},
                      {"current", s.current}});
    return json{{"sessions", std::move(list)}}.dump();
  }
  std::string operator()(const reply::AccountDeleted& r) const {
    return json{{"name", r.name}, {"chips", r.chips}}.dump();
  }
  std::string operator()(const reply::SafetyLists& r) const {
    auto list = [](const std::vector<reply::ListedPlayer>& players) {
      json out = json::array();
      for (const auto& p : players) out.push_back({{"username", p.username}, {"since", p.since}});
      return out;
    };
    return json{{"muted", list(r.muted)}, {"blocked", list(r.blocked)}}.dump();
  }
};

}  // namespace

namespace reply {

std::string reply_text(const Reply& r) { return std::visit(Writer{}, r); }

}  // namespace reply

std::string ack_message(const std::string& id, const reply::Reply& r) {
  return ack_message(id, reply::reply_text(r));
}

std::string welcome_message(const Welcome& w, const std::string& id) {
  json msg = {{"t", "welcome"},
              {"d",
               {{"version", kVersion},
                {"server", w.server},
                {"user", w.user ? user_info(*w.user) : json(nullptr)},
                {"session", w.session},
                {"rules", rules_json()}}}};
  if (!id.empty()) msg["id"] = json::parse(id);
  return msg.dump();
}

std::string friend_notice_text(const UserRef& user) {
  return json{{"user", user_ref(user)}}.dump();
}

std::string friend_notice_text(const FriendInfo& f) {
  return json{{"friend", friend_json(f)}}.dump();
}

}  // namespace whist::protocol
