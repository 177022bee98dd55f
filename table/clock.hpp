// The wall clock in Unix seconds: what every stored time and every
// scheduled start is counted in. One definition for every layer above the
// engine (the table layer's values, the server, the tools); header-only,
// so nothing links for it. The engine itself never reads a clock.
#pragma once

#include <chrono>
#include <cstdint>
#include <ctime>
#include <string>

namespace whist {

inline std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// A Unix time in UTC, by strftime's `format` (at most 63 characters out).
inline std::string utc_format(std::int64_t unix_s, const char* format) {
  const std::time_t t = static_cast<std::time_t>(unix_s);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

// "2026-11-28 14:05 UTC": a time for people (an operator's chat mute).
inline std::string utc_time(std::int64_t unix_s) {
  return utc_format(unix_s, "%Y-%m-%d %H:%M UTC");
}

}  // namespace whist
