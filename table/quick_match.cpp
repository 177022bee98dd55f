#include "table/quick_match.hpp"

#include <cstdlib>

namespace whist::table {

std::optional<std::int64_t> pick_forming(std::span<const FormingTable> tables, int rating,
                                         std::int64_t now_ms) {
  const FormingTable* best = nullptr;
  int best_gap = 0;
  for (const FormingTable& t : tables) {
    const std::int64_t waited_ms = now_ms > t.since_ms ? now_ms - t.since_ms : 0;
    const std::int64_t band = kMatchBand + kMatchBandPerSecond * waited_ms / 1000;
    const int gap = std::abs(t.rating - rating);
    if (gap > band) continue;
    if (!best || gap < best_gap || (gap == best_gap && t.since_ms < best->since_ms)) {
      best = &t;
      best_gap = gap;
    }
  }
  if (!best) return std::nullopt;
  return best->id;
}

}  // namespace whist::table
