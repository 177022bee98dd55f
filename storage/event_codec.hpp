// An event as storage keeps it (the document of its row in EventStore):
// everything event::EventData holds, which is what the event's core needs
// to come back after a restart. Storage's own format, written and read
// here only, and read strictly (every key known, every value of its type).
//
//   {"id", "settings": {"name", "kind", "rules": {"options": {...}},
//    "scoring", "rounds" (null: the most), "boards_per_round",
//    "round_seconds", "start_unix", "fee", "house_percent", "seed" (a
//    decimal string)}, "director": player, "state", "paused",
//    "paused_left", "round", "round_ends", "entries": [{"player",
//    "partner" (null: none), "asked"}], "field", "planned_rounds",
//    "pairs": [{"direction", "pair", "players": [player, player]}],
//    "drive_players": [{"number", "player"}], "tables": [{"round",
//    "table", "seats": [4 players], "ns", "ew", "players": [4],
//    "boards", "done"}], "results": [{"board", "round", "table", "ns",
//    "ew", "players", "ns_score", "ew_score", "adjusted" (null: played)}],
//    "paid": [{"account", "chips"}], "chip_batches"}
// where a player is {"account", "name"} (account 0: a computer).
#pragma once

#include <string>
#include <string_view>

#include "event/core.hpp"
#include "event/daily.hpp"

namespace whist::storage {

std::string encode_event(const event::EventData& e);
// Throws StorageError saying what is wrong: not JSON, a key missing or
// unknown, a value of the wrong type or out of range, rules the engine
// refuses.
event::EventData decode_event(std::string_view text);

// A daily duplicate, the same way:
//   {"daily": {"id", "settings": {"name", "rules": {"options": {...}},
//    "scoring", "boards", "opens", "closes", "seed"}, "entrants":
//    [{"number", "account", "name", "entered_at", "played": [[ns, ew]...]}]}}
// (the outer key tells it from a pairs event or a drive).
std::string encode_daily(const event::DailyData& d);
event::DailyData decode_daily(std::string_view text);
// Whether a stored event's document is a daily duplicate's.
bool is_daily(std::string_view text);

}  // namespace whist::storage
