// Events on the wire (docs/protocol.md#events): an event's summary for the
// list, its whole view for event.get and the event.update push, and the
// daily duplicate's view. What a view shows depends on the moment: while a
// round is played, the standings count the rounds before it only, and the
// travellers (every table's result on each board) come once the event is
// over, so nobody learns a board before playing it.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <utility>

#include "event/core.hpp"
#include "event/daily.hpp"

namespace whist::protocol {

// {"event", "name", "kind", "state", "director", "options", "scoring",
//  "rounds", "round", "boards_per_round", "round_seconds", "round_ends",
//  "paused", "start_at", "fee", "entries"}
nlohmann::json event_summary_json(const whist::event::EventData& e);

// The summary, with "entries" as the list ([{"player", "partner",
// "single"}]), "pairs" or "players", "tables" (this round's: "table",
// "table_id" from `table_id`, "ns", "ew", "players", "seats", "boards",
// "done"), "standings" and "travellers" (when over).
nlohmann::json event_view_json(const whist::event::EventCore& e,
                               const std::function<std::int64_t(int table)>& table_id);

// A finished event's results as one document (docs/events.md#results):
// the view's settings, pairs (or players) and standings, and each board
// with its dealer, trump, hands and every table's result, with the game
// (`games`, by round and table; missing: not played to its end) and the
// deal in it that played the board.
nlohmann::json event_results_json(const whist::event::EventCore& e,
                                  const std::map<std::pair<int, int>, std::int64_t>& games);

// The daily duplicate for `account` (0: nobody) at `now`: its settings,
// the account's boards played and next board, the table it plays at
// (0: none), and the ranking and travellers when they may see them.
nlohmann::json daily_json(const whist::event::DailyCore& d, std::int64_t account, std::int64_t now,
                          std::int64_t table_id);

}  // namespace whist::protocol
