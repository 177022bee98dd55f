// The lobby's tables in SQLite (see table_store.hpp; the table is schema
// version 1 in schema.cpp). The state is stored by its name (states.hpp).
#include <string>

#include "storage/sql.hpp"
#include "storage/sql_stores.hpp"

namespace whist::storage::detail {

namespace {

constexpr const char* kTableColumns = "SELECT id, settings, state, created_at FROM tables ";

TableRow read_table(const Statement& st) {
  const std::int64_t id = st.int64(0);
  return {id, st.text(1), table_state_from(st.text(2), "table " + std::to_string(id)), st.int64(3)};
}

}  // namespace

std::int64_t SqlTables::create_table(std::string_view settings, TableState state,
                                     std::int64_t now) {
  Statement st(db_, "INSERT INTO tables(settings, state, created_at) VALUES (?1, ?2, ?3)",
               "create_table");
  st.bind(1, settings).bind(2, name(state)).bind(3, now);
  return st.insert_id();
}

void SqlTables::update_table(std::int64_t id, std::string_view settings, TableState state) {
  Statement st(db_, "UPDATE tables SET settings = ?2, state = ?3 WHERE id = ?1", "update_table");
  st.bind(1, id).bind(2, settings).bind(3, name(state));
  st.run();
  if (db_->changes() == 0) throw StorageError("update_table: no table " + std::to_string(id));
}

void SqlTables::set_table_state(std::int64_t id, TableState state) {
  Statement st(db_, "UPDATE tables SET state = ?2 WHERE id = ?1", "set_table_state");
  st.bind(1, id).bind(2, name(state));
  st.run();
  if (db_->changes() == 0) throw StorageError("set_table_state: no table " + std::to_string(id));
}

std::optional<TableRow> SqlTables::table(std::int64_t id) const {
  Statement st(db_, std::string(kTableColumns) + "WHERE id = ?1", "table");
  st.bind(1, id);
  if (!st.step()) return std::nullopt;
  return read_table(st);
}

std::vector<TableRow> SqlTables::tables_in_state(TableState state) const {
  Statement st(db_, std::string(kTableColumns) + "WHERE state = ?1 ORDER BY id", "tables_in_state");
  st.bind(1, name(state));
  std::vector<TableRow> out;
  while (st.step()) out.push_back(read_table(st));
  return out;
}

}  // namespace whist::storage::detail
