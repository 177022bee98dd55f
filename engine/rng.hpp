// The engine's deterministic generator and shuffle.
//
// Every random choice the engine makes comes from this generator, so a seed
// reproduces a game exactly on any platform: xoshiro256** seeded through
// splitmix64, uniform integers by Lemire's multiply-and-reject, and a
// Fisher-Yates shuffle from the last position down. docs/protocol.md and the
// record format rely on this being stable; changing it changes seeded games.
#pragma once

#include <array>
#include <cstdint>

namespace whist {

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0);
  std::uint64_t next();
  // Uniform in [0, n); n > 0.
  std::uint32_t below(std::uint32_t n);

 private:
  std::array<std::uint64_t, 4> s_{};
};

}  // namespace whist
