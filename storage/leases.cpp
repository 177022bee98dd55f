// Tables' leases (see lease_store.hpp; the table is schema version 13).
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
  Statement st(db_, "SELECT table_id FROM table_leases WHERE node = ?1 ORDER BY table_id",
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

}  // namespace whist::storage::detail
