// Events' movements and scores as JSON: what whist-movement prints, what
// whist-score reads and prints (docs/events.md gives each format).
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <variant>

#include "event/movement.hpp"
#include "event/scoring.hpp"

namespace whist::protocol {

// {"kind", "tables" | "pairs" | "players", "rounds", "boards_per_round",
// "boards", "rounds_list": [{"round", "tables": [...], "bye", "sit_out"}]}.
nlohmann::ordered_json movement_json(const event::Movement& m);

// whist-score's input: {"movement", "scoring", "boards": [{"board",
// "results": [{"ns", "ew", "ns_score", "ew_score"} | {"ns", "ew",
// "adjusted"}]}]}, or a one-line message naming what is wrong.
std::variant<event::ScoreInput, std::string> parse_score_input(const nlohmann::json& j);

// {"ns": [...], "ew": [...]} (Mitchell) or {"pairs": [...]} (Howell), each
// entry {"pair", "score", "percent" (matchpoints), "rank"}, by rank.
nlohmann::ordered_json standings_json(const event::Standings& s, event::PairsMovement movement,
                                      event::ScoringMethod scoring);

}  // namespace whist::protocol
