// Reading one field of a JSON object, with the same words everywhere a
// field is refused ("missing field username", "field username must be a
// string"): requests, actions and game records.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace whist::protocol {

// A required string field: nullopt when `out` is set, else why not.
inline std::optional<std::string> read_string_field(const nlohmann::json& obj, const char* key,
                                                    std::string& out) {
  auto it = obj.find(key);
  if (it == obj.end()) return std::string("missing field ") + key;
  if (!it->is_string()) return std::string("field ") + key + " must be a string";
  out = it->get<std::string>();
  return std::nullopt;
}

}  // namespace whist::protocol
