// Game records (docs/records.md) as engine values, and replaying one.
// Reading and writing the JSON form is protocol's work
// (protocol/record_json.hpp); everything about the rules is here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/action.hpp"
#include "engine/deal.hpp"
#include "engine/game.hpp"
#include "engine/options.hpp"

namespace whist {

// A record as read. A deal or an action that could not be read holds the
// reason instead: it is an error only if replaying reaches it.
struct GameRecord {
  Rules rules;
  int dealer = 0;
  std::optional<std::uint64_t> seed;  // used when no deals are given
  std::vector<std::variant<DealSpec, std::string>> deals;
  std::vector<std::variant<Action, std::string>> actions;
};

// The record of a game so far: its rules, first dealer, every deal as dealt
// and every action.
GameRecord record_of(const Game& g);

struct ReplayResult {
  enum class Kind { kOk, kIllegal, kMalformed };
  Kind kind = Kind::kOk;
  int index = -1;                      // kIllegal: the first illegal action
  RuleError error = RuleError::kNone;  // kIllegal
  std::string message;                 // kIllegal, kMalformed
  std::optional<Game> game;            // the game as far as it went (not kMalformed)
};

// Applies the record's actions in order, checking each deal when play
// reaches it. Rules must have passed `finalize`.
ReplayResult replay(const GameRecord& r);

}  // namespace whist
