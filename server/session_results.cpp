// Results over the protocol (docs/protocol.md, Results; Ratings and
// profiles): a player's games, wins and losses per variant, the
// leaderboards (by wins, and by rating per pool), and profiles. Results
// are stored at the end of each game (TableCore::store_result), ratings in
// the same transaction.

#include <algorithm>
#include <cmath>

#include "protocol/replies.hpp"
#include "server/hub.hpp"
#include "server/rating_view.hpp"
#include "server/ws_session.hpp"
#include "table/clock.hpp"

namespace whist::server {

namespace reply = protocol::reply;

namespace {

reply::SeatResult seat_result(const storage::SeatResult& s) {
  reply::SeatResult out{s.seat, s.account, s.name, s.side, s.won, s.score, s.chips_delta, {}};
  if (s.rating) out.rating = rating_change(s.rating->before, s.rating->after);
  return out;
}

reply::PlayedGame played_game(const storage::PlayedGame& g) {
  reply::PlayedGame out{g.game, g.table, g.variant, g.finished_at, seat_result(g.me), {}};
  for (const auto& s : g.seats) out.players.push_back(seat_result(s));
  return out;
}

// What one player is to another, for their profile and their game list.
enum class Relation { kSelf, kFriend, kOutgoing, kIncoming, kNone };

Relation relation(storage::Database& db, std::int64_t me, std::int64_t other) {
  if (me == other) return Relation::kSelf;
  if (db.friends().are_friends(me, other)) return Relation::kFriend;
  const auto has = [other](const std::vector<std::int64_t>& ids) {
    return std::find(ids.begin(), ids.end(), other) != ids.end();
  };
  if (has(db.friends().requests_from(me))) return Relation::kOutgoing;
  if (has(db.friends().requests_to(me))) return Relation::kIncoming;
  return Relation::kNone;
}

const char* relation_name(Relation r) {
  switch (r) {
    case Relation::kSelf: return "self";
    case Relation::kFriend: return "friend";
    case Relation::kOutgoing: return "outgoing";
    case Relation::kIncoming: return "incoming";
    case Relation::kNone: break;
  }
  return "none";
}

// A player's game list is for everyone, unless they hide it: then for
// themselves and their friends.
bool games_visible(const storage::Account& a, Relation r) {
  return !a.hide_games || r == Relation::kSelf || r == Relation::kFriend;
}
bool games_visible(storage::Database& db, std::int64_t me, const storage::Account& a) {
  return !a.hide_games || games_visible(a, relation(db, me, a.id));
}

constexpr int kProfileGames = 10;     // recent games on a profile
constexpr int kProfileHistory = 100;  // rating points per pool on a profile

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
    bool hidden = false;
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
    if (!games) {
      f.record = db.results().record_of(f.who->id);
    } else if (games_visible(db, me, *f.who)) {
      f.games = db.results().games_of(f.who->id, before, limit);
    } else {
      f.hidden = true;
    }
    return f;
  };
  const Found f = co_await storage_.on_storage(std::move(job));
  if (!f.who) co_return reply_error(id, {protocol::Error::kNoUser});
  const protocol::UserRef who{f.who->id, f.who->username};

  if (games) {
    reply::GamesPage page{who, {}, {}, f.hidden};
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

namespace whist::server {

asio::awaitable<std::string> WsSession::on_ratings(const std::string& id,
                                                   const protocol::ClientMessage& m) {
  if (const auto* l = std::get_if<protocol::RatingsLeaderboard>(&m)) {
    auto job = [pool = l->pool, limit = l->limit, now = unix_now()](storage::Database& db) {
      return db.ratings().leaderboard(pool, storage::LeaderRule{}, now, limit);
    };
    const auto rows = co_await storage_.on_storage(std::move(job));
    reply::RatingBoard board{l->pool, {}};
    int rank = 0;
    for (const auto& r : rows) {
      const auto s = shown(r.stored.rating);
      board.players.push_back(reply::RatingLeader{++rank, r.account, r.name, s.rating,
                                                  static_cast<int>(std::lround(r.deviation)),
                                                  r.stored.games});
    }
    co_return protocol::ack_message(id, board);
  }

  if (const auto* set = std::get_if<protocol::ProfileSet>(&m)) {
    if (user_->guest)
      co_return reply_error(id, {protocol::Error::kGuest, "a guest has no profile to change"});
    auto job = [me = user_->id, hide = set->hide_games](storage::Database& db) {
      return db.accounts().set_hide_games(me, hide);
    };
    if (!co_await storage_.on_storage(std::move(job)))
      co_return reply_error(id, {protocol::Error::kNoUser});
    co_return protocol::ack_message(id, reply::ProfileSettings{set->hide_games});
  }

  co_return co_await on_profile_get(id, std::get<protocol::ProfileGet>(m));
}

// profile.get: one's own, or a named user's: ratings with their history,
// the record by variant, recent games where the player shows them.
asio::awaitable<std::string> WsSession::on_profile_get(const std::string& id,
                                                       const protocol::ProfileGet& get) {
  struct Found {
    std::optional<storage::Account> who;
    Relation relation = Relation::kNone;
    std::vector<storage::StoredRating> ratings;
    std::vector<std::vector<storage::RatingPoint>> histories;  // by rating
    std::vector<storage::VariantRecord> record;
    std::optional<std::vector<storage::PlayedGame>> games;
  };
  auto job = [me = user_->id, name = get.username](storage::Database& db) {
    Found f;
    f.who = name.empty() ? db.accounts().account_by_id(me) : db.accounts().account_by_name(name);
    if (!f.who) return f;
    const std::int64_t them = f.who->id;
    f.relation = relation(db, me, them);
    f.ratings = db.ratings().ratings_of(them);
    for (const auto& r : f.ratings)
      f.histories.push_back(db.ratings().history(them, r.pool, kProfileHistory));
    f.record = db.results().record_of(them);
    if (games_visible(*f.who, f.relation)) f.games = db.results().games_of(them, 0, kProfileGames);
    return f;
  };
  Found f = co_await storage_.on_storage(std::move(job));
  if (!f.who) co_return reply_error(id, {protocol::Error::kNoUser});

  reply::Profile p;
  p.user = {f.who->id, f.who->username};
  p.guest = f.who->guest;
  p.member_since = f.who->created_at;
  p.relation = relation_name(f.relation);
  p.hide_games = f.who->hide_games;
  if (f.relation == Relation::kSelf) {
    p.online = true;
  } else if (f.relation == Relation::kFriend) {
    auto status = hub_.presence.status({f.who->id}, user_->id);
    const auto seen = co_await std::move(status);
    p.online = !seen.empty() && seen.front().online;
  }
  for (size_t i = 0; i < f.ratings.size(); ++i) {
    const auto& r = f.ratings[i];
    const auto s = shown(r.rating);
    reply::PoolRating pool{
        r.pool,        s.rating, static_cast<int>(std::lround(r.rating.deviation)),
        s.provisional, r.games,  {}};
    for (const auto& point : f.histories[i])
      pool.history.push_back({point.source, point.at, shown(point.rating).rating});
    p.ratings.push_back(std::move(pool));
  }
  for (const auto& r : f.record)
    p.variants.push_back(reply::VariantRecord{r.variant, r.games, r.wins});
  if (f.games) {
    p.games.emplace();
    for (const auto& g : *f.games) p.games->push_back(played_game(g));
  }
  co_return protocol::ack_message(id, p);
}

}  // namespace whist::server
