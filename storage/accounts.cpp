// Accounts and sessions in SQLite (see account_store.hpp; the tables are
// schema version 1 in schema.cpp).
#include <string>

#include "storage/sql.hpp"
#include "storage/sql_stores.hpp"

namespace whist::storage::detail {

namespace {

constexpr const char* kAccountColumns =
    "id, username, password_hash, guest, created_at, banned, hide_games, deleted_at";

Account read_account(const Statement& st) {
  Account a;
  a.id = st.int64(0);
  a.username = st.text(1);
  a.password_hash = st.text(2);
  a.guest = st.int64(3) != 0;
  a.created_at = st.int64(4);
  a.banned = st.int64(5) != 0;
  a.hide_games = st.int64(6) != 0;
  a.deleted_at = st.int64(7);
  return a;
}

std::optional<Account> one_account(Connection* db, const char* where, const char* what,
                                   const auto& bind) {
  Statement st(db, std::string("SELECT ") + kAccountColumns + " FROM accounts WHERE " + where,
               what);
  bind(st);
  if (!st.step()) return std::nullopt;
  return read_account(st);
}

}  // namespace

std::optional<std::int64_t> SqlAccounts::create_account(std::string_view username,
                                                        std::string_view password_hash, bool guest,
                                                        std::int64_t now) {
  // A deleted account's name is kept from others for a while.
  {
    Statement held(db_, "SELECT 1 FROM name_holds WHERE name = ?1 AND until > ?2",
                   "create_account");
    held.bind(1, username).bind(2, now);
    if (held.step()) return std::nullopt;
  }
  Statement st(db_,
               "INSERT INTO accounts(username, password_hash, guest, created_at) "
               "VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
               "create_account");
  st.bind(1, username).bind(2, password_hash).bind(3, guest ? 1 : 0).bind(4, now);
  // No row: the name is taken (told apart from any other error, which throws).
  const std::int64_t id = st.insert_id();
  if (id == 0) return std::nullopt;
  return id;
}

std::optional<Account> SqlAccounts::account_by_name(std::string_view username) const {
  // A deleted account is no longer found by name (its row is renamed, and
  // its old name may belong to someone else later).
  return one_account(db_, "username = ?1 AND deleted_at = 0", "account_by_name",
                     [&](Statement& st) { st.bind(1, username); });
}

std::optional<Account> SqlAccounts::account_by_id(std::int64_t id) const {
  return one_account(db_, "id = ?1", "account_by_id", [&](Statement& st) { st.bind(1, id); });
}

bool SqlAccounts::set_hide_games(std::int64_t id, bool hide) {
  Statement st(db_, "UPDATE accounts SET hide_games = ?2 WHERE id = ?1", "set_hide_games");
  st.bind(1, id).bind(2, hide ? 1 : 0);
  st.step();
  return db_->changes() > 0;
}

Prefs SqlAccounts::prefs(std::int64_t id) const {
  Statement st(db_,
               "SELECT card_order, alternate_colours, play, auto_play, sound, volume, motion, "
               "theme FROM account_prefs WHERE account_id = ?1",
               "prefs");
  st.bind(1, id);
  Prefs p;
  if (!st.step()) return p;
  p.card_order =
      st.text(0) == "ascending" ? Prefs::CardOrder::kAscending : Prefs::CardOrder::kDescending;
  p.alternate_colours = st.int64(1) != 0;
  p.play = st.text(2) == "confirm" ? Prefs::Play::kConfirm : Prefs::Play::kClick;
  p.auto_play = st.int64(3) != 0;
  p.sound = st.int64(4) != 0;
  p.volume = static_cast<int>(st.int64(5));
  p.motion = st.int64(6) != 0;
  p.theme = st.text(7) == "dark" ? Prefs::Theme::kDark : Prefs::Theme::kLight;
  return p;
}

bool SqlAccounts::set_prefs(std::int64_t id, const Prefs& p) {
  if (!account_by_id(id)) return false;
  Statement st(
      db_,
      "INSERT INTO account_prefs(account_id, card_order, alternate_colours, play, "
      "auto_play, sound, volume, motion, theme) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) "
      "ON CONFLICT(account_id) DO UPDATE SET card_order = ?2, alternate_colours = ?3, "
      "play = ?4, auto_play = ?5, sound = ?6, volume = ?7, motion = ?8, theme = ?9",
      "set_prefs");
  st.bind(1, id)
      .bind(2, p.card_order == Prefs::CardOrder::kAscending ? "ascending" : "descending")
      .bind(3, p.alternate_colours ? 1 : 0)
      .bind(4, p.play == Prefs::Play::kConfirm ? "confirm" : "click")
      .bind(5, p.auto_play ? 1 : 0)
      .bind(6, p.sound ? 1 : 0)
      .bind(7, p.volume)
      .bind(8, p.motion ? 1 : 0)
      .bind(9, p.theme == Prefs::Theme::kDark ? "dark" : "light");
  st.run();
  return true;
}

bool SqlAccounts::set_password(std::int64_t id, std::string_view password_hash) {
  Statement st(db_, "UPDATE accounts SET password_hash = ?2 WHERE id = ?1 AND guest = 0",
               "set_password");
  st.bind(1, id).bind(2, password_hash);
  st.run();
  return db_->changes() > 0;
}

void SqlAccounts::create_session(std::int64_t account_id, std::string_view token_hash,
                                 std::int64_t now, std::int64_t expires_at,
                                 std::string_view device) {
  Statement st(db_,
               "INSERT INTO sessions(token_hash, account_id, created_at, last_used_at, "
               "expires_at, device) VALUES (?1, ?2, ?3, ?3, ?4, ?5)",
               "create_session");
  st.bind(1, token_hash).bind(2, account_id).bind(3, now).bind(4, expires_at).bind(5, device);
  st.run();
}

std::vector<SessionInfo> SqlAccounts::sessions_of(std::int64_t account_id, std::int64_t now) const {
  Statement st(db_,
               "SELECT token_hash, device, created_at, last_used_at FROM sessions "
               "WHERE account_id = ?1 AND revoked = 0 AND expires_at > ?2 "
               "ORDER BY last_used_at DESC, created_at DESC",
               "sessions_of");
  st.bind(1, account_id).bind(2, now);
  std::vector<SessionInfo> out;
  while (st.step()) out.push_back({st.text(0), st.text(1), st.int64(2), st.int64(3)});
  return out;
}

std::vector<std::string> SqlAccounts::revoke_other_sessions(std::int64_t account_id,
                                                            std::string_view keep) {
  Statement st(db_,
               "UPDATE sessions SET revoked = 1 WHERE account_id = ?1 AND token_hash <> ?2 "
               "AND revoked = 0 RETURNING token_hash",
               "revoke_other_sessions");
  st.bind(1, account_id).bind(2, keep);
  std::vector<std::string> out;
  while (st.step()) out.push_back(st.text(0));
  return out;
}

std::optional<Account> SqlAccounts::account_for_session(std::string_view token_hash,
                                                        std::int64_t now) {
  // One statement: it only touches a live session, and says whose it is.
  std::int64_t account_id = 0;
  {
    Statement st(db_,
                 "UPDATE sessions SET last_used_at = ?2 "
                 "WHERE token_hash = ?1 AND revoked = 0 AND expires_at > ?2 "
                 "RETURNING account_id",
                 "account_for_session");
    st.bind(1, token_hash).bind(2, now);
    if (!st.step()) return std::nullopt;
    account_id = st.int64(0);
    st.run();
  }
  return account_by_id(account_id);
}

bool SqlAccounts::revoke_session(std::string_view token_hash) {
  Statement st(db_, "UPDATE sessions SET revoked = 1 WHERE token_hash = ?1 AND revoked = 0",
               "revoke_session");
  st.bind(1, token_hash);
  st.run();
  return db_->changes() > 0;
}

}  // namespace whist::storage::detail
