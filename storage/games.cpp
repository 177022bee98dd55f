// Games in SQLite (see game_store.hpp; the tables are schema versions 1, 5
// and 6 in schema.cpp): the game's row, its deals, and its finish. The
// actions go through the action log (action_log.cpp).
#include <string>

#include "storage/sql.hpp"
#include "storage/sql_stores.hpp"

namespace whist::storage::detail {

namespace {

constexpr const char* kGameColumns =
    "SELECT id, table_id, setup, seats, state, result, started_at, finished_at FROM games ";

GameRow read_game(const Statement& st) {
  GameRow g;
  g.id = st.int64(0);
  g.table_id = st.int64(1);
  g.setup = st.text(2);
  g.seats = st.text(3);
  g.state = game_state_from(st.text(4), "game " + std::to_string(g.id));
  g.result = st.text(5);
  g.started_at = st.int64(6);
  g.finished_at = st.int64(7);
  return g;
}

}  // namespace

SqlGames::SqlGames(Connection* db, SqlResults& results) : db_(db), results_(results) {}

SqlGames::~SqlGames() = default;

bool SqlGames::in_transaction() const { return db_->in_transaction(); }

std::int64_t SqlGames::create_game(std::int64_t table_id, std::string_view setup,
                                   std::string_view seats, std::int64_t now,
                                   std::string_view first_deal) {
  Transaction tx(db_, "create_game");
  Statement st(db_,
               "INSERT INTO games(table_id, setup, seats, state, started_at) "
               "VALUES (?1, ?2, ?3, ?4, ?5)",
               "create_game");
  st.bind(1, table_id)
      .bind(2, setup)
      .bind(3, seats)
      .bind(4, name(GameState::kPlaying))
      .bind(5, now);
  const std::int64_t game = st.insert_id();
  if (!first_deal.empty()) append_deal(game, 0, first_deal);
  tx.commit();
  return game;
}

// Appends a deal only when `index` is the next one. Deals are only ever
// appended 0, 1, 2..., so max(idx) + 1 is the count stored (found from the
// primary key without a scan). The check and the insert are two statements,
// each prepared once and kept (one INSERT ... SELECT reading its own table
// would build a temporary table every time); outside a transaction they
// run in a savepoint, so they are atomic.
void SqlGames::append_deal(std::int64_t game_id, int index, std::string_view deal) {
  constexpr const char* kWhat = "append_deal";
  if (!deal_next_st_) {
    deal_next_st_ = std::make_unique<Statement>(
        db_, "SELECT coalesce(max(idx) + 1, 0) FROM game_deals WHERE game_id = ?1", kWhat);
    deal_insert_st_ = std::make_unique<Statement>(
        db_, "INSERT INTO game_deals(game_id, idx, deal) VALUES (?1, ?2, ?3)", kWhat);
  }
  std::optional<Transaction> tx;
  if (!in_transaction()) tx.emplace(db_, kWhat);
  Statement& next = *deal_next_st_;
  next.reset();
  next.bind(1, game_id);
  const std::int64_t have = next.step() ? next.int64(0) : 0;
  next.reset();  // ends the read now, not at the next append
  if (have != index)
    throw StorageError(std::string(kWhat) + ": index " + std::to_string(index) + " for game " +
                       std::to_string(game_id) + " is not the next one (" + std::to_string(have) +
                       " stored)");
  Statement& insert = *deal_insert_st_;
  insert.reset();
  insert.bind(1, game_id).bind(2, static_cast<std::int64_t>(index)).bind(3, deal);
  insert.run();
  insert.reset();
  if (tx) tx->commit();
}

void SqlGames::finish_game(std::int64_t game_id, GameState state, std::string_view result,
                           std::int64_t now) {
  Transaction tx(db_, "finish_game");
  try {
    settle_logged_actions(game_id);
    Statement st(db_, "UPDATE games SET state = ?2, result = ?3, finished_at = ?4 WHERE id = ?1",
                 "finish_game");
    st.bind(1, game_id).bind(2, name(state)).bind(3, result).bind(4, now);
    st.run();
    if (db_->changes() == 0) throw StorageError("finish_game: no game " + std::to_string(game_id));
    tx.commit();
  } catch (...) {
    log_loaded_ = false;  // the chunk is undone (perhaps a savepoint only)
    throw;
  }
}

void SqlGames::finish_game(std::int64_t game_id, GameState state, std::string_view result,
                           std::int64_t now, const GameResults& results) {
  Transaction tx(db_, "finish_game");
  finish_game(game_id, state, result, now);
  results_.record_results(game_id, results, now);
  tx.commit();
}

std::optional<GameRow> SqlGames::game(std::int64_t id) const {
  Statement st(db_, std::string(kGameColumns) + "WHERE id = ?1", "game");
  st.bind(1, id);
  if (!st.step()) return std::nullopt;
  return read_game(st);
}

std::vector<std::string> SqlGames::game_deals(std::int64_t id) const {
  Statement st(db_, "SELECT deal FROM game_deals WHERE game_id = ?1 ORDER BY idx", "game_deals");
  st.bind(1, id);
  std::vector<std::string> out;
  while (st.step()) out.push_back(st.text(0));
  return out;
}

std::vector<GameRow> SqlGames::games_in_state(GameState state) const {
  Statement st(db_, std::string(kGameColumns) + "WHERE state = ?1 ORDER BY id", "games_in_state");
  st.bind(1, name(state));
  std::vector<GameRow> out;
  while (st.step()) out.push_back(read_game(st));
  return out;
}

std::vector<GameRow> SqlGames::games_of_table(std::int64_t table_id) const {
  Statement st(db_, std::string(kGameColumns) + "WHERE table_id = ?1 ORDER BY id",
               "games_of_table");
  st.bind(1, table_id);
  std::vector<GameRow> out;
  while (st.step()) out.push_back(read_game(st));
  return out;
}

std::optional<GameRow> SqlGames::latest_game(std::int64_t table_id) const {
  Statement st(db_,
               std::string(kGameColumns) +
                   "WHERE table_id = ?1 AND state IN ('playing', 'finished') ORDER BY id DESC "
                   "LIMIT 1",
               "latest_game");
  st.bind(1, table_id);
  if (!st.step()) return std::nullopt;
  return read_game(st);
}

}  // namespace whist::storage::detail
