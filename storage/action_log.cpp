// The action log: how the actions of the games in play are stored.
//
// Stored one row per action in game order (game_actions, PRIMARY KEY
// (game_id, idx)), each action landed in its own game's page: a commit of a
// hundred actions of a hundred games wrote a hundred 4 KiB pages to the
// write-ahead log, which the checkpoint then copied again. Now:
//
// - each action of a game in play is appended to action_log, a rowid table
//   with no index, in order of arrival, so that a commit's actions share
//   the log's last pages;
// - a game's logged actions go into game_action_chunks as one row (their
//   texts one per line, which JSON texts allow) when the game ends
//   (finish_game, in the same transaction), and for a game in play when its
//   oldest logged action is more than log_span_ rows behind the newest
//   (every 64 appends, a few games at a time), so that the log stays short;
// - the log's rows below the oldest one still needed are deleted (the
//   newest row is always kept, so that a rowid is never used twice).
//
// game_actions keeps the actions stored before the log (schema version 4);
// a game's actions are those rows, then its chunks, then its logged ones,
// each part following the last without a gap.
//
// The log has no index by game: the connection keeps, for each game in
// play, the texts of its logged actions not yet in a chunk (logged_), built
// from the file at first use (one scan of the log) and rebuilt after any
// rollback, which may have undone what they stand for (on_rollback). A
// savepoint rolled back does not call that hook: the games ended since the
// last pruning are checked to be still ended before rows are deleted, and if
// one is in play again, its rows stay and the entries are rebuilt.
//
// Each action may carry a request text (schema version 6: the server's
// answer to a retry of the request that made it), kept beside its text in
// the log, the entry and the chunk, and given back by game_actions.
//
// Only whistd's storage thread appends actions; another connection reading
// a game in play (whistctl) reads the log as it was at its first read.
//
// PostgreSQL is different: several whistd nodes write one database, each
// game by one node at a time (its table's lease), and a game moves between
// nodes. A node's copy of the log would be another's stale one, and its
// pruning would delete rows other nodes still need. There, each action is
// a chunk of one (game_action_chunks, indexed by game), and a game's
// actions are read from the file: its rows of game_actions, its chunks, and
// any action_log rows of a whistd before this one, merged by index.
#include <algorithm>
#include <map>
#include <optional>

#include "storage/sql.hpp"
#include "storage/sql_stores.hpp"

namespace whist::storage::detail {

namespace {

constexpr int kMaintainEvery = 64;  // appends
// Games moved into chunks at most by one maintenance: games that began
// together come due together, and the storage thread should not stop long.
constexpr int kChunkAtMost = 16;

Statement& prepared(Connection* db, std::unique_ptr<Statement>& st, std::string_view sql,
                    const char* what) {
  if (!st) st = std::make_unique<Statement>(db, sql, what);
  st->reset();
  return *st;
}

// Splits `lines` (count lines joined by '\n') onto the end of `out`;
// false when it does not hold `count` of them.
bool split_lines(const std::string& lines, std::int64_t count, std::vector<std::string>& out) {
  const std::size_t before = out.size();
  for (std::size_t at = 0;;) {
    const std::size_t end = lines.find('\n', at);
    out.push_back(lines.substr(at, end == std::string::npos ? end : end - at));
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return static_cast<std::int64_t>(out.size() - before) == count;
}

std::string not_next(const char* what, std::int64_t game, std::int64_t index, std::int64_t next) {
  return std::string(what) + ": index " + std::to_string(index) + " for game " +
         std::to_string(game) + " is not the next one (" + std::to_string(next) + " stored)";
}

}  // namespace

std::int64_t SqlGames::stored_actions(std::int64_t game_id) const {
  const bool pg = db_->dialect() == Dialect::kPostgres;
  Statement& st = prepared(
      db_, log_st_.stored,
      std::string("SELECT ") + greatest(db_) +
          "(coalesce((SELECT max(idx) + 1 FROM game_actions WHERE game_id = ?1), 0), "
          "coalesce((SELECT max(first_idx + count) FROM game_action_chunks WHERE game_id = ?1), "
          "0)" +
          (pg ? ", coalesce((SELECT max(idx) + 1 FROM action_log WHERE game_id = ?1), 0))" : ")"),
      "counting a game's actions");
  st.bind(1, game_id);
  const std::int64_t n = st.step() ? st.int64(0) : 0;
  st.reset();
  return n;
}

void SqlGames::load_action_log() const {
  if (log_loaded_) return;
  logged_.clear();
  log_by_first_.clear();
  ended_.clear();
  Statement st(db_,
               "SELECT l.id, l.game_id, l.idx, l.action, l.request FROM action_log l "
               "JOIN games g ON g.id = l.game_id WHERE g.state = ?1 ORDER BY l.id",
               "loading the action log");
  st.bind(1, name(GameState::kPlaying));
  while (st.step()) {
    const std::int64_t row = st.int64(0), game = st.int64(1), idx = st.int64(2);
    auto [it, fresh] = logged_.try_emplace(game);
    LoggedGame& g = it->second;
    if (fresh) g.next = stored_actions(game);
    if (idx < g.next && g.texts.empty()) continue;  // already in a chunk: a leftover
    if (idx != g.next) g.broken = true;             // a gap, never written so: reads throw
    if (g.texts.empty()) {
      g.first_row = row;
      log_by_first_.emplace(row, game);
    }
    if (!g.texts.empty()) g.requests += '\n';
    g.texts.push_back(st.text(3));
    if (!st.is_null(4)) {
      g.requests += st.text(4);
      g.any_request = true;
    }
    g.next = idx + 1;
  }
  Statement range(db_, "SELECT coalesce(min(id), 0), coalesce(max(id), 0) FROM action_log",
                  "loading the action log");
  if (range.step()) {
    log_pruned_below_ = range.int64(0);
    log_head_ = range.int64(1);
  }
  log_loaded_ = true;
}

void SqlGames::check_in_play(std::int64_t game_id) {
  constexpr const char* kWhat = "append_action";
  Statement& state =
      prepared(db_, log_st_.game_state, "SELECT state FROM games WHERE id = ?1", kWhat);
  state.bind(1, game_id);
  const std::string s = state.step() ? state.text(0) : std::string();
  state.reset();
  const std::string game = "game " + std::to_string(game_id);
  if (s.empty()) throw StorageError(std::string(kWhat) + ": no " + game);
  if (game_state_from(s, game) != GameState::kPlaying)
    throw StorageError(std::string(kWhat) + ": " + game + " is " + s);
}

SqlGames::LoggedGame& SqlGames::logged_game(std::int64_t game_id) {
  load_action_log();
  if (const auto it = logged_.find(game_id); it != logged_.end()) return it->second;
  check_in_play(game_id);
  LoggedGame& g = logged_[game_id];
  g.next = stored_actions(game_id);
  return g;
}

void SqlGames::append_action(std::int64_t game_id, int index, std::string_view action,
                             std::string_view request) {
  constexpr const char* kWhat = "append_action";
  // Chunks hold one action (and one request) per line.
  if (action.find('\n') != std::string_view::npos)
    throw StorageError(std::string(kWhat) + ": an action's text holds a line break");
  if (request.find('\n') != std::string_view::npos)
    throw StorageError(std::string(kWhat) + ": a request's text holds a line break");
  if (db_->dialect() == Dialect::kPostgres)
    return append_action_row(game_id, index, action, request);
  LoggedGame& game = logged_game(game_id);
  if (game.broken)
    throw StorageError(std::string(kWhat) + ": game " + std::to_string(game_id) +
                       " has a gap in its actions");
  if (index != game.next) throw StorageError(not_next(kWhat, game_id, index, game.next));
  Statement& insert = prepared(
      db_, log_st_.insert,
      "INSERT INTO action_log(game_id, idx, action, request) VALUES (?1, ?2, ?3, ?4)", kWhat);
  insert.bind(1, game_id).bind(2, static_cast<std::int64_t>(index)).bind(3, action);
  if (request.empty())
    insert.bind_null(4);
  else
    insert.bind(4, request);
  const std::int64_t row = insert.insert_id();
  insert.reset();
  try {
    if (game.texts.empty()) {
      log_by_first_.emplace(row, game_id);
      game.first_row = row;
    }
    if (!game.texts.empty()) game.requests += '\n';
    game.requests += request;
    game.any_request |= !request.empty();
    game.texts.emplace_back(action);
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

void SqlGames::append_action_row(std::int64_t game_id, int index, std::string_view action,
                                 std::string_view request) {
  constexpr const char* kWhat = "append_action";
  auto it = next_index_.find(game_id);
  // Not known here, or known from before another node wrote the game: as
  // stored (read whole, so that a gap shows).
  if (it == next_index_.end() || it->second != index) {
    check_in_play(game_id);
    const auto stored = static_cast<std::int64_t>(read_actions(game_id, nullptr).size());
    it = next_index_.insert_or_assign(game_id, stored).first;
  }
  if (index != it->second) throw StorageError(not_next(kWhat, game_id, index, it->second));
  Statement& insert = prepared(db_, log_st_.chunk,
                               "INSERT INTO game_action_chunks(game_id, first_idx, count, actions, "
                               "requests) VALUES (?1, ?2, ?3, ?4, ?5)",
                               kWhat);
  insert.bind(1, game_id).bind(2, static_cast<std::int64_t>(index)).bind(3, std::int64_t{1});
  insert.bind(4, action);
  if (request.empty())
    insert.bind_null(5);
  else
    insert.bind(5, request);
  insert.run();
  insert.reset();
  ++it->second;
}

std::vector<std::string> SqlGames::read_actions(std::int64_t game_id,
                                                std::vector<std::string>* requests) const {
  constexpr const char* kWhat = "game_actions";
  ReadTransaction read(db_, kWhat);
  // By index: an action and its request ("" for none).
  std::map<std::int64_t, std::pair<std::string, std::string>> by_index;
  const auto bad = [&](const std::string& why) {
    return StorageError(std::string(kWhat) + ": game " + std::to_string(game_id) + " " + why);
  };
  {
    Statement st(db_, "SELECT idx, action FROM game_actions WHERE game_id = ?1", kWhat);
    st.bind(1, game_id);
    while (st.step()) by_index[st.int64(0)] = {st.text(1), ""};
  }
  {
    Statement st(db_,
                 "SELECT first_idx, count, actions, requests FROM game_action_chunks "
                 "WHERE game_id = ?1",
                 kWhat);
    st.bind(1, game_id);
    while (st.step()) {
      const std::int64_t first = st.int64(0), count = st.int64(1);
      std::vector<std::string> texts, asked;
      if (!split_lines(st.text(2), count, texts))
        throw bad("has a chunk that does not hold its count");
      if (!st.is_null(3) && !split_lines(st.text(3), count, asked))
        throw bad("has a chunk whose requests do not match its actions");
      asked.resize(texts.size());
      for (std::int64_t i = 0; i < count; ++i) {
        auto [at, fresh] =
            by_index.try_emplace(first + i, std::move(texts[i]), std::move(asked[i]));
        if (!fresh) throw bad("has two actions at index " + std::to_string(first + i));
      }
    }
  }
  {
    // A whistd before this one logged actions in action_log; those
    // already in a chunk were left behind by its pruning.
    Statement st(db_, "SELECT idx, action, request FROM action_log WHERE game_id = ?1", kWhat);
    st.bind(1, game_id);
    while (st.step())
      by_index.try_emplace(st.int64(0), st.text(1), st.is_null(2) ? "" : st.text(2));
  }
  std::vector<std::string> out;
  std::vector<std::string> asked;
  out.reserve(by_index.size());
  for (auto& [idx, action] : by_index) {
    if (idx != static_cast<std::int64_t>(out.size()))
      throw bad("has a gap in its actions (" + std::to_string(idx) + " follows " +
                std::to_string(out.size()) + ")");
    out.push_back(std::move(action.first));
    asked.push_back(std::move(action.second));
  }
  if (requests != nullptr) *requests = std::move(asked);
  return out;
}

void SqlGames::chunk_logged_actions(std::int64_t game_id, LoggedGame& game) {
  if (game.texts.empty()) return;
  constexpr const char* kWhat = "storing a chunk of actions";
  std::size_t size = 0;
  for (const auto& t : game.texts) size += t.size() + 1;
  std::string lines;
  lines.reserve(size);
  for (const auto& t : game.texts) {
    if (!lines.empty()) lines += '\n';
    lines += t;
  }
  const auto count = static_cast<std::int64_t>(game.texts.size());
  Statement& insert = prepared(db_, log_st_.chunk,
                               "INSERT INTO game_action_chunks(game_id, first_idx, count, actions, "
                               "requests) VALUES (?1, ?2, ?3, ?4, ?5)",
                               kWhat);
  insert.bind(1, game_id).bind(2, game.next - count).bind(3, count).bind(4, lines);
  if (game.any_request)
    insert.bind(5, game.requests);
  else
    insert.bind_null(5);
  insert.run();
  insert.reset();
  log_by_first_.erase(game.first_row);
  game.first_row = 0;
  game.texts.clear();
  game.requests.clear();
  game.any_request = false;
}

void SqlGames::settle_logged_actions(std::int64_t game_id) {
  if (db_->dialect() == Dialect::kPostgres) {  // its actions are chunks already
    if (!next_index_.count(game_id)) read_actions(game_id, nullptr);  // (a gap shows)
    next_index_.erase(game_id);
    return;
  }
  load_action_log();
  const auto it = logged_.find(game_id);
  if (it == logged_.end()) return;
  if (it->second.broken)
    throw StorageError("finish_game: game " + std::to_string(game_id) +
                       " has a gap in its actions");
  chunk_logged_actions(game_id, it->second);
  logged_.erase(it);
  ended_.push_back(game_id);
}

void SqlGames::maintain_action_log() {
  try {
    std::optional<Transaction> tx;
    if (!in_transaction()) tx.emplace(db_, "maintaining the action log");
    for (int n = 0; n < kChunkAtMost && !log_by_first_.empty() &&
                    log_by_first_.begin()->first < log_head_ - log_span_;
         ++n) {
      const std::int64_t game = log_by_first_.begin()->second;
      chunk_logged_actions(game, logged_.at(game));
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

void SqlGames::prune_action_log(std::int64_t below) {
  constexpr const char* kWhat = "pruning the action log";
  // A game ended since the last pruning that is in play again (its end
  // undone by a savepoint) still needs its rows.
  for (const std::int64_t game : ended_) {
    Statement& state =
        prepared(db_, log_st_.game_state, "SELECT state FROM games WHERE id = ?1", kWhat);
    state.bind(1, game);
    const bool playing = state.step() && state.text(0) == name(GameState::kPlaying);
    state.reset();
    if (playing)
      throw StorageError(std::string(kWhat) + ": game " + std::to_string(game) +
                         " is in play again");
  }
  ended_.clear();
  Statement& prune =
      prepared(db_, log_st_.prune, "DELETE FROM action_log WHERE id >= ?1 AND id < ?2", kWhat);
  prune.bind(1, log_pruned_below_).bind(2, below);
  prune.run();
  prune.reset();
  log_pruned_below_ = below;
}

std::vector<std::string> SqlGames::game_actions(std::int64_t game_id,
                                                std::vector<std::string>* requests) const {
  if (db_->dialect() == Dialect::kPostgres) return read_actions(game_id, requests);
  constexpr const char* kWhat = "game_actions";
  const auto gap = [&](std::int64_t at, std::size_t have) {
    return StorageError(std::string(kWhat) + ": game " + std::to_string(game_id) +
                        " has a gap in its actions (" + std::to_string(at) + " follows " +
                        std::to_string(have) + ")");
  };
  // One state of the file for all the parts, even while whistd writes.
  ReadTransaction read(db_, kWhat);
  std::vector<std::string> out;
  // Requests, one per action of `out`, "" for none.
  std::vector<std::string> asked;
  {
    Statement st(db_, "SELECT idx, action FROM game_actions WHERE game_id = ?1 ORDER BY idx",
                 kWhat);
    st.bind(1, game_id);
    while (st.step()) {
      if (st.int64(0) != static_cast<std::int64_t>(out.size())) throw gap(st.int64(0), out.size());
      out.push_back(st.text(1));
    }
    asked.resize(out.size());
  }
  {
    Statement st(db_,
                 "SELECT first_idx, count, actions, requests FROM game_action_chunks "
                 "WHERE game_id = ?1 ORDER BY first_idx",
                 kWhat);
    st.bind(1, game_id);
    const auto bad_chunk = [&](const char* what, std::size_t n, std::int64_t count) {
      return StorageError(std::string(kWhat) + ": a chunk of game " + std::to_string(game_id) +
                          " holds " + std::to_string(n) + " " + what + ", not " +
                          std::to_string(count));
    };
    while (st.step()) {
      if (st.int64(0) != static_cast<std::int64_t>(out.size())) throw gap(st.int64(0), out.size());
      const std::size_t before = out.size();
      const std::int64_t count = st.int64(1);
      if (!split_lines(st.text(2), count, out))
        throw bad_chunk("actions", out.size() - before, count);
      if (st.is_null(3)) {
        asked.resize(out.size());
      } else if (!split_lines(st.text(3), count, asked)) {
        throw bad_chunk("requests", asked.size() - before, count);
      }
    }
  }
  load_action_log();
  if (const auto it = logged_.find(game_id); it != logged_.end()) {
    const LoggedGame& g = it->second;
    const auto first = g.next - static_cast<std::int64_t>(g.texts.size());
    if (g.broken || first != static_cast<std::int64_t>(out.size())) throw gap(first, out.size());
    out.insert(out.end(), g.texts.begin(), g.texts.end());
    if (requests != nullptr && !g.texts.empty())
      split_lines(g.requests, static_cast<std::int64_t>(g.texts.size()), asked);
  }
  if (requests != nullptr) {
    asked.resize(out.size());
    *requests = std::move(asked);
  }
  return out;
}

}  // namespace whist::storage::detail
