// The parsers' shared pieces: see request_fields.hpp.
#include "protocol/request_fields.hpp"

#include <algorithm>

#include "protocol/json_fields.hpp"

namespace whist::protocol::request_fields {

// A malformed request: bad_message, "type: why".
Refused bad(std::string_view type, std::string_view why) {
  return Refused{Error::kBadMessage, std::string(type) + ": " + std::string(why)};
}

// A required string field of the data object.
Why get_string(const json& d, const char* key, std::string& out) {
  return read_string_field(d, key, out);
}

// An optional integer field within [lo, hi]; absent or null keeps `out`.
Why get_int(const json& d, const char* key, std::int64_t lo, std::int64_t hi, std::int64_t& out) {
  auto it = d.find(key);
  if (it == d.end() || it->is_null()) return std::nullopt;
  if (!it->is_number_integer() || it->get<std::int64_t>() < lo || it->get<std::int64_t>() > hi)
    return std::string("field ") + key + " must be a whole number from " + std::to_string(lo) +
           " to " + std::to_string(hi);
  out = it->get<std::int64_t>();
  return std::nullopt;
}

// An optional string field; absent or null keeps `out`.
Why get_optional_string(const json& d, const char* key, std::string& out) {
  auto it = d.find(key);
  if (it == d.end() || it->is_null()) return std::nullopt;
  if (!it->is_string()) return std::string("field ") + key + " must be a string";
  out = it->get<std::string>();
  return std::nullopt;
}

// An optional seat number (clamped to -1..99); absent or null keeps `out`.
Why get_seat(const json& d, int& out) {
  auto s = d.find("seat");
  if (s == d.end() || s->is_null()) return std::nullopt;
  if (!s->is_number_integer()) return std::string("seat must be a seat number");
  out = static_cast<int>(std::clamp<std::int64_t>(s->get<std::int64_t>(), -1, 99));
  return std::nullopt;
}

// A list of `lo` to `hi` usernames under `key`.
Why get_users(const json& d, const char* key, std::size_t lo, std::size_t hi,
              std::vector<std::string>& out) {
  const std::string why = std::string(key) + " must be a list of " + std::to_string(lo) + " to " +
                          std::to_string(hi) + " usernames";
  auto u = d.find(key);
  if (u == d.end() || u->is_null()) return lo == 0 ? std::nullopt : Why(why);
  if (!u->is_array() || u->size() < lo || u->size() > hi) return why;
  for (const auto& name : *u) {
    if (!name.is_string() || name.get_ref<const std::string&>().size() > 64) return why;
    out.push_back(name.get<std::string>());
  }
  return std::nullopt;
}

}  // namespace whist::protocol::request_fields
