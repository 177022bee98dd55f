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
#include "table/settings.hpp"

namespace whist::protocol {

// The table layer's settings, by their names here too.
using whist::ChatMode;
using whist::TableKind;
using whist::TableSettings;
using whist::TableSetup;

// Reads table.create's data: variant, players, preset, options, settings.
// A clear message for anything unknown, mistyped or out of range.
std::variant<TableSetup, std::string> parse_table_setup(const nlohmann::json& d);
nlohmann::json table_setup_json(const TableSetup& s);

// The preset chat phrases, sent by number (table/settings).
using whist::chat_phrases;

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

}  // namespace whist::protocol
