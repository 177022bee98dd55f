// The tables of the lobby: each table's row (what it needs to come back
// after a restart, as written by table_codec.hpp) and its state.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/states.hpp"

namespace whist::storage {

struct TableRow {
  std::int64_t id = 0;
  std::string settings;  // the stored table (table_codec.hpp: encode_table, decode_table)
  TableState state = TableState::kOpen;
  std::int64_t created_at = 0;
};

class TableStore {
 public:
  virtual ~TableStore() = default;

  virtual std::int64_t create_table(std::string_view settings, TableState state,
                                    std::int64_t now) = 0;
  // Throws StorageError for an unknown id (a bug, like a gap in an index).
  virtual void update_table(std::int64_t id, std::string_view settings, TableState state) = 0;
  // Only the state: the row as it was (closing a table from outside it).
  virtual void set_table_state(std::int64_t id, TableState state) = 0;
  virtual std::optional<TableRow> table(std::int64_t id) const = 0;
  // In order of id.
  virtual std::vector<TableRow> tables_in_state(TableState state) const = 0;
};

}  // namespace whist::storage
