// game.record's and game.replay's answer (docs/protocol.md), and whistctl's
// `game`: a finished game as storage keeps it, written out with the record
// that whist-replay reads. The one writer of that answer.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace whist::protocol {

// A finished game in the texts storage keeps, as the record writers made
// them (record_json.hpp: game_setup_text, deal_text, action_text,
// game_result_text; table_events.hpp: record_seats_text).
struct StoredGame {
  std::int64_t id = 0;
  std::int64_t table = 0;
  std::string setup;
  std::string seats;
  std::string result;  // empty: none (a game abandoned or cancelled)
  std::vector<std::string> deals;
  std::vector<std::string> actions;
};

// {"game", "table", "seats", "result", "record": {"variant", "options",
// "players", "dealer", "deals", "actions"}}: the record has no seed (its
// deals are there). Throws nlohmann::json's exceptions for stored text that
// is not JSON.
nlohmann::json game_record_json(const StoredGame& g);

}  // namespace whist::protocol
