// The engine's deterministic generator and shuffle.
//
// Every random choice the engine makes comes from this generator, so a seed
// reproduces a game exactly on any platform: SplitMix64 (a 64-bit counter
// stepped by the golden ratio, each value mixed by two multiply-xorshift
// rounds; it passes BigCrush), uniform integers by Lemire's
// multiply-and-reject on the high 32 bits, and a Fisher-Yates shuffle from
// the last position down (deal.cpp). Seeded games and records depend on all
// three: changing any of them changes seeded games.
#pragma once

#include <cstdint>

namespace whist {

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

  // Uniform in [0, n); n > 0. Lemire: the high half of a 32x32 product,
  // rejecting the few low values that would bias it.
  std::uint32_t below(std::uint32_t n) {
    std::uint64_t m = (next() >> 32) * n;
    if (static_cast<std::uint32_t>(m) < n) {
      const std::uint32_t threshold = static_cast<std::uint32_t>(0U - n) % n;
      while (static_cast<std::uint32_t>(m) < threshold) m = (next() >> 32) * n;
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

 private:
  std::uint64_t state_;
};

}  // namespace whist
