// The computer player's tally of candidate cards over samples, and the
// rules that stop sampling the cards shown worse (engine/ai/card_tally.hpp).
#include <catch2/catch.hpp>
#include <tuple>

#include "engine/ai/card_tally.hpp"

using namespace whist;
using ai::CardTally;

namespace {

const Card kA = make_card(3, kAce);
const Card kK = make_card(3, kKing);
const Card kQ = make_card(3, kQueen);

// `rows` samples of the three cards, their values from `value(i)`.
template <typename Value>
CardTally tally_of(int rows, Value value) {
  CardTally t;
  for (int i = 0; i < rows; ++i) {
    std::array<int, 54> v{};
    const auto [a, k, q] = value(i);
    v[kA] = a, v[kK] = k, v[kQ] = q;
    t.add_sample(bit(kA) | bit(kK) | bit(kQ), v);
  }
  return t;
}

}  // namespace

TEST_CASE("a card worse in every sample leaves once there are enough samples", "[tally]") {
  // The king a trick worse than the ace in each deal, whatever the deal is
  // worth: the means are 1 apart (within the fixed margin), the
  // differences never vary.
  auto value = [](int i) { return std::tuple{3 + i % 4, 2 + i % 4, 3 + i % 4}; };
  const CardSet all = bit(kA) | bit(kK) | bit(kQ);
  const CardTally seven = tally_of(CardTally::kDropMin - 1, value);
  CHECK(seven.drop_paired(all) == all);
  const CardTally eight = tally_of(CardTally::kDropMin, value);
  CHECK(eight.drop_paired(all) == (bit(kA) | bit(kQ)));
  CHECK(eight.drop_worse(all, 1.25) == all);
  CHECK(eight.mean(kA) == Approx(eight.mean(kK) + 1));
}

TEST_CASE("cards as good on the whole stay, however much each deal differs", "[tally]") {
  // The king a trick better in half the deals and a trick worse in the
  // others: the same mean, differences of 1 each way.
  auto value = [](int i) { return std::tuple{5, i % 2 ? 6 : 4, 5}; };
  const CardSet all = bit(kA) | bit(kK) | bit(kQ);
  CHECK(tally_of(40, value).drop_paired(all) == all);
}

TEST_CASE("a card leaves only when its differences from the best are clear", "[tally]") {
  // Eight samples; the king a trick worse than the ace in `worse` of them,
  // as good in the others. 3 of 8 could be chance (a mean difference of
  // 0.375 tricks, 1.8 standard errors); 4 of 8 is not (2.6).
  const CardSet all = bit(kA) | bit(kK) | bit(kQ);
  for (const auto& [worse, dropped] : {std::pair{3, false}, std::pair{4, true}}) {
    INFO(worse << " of 8 samples worse");
    const CardTally t = tally_of(8, [w = worse](int i) { return std::tuple{4, i < w ? 3 : 4, 4}; });
    CHECK((t.drop_paired(all) & bit(kK)) == (dropped ? 0 : bit(kK)));
    CHECK((t.drop_paired(all) & (bit(kA) | bit(kQ))) == (bit(kA) | bit(kQ)));
  }
}

TEST_CASE("the best card is measured against, never dropped", "[tally]") {
  // The queen best by a trick in every sample: the ace and the king leave,
  // whatever order the cards are in.
  auto value = [](int i) { return std::tuple{i % 3, i % 3, i % 3 + 1}; };
  const CardSet all = bit(kA) | bit(kK) | bit(kQ);
  CHECK(tally_of(12, value).drop_paired(all) == bit(kQ));
  // One card alone stays, and a whole solve's values (no rows) drop none.
  CHECK(tally_of(12, value).drop_paired(bit(kK)) == bit(kK));
  CardTally whole;
  for (int i = 0; i < 20; ++i) whole.add(kA, 5), whole.add(kK, 4);
  CHECK(whole.drop_paired(bit(kA) | bit(kK)) == (bit(kA) | bit(kK)));
  // Nor does a tally that keeps no rows (the player without the rule);
  // its means are the same.
  CardTally no_rows(false);
  std::array<int, 54> v{};
  v[kA] = 5, v[kK] = 4;
  for (int i = 0; i < 20; ++i) no_rows.add_sample(bit(kA) | bit(kK), v);
  CHECK(no_rows.drop_paired(bit(kA) | bit(kK)) == (bit(kA) | bit(kK)));
  CHECK(no_rows.mean(kK) == Approx(4));
}
