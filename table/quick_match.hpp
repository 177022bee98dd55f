// Quick play's choice among the Play tables forming for one variant and
// size: players of similar rating first, within a band that widens while
// a table waits, so that nobody's wait grows for it (a table fills with
// computer players at its fill_at anyway). docs/protocol.md, play.quick.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

namespace whist::table {

struct FormingTable {
  std::int64_t id = 0;
  std::int64_t since_ms = 0;  // when it started forming (a monotonic clock)
  int rating = 1500;          // its seated people's mean rating
};

// The band: 200 points, plus 50 for each second the table has waited.
constexpr int kMatchBand = 200;
constexpr int kMatchBandPerSecond = 50;

// The table for a player of `rating` at `now_ms`: the one nearest in
// rating among those within their band (the longest waiting on a tie);
// none if no table is within reach (a new table opens for them).
std::optional<std::int64_t> pick_forming(std::span<const FormingTable> tables, int rating,
                                         std::int64_t now_ms);

}  // namespace whist::table
