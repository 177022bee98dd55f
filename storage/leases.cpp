// Tables' leases (see lease_store.hpp; the table is schema version 13).
#include <chrono>
#include <string>

#include "storage/sql.hpp"
#include "storage/sql_stores.hpp"

namespace whist::storage::detail {

std::optional<Lease> SqlLeases::acquire(std::int64_t table, std::string_view node,
                                        std::int64_t now_ms, std::int64_t ttl_ms) {
  constexpr const char* kWhat = "acquire";
  Transaction tx(db_, kWhat);
  {
    // Taken if free, expired, or ours; the token raised when it changes hands.
    Statement st(db_,
                 "INSERT INTO table_leases(table_id, node, token, expires_ms) "
                 "VALUES (?1, ?2, 1, ?3) ON CONFLICT(table_id) DO UPDATE SET "
                 "token = CASE WHEN table_leases.node = excluded.node THEN table_leases.token "
                 "ELSE table_leases.token + 1 END, "
                 "node = excluded.node, expires_ms = excluded.expires_ms "
                 "WHERE table_leases.node = excluded.node OR table_leases.expires_ms <= ?4",
                 kWhat);
    st.bind(1, table).bind(2, node).bind(3, now_ms + ttl_ms).bind(4, now_ms);
    if (st.try_step() == StepResult::kForeignKey)
      throw StorageError("acquire: no table " + std::to_string(table));
  }
  auto held = lease(table);
  tx.commit();
  if (!held || held->node != node) return std::nullopt;
  return held;
}

bool SqlLeases::renew(std::int64_t table, std::string_view node, std::int64_t token,
                      std::int64_t now_ms, std::int64_t ttl_ms) {
  Statement st(db_,
               "UPDATE table_leases SET expires_ms = ?4 "
               "WHERE table_id = ?1 AND node = ?2 AND token = ?3",
               "renew");
  st.bind(1, table).bind(2, node).bind(3, token).bind(4, now_ms + ttl_ms);
  st.run();
  return db_->changes() > 0;
}

bool SqlLeases::release(std::int64_t table, std::string_view node, std::int64_t token) {
  Statement st(db_,
               "UPDATE table_leases SET expires_ms = 0 "
               "WHERE table_id = ?1 AND node = ?2 AND token = ?3",
               "release");
  st.bind(1, table).bind(2, node).bind(3, token);
  st.run();
  return db_->changes() > 0;
}

std::optional<Lease> SqlLeases::lease(std::int64_t table) const {
  Statement st(db_, "SELECT node, token, expires_ms FROM table_leases WHERE table_id = ?1",
               "lease");
  st.bind(1, table);
  if (!st.step()) return std::nullopt;
  return Lease{st.text(0), st.int64(1), st.int64(2)};
}

std::vector<std::int64_t> SqlLeases::leases_of(std::string_view node) const {
  Statement st(db_,
               "SELECT l.table_id FROM table_leases l JOIN tables t ON t.id = l.table_id "
               "WHERE l.node = ?1 AND t.state <> 'closed' ORDER BY l.table_id",
               "leases_of");
  st.bind(1, node);
  std::vector<std::int64_t> out;
  while (st.step()) out.push_back(st.int64(0));
  return out;
}

bool SqlLeases::check_lease(std::int64_t table, std::int64_t token) {
  Statement st(db_,
               db_->dialect() == Dialect::kPostgres
                   ? "SELECT token FROM table_leases WHERE table_id = ?1 FOR SHARE"
                   : "SELECT token FROM table_leases WHERE table_id = ?1",
               "check_lease");
  st.bind(1, table);
  return st.step() && st.int64(0) == token;
}

int SqlLeases::renew_all(std::string_view node, std::int64_t now_ms, std::int64_t ttl_ms) {
  // (A closed table's lease is kept, its token with it, but not renewed.)
  Statement st(db_,
               "UPDATE table_leases SET expires_ms = ?2 WHERE node = ?1 AND table_id IN "
               "(SELECT id FROM tables WHERE state <> 'closed')",
               "renew_all");
  st.bind(1, node).bind(2, now_ms + ttl_ms);
  st.run();
  return static_cast<int>(db_->changes());
}

int SqlLeases::release_all(std::string_view prefix, std::string_view keep) {
  // (substr, not LIKE: '_' is in node names.)
  Statement st(db_,
               "UPDATE table_leases SET expires_ms = 0 "
               "WHERE substr(node, 1, length(?1)) = ?1 AND node <> ?2 AND expires_ms > 0",
               "release_all");
  st.bind(1, prefix).bind(2, keep);
  st.run();
  return static_cast<int>(db_->changes());
}

std::vector<std::int64_t> SqlLeases::claimable(std::int64_t now_ms, std::int64_t ttl_ms) const {
  Statement st(db_,
               "SELECT t.id FROM tables t LEFT JOIN table_leases l ON l.table_id = t.id "
               "WHERE t.state <> 'closed' AND (l.expires_ms <= ?1 OR "
               "(l.table_id IS NULL AND t.created_at * 1000 <= ?1 - ?2)) "
               "ORDER BY t.id",
               "claimable");
  st.bind(1, now_ms).bind(2, ttl_ms);
  std::vector<std::int64_t> out;
  while (st.step()) out.push_back(st.int64(0));
  return out;
}

std::int64_t SqlLeases::clock_ms() const {
  if (db_->dialect() == Dialect::kPostgres) {
    Statement st(db_, "SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint", "clock_ms");
    if (st.step()) return st.int64(0);
    throw StorageError("clock_ms: no answer");
  }
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace whist::storage::detail
