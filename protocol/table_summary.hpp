// A table as the lobby lists it and a table's state carries it ("table"):
// its setup (table_setup_json), number, state, creator, seats, watchers,
// game and scores. One struct and one writer: the table core fills it
// (TableCore::summary_of) for the lobby's line and the table's state;
// tests/protocol/replies_test.cpp pins the writer's bytes.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "protocol/table_events.hpp"
#include "protocol/table_json.hpp"

namespace whist::protocol {

struct TableSummary {
  TableSetup setup;
  std::int64_t table = 0;
  std::string state;  // "open", "playing" or "finished"
  std::string creator;
  std::vector<SeatInfo> seats;
  std::int64_t watchers = 0;
  std::int64_t game = 0;                   // 0: none yet (null)
  std::optional<std::vector<int>> scores;  // none: no game (null)
  // A Play table's "fill_at": when computer players take the free seats
  // (none: not armed, null); other kinds have no such key.
  std::optional<std::int64_t> fill_at;
};

nlohmann::json table_summary_json(const TableSummary& s);
// The same, as JSON text (what the lobby keeps and sends).
std::string table_summary_text(const TableSummary& s);

}  // namespace whist::protocol
