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

  std::uint64_t next() { return mix(state_ += kGamma); }

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

  // A shuffle's draws: out[i] = below(i + 1) for i from n - 1 down to 1,
  // the same numbers in the same order as those calls, leaving the same
  // state. Faster: the generator's values are computed first, side by side
  // (each depends only on the counter), and used as the calls would; the
  // rare rejected value makes the draws after it take the next ones.
  void below_each(std::uint32_t* out, int n) {
    constexpr int kMax = 64;
    std::uint64_t raw[kMax];
    const int steps = n - 1 < kMax ? n - 1 : kMax;
    for (int k = 0; k < steps; ++k)
      raw[k] = mix(state_ + static_cast<std::uint64_t>(k + 1) * kGamma);
    int used = 0;
    auto draw = [&] {
      ++used;
      return used <= steps ? raw[used - 1]
                           : mix(state_ + static_cast<std::uint64_t>(used) * kGamma);
    };
    for (int i = n - 1; i > 0; --i) {
      const auto bound = static_cast<std::uint32_t>(i + 1);
      std::uint64_t m = (draw() >> 32) * bound;
      if (static_cast<std::uint32_t>(m) < bound) {
        const std::uint32_t threshold = static_cast<std::uint32_t>(0U - bound) % bound;
        while (static_cast<std::uint32_t>(m) < threshold) m = (draw() >> 32) * bound;
      }
      out[i] = static_cast<std::uint32_t>(m >> 32);
    }
    state_ += static_cast<std::uint64_t>(used) * kGamma;
  }

 private:
  static constexpr std::uint64_t kGamma = 0x9E3779B97F4A7C15ULL;
  static std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

  std::uint64_t state_;
};

}  // namespace whist
