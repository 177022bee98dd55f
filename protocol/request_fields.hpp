// The pieces parse_request's parsers share (protocol/requests.cpp and
// protocol/event_requests.cpp): a parser's result, the words of a refusal,
// and reading the data object's fields. Internal to the protocol layer.
#pragma once

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "protocol/messages.hpp"

namespace whist::protocol::request_fields {

using nlohmann::json;

// What a request type's parser gives: the message, or why not.
struct Refused {
  Error error;
  std::string detail;
};
using Parsed = std::variant<ClientMessage, Refused>;
using Why = std::optional<std::string>;

constexpr std::int64_t kMaxId = std::numeric_limits<std::int64_t>::max();

// A malformed request: bad_message, "type: why".
Refused bad(std::string_view type, std::string_view why);

// A required string field of the data object.
Why get_string(const json& d, const char* key, std::string& out);

// An optional integer field within [lo, hi]; absent or null keeps `out`.
Why get_int(const json& d, const char* key, std::int64_t lo, std::int64_t hi, std::int64_t& out);

// An optional string field; absent or null keeps `out`.
Why get_optional_string(const json& d, const char* key, std::string& out);

// An optional seat number (clamped to -1..99); absent or null keeps `out`.
Why get_seat(const json& d, int& out);

// A list of `lo` to `hi` usernames under `key`.
Why get_users(const json& d, const char* key, std::size_t lo, std::size_t hi,
              std::vector<std::string>& out);

// The events' requests (protocol/event_requests.cpp).
Parsed parse_event_create(const std::string& type, json& d);
Parsed parse_event_at(const std::string& type, json& d);  // event.get
Parsed parse_event_results(const std::string& type, json& d);
Parsed parse_event_enter(const std::string& type, json& d);
Parsed parse_event_withdraw(const std::string& type, json& d);
Parsed parse_event_direct(const std::string& type, json& d);

}  // namespace whist::protocol::request_fields
