// The wall clock in Unix seconds: what every stored time and every
// scheduled start is counted in. One definition for every layer above the
// engine (the table layer's values, the server, the tools); header-only,
// so nothing links for it. The engine itself never reads a clock.
#pragma once

#include <chrono>
#include <cstdint>

namespace whist {

inline std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace whist
