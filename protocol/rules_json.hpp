// The rules as a client learns them: the variants with their options
// (type, range or values, default per number of players, words for a
// form), the classic presets, the table settings' allowed values and the
// chat phrases. Built from engine/options and table/settings, the one
// source; sent in `welcome` (docs/protocol.md, "The rules object").
#pragma once

#include <nlohmann/json_fwd.hpp>

namespace whist::protocol {

// The rules object, built once.
const nlohmann::json& rules_json();

}  // namespace whist::protocol
