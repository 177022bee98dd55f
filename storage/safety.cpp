// Mutes, blocks, reports and the operator's chat mute in SQLite (see
// safety_store.hpp; the tables are schema version 10 in schema.cpp).
#include <string>

#include "storage/sql.hpp"
#include "storage/sql_stores.hpp"

namespace whist::storage::detail {

namespace {

// The table of mutes or blocks: a name of the code's own, never input.
bool add_row(Connection* db, const char* table, std::int64_t me, std::int64_t other,
             std::int64_t now, const char* what) {
  if (me == other) return false;  // (the table's CHECK)
  Statement st(db,
               std::string("INSERT INTO ") + table +
                   "(account_id, other_id, created_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
               what);
  st.bind(1, me).bind(2, other).bind(3, now);
  st.run();
  return db->changes() > 0;
}

bool remove_row(Connection* db, const char* table, std::int64_t me, std::int64_t other,
                const char* what) {
  Statement st(db, std::string("DELETE FROM ") + table + " WHERE account_id = ?1 AND other_id = ?2",
               what);
  st.bind(1, me).bind(2, other);
  st.run();
  return db->changes() > 0;
}

std::vector<ListedPlayer> listed(Connection* db, const char* table, std::int64_t me,
                                 const char* what) {
  Statement st(db,
               std::string("SELECT a.id, a.username, t.created_at FROM ") + table +
                   " t JOIN accounts a ON a.id = t.other_id WHERE t.account_id = ?1 "
                   "ORDER BY lower(a.username)",
               what);
  st.bind(1, me);
  std::vector<ListedPlayer> out;
  while (st.step()) out.push_back({st.int64(0), st.text(1), st.int64(2)});
  return out;
}

constexpr const char* kReportColumns =
    "r.id, a.username, b.username, r.reported_id, r.reason, r.details, r.table_id, r.game_id, "
    "r.chat, r.state, r.resolution, r.created_at, r.resolved_at FROM reports r "
    "JOIN accounts a ON a.id = r.reporter_id JOIN accounts b ON b.id = r.reported_id";

Report read_report(const Statement& st) {
  Report r;
  r.id = st.int64(0);
  r.reporter = st.text(1);
  r.reported = st.text(2);
  r.reported_id = st.int64(3);
  r.reason = st.text(4);
  r.details = st.text(5);
  r.table = st.int64(6);
  r.game = st.int64(7);
  r.chat = st.text(8);
  r.state = st.text(9);
  r.resolution = st.text(10);
  r.created_at = st.int64(11);
  r.resolved_at = st.int64(12);
  return r;
}

}  // namespace

bool SqlSafety::mute(std::int64_t me, std::int64_t other, std::int64_t now) {
  return add_row(db_, "mutes", me, other, now, "mute");
}
bool SqlSafety::unmute(std::int64_t me, std::int64_t other) {
  return remove_row(db_, "mutes", me, other, "unmute");
}
std::vector<ListedPlayer> SqlSafety::muted_by(std::int64_t me) const {
  return listed(db_, "mutes", me, "muted_by");
}

bool SqlSafety::block(std::int64_t me, std::int64_t other, std::int64_t now) {
  constexpr const char* kWhat = "block";
  Transaction tx(db_, kWhat);
  const bool added = add_row(db_, "blocks", me, other, now, kWhat);
  // No friendship or request is left between them, either way.
  Statement st(db_, "DELETE FROM friends WHERE (a = ?1 AND b = ?2) OR (a = ?2 AND b = ?1)", kWhat);
  st.bind(1, me).bind(2, other);
  st.run();
  tx.commit();
  return added;
}
bool SqlSafety::unblock(std::int64_t me, std::int64_t other) {
  return remove_row(db_, "blocks", me, other, "unblock");
}
std::vector<ListedPlayer> SqlSafety::blocked_by(std::int64_t me) const {
  return listed(db_, "blocks", me, "blocked_by");
}
bool SqlSafety::blocks(std::int64_t blocker, std::int64_t other) const {
  Statement st(db_, "SELECT 1 FROM blocks WHERE account_id = ?1 AND other_id = ?2", "blocks");
  st.bind(1, blocker).bind(2, other);
  return st.step();
}
std::vector<std::int64_t> SqlSafety::blocked_ids(std::int64_t me) const {
  Statement st(db_, "SELECT other_id FROM blocks WHERE account_id = ?1 ORDER BY other_id",
               "blocked_ids");
  st.bind(1, me);
  std::vector<std::int64_t> out;
  while (st.step()) out.push_back(st.int64(0));
  return out;
}

ReportResult SqlSafety::report(const NewReport& r, int per_day, std::int64_t now) {
  constexpr const char* kWhat = "report";
  Transaction tx(db_, kWhat);
  {
    Statement st(db_,
                 "SELECT 1 FROM reports WHERE reporter_id = ?1 AND reported_id = ?2 AND "
                 "state = 'open'",
                 kWhat);
    st.bind(1, r.reporter).bind(2, r.reported);
    if (st.step()) return ReportResult::kAlreadyOpen;
  }
  {
    Statement st(db_, "SELECT count(*) FROM reports WHERE reporter_id = ?1 AND created_at > ?2",
                 kWhat);
    st.bind(1, r.reporter).bind(2, now - 24 * 3600);
    if (st.step() && st.int64(0) >= per_day) return ReportResult::kTooMany;
  }
  Statement st(db_,
               "INSERT INTO reports(reporter_id, reported_id, reason, details, table_id, game_id, "
               "chat, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
               kWhat);
  st.bind(1, r.reporter).bind(2, r.reported).bind(3, r.reason).bind(4, r.details);
  st.bind(5, r.table).bind(6, r.game).bind(7, r.chat.empty() ? "[]" : r.chat).bind(8, now);
  st.run();
  tx.commit();
  return ReportResult::kFiled;
}

std::vector<Report> SqlSafety::reports(bool all, int limit) const {
  const std::string sql = all ? std::string("SELECT * FROM (SELECT ") + kReportColumns +
                                    " ORDER BY r.id DESC LIMIT ?1) AS latest ORDER BY 1"
                              : std::string("SELECT ") + kReportColumns +
                                    " WHERE r.state = 'open' ORDER BY r.id LIMIT ?1";
  Statement st(db_, sql, "reports");
  st.bind(1, static_cast<std::int64_t>(limit));
  std::vector<Report> out;
  while (st.step()) out.push_back(read_report(st));
  return out;
}

std::optional<Report> SqlSafety::report_by_id(std::int64_t id) const {
  Statement st(db_, std::string("SELECT ") + kReportColumns + " WHERE r.id = ?1", "report_by_id");
  st.bind(1, id);
  if (!st.step()) return std::nullopt;
  return read_report(st);
}

bool SqlSafety::resolve_report(std::int64_t id, std::string_view resolution, std::int64_t now) {
  Statement st(db_,
               "UPDATE reports SET state = 'resolved', resolution = ?2, resolved_at = ?3 "
               "WHERE id = ?1 AND state = 'open'",
               "resolve_report");
  st.bind(1, id).bind(2, resolution).bind(3, now);
  st.run();
  return db_->changes() > 0;
}

std::vector<Report> SqlSafety::reports_by(std::int64_t reporter) const {
  Statement st(db_,
               std::string("SELECT ") + kReportColumns + " WHERE r.reporter_id = ?1 ORDER BY r.id",
               "reports_by");
  st.bind(1, reporter);
  std::vector<Report> out;
  while (st.step()) out.push_back(read_report(st));
  return out;
}

bool SqlSafety::set_chat_mute(std::int64_t account, std::int64_t until, std::string_view reason) {
  Statement st(db_,
               "UPDATE accounts SET chat_muted_until = ?2, chat_mute_reason = ?3 WHERE id = ?1",
               "set_chat_mute");
  st.bind(1, account).bind(2, until).bind(3, until > 0 ? reason : std::string_view());
  st.run();
  return db_->changes() > 0;
}

ChatMute SqlSafety::chat_mute(std::int64_t account) const {
  Statement st(db_, "SELECT chat_muted_until, chat_mute_reason FROM accounts WHERE id = ?1",
               "chat_mute");
  st.bind(1, account);
  if (!st.step()) return {};
  return {st.int64(0), st.text(1)};
}

}  // namespace whist::storage::detail
