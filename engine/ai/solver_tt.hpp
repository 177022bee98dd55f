// The solver's transposition table (solver.hpp), internal.
//
// Entries are stored at the start of a trick and hold bounds on the tricks
// the maximising side takes from there. A position's shape, the length of
// every hand in every suit and the leader, finds a list of entries; an entry
// matches a position of that shape when the cards whose ranks mattered have
// the same owners. Those cards are the top `k` cards still in play in each
// suit (k per suit, possibly 0), described in relative ranks: bit i of a
// hand's relative holding in a suit is set when the hand holds the i-th
// lowest card still in play in that suit. So one entry answers for every
// position that differs only in the small cards whose ranks never decided a
// trick (DDS's winning ranks; Ginsberg's partition search).
//
// Layout: the shapes in an open-addressing hash table; each shape's entries
// in one block of an arena of 64-bit words (a block moves to the end of the
// arena, doubled, when it fills). A block holds first one quick word per
// entry, the owners of the few highest relevant cards of each suit with the
// bounds, which rejects most entries that do not match; then the entries
// themselves: the mask and the masked holdings of all hands but the last
// (every position in a suit belongs to exactly one hand, so the last
// follows).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

namespace whist::ai::detail {

using u64 = std::uint64_t;

// The bits of `x` at the positions of the set bits of `m`, packed low
// (PEXT on 16 bits, by two table lookups).
unsigned compress16(unsigned x, unsigned m);

struct TTKey {
  u64 lengths_low = 0;   // hands 0..3: 16 bits each, 4 bits a suit
  u64 lengths_high = 0;  // hands 4..5, suitless jokers, the leader, the side maximised, rules
};

class TransTable {
 public:
  // Past this many words of entries the table starts again empty: 64 MB for
  // one solve of a whole deal; a table kept from solve to solve
  // (Solver::keep_table) is kept smaller, 8 MB. (Measured on the computer
  // player's decisions, bench_strength at 60 samples: 64 MB visited 3% fewer
  // nodes than 8 MB, 2 MB 3% more, and 64 MB made the process 130 MB where
  // 8 MB made it 16 MB.)
  static constexpr std::size_t kMaxWords = std::size_t{1} << 23;
  static constexpr std::size_t kKeptWords = std::size_t{1} << 20;
  void set_max_words(std::size_t words) { max_words_ = words; }

  // Empties the table for positions of `hands` hands.
  void reset(int hands);

  // Looks for an entry matching the relative holdings `rel` (one u64 a
  // hand, 16 bits a suit, every hand) that decides "at least `target`
  // tricks": returns 1 or 0 and sets `mask` to the entry's relevant
  // positions (16 bits a suit), or -1 when no entry decides.
  int lookup(const TTKey& key, const u64* rel, int target, u64& mask);
  // Stores bounds [lower, upper] for the positions matching `rel` on `mask`.
  void store(const TTKey& key, const u64* rel, u64 mask, int lower, int upper);

 private:
  struct Shape {
    u64 lengths_low;
    u64 lengths_high;
    std::uint32_t block;       // arena index of its entries
    std::uint16_t count;       // entries stored
    std::uint16_t capacity;    // entries the block holds
    std::uint16_t ring;        // next entry to overwrite when full
    std::uint32_t generation;  // the table's generation when stored (else empty)
  };

  Shape* find(const TTKey& key, bool insert);
  void grow_shapes();
  // The owners of the highest positions of each suit, packed as the quick
  // words hold them; and the same restricted to an entry's mask.
  u64 top_owners(const u64* rel) const;
  u64 quick_word(const u64* rel, u64 mask) const;

  std::size_t max_words_ = kMaxWords;
  int hands_ = 4;
  int kept_ = 3;        // holdings kept per entry
  int owner_bits_ = 2;  // bits to name a hand
  int top_slots_ = 4;   // highest positions per suit in a quick word
  std::vector<Shape> shapes_;
  std::size_t shape_count_ = 0;
  std::uint32_t generation_ = 0;  // reset() starts a new one: O(1)
  std::vector<u64> arena_;
};

}  // namespace whist::ai::detail
