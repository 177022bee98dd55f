#include <catch2/catch.hpp>
#include <set>

#include "engine/card.hpp"
#include "engine/deal.hpp"
#include "engine/rng.hpp"
#include "tests/engine/scripted.hpp"

using namespace whist;

TEST_CASE("card notation round-trips for the whole pack and the jokers", "[cards]") {
  std::set<std::string> names;
  for (Card c = 0; c < 54; ++c) {
    const std::string name = card_name(c);
    REQUIRE(parse_card(name) == c);
    names.insert(name);
  }
  CHECK(names.size() == 54);
  CHECK(card_name(make_card(3, kTen)) == "TS");
  CHECK(card_name(make_card(0, kTwo)) == "2C");
  CHECK(card_name(make_card(2, kAce)) == "AH");
  CHECK(card_name(kBlackJoker) == "BJ");
  CHECK(card_name(kRedJoker) == "RJ");
}

TEST_CASE("bad card names are refused", "[cards]") {
  for (const char* bad : {"", "1X", "2d", "ts", "10S", "AS ", "XJ", "J", "JB", "ASS"})
    CHECK_FALSE(parse_card(bad).has_value());
}

TEST_CASE("suits, ranks and packs", "[cards]") {
  CHECK(suit_of(test::card("QD")) == 1);
  CHECK(rank_of(test::card("QD")) == kQueen);
  CHECK(suit_of(kRedJoker) == kNoSuit);
  CHECK(count(pack_with_jokers(0)) == 52);
  CHECK(count(pack_with_jokers(1)) == 53);
  CHECK(contains(pack_with_jokers(1), kRedJoker));
  CHECK_FALSE(contains(pack_with_jokers(1), kBlackJoker));
  CHECK(count(pack_with_jokers(2)) == 54);
  CHECK(set_text(test::set("2C AS TD")) == "2C TD AS");
}

TEST_CASE("the generator is deterministic and its draws are in range", "[cards][rng]") {
  Rng a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 1000; ++i) {
    const auto x = a.next();
    REQUIRE(x == b.next());
    differs |= x != c.next();
  }
  CHECK(differs);
  // Known first outputs pin the generator: seeded games depend on them.
  Rng pinned(0);
  CHECK(pinned.next() == 0xE220A8397B1DCDAFULL);  // SplitMix64's first value from 0
  for (std::uint32_t n : {1u, 2u, 3u, 7u, 52u, 1000u}) {
    for (int i = 0; i < 200; ++i) REQUIRE(a.below(n) < n);
  }
}

TEST_CASE("draws are close to uniform", "[cards][rng]") {
  Rng r(7);
  std::array<int, 6> seen{};
  const int n = 60000;
  for (int i = 0; i < n; ++i) ++seen[r.below(6)];
  for (int k : seen) CHECK(std::abs(k - n / 6) < 600);  // about 6 standard deviations
}

TEST_CASE("seeded deals use the whole pack and are reproducible", "[cards][deal]") {
  for (Variant v : {Variant::kClassic, Variant::kBid, Variant::kExact}) {
    Rules r;
    r.variant = v;
    REQUIRE_FALSE(finalize(r));
    Rng g1(99), g2(99);
    for (int k = 0; k < 20; ++k) {
      const Deal d = deal_from_shuffle(r, 0, k % 4, g1);
      REQUIRE(d == deal_from_shuffle(r, 0, k % 4, g2));
      CardSet all = d.kitty;
      for (int s = 0; s < 4; ++s) {
        REQUIRE(count(d.hands[static_cast<size_t>(s)]) == hand_size(r, 0));
        REQUIRE((all & d.hands[static_cast<size_t>(s)]) == 0);
        all |= d.hands[static_cast<size_t>(s)];
      }
      if (v != Variant::kExact) REQUIRE(all == pack_of(r));
      if (v == Variant::kClassic) REQUIRE(contains(d.hands[static_cast<size_t>(k % 4)], d.turned));
      if (v == Variant::kExact) REQUIRE(!contains(all, d.turned));
      // The deal checks as a recorded deal would.
      REQUIRE(std::holds_alternative<Deal>(check_deal(r, 0, k % 4, spec_of(r, 0, d))));
    }
  }
}

TEST_CASE("every card lands in every seat over many shuffles", "[cards][deal]") {
  Rules r;
  REQUIRE_FALSE(finalize(r));
  Rng g(5);
  std::array<std::array<int, 4>, 52> where{};
  for (int k = 0; k < 4000; ++k) {
    const Deal d = deal_from_shuffle(r, 0, 0, g);
    for (int s = 0; s < 4; ++s)
      for (Card c : cards_of(d.hands[static_cast<size_t>(s)])) ++where[c][static_cast<size_t>(s)];
  }
  for (const auto& seats : where)
    for (int n : seats) CHECK(std::abs(n - 1000) < 190);  // 6 standard deviations
}
