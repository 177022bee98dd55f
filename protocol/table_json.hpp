// The JSON of tables and games on the wire: table settings (read and
// checked), a seat's or a watcher's view of a game (from an engine
// Observation), and the public events of a game.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/events.hpp"
#include "engine/game.hpp"
#include "engine/observation.hpp"
#include "engine/options.hpp"

namespace whist::protocol {

enum class ChatMode : std::uint8_t { kNone, kPreset, kText };
// Join: a table whose creator chooses everything; Play: quick play, opened
// by the server (play.quick); Compete: a chip buy-in, no suggestions.
enum class TableKind : std::uint8_t { kJoin, kPlay, kCompete };

// A table's settings besides the rules (Trickster's table settings).
struct TableSettings {
  int timer_bid = 0;   // seconds to bid: 0 (off), 7, 15, 30 or 60
  int timer_play = 0;  // seconds to play a card, the same values
  ChatMode chat = ChatMode::kText;
  bool watching = true;  // up to 10 watchers
  bool suggestions = false;
  std::string preset;  // a classic preset's id, when one was chosen
  TableKind kind = TableKind::kJoin;
  int buy_in = 0;               // Compete: 30, 110, 275 or 550 chips per seat
  bool invite_only = false;     // Join, Compete: only the invited see and join it
  bool friends_only = false;    // Join (the default there): only the players' friends
  std::int64_t start_at = 0;    // Unix seconds of a scheduled start; 0: now
  bool computers_fill = false;  // a scheduled table's free seats get computer players
};

struct TableSetup {
  Rules rules;
  TableSettings settings;
};

// Reads table.create's data: variant, players, preset, options, settings.
// A clear message for anything unknown, mistyped or out of range.
std::variant<TableSetup, std::string> parse_table_setup(const nlohmann::json& d);
nlohmann::json table_setup_json(const TableSetup& s);

// The preset chat phrases, sent by number.
const std::vector<std::string>& chat_phrases();

// A viewer's observation: their own hand only. As text (what a table
// sends after each action), written into `out` or as a document.
class JsonText;
void write_observation(JsonText& out, const Observation& o);
std::string observation_text(const Observation& o);
nlohmann::json observation_json(const Observation& o);
// One public event of the engine; `g` is the game after the action (for a
// deal's result and the scores).
// As text (what a table broadcasts) or as a document.
std::string event_text(const Event& e, const Game& g);
nlohmann::json event_json(const Event& e, const Game& g);

std::string_view chat_mode_name(ChatMode m);
std::string_view table_kind_name(TableKind k);

}  // namespace whist::protocol
