#include <catch2/catch.hpp>

// Claims (docs/rules.md, "Claims"): an accepted claim, made by the seat to
// lead in a partnership game, gives the claimer's side the tricks claimed
// of those left and the other side the rest, and ends the deal.

#include <string>
#include <vector>

#include "engine/rng.hpp"
#include "tests/engine/scripted.hpp"

using namespace whist;

namespace {
using Ints = std::vector<int>;
}  // namespace

TEST_CASE("claim: the deal ends with the split claimed", "[claim]") {
  // One suit a seat, spades trump (2S turned, dealer 3): seat 0 leads.
  auto g = test::game(test::rules(Variant::kClassic, {{"play_to", std::int64_t{15}}}), 3,
                      test::full_suit_a_seat("2S"));
  // Two tricks first: seat 3 trumps the first and leads the second.
  test::play(g, "AC 2D 2H 2S");
  REQUIRE(g.current_seat() == 3);
  test::play(g, "AS 3C 3D 3H");
  // Seat 3 claims 10 of the 11 left: team 1 has 2 + 10, team 0 the last one.
  test::act(g, Action::claim(3, 10));
  const HandResult& r = g.results().at(0);
  CHECK(r.tricks.vec() == Ints{1, 12});
  CHECK(r.score.vec() == Ints{0, 6});
  CHECK(g.history().back() == Action::claim(3, 10));
  REQUIRE(g.awaiting_deal());
}

TEST_CASE("claim: only by the seat to lead, for at most the tricks left, with partners",
          "[claim]") {
  auto g = test::game(test::rules(Variant::kClassic, {{"play_to", std::int64_t{15}}}), 3,
                      test::full_suit_a_seat("2S"));
  CHECK(test::refuse(g, Action::claim(1, 3)) == RuleError::kNotYourTurn);
  CHECK(test::refuse(g, Action::claim(0, 14)) == RuleError::kBadClaim);
  CHECK(test::refuse(g, Action::claim(0, -1)) == RuleError::kBadClaim);
  test::play(g, "AC");
  CHECK(test::refuse(g, Action::claim(1, 3)) == RuleError::kBadClaim);  // mid-trick
  // Claiming none is a concession: the other side takes them all.
  test::play(g, "2D 2H 2S");
  test::act(g, Action::claim(3, 0));
  CHECK(g.results().at(0).tricks.vec() == Ints{12, 1});
  // Exact-bid whist: everyone for themselves, no claims.
  auto e = test::game(test::rules(Variant::kExact, {{"initial_cards", std::int64_t{3}}}, 3), 0,
                      test::deal({"AS KS QS", "AH KH QH", "AD KD QD"}, "", "2C"));
  for (int s : {1, 2, 0}) test::act(e, Action::exact_bid(s, s == 0 ? 0 : 1));
  CHECK(test::refuse(e, Action::claim(1, 1)) == RuleError::kBadClaim);
}

TEST_CASE("claim: in bid whist, the tricks claimed go to the claimer's side, book and all",
          "[claim]") {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    INFO("seed " << seed);
    Game g = Game::seeded(test::rules(Variant::kBid, {{"play_to", std::int64_t{15}}}), 0, seed);
    Rng r(seed);
    // Random legal play until a fresh trick is led after the first one.
    auto fresh_lead = [&] {
      int won = 0;
      for (int s = 0; s < 4; ++s) won += g.tricks_won(s);
      return g.phase() == Phase::kPlay && g.trick().size == 0 && won > 0;
    };
    while (!fresh_lead()) {
      REQUIRE(g.results().empty());
      const auto legal = g.legal_actions();
      test::act(g, legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    const int seat = g.current_seat(), side = seat % 2;
    const int left = count(g.hand(seat));
    Game none = g, all = g;
    test::act(none, Action::claim(seat, 0));
    test::act(all, Action::claim(seat, left));
    const HandResult &a = none.results().at(0), &b = all.results().at(0);
    CHECK(b.tricks[side] - a.tricks[side] == left);
    CHECK(a.tricks[1 - side] - b.tricks[1 - side] == left);
    CHECK(a.contract.declarer == b.contract.declarer);
  }
}
