// Results over the protocol (docs/protocol.md, Results): a player's games,
// wins and losses per variant, and the leaderboard of a variant. Stored at
// the end of each game (Table::game_results, table_results.cpp).

#include "protocol/replies.hpp"
#include "server/ws_session.hpp"

namespace whist::server {

namespace reply = protocol::reply;

namespace {

reply::SeatResult seat_result(const storage::SeatResult& s) {
  return {s.seat, s.account, s.name, s.side, s.won, s.score, s.chips_delta};
}

reply::PlayedGame played_game(const storage::PlayedGame& g) {
  reply::PlayedGame out{g.game, g.table, g.variant, g.finished_at, seat_result(g.me), {}};
  for (const auto& s : g.seats) out.players.push_back(seat_result(s));
  return out;
}

}  // namespace

asio::awaitable<std::string> WsSession::on_results(const std::string& id,
                                                   const protocol::ClientMessage& m) {
  if (const auto* l = std::get_if<protocol::ResultsLeaderboard>(&m)) {
    auto job = [variant = l->variant, min = l->min_games, limit = l->limit](storage::Database& db) {
      return db.results().leaderboard(variant, min, limit);
    };
    const auto rows = co_await storage_.on_storage(std::move(job));
    reply::Leaderboard board{l->variant, l->min_games, {}};
    int rank = 0;
    for (const auto& r : rows)
      board.players.push_back(reply::Leader{++rank, r.account, r.name, r.games, r.wins});
    co_return protocol::ack_message(id, board);
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
  const Found f = co_await storage_.on_storage(std::move(job));
  if (!f.who) co_return reply_error(id, {protocol::Error::kNoUser});
  const protocol::UserRef who{f.who->id, f.who->username};

  if (games) {
    reply::GamesPage page{who, {}, {}};
    for (const auto& g : f.games) page.games.push_back(played_game(g));
    // A full page may have more after it.
    if (static_cast<int>(f.games.size()) == limit && !f.games.empty())
      page.next = f.games.back().game;
    co_return protocol::ack_message(id, page);
  }

  reply::Stats stats{who, {}};
  for (const auto& r : f.record)
    stats.variants.push_back(reply::VariantRecord{r.variant, r.games, r.wins});
  co_return protocol::ack_message(id, stats);
}

}  // namespace whist::server
