// The engine's deterministic generator and shuffle.
//
// Every random choice the engine makes comes from this generator, so a seed
// reproduces a game exactly on any platform: xoshiro256** seeded through
// splitmix64, uniform integers by Lemire's multiply-and-reject (two at a
// time from one output in the shuffle), and a Fisher-Yates shuffle from the
// last position down. docs/protocol.md and the
// record format rely on this being stable; changing it changes seeded games.
#pragma once

#include <array>
#include <cstdint>

namespace whist {

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0);

  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n); n > 0. Lemire: the high half of a 32x32 product,
  // rejecting the few low values that would bias it.
  std::uint32_t below(std::uint32_t n) {
    std::uint64_t m = (next() >> 32) * n;
    if (static_cast<std::uint32_t>(m) < n) {
      const std::uint32_t threshold = static_cast<std::uint32_t>(-n) % n;
      while (static_cast<std::uint32_t>(m) < threshold) m = (next() >> 32) * n;
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

  // Two uniform draws, a in [0, n1) and b in [0, n2), from one 64-bit output
  // where it suffices (Lemire and Brackett's batched ranged integers: each
  // draw multiplies the leftover of the last, and the final leftover decides
  // whether to draw again).
  void below2(std::uint32_t n1, std::uint32_t n2, std::uint32_t& a, std::uint32_t& b) {
    __extension__ using u128 = unsigned __int128;
    const std::uint64_t bound = std::uint64_t{n1} * n2;
    for (;;) {
      u128 m = static_cast<u128>(next()) * n1;
      a = static_cast<std::uint32_t>(m >> 64);
      m = static_cast<u128>(static_cast<std::uint64_t>(m)) * n2;
      b = static_cast<std::uint32_t>(m >> 64);
      const auto leftover = static_cast<std::uint64_t>(m);
      if (leftover >= bound || leftover >= (0 - bound) % bound) return;
    }
  }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::array<std::uint64_t, 4> s_{};
};

}  // namespace whist
