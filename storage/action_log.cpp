// The action log: where the actions of the games in play are stored first.
//
// game_actions is kept in game order (PRIMARY KEY (game_id, idx), WITHOUT
// ROWID), so each action appended there lands in its own game's page: a
// commit of a hundred actions of a hundred games wrote a hundred 4 KiB
// pages to the write-ahead log, which the checkpoint then copied again.
// The actions of a game in play are appended to action_log instead, a rowid
// table with no index, in order of arrival, so that a commit's actions
// share the log's last pages. They move into game_actions in bulk, in the
// same transaction as what moves them: all of a game's when it ends
// (finish_game), and every 64 appends those of each game whose oldest
// logged action is more than log_span_ rows behind the newest (a game in
// play for long), so that the log stays short. The rows below the oldest
// one still needed are then deleted (the newest row is always kept, so that
// a rowid is never used twice).
//
// The log has no index by game: the connection keeps, for each game in
// play, the rows holding its actions not yet in game_actions (logged_),
// built from the file at first use (one scan of the log) and rebuilt after any rollback (which may
// have undone what the entries name: on_rollback). Before rows are deleted,
// each is checked to be in game_actions already or of a game no longer in
// play, so an entry gone wrong (a savepoint rolled back after a move) loses
// nothing: the entries are rebuilt instead.
//
// Only whistd's storage thread appends actions; another connection reading
// a game in play (whistctl) reads the log as it was at its first read.
#include <sqlite3.h>

#include <algorithm>
#include <optional>

#include "storage/database.hpp"
#include "storage/sqlite.hpp"

namespace whist::storage {

namespace {

using detail::ReadTransaction;
using detail::Statement;
using detail::Transaction;

constexpr int kMaintainEvery = 64;  // appends

void prepare(sqlite3* db, std::unique_ptr<Statement>& st, const char* sql, const char* what) {
  if (!st) st = std::make_unique<Statement>(db, sql, what);
}

}  // namespace

void Database::on_rollback(void* self) { static_cast<Database*>(self)->log_loaded_ = false; }

void Database::load_action_log() const {
  if (log_loaded_) return;
  logged_.clear();
  log_by_first_.clear();
  Statement st(db_,
               "SELECT l.id, l.game_id, l.idx FROM action_log l JOIN games g ON g.id = l.game_id "
               "WHERE g.state = 'playing' AND NOT EXISTS (SELECT 1 FROM game_actions a "
               "WHERE a.game_id = l.game_id AND a.idx = l.idx) ORDER BY l.id",
               "loading the action log");
  while (st.step()) {
    const std::int64_t row = st.int64(0), game = st.int64(1);
    LoggedGame& g = logged_[game];
    if (g.rows.empty()) log_by_first_.emplace(row, game);
    g.rows.push_back(row);
    // A gap (never written so) is found when the game's actions are read.
    g.next = st.int64(2) + 1;
  }
  Statement range(db_, "SELECT coalesce(min(id), 0), coalesce(max(id), 0) FROM action_log",
                  "loading the action log");
  if (range.step()) {
    log_pruned_below_ = range.int64(0);
    log_head_ = range.int64(1);
  }
  log_loaded_ = true;
}

Database::LoggedGame* Database::logged_game(std::int64_t game_id) {
  load_action_log();
  if (const auto it = logged_.find(game_id); it != logged_.end()) return &it->second;
  constexpr const char* kWhat = "append_action";
  prepare(db_, log_st_.game_state, "SELECT state FROM games WHERE id = ?1", kWhat);
  Statement& state = *log_st_.game_state;
  state.reset();
  state.bind(1, game_id);
  if (!state.step()) {
    state.reset();
    throw StorageError(std::string(kWhat) + ": no game " + std::to_string(game_id));
  }
  const bool playing = state.text(0) == "playing";
  state.reset();
  if (!playing) return nullptr;  // appended to game_actions directly
  prepare(db_, log_st_.stored,
          "SELECT coalesce(max(idx) + 1, 0) FROM game_actions WHERE game_id = ?1", kWhat);
  Statement& stored = *log_st_.stored;
  stored.reset();
  stored.bind(1, game_id);
  const std::int64_t next = stored.step() ? stored.int64(0) : 0;
  stored.reset();
  LoggedGame& g = logged_[game_id];
  g.next = next;
  return &g;
}

void Database::log_action(std::int64_t game_id, LoggedGame& game, int index,
                          std::string_view action) {
  constexpr const char* kWhat = "append_action";
  if (index != game.next)
    throw StorageError(std::string(kWhat) + ": index " + std::to_string(index) + " for game " +
                       std::to_string(game_id) + " is not the next one (" +
                       std::to_string(game.next) + " stored)");
  prepare(db_, log_st_.insert, "INSERT INTO action_log(game_id, idx, action) VALUES (?1, ?2, ?3)",
          kWhat);
  Statement& insert = *log_st_.insert;
  insert.reset();
  insert.bind(1, game_id).bind(2, static_cast<std::int64_t>(index)).bind(3, action);
  insert.run();
  insert.reset();
  const std::int64_t row = sqlite3_last_insert_rowid(db_);
  try {
    if (game.rows.empty()) log_by_first_.emplace(row, game_id);
    game.rows.push_back(row);
  } catch (...) {
    log_loaded_ = false;  // the row is stored; the entries are rebuilt from the file
    throw;
  }
  ++game.next;
  log_head_ = row;
  if (++appends_since_maintain_ >= kMaintainEvery) {
    appends_since_maintain_ = 0;
    maintain_action_log();
  }
}

void Database::move_logged_actions(std::int64_t game_id, LoggedGame& game) {
  if (game.rows.empty()) return;
  constexpr const char* kWhat = "moving actions from the action log";
  // One row at a time by its rowid (the log has no index by game); the
  // row must be the action expected, or nothing moves.
  prepare(db_, log_st_.move,
          "INSERT INTO game_actions(game_id, idx, action) SELECT game_id, idx, action "
          "FROM action_log WHERE id = ?1 AND game_id = ?2 AND idx = ?3",
          kWhat);
  Statement& move = *log_st_.move;
  std::int64_t idx = game.next - static_cast<std::int64_t>(game.rows.size());
  for (const std::int64_t row : game.rows) {
    move.reset();
    move.bind(1, row).bind(2, game_id).bind(3, idx);
    move.run();
    move.reset();
    if (sqlite3_changes(db_) != 1)
      throw StorageError(std::string(kWhat) + ": row " + std::to_string(row) +
                         " is not action " + std::to_string(idx) + " of game " +
                         std::to_string(game_id));
    ++idx;
  }
  log_by_first_.erase(game.rows.front());
  game.rows.clear();
}

void Database::settle_logged_actions(std::int64_t game_id) {
  load_action_log();
  const auto it = logged_.find(game_id);
  if (it == logged_.end()) return;
  move_logged_actions(game_id, it->second);
  logged_.erase(it);
}

void Database::maintain_action_log() {
  try {
    std::optional<Transaction> tx;
    if (!in_transaction()) tx.emplace(db_, "maintaining the action log");
    while (!log_by_first_.empty() && log_by_first_.begin()->first < log_head_ - log_span_) {
      const std::int64_t game = log_by_first_.begin()->second;
      move_logged_actions(game, logged_.at(game));
    }
    const std::int64_t below =
        log_by_first_.empty() ? log_head_ : std::min(log_head_, log_by_first_.begin()->first);
    if (below > log_pruned_below_) prune_action_log(below);
    if (tx) tx->commit();
  } catch (const std::exception&) {
    // The action itself is stored; what this part did is undone (its
    // savepoint or transaction), so the entries are rebuilt from the file.
    // An error of the file shows again at the commit, which reports it.
    log_loaded_ = false;
  }
}

void Database::prune_action_log(std::int64_t below) {
  constexpr const char* kWhat = "pruning the action log";
  prepare(db_, log_st_.live_below,
          "SELECT l.game_id FROM action_log l JOIN games g ON g.id = l.game_id "
          "WHERE l.id >= ?1 AND l.id < ?2 AND g.state = 'playing' AND NOT EXISTS "
          "(SELECT 1 FROM game_actions a WHERE a.game_id = l.game_id AND a.idx = l.idx) LIMIT 1",
          kWhat);
  Statement& live = *log_st_.live_below;
  live.reset();
  live.bind(1, log_pruned_below_).bind(2, below);
  const bool in_play = live.step();
  const std::int64_t game = in_play ? live.int64(0) : 0;
  live.reset();
  if (in_play)
    throw StorageError(std::string(kWhat) + ": game " + std::to_string(game) +
                       " in play has actions there not yet in game_actions");
  prepare(db_, log_st_.prune, "DELETE FROM action_log WHERE id >= ?1 AND id < ?2", kWhat);
  Statement& prune = *log_st_.prune;
  prune.reset();
  prune.bind(1, log_pruned_below_).bind(2, below);
  prune.run();
  prune.reset();
  log_pruned_below_ = below;
}

std::vector<std::string> Database::read_game_actions(std::int64_t game_id) const {
  constexpr const char* kWhat = "game_actions";
  // One state of the file for both tables, even while whistd writes.
  ReadTransaction read(db_, kWhat);
  std::vector<std::string> out;
  {
    Statement st(db_, "SELECT action FROM game_actions WHERE game_id = ?1 ORDER BY idx", kWhat);
    st.bind(1, game_id);
    while (st.step()) out.push_back(st.text(0));
  }
  load_action_log();
  const auto it = logged_.find(game_id);
  if (it == logged_.end()) return out;
  prepare(db_, log_st_.read, "SELECT game_id, idx, action FROM action_log WHERE id = ?1", kWhat);
  Statement& st = *log_st_.read;
  for (const std::int64_t row : it->second.rows) {
    st.reset();
    st.bind(1, row);
    const bool found = st.step();
    if (!found || st.int64(0) != game_id || st.int64(1) != static_cast<std::int64_t>(out.size())) {
      st.reset();
      throw StorageError(std::string(kWhat) + ": the action log's row " + std::to_string(row) +
                         " is not action " + std::to_string(out.size()) + " of game " +
                         std::to_string(game_id));
    }
    out.push_back(st.text(2));
  }
  st.reset();
  return out;
}

}  // namespace whist::storage
