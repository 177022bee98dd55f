// Internal to storage/'s .cpp files (as sqlite.hpp is): reading storage's
// own JSON documents (table_codec.cpp, event_codec.cpp) strictly, every
// key known and every value of its type. Each helper throws StorageError
// with a bare message naming what is wrong; a codec's entry point names
// its document (`named`: "stored table: ..."). No header of the stores'
// interfaces includes this one (tests/layers.cmake allows it alone).
#pragma once

#include <charconv>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>
#include <variant>

#include "engine/options.hpp"
#include "storage/storage_error.hpp"

namespace whist::storage::codec {

using nlohmann::json;

[[noreturn]] inline void bad(const std::string& why) { throw StorageError(why); }

// Runs `decode`, naming the document in any StorageError it throws.
template <typename F>
auto named(const char* document, F&& decode) {
  try {
    return decode();
  } catch (const StorageError& e) {
    throw StorageError(std::string(document) + ": " + e.what());
  }
}

// The object `j` (named `what`), with only the keys `known`.
inline const json& object(const json& j, const std::string& what,
                          const std::set<std::string>& known) {
  if (!j.is_object()) bad(what + " is not an object");
  for (const auto& [key, value] : j.items())
    if (!known.count(key)) bad(what + " has an unknown key '" + key + "'");
  return j;
}

inline const json& at(const json& j, const char* key, const std::string& what) {
  const auto it = j.find(key);
  if (it == j.end()) bad(what + " has no '" + key + "'");
  return *it;
}

inline std::int64_t integer(const json& j, const char* key, const std::string& what,
                            std::int64_t lo, std::int64_t hi) {
  const json& v = at(j, key, what);
  if (!v.is_number_integer()) bad(what + "'s " + key + " is not a whole number");
  const auto n = v.get<std::int64_t>();
  if (n < lo || n > hi) bad(what + "'s " + key + " is out of range: " + std::to_string(n));
  return n;
}

inline double number(const json& j, const char* key, const std::string& what) {
  const json& v = at(j, key, what);
  if (!v.is_number()) bad(what + "'s " + key + " is not a number");
  return v.get<double>();
}

inline bool boolean(const json& j, const char* key, const std::string& what) {
  const json& v = at(j, key, what);
  if (!v.is_boolean()) bad(what + "'s " + key + " is not true or false");
  return v.get<bool>();
}

inline std::string text(const json& j, const char* key, const std::string& what) {
  const json& v = at(j, key, what);
  if (!v.is_string()) bad(what + "'s " + key + " is not a string");
  return v.get<std::string>();
}

// A 64-bit seed, kept as decimal text (JSON's numbers stop at 2^53 in
// many readers).
inline std::uint64_t seed(const json& j, const char* key, const std::string& what) {
  const std::string s = text(j, key, what);
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size())
    bad(what + "'s " + key + " is not a number");
  return n;
}

inline const json& list(const json& j, const char* key, const std::string& what) {
  const json& v = at(j, key, what);
  if (!v.is_array()) bad(what + "'s " + key + " is not a list");
  return v;
}

// The enum value among [0, n) whose name is `name`.
template <typename E, typename Name>
E by_name(const std::string& name, int n, Name name_of, const char* what) {
  for (int i = 0; i < n; ++i)
    if (name_of(static_cast<E>(i)) == name) return static_cast<E>(i);
  bad(std::string("unknown ") + what + " '" + name + "'");
}

// A variant's options by name (engine/options.hpp's option_values).
inline json options_json(const Rules& r) {
  json o = json::object();
  for (const auto& [name, value] : option_values(r))
    std::visit([&o, &name](const auto& x) { o[name] = x; }, value);
  return o;
}

// Sets `r`'s options from their object, each through the engine's
// set_option (not finalized).
inline void read_options(const json& options, Rules& r) {
  if (!options.is_object()) bad("options is not an object");
  for (const auto& [name, value] : options.items()) {
    OptionValue ov;
    if (value.is_boolean())
      ov = value.get<bool>();
    else if (value.is_number_integer())
      ov = value.get<std::int64_t>();
    else if (value.is_string())
      ov = value.get<std::string>();
    else
      bad("option " + name + " has a value of the wrong type");
    if (auto err = set_option(r.variant, r.options, name, ov)) bad(*err);
  }
}

}  // namespace whist::storage::codec
