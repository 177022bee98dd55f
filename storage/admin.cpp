// The operator's side of the database (admin_store.hpp): banned accounts,
// the operator's list of accounts, and the queue of operator commands
// through which whistctl asks a running whistd to act (the table
// admin_commands, migration 4 in schema.cpp).
//
// A command's life: whistctl inserts it 'pending' (queue_admin_command);
// whistd's storage thread takes the pending ones, making them 'running'
// (take_admin_commands), carries each out and stores its result, 'done'
// (finish_admin_command). whistctl polls the row for the result, and on
// its own timeout withdraws a command still pending ('cancelled'), which
// whistd then never runs. Each step is one statement, so a command is
// taken at most once.

#include <algorithm>
#include <limits>
#include <string>

#include "storage/sql.hpp"
#include "storage/sql_stores.hpp"

namespace whist::storage::detail {

namespace {

AdminCommand read_command(const Statement& st) {
  const std::int64_t id = st.int64(0);
  return {id, st.text(1), st.text(2),
          command_state_from(st.text(3), "operator command " + std::to_string(id)), st.text(4)};
}

// Runs an UPDATE of admin_commands bound by `bind`; how many rows changed.
template <typename Bind>
int update_commands(Connection* db, const char* sql, const char* what, Bind bind) {
  Statement st(db, sql, what);
  bind(st);
  st.run();
  return db->changes();
}

}  // namespace

std::optional<int> SqlAdmin::set_banned(std::int64_t account, bool banned,
                                        std::string_view reason) {
  constexpr const char* kWhat = "set_banned";
  Transaction tx(db_, kWhat);
  {
    Statement st(db_, "UPDATE accounts SET banned = ?2, ban_reason = ?3 WHERE id = ?1", kWhat);
    st.bind(1, account).bind(2, banned ? 1 : 0).bind(3, banned ? reason : std::string_view());
    st.run();
    if (db_->changes() == 0) return std::nullopt;
  }
  int revoked = 0;
  if (banned) {
    Statement st(db_, "UPDATE sessions SET revoked = 1 WHERE account_id = ?1 AND revoked = 0",
                 kWhat);
    st.bind(1, account);
    st.run();
    revoked = db_->changes();
  }
  tx.commit();
  return revoked;
}

std::optional<std::string> SqlAdmin::banned_for_session(std::string_view token_hash) const {
  Statement st(db_,
               "SELECT a.ban_reason FROM sessions s JOIN accounts a ON a.id = s.account_id "
               "WHERE s.token_hash = ?1 AND a.banned = 1",
               "banned_for_session");
  st.bind(1, token_hash);
  if (!st.step()) return std::nullopt;
  return st.text(0);
}

std::optional<std::string> SqlAdmin::ban_reason(std::int64_t account) const {
  Statement st(db_, "SELECT ban_reason FROM accounts WHERE id = ?1 AND banned = 1", "ban_reason");
  st.bind(1, account);
  if (!st.step()) return std::nullopt;
  return st.text(0);
}

std::int64_t SqlAdmin::queue_admin_command(std::string_view command, std::string_view args,
                                           std::int64_t now) {
  Statement st(db_, "INSERT INTO admin_commands(command, args, created_at) VALUES (?1, ?2, ?3)",
               "queue_admin_command");
  st.bind(1, command).bind(2, args).bind(3, now);
  return st.insert_id();
}

std::vector<AdminCommand> SqlAdmin::take_admin_commands() {
  // The usual case, nothing pending, is a read that takes no write lock.
  {
    Statement st(db_, "SELECT 1 FROM admin_commands WHERE state = 'pending' LIMIT 1",
                 "take_admin_commands");
    if (!st.step()) return {};
  }
  Statement st(db_,
               "UPDATE admin_commands SET state = 'running' WHERE state = 'pending' "
               "RETURNING id, command, args, state, result",
               "take_admin_commands");
  std::vector<AdminCommand> out;
  while (st.step()) out.push_back(read_command(st));
  std::sort(out.begin(), out.end(),
            [](const AdminCommand& a, const AdminCommand& b) { return a.id < b.id; });
  return out;
}

void SqlAdmin::finish_admin_command(std::int64_t id, std::string_view result, std::int64_t now) {
  update_commands(
      db_, "UPDATE admin_commands SET state = 'done', result = ?2, done_at = ?3 WHERE id = ?1",
      "finish_admin_command", [&](Statement& st) { st.bind(1, id).bind(2, result).bind(3, now); });
}

bool SqlAdmin::cancel_admin_command(std::int64_t id, std::int64_t now) {
  return update_commands(db_,
                         "UPDATE admin_commands SET state = 'cancelled', done_at = ?2 "
                         "WHERE id = ?1 AND state = 'pending'",
                         "cancel_admin_command",
                         [&](Statement& st) { st.bind(1, id).bind(2, now); }) > 0;
}

std::optional<AdminCommand> SqlAdmin::admin_command(std::int64_t id) const {
  Statement st(db_, "SELECT id, command, args, state, result FROM admin_commands WHERE id = ?1",
               "admin_command");
  st.bind(1, id);
  if (!st.step()) return std::nullopt;
  return read_command(st);
}

int SqlAdmin::fail_running_admin_commands(std::string_view result, std::int64_t now) {
  return update_commands(db_,
                         "UPDATE admin_commands SET state = 'done', result = ?1, done_at = ?2 "
                         "WHERE state = 'running'",
                         "fail_running_admin_commands",
                         [&](Statement& st) { st.bind(1, result).bind(2, now); });
}

std::vector<AccountSummary> SqlAdmin::accounts(bool with_guests, int limit) const {
  Statement st(db_,
               "SELECT a.id, a.username, a.password_hash, a.guest, a.created_at, a.chips, "
               "(SELECT count(*) FROM results r WHERE r.account_id = a.id), "
               "(SELECT count(*) FROM results r WHERE r.account_id = a.id AND r.won = 1), a.banned "
               "FROM accounts a WHERE ?1 = 1 OR a.guest = 0 ORDER BY a.id LIMIT ?2",
               "accounts");
  st.bind(1, with_guests ? 1 : 0)
      .bind(2, limit > 0 ? static_cast<std::int64_t>(limit)
                         : std::numeric_limits<std::int64_t>::max());
  std::vector<AccountSummary> out;
  while (st.step()) {
    AccountSummary s;
    s.account.id = st.int64(0);
    s.account.username = st.text(1);
    s.account.guest = st.int64(3) != 0;
    s.account.created_at = st.int64(4);
    s.chips = st.int64(5);
    s.games = st.int64(6);
    s.wins = st.int64(7);
    s.account.banned = st.int64(8) != 0;
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace whist::storage::detail
