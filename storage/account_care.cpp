// Account care in SQLite: an account erased (AccountStore::erase_account),
// the operator's password reset codes, and the cross-store operations of
// account_care.hpp (closing an account, a player's data).
#include "storage/account_care.hpp"

#include <nlohmann/json.hpp>

#include "storage/sql.hpp"
#include "storage/sql_stores.hpp"
#include "storage/table_codec.hpp"

namespace whist::storage {

using nlohmann::json;

std::string deleted_name(std::int64_t id) { return "deleted player " + std::to_string(id); }

namespace detail {

namespace {

// The stored games' seats (protocol's record seats: objects with "name" and
// "user", "user" last) that hold the account, with its name replaced. The
// text is searched first, so only those games are read as JSON.
void rename_in_games(Connection* db, std::int64_t id, const std::string& name, const char* what) {
  const std::string needle = "\"user\":" + std::to_string(id) + "}";
  std::vector<std::pair<std::int64_t, std::string>> rows;
  {
    Statement st(
        db, std::string("SELECT id, seats FROM games WHERE ") + position_of(db) + "(seats, ?1) > 0",
        what);
    st.bind(1, needle);
    while (st.step()) rows.emplace_back(st.int64(0), st.text(1));
  }
  Statement up(db, "UPDATE games SET seats = ?2 WHERE id = ?1", what);
  for (auto& [game, text] : rows) {
    json seats = json::parse(text, nullptr, false);
    if (!seats.is_array()) continue;
    for (auto& s : seats)
      if (s.is_object() && s.value("user", json()) == json(id)) s["name"] = name;
    up.reset();
    up.bind(1, game).bind(2, seats.dump());
    up.run();
  }
}

// Stored tables (table_codec.hpp) made by the account or with it seated.
void rename_in_tables(Connection* db, std::int64_t id, const std::string& old_name,
                      const std::string& name, const char* what) {
  std::vector<std::pair<std::int64_t, std::string>> rows;
  {
    Statement st(db,
                 std::string("SELECT id, settings FROM tables WHERE ") + position_of(db) +
                     "(settings, ?1) > 0",
                 what);
    st.bind(1, json(old_name).dump());
    while (st.step()) rows.emplace_back(st.int64(0), st.text(1));
  }
  Statement up(db, "UPDATE tables SET settings = ?2 WHERE id = ?1", what);
  for (auto& [table, text] : rows) {
    json t = json::parse(text, nullptr, false);
    if (!t.is_object()) continue;
    if (t.value("creator", json()) == json(old_name)) t["creator"] = name;
    if (auto seats = t.find("seats"); seats != t.end() && seats->is_array())
      for (auto& s : *seats)
        if (s.is_object() && s.value("user", json()) == json(id)) s["name"] = name;
    up.reset();
    up.bind(1, table).bind(2, t.dump());
    up.run();
  }
}

void exec_for(Connection* db, const char* sql, std::int64_t id, const char* what) {
  Statement st(db, sql, what);
  st.bind(1, id);
  st.run();
}

}  // namespace

std::optional<ErasedAccount> SqlAccounts::erase_account(std::int64_t id, std::int64_t now,
                                                        std::int64_t hold_until) {
  constexpr const char* kWhat = "erase_account";
  Transaction tx(db_, kWhat);
  const auto a = account_by_id(id);
  if (!a || a->guest || a->deleted_at != 0) return std::nullopt;
  ErasedAccount out{a->username, deleted_name(id), {}};
  {
    Statement st(db_,
                 "UPDATE accounts SET username = ?2, password_hash = '', deleted_at = ?3, "
                 "hide_games = 1 WHERE id = ?1",
                 kWhat);
    st.bind(1, id).bind(2, out.new_name).bind(3, now);
    st.run();
  }
  {
    Statement st(db_,
                 "INSERT INTO name_holds(name, until) VALUES (?1, ?2) "
                 "ON CONFLICT(name) DO UPDATE SET until = excluded.until",
                 kWhat);
    st.bind(1, out.old_name).bind(2, hold_until);
    st.run();
  }
  {
    Statement st(db_,
                 "UPDATE sessions SET revoked = 1 WHERE account_id = ?1 AND revoked = 0 "
                 "RETURNING token_hash",
                 kWhat);
    st.bind(1, id);
    while (st.step()) out.ended.push_back(st.text(0));
  }
  exec_for(db_, "DELETE FROM friends WHERE a = ?1 OR b = ?1", id, kWhat);
  exec_for(db_, "DELETE FROM mutes WHERE account_id = ?1 OR other_id = ?1", id, kWhat);
  exec_for(db_, "DELETE FROM blocks WHERE account_id = ?1 OR other_id = ?1", id, kWhat);
  exec_for(db_, "DELETE FROM password_resets WHERE account_id = ?1", id, kWhat);
  exec_for(db_, "DELETE FROM account_prefs WHERE account_id = ?1", id, kWhat);
  {
    Statement st(db_, "UPDATE results SET name = ?2 WHERE account_id = ?1", kWhat);
    st.bind(1, id).bind(2, out.new_name);
    st.run();
  }
  rename_in_games(db_, id, out.new_name, kWhat);
  rename_in_tables(db_, id, out.old_name, out.new_name, kWhat);
  tx.commit();
  return out;
}

bool SqlAccounts::set_password_reset(std::int64_t id, std::string_view code_hash, std::int64_t now,
                                     std::int64_t expires_at) {
  constexpr const char* kWhat = "set_password_reset";
  const auto a = account_by_id(id);
  if (!a || a->guest || a->deleted_at != 0) return false;
  Statement st(db_,
               "INSERT INTO password_resets(account_id, code_hash, created_at, expires_at) "
               "VALUES (?1, ?2, ?3, ?4) ON CONFLICT(account_id) DO UPDATE SET "
               "code_hash = excluded.code_hash, created_at = excluded.created_at, "
               "expires_at = excluded.expires_at",
               kWhat);
  st.bind(1, id).bind(2, code_hash).bind(3, now).bind(4, expires_at);
  st.run();
  return true;
}

bool SqlAccounts::take_password_reset(std::int64_t id, std::string_view code_hash,
                                      std::int64_t now) {
  Statement st(db_,
               "DELETE FROM password_resets WHERE account_id = ?1 AND code_hash = ?2 AND "
               "expires_at > ?3",
               "take_password_reset");
  st.bind(1, id).bind(2, code_hash).bind(3, now);
  st.run();
  return db_->changes() > 0;
}

}  // namespace detail

ClosedAccount close_account(Database& db, std::int64_t id, std::int64_t now) {
  ClosedAccount out;
  const auto a = db.accounts().account_by_id(id);
  if (!a || a->guest || a->deleted_at != 0) return out;
  // A seat at a table not finished: its game, buy-in or record still needs the player.
  for (const auto state : {TableState::kOpen, TableState::kPlaying})
    for (const auto& row : db.tables().tables_in_state(state)) {
      if (row.settings.find(json(a->username).dump()) == std::string::npos) continue;
      const StoredTable t = decode_table(row.settings);
      for (const auto& s : t.seats)
        if (s.user == id) out.tables.push_back(row.id);
    }
  if (!out.tables.empty()) {
    out.result = CloseResult::kSeated;
    return out;
  }
  db.begin_unit();
  try {
    out.chips = db.ledger().balance(id);
    if (out.chips > 0)
      db.ledger().post(
          "closure:" + std::to_string(id),
          {{id, -out.chips, LedgerKind::kClosure, 0}, {0, out.chips, LedgerKind::kClosure, 0}},
          now);
    out.erased = db.accounts().erase_account(id, now, now + kNameHoldSeconds);
    if (!out.erased) {
      db.rollback_unit();
      out.chips = 0;
      return out;
    }
    db.commit_unit();
  } catch (...) {
    db.rollback_unit();
    throw;
  }
  out.result = CloseResult::kClosed;
  return out;
}

namespace {

// Every game the account played, newest first, as the export writes them.
json games_json(Database& db, std::int64_t id) {
  json games = json::array();
  for (std::int64_t before = 0;;) {
    const auto page = db.results().games_of(id, before, 1000);
    for (const auto& g : page) {
      json seats = json::array();
      for (const auto& s : g.seats)
        seats.push_back({{"seat", s.seat},
                         {"name", s.name},
                         {"side", s.side},
                         {"won", s.won},
                         {"score", s.score}});
      games.push_back({{"game", g.game},
                       {"table", g.table},
                       {"variant", g.variant},
                       {"finished_at", g.finished_at},
                       {"seat", g.me.seat},
                       {"won", g.me.won},
                       {"score", g.me.score},
                       {"chips", g.me.chips_delta},
                       {"seats", seats}});
    }
    if (page.size() < 1000) break;
    before = page.back().game;
  }
  return games;
}

}  // namespace

std::string export_account_json(Database& db, std::int64_t id, std::int64_t now) {
  const auto a = db.accounts().account_by_id(id);
  if (!a) return "{}";
  json out;
  out["account"] = {{"id", a->id},
                    {"username", a->username},
                    {"created_at", a->created_at},
                    {"chips", db.ledger().balance(id)},
                    {"hide_games", a->hide_games}};
  const auto prefs = db.accounts().prefs(id);
  out["preferences"] = {
      {"card_order", prefs.card_order == Prefs::CardOrder::kAscending ? "ascending" : "descending"},
      {"alternate_colours", prefs.alternate_colours},
      {"play", prefs.play == Prefs::Play::kConfirm ? "confirm" : "click"},
      {"auto_play", prefs.auto_play},
      {"sound", prefs.sound},
      {"volume", prefs.volume},
      {"motion", prefs.motion},
      {"theme", prefs.theme == Prefs::Theme::kDark ? "dark" : "light"}};
  json sessions = json::array();
  for (const auto& s : db.accounts().sessions_of(id, now))
    sessions.push_back(
        {{"device", s.device}, {"began", s.created_at}, {"last_used", s.last_used_at}});
  out["sessions"] = sessions;
  auto names = [&](const std::vector<std::int64_t>& ids) {
    json list = json::array();
    for (const auto other : ids)
      if (auto o = db.accounts().account_by_id(other)) list.push_back(o->username);
    return list;
  };
  out["friends"] = {{"friends", names(db.friends().friends_of(id))},
                    {"requests_to_me", names(db.friends().requests_to(id))},
                    {"requests_from_me", names(db.friends().requests_from(id))}};
  json ratings = json::array();
  for (const auto& r : db.ratings().ratings_of(id))
    ratings.push_back({{"pool", r.pool},
                       {"rating", r.rating.rating},
                       {"deviation", r.rating.deviation},
                       {"volatility", r.rating.volatility},
                       {"games", r.games},
                       {"rated_at", r.rated_at}});
  out["ratings"] = ratings;
  out["games"] = games_json(db, id);
  json ledger = json::array();
  for (const auto& e : db.ledger().ledger_of(id, 0))
    ledger.push_back({{"id", e.id},
                      {"delta", e.delta},
                      {"kind", std::string(name(e.kind))},
                      {"game", e.game == 0 ? json() : json(e.game)},
                      {"at", e.created_at}});
  out["chips_history"] = ledger;
  auto players = [](const std::vector<ListedPlayer>& list) {
    json j = json::array();
    for (const auto& p : list) j.push_back({{"username", p.username}, {"since", p.since}});
    return j;
  };
  out["muted"] = players(db.safety().muted_by(id));
  out["blocked"] = players(db.safety().blocked_by(id));
  json reports = json::array();
  for (const auto& r : db.safety().reports_by(id))
    reports.push_back({{"player", r.reported},
                       {"reason", r.reason},
                       {"details", r.details},
                       {"table", r.table == 0 ? json() : json(r.table)},
                       {"game", r.game == 0 ? json() : json(r.game)},
                       {"state", r.state},
                       {"at", r.created_at}});
  out["reports_made"] = reports;
  out["exported_at"] = now;
  return out.dump();
}

}  // namespace whist::storage
