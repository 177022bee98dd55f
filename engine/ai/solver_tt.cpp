#include "engine/ai/solver_tt.hpp"

#include <algorithm>

namespace whist::ai::detail {

namespace {

constexpr std::size_t kInitialShapes = std::size_t{1} << 16;
constexpr std::uint16_t kFirstBlock = 4;  // entries
constexpr std::uint16_t kLargestBlock = 256;

// A quick word: bits 0..31 the owners of the relevant highest positions
// (suit s, k-th from the top at slot s * slots + k), bits 32..43 how many
// of each suit's highest positions are relevant (3 bits a suit), bits
// 48..55 the lower bound, 56..63 the upper.
constexpr int kCountShift = 32;
constexpr int kLowerShift = 48;
constexpr int kUpperShift = 56;

// compress8[m][x]: the bits of x at the set bits of m, packed low.
struct Tables {
  std::array<std::uint8_t, 256 * 256> compress8{};
  // The owner bits a quick word's counts select, for 2-bit owners with 4
  // slots a suit and for 3-bit owners with 2.
  std::array<std::array<std::uint32_t, 4096>, 2> owner_mask{};
  // spread[wide][top]: a 1 in the owner field of slot k (k-th highest)
  // for each set bit of `top` (bit slots-1-k), for 2-bit owners with 4
  // slots and 3-bit owners with 2.
  std::array<std::array<std::uint32_t, 16>, 2> spread{};
  Tables() {
    for (int wide = 0; wide < 2; ++wide) {
      const int bits = wide ? 3 : 2, slots = wide ? 2 : 4;
      for (unsigned top = 0; top < (1U << slots); ++top)
        for (int k = 0; k < slots; ++k)
          if (top >> (slots - 1 - k) & 1U)
            spread[static_cast<size_t>(wide)][top] |= std::uint32_t{1} << (k * bits);
    }
    for (unsigned m = 0; m < 256; ++m)
      for (unsigned x = 0; x < 256; ++x) {
        unsigned out = 0, k = 0;
        for (unsigned b = 0; b < 8; ++b)
          if (m >> b & 1U) out |= (x >> b & 1U) << k++;
        compress8[m * 256 + x] = static_cast<std::uint8_t>(out);
      }
    for (int wide = 0; wide < 2; ++wide) {
      const int bits = wide ? 3 : 2, slots = wide ? 2 : 4;
      for (unsigned code = 0; code < 4096; ++code) {
        std::uint32_t mask = 0;
        for (int s = 0; s < 4; ++s) {
          const int k = std::min(static_cast<int>(code >> (3 * s) & 7U), slots);
          mask |= ((std::uint32_t{1} << (k * bits)) - 1) << (s * slots * bits);
        }
        owner_mask[static_cast<size_t>(wide)][code] = mask;
      }
    }
  }
};

const Tables kTables;

std::size_t hash_of(const TTKey& key) {
  u64 h = key.lengths_low * 0x9E3779B97F4A7C15ULL;
  h ^= (key.lengths_high + (h >> 29)) * 0xBF58476D1CE4E5B9ULL;
  return static_cast<std::size_t>(h ^ (h >> 32));
}

int lower_of(u64 q) { return static_cast<int>(q >> kLowerShift & 0xFF); }
int upper_of(u64 q) { return static_cast<int>(q >> kUpperShift & 0xFF); }
u64 with_bounds(u64 q, int lower, int upper) {
  return (q & ((u64{1} << kLowerShift) - 1)) | static_cast<u64>(lower & 0xFF) << kLowerShift |
         static_cast<u64>(upper & 0xFF) << kUpperShift;
}

// Scans a block from its newest entry for one that matches and decides.
// The quick words first, without branches inside an entry (their outcomes
// are unpredictable); the full holdings only when the quick word passes.
template <int kKept>
int scan(const u64* quick, const u64* body, int count, u64 owners, const std::uint32_t* masks,
         const u64* rel, int target, u64& mask) {
  for (int i = count - 1; i >= 0; --i) {
    const u64 q = quick[i];
    const bool decides = (lower_of(q) >= target) | (upper_of(q) < target);
    const u64 own = owners & masks[q >> kCountShift & 0xFFF];
    if (!(decides & (own == (q & 0xFFFFFFFFU)))) continue;
    const u64* e = body + static_cast<std::size_t>(i) * (kKept + 1);
    const u64 m = e[0];
    u64 differ = 0;
    for (int h = 0; h < kKept; ++h) differ |= (rel[h] & m) ^ e[1 + h];
    if (differ) continue;
    mask = m;
    return lower_of(q) >= target ? 1 : 0;
  }
  return -1;
}

}  // namespace

unsigned compress16(unsigned x, unsigned m) {
  const unsigned lo = kTables.compress8[(m & 0xFFU) * 256 + (x & 0xFFU)];
  const unsigned hi = kTables.compress8[((m >> 8) & 0xFFU) * 256 + ((x >> 8) & 0xFFU)];
  return lo | hi << std::popcount(m & 0xFFU);
}

void TransTable::reset(int hands) {
  hands_ = hands;
  kept_ = hands - 1;
  owner_bits_ = hands <= 4 ? 2 : 3;
  top_slots_ = hands <= 4 ? 4 : 2;
  if (shapes_.empty()) shapes_.assign(kInitialShapes, Shape{});
  // Every shape of an older generation counts as an empty slot.
  if (++generation_ == 0) {
    std::fill(shapes_.begin(), shapes_.end(), Shape{});
    generation_ = 1;
  }
  shape_count_ = 0;
  arena_.clear();
}

TransTable::Shape* TransTable::find(const TTKey& key, bool insert) {
  const std::size_t mask = shapes_.size() - 1;
  for (std::size_t i = hash_of(key) & mask;; i = (i + 1) & mask) {
    Shape& s = shapes_[i];
    if (s.generation != generation_) {
      if (!insert) return nullptr;
      s = {key.lengths_low, key.lengths_high, 0, 0, 0, 0, generation_};
      ++shape_count_;
      return &s;
    }
    if (s.lengths_low == key.lengths_low && s.lengths_high == key.lengths_high) return &s;
  }
}

void TransTable::grow_shapes() {
  std::vector<Shape> old(shapes_.size() * 2, Shape{});
  old.swap(shapes_);
  const std::size_t mask = shapes_.size() - 1;
  for (const Shape& s : old) {
    if (s.generation != generation_) continue;
    std::size_t i = hash_of({s.lengths_low, s.lengths_high}) & mask;
    while (shapes_[i].generation == generation_) i = (i + 1) & mask;
    shapes_[i] = s;
  }
}

u64 TransTable::top_owners(const u64* rel) const {
  // Per suit, each hand's share of the top slots as a small bit pattern
  // (bit k: the k-th highest position), spread to one owner field a slot
  // and multiplied by the hand's number.
  const int slots = top_slots_, bits = owner_bits_;
  u64 out = 0;
  for (int s = 0; s < 4; ++s) {
    unsigned in = 0;
    for (int h = 0; h < hands_; ++h) in |= static_cast<unsigned>(rel[h] >> (16 * s)) & 0xFFFFU;
    const int shift = std::popcount(in) - slots;  // the lowest top slot's position
    u64 owners = 0;
    for (int h = 1; h < hands_; ++h) {
      const unsigned x = static_cast<unsigned>(rel[h] >> (16 * s)) & 0xFFFFU;
      const unsigned top = (shift >= 0 ? x >> shift : x << -shift) & ((1U << slots) - 1);
      owners += static_cast<u64>(h) * kTables.spread[bits == 3 ? 1 : 0][top];
    }
    out |= owners << (s * slots * bits);
  }
  return out;
}

u64 TransTable::quick_word(const u64* rel, u64 mask) const {
  unsigned code = 0;
  for (int s = 0; s < 4; ++s) {
    const int relevant = std::popcount(static_cast<unsigned>(mask >> (16 * s)) & 0xFFFFU);
    code |= static_cast<unsigned>(std::min(relevant, top_slots_)) << (3 * s);
  }
  const std::uint32_t selected = kTables.owner_mask[owner_bits_ == 3 ? 1 : 0][code];
  return (top_owners(rel) & selected) | static_cast<u64>(code) << kCountShift;
}

int TransTable::lookup(const TTKey& key, const u64* rel, int target, u64& mask) {
  const Shape* s = find(key, false);
  if (!s || !s->count) return -1;
  const u64* quick = arena_.data() + s->block;
  const u64* body = quick + s->capacity;
  const u64 owners = top_owners(rel);
  const std::uint32_t* masks = kTables.owner_mask[owner_bits_ == 3 ? 1 : 0].data();
  switch (kept_) {
    case 1: return scan<1>(quick, body, s->count, owners, masks, rel, target, mask);
    case 2: return scan<2>(quick, body, s->count, owners, masks, rel, target, mask);
    case 3: return scan<3>(quick, body, s->count, owners, masks, rel, target, mask);
    case 4: return scan<4>(quick, body, s->count, owners, masks, rel, target, mask);
    default: return scan<5>(quick, body, s->count, owners, masks, rel, target, mask);
  }
}

void TransTable::store(const TTKey& key, const u64* rel, u64 mask, int lower, int upper) {
  const std::size_t width = static_cast<std::size_t>(kept_) + 1;  // body words an entry
  if (arena_.size() + kLargestBlock * 2 * (width + 1) > max_words_) reset(hands_);
  if (2 * (shape_count_ + 1) > shapes_.size()) grow_shapes();
  Shape* s = find(key, true);

  // The same positions already have an entry: narrow its bounds.
  const u64 word = quick_word(rel, mask);
  {
    u64* quick = arena_.data() + s->block;
    const u64* e = quick + s->capacity;
    for (int i = 0; i < s->count; ++i, e += width) {
      if ((quick[i] & ((u64{1} << kLowerShift) - 1)) != word || e[0] != mask) continue;
      bool same = true;
      for (int h = 0; h < kept_ && same; ++h) same = (rel[h] & mask) == e[1 + h];
      if (!same) continue;
      const u64 q = quick[i];
      quick[i] = with_bounds(q, std::max(lower, lower_of(q)), std::min(upper, upper_of(q)));
      return;
    }
  }

  std::size_t slot;
  if (s->count < s->capacity) {
    slot = s->count++;
  } else if (s->capacity < kLargestBlock) {
    // Move the block to the end of the arena, twice the size.
    const auto capacity = static_cast<std::uint16_t>(s->capacity ? s->capacity * 2 : kFirstBlock);
    const std::size_t block = arena_.size();
    arena_.resize(block + capacity * (width + 1));
    u64* from = arena_.data() + s->block;
    u64* to = arena_.data() + block;
    std::copy_n(from, s->count, to);
    std::copy_n(from + s->capacity, s->count * width, to + capacity);
    s->block = static_cast<std::uint32_t>(block);
    s->capacity = capacity;
    slot = s->count++;
  } else {
    // Full: replace the oldest.
    slot = s->ring;
    s->ring = static_cast<std::uint16_t>((s->ring + 1) % s->capacity);
  }
  u64* quick = arena_.data() + s->block;
  u64* e = quick + s->capacity + slot * width;
  quick[slot] = with_bounds(word, lower, upper);
  e[0] = mask;
  for (int h = 0; h < kept_; ++h) e[1 + h] = rel[h] & mask;
}

}  // namespace whist::ai::detail
