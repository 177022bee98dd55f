// A table.act's action as the envelope reads it, before the table's rules
// are known: each field of the action object as given (missing, a value,
// or why it cannot be read). The table turns it into an engine Action with
// its rules (to_action), without JSON. Game records read their actions the
// same way (protocol::parse_action), so both say the same of a bad one.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/action.hpp"
#include "engine/options.hpp"

namespace whist::protocol {

// Why a field has no value (the words are written only when the table
// needs the field: to_action).
enum class FieldProblem : std::uint8_t { kMissing, kNotInteger, kNotString, kNotArray };

// One field: its value, or else why not.
template <typename T>
struct ActionField {
  std::optional<T> value;
  FieldProblem problem = FieldProblem::kMissing;
  bool operator==(const ActionField&) const = default;
};

// The range an action's integer fields are clamped to when read (both
// readings: read_action_input and parse_usual_act).
inline constexpr long long kActionIntMin = -1, kActionIntMax = 99;

struct ActionInput {
  ActionField<std::string> type;
  ActionField<long long> level, tricks;  // clamped to kActionIntMin..kActionIntMax
  ActionField<std::string> mode, suit;
  // A card's name, checked against the table's pack by to_action; an
  // element of `cards` that is not a string is nullopt.
  ActionField<std::string> card;
  ActionField<std::vector<std::optional<std::string>>> cards;
  bool operator==(const ActionInput&) const = default;
};

// Reads an action object (`j` must be an object).
ActionInput read_action_input(const nlohmann::json& j);

// The Action for `seat` under `rules`, or why it is malformed (a seat out
// of range, an unknown type, a missing or mistyped field the type needs, a
// string that is not a card of the variant's pack).
std::variant<Action, std::string> to_action(const ActionInput& in, const Rules& rules, int seat);

}  // namespace whist::protocol
