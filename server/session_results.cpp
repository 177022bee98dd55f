// Results over the protocol (docs/protocol.md, Results): a player's games,
// wins and losses per variant, and the leaderboard of a variant. Stored at
// the end of each game (Table::game_results, table_results.cpp).

#include <nlohmann/json.hpp>

#include "server/ws_session.hpp"

namespace whist::server {

using nlohmann::json;

namespace {

json seat_json(const storage::SeatResult& s) {
  return {{"seat", s.seat},        {"user", s.account ? json(s.account) : json(nullptr)},
          {"name", s.name},        {"side", s.side},
          {"won", s.won},          {"score", s.score},
          {"chips", s.chips_delta}};
}

}  // namespace

asio::awaitable<std::string> WsSession::on_results(const std::string& id,
                                                   const protocol::ClientMessage& m) {
  if (const auto* l = std::get_if<protocol::ResultsLeaderboard>(&m)) {
    auto job = [variant = l->variant, min = l->min_games, limit = l->limit](storage::Database& db) {
      return db.results().leaderboard(variant, min, limit);
    };
    const auto rows = co_await ctx_.on_storage(std::move(job));
    json players = json::array();
    int rank = 0;
    for (const auto& r : rows)
      players.push_back({{"rank", ++rank},
                         {"id", r.account},
                         {"name", r.name},
                         {"games", r.games},
                         {"wins", r.wins},
                         {"losses", r.games - r.wins},
                         {"win_rate", static_cast<double>(r.wins) / static_cast<double>(r.games)}});
    co_return protocol::ack_message(
        id,
        json{{"variant", l->variant}, {"min_games", l->min_games}, {"players", players}}.dump());
  }

  // Whose: one's own, or a named user's.
  std::string name;
  if (const auto* g = std::get_if<protocol::ResultsGames>(&m)) name = g->username;
  if (const auto* s = std::get_if<protocol::ResultsStats>(&m)) name = s->username;
  struct Found {
    std::optional<storage::Account> who;
    std::vector<storage::PlayedGame> games;
    std::vector<storage::VariantRecord> record;
  };
  const bool games = std::holds_alternative<protocol::ResultsGames>(m);
  std::int64_t before = 0;
  int limit = 20;
  if (const auto* g = std::get_if<protocol::ResultsGames>(&m)) {
    before = g->before;
    limit = g->limit;
  }
  auto job = [me = user_->id, name, games, before, limit](storage::Database& db) {
    Found f;
    f.who = name.empty() ? db.accounts().account_by_id(me) : db.accounts().account_by_name(name);
    if (!f.who) return f;
    if (games)
      f.games = db.results().games_of(f.who->id, before, limit);
    else
      f.record = db.results().record_of(f.who->id);
    return f;
  };
  const Found f = co_await ctx_.on_storage(std::move(job));
  if (!f.who) co_return reply_error(id, {protocol::Error::kNoUser});
  const json who = {{"id", f.who->id}, {"name", f.who->username}};

  if (games) {
    json list = json::array();
    for (const auto& g : f.games) {
      json seats = json::array();
      for (const auto& s : g.seats) seats.push_back(seat_json(s));
      list.push_back({{"game", g.game},
                      {"table", g.table},
                      {"variant", g.variant},
                      {"finished_at", g.finished_at},
                      {"seat", g.me.seat},
                      {"side", g.me.side},
                      {"won", g.me.won},
                      {"score", g.me.score},
                      {"chips", g.me.chips_delta},
                      {"players", seats}});
    }
    const json next = static_cast<int>(f.games.size()) == limit && !f.games.empty()
                          ? json(f.games.back().game)
                          : json(nullptr);
    co_return protocol::ack_message(id,
                                    json{{"user", who}, {"games", list}, {"next", next}}.dump());
  }

  json variants = json::array();
  for (const auto& r : f.record)
    variants.push_back({{"variant", r.variant},
                        {"games", r.games},
                        {"wins", r.wins},
                        {"losses", r.games - r.wins}});
  co_return protocol::ack_message(id, json{{"user", who}, {"variants", variants}}.dump());
}

}  // namespace whist::server
