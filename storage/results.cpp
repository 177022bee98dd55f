// Results of finished games: each seat's side, win, score and chips, and
// the queries over them (a player's games, wins and losses per variant, the
// leaderboards). See result_store.hpp for the API and the schema comment in
// schema.cpp (version 3) for the table.

#include <limits>
#include <string>

#include "storage/sql.hpp"
#include "storage/sql_stores.hpp"

namespace whist::storage::detail {

namespace {

void check_limit(int limit, const char* what) {
  if (limit < 1 || limit > 1000) throw StorageError(std::string(what) + ": limit out of range");
}

constexpr const char* kSeatColumns =
    "seat, coalesce(account_id, 0), name, side, won, score, chips_delta";

SeatResult read_seat(const Statement& st, int first) {
  SeatResult s;
  s.seat = static_cast<int>(st.int64(first));
  s.account = st.int64(first + 1);
  s.name = st.text(first + 2);
  s.side = static_cast<int>(st.int64(first + 3));
  s.won = st.int64(first + 4) != 0;
  s.score = st.int64(first + 5);
  s.chips_delta = st.int64(first + 6);
  return s;
}

}  // namespace

bool SqlResults::record_results(std::int64_t game_id, const GameResults& results,
                                std::int64_t now) {
  constexpr const char* kWhat = "record_results";
  if (results.seats.empty()) throw StorageError("record_results: no seats");
  Transaction tx(db_, kWhat);
  {
    Statement st(db_, "SELECT EXISTS (SELECT 1 FROM results WHERE game_id = ?1)", kWhat);
    st.bind(1, game_id);
    if (st.step() && st.int64(0) != 0) return false;  // stored before: a retry
  }
  Statement insert(db_,
                   "INSERT INTO results(game_id, seat, account_id, name, side, won, score, "
                   "chips_delta, variant, finished_at) VALUES (?1, ?2, "
                   "(SELECT id FROM accounts WHERE id = ?3), ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                   kWhat);
  insert.bind(1, game_id).bind(9, results.variant).bind(10, now);
  for (const SeatResult& s : results.seats) {
    insert.reset();
    insert.bind(2, static_cast<std::int64_t>(s.seat));
    if (s.account == 0) {
      insert.bind_null(3);
    } else {
      insert.bind(3, s.account);
    }
    insert.bind(4, s.name)
        .bind(5, static_cast<std::int64_t>(s.side))
        .bind(6, s.won ? 1 : 0)
        .bind(7, s.score)
        .bind(8, s.chips_delta);
    const StepResult step = insert.try_step();
    if (step == StepResult::kDone) continue;
    if (step == StepResult::kForeignKey)
      throw StorageError("record_results: no game " + std::to_string(game_id));
    if (step == StepResult::kUnique)
      throw StorageError("record_results: seat " + std::to_string(s.seat) + " appears twice");
    db_->fail(kWhat);
  }
  tx.commit();
  return true;
}

std::vector<PlayedGame> SqlResults::games_of(std::int64_t account, std::int64_t before,
                                             int limit) const {
  constexpr const char* kWhat = "games_of";
  check_limit(limit, kWhat);
  ReadTransaction read(db_, kWhat);
  std::vector<PlayedGame> out;
  {
    Statement st(db_,
                 std::string("SELECT r.game_id, g.table_id, r.variant, r.finished_at, ") +
                     "r.seat, coalesce(r.account_id, 0), r.name, r.side, r.won, r.score, "
                     "r.chips_delta FROM results r JOIN games g ON g.id = r.game_id "
                     "WHERE r.account_id = ?1 AND r.game_id < ?2 "
                     "ORDER BY r.game_id DESC LIMIT ?3",
                 kWhat);
    st.bind(1, account)
        .bind(2, before > 0 ? before : std::numeric_limits<std::int64_t>::max())
        .bind(3, static_cast<std::int64_t>(limit));
    while (st.step()) {
      PlayedGame g;
      g.game = st.int64(0);
      g.table = st.int64(1);
      g.variant = st.text(2);
      g.finished_at = st.int64(3);
      g.me = read_seat(st, 4);
      out.push_back(std::move(g));
    }
  }
  // Each seat, with the rating change the game made (the game's pool is
  // its variant).
  Statement seats(db_,
                  "SELECT r.seat, coalesce(r.account_id, 0), r.name, r.side, r.won, r.score, "
                  "r.chips_delta, c.rating_before, c.deviation_before, c.volatility_before, "
                  "c.rating, c.deviation, c.volatility FROM results r "
                  "LEFT JOIN rating_changes c ON c.pool = r.variant AND c.source = r.game_id "
                  "AND c.account_id = r.account_id WHERE r.game_id = ?1 ORDER BY r.seat",
                  kWhat);
  for (PlayedGame& g : out) {
    seats.reset();
    seats.bind(1, g.game);
    while (seats.step()) {
      SeatResult s = read_seat(seats, 0);
      if (!seats.is_null(7))
        s.rating = SeatRatingChange{{seats.real(7), seats.real(8), seats.real(9)},
                                    {seats.real(10), seats.real(11), seats.real(12)}};
      g.seats.push_back(std::move(s));
    }
  }
  return out;
}

std::vector<VariantRecord> SqlResults::record_of(std::int64_t account) const {
  Statement st(db_,
               "SELECT variant, count(*), sum(won) FROM results WHERE account_id = ?1 "
               "GROUP BY variant ORDER BY variant",
               "record_of");
  st.bind(1, account);
  std::vector<VariantRecord> out;
  while (st.step()) out.push_back({st.text(0), st.int64(1), st.int64(2)});
  return out;
}

std::vector<LeaderRow> SqlResults::leaderboard(std::string_view variant, std::int64_t min_games,
                                               int limit) const {
  check_limit(limit, "leaderboard");
  // Guests are left out; games >= 1 in every group, so the rate is defined.
  Statement st(db_,
               "SELECT a.id, a.username, count(*) AS games, sum(r.won) AS wins "
               "FROM results r JOIN accounts a ON a.id = r.account_id "
               "WHERE r.variant = ?1 AND a.guest = 0 AND a.deleted_at = 0 GROUP BY a.id HAVING "
               "count(*) >= ?2 "
               "ORDER BY sum(r.won) DESC, sum(r.won) * 1.0 / count(*) DESC, count(*) ASC, a.id ASC "
               "LIMIT ?3",
               "leaderboard");
  st.bind(1, variant)
      .bind(2, min_games < 1 ? std::int64_t{1} : min_games)
      .bind(3, static_cast<std::int64_t>(limit));
  std::vector<LeaderRow> out;
  while (st.step()) out.push_back({st.int64(0), st.text(1), st.int64(2), st.int64(3)});
  return out;
}

}  // namespace whist::storage::detail
