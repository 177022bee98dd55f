// Observations in every phase: one's own cards only; the kitty as
// sport_kitty says and to the declarer who takes it; discards to the
// declarer alone; a watcher sees no hand.
#include <catch2/catch.hpp>

#include "tests/engine/checks.hpp"
#include "tests/engine/scripted.hpp"

using namespace whist;

namespace {

const auto kBidDeal =
    test::deal({"2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"},
               "AC AD AH AS BJ RJ");

// Bids to a contract for seat 1 in `mode`; returns the game at discard or choice.
Game bid_game(const char* sport, bool gets_kitty, BidMode mode) {
  Game g = test::game(test::rules(Variant::kBid, {{"sport_kitty", std::string(sport)},
                                                  {"bidder_gets_kitty", gets_kitty}}),
                      0, kBidDeal);
  test::act(g, Action::bid(1, 2, mode));
  test::act(g, Action::pass(2));
  test::act(g, Action::pass(3));
  test::act(g, Action::pass(0));
  return g;
}

}  // namespace

TEST_CASE("during bidding no one sees the kitty or another hand", "[observation]") {
  Game g =
      test::game(test::rules(Variant::kBid, {{"sport_kitty", std::string("always")}}), 0, kBidDeal);
  for (int v = -1; v < 4; ++v) {
    const Observation o = g.observation(v);
    CHECK_FALSE(o.kitty_known);
    CHECK(o.kitty == 0);
    CHECK(o.hand == (v >= 0 ? g.hand(v) : 0));
  }
  CHECK(g.observation(1).legal.size() > 1);
  CHECK(g.observation(2).legal.empty());
  test::check_invariants(g);
}

TEST_CASE("sport_kitty never: only the declarer who takes it sees the kitty", "[observation]") {
  Game g = bid_game("never", true, BidMode::kUptown);
  REQUIRE(g.phase() == Phase::kDiscard);
  CHECK(g.observation(1).kitty_known);
  CHECK(g.observation(1).kitty == test::set("AC AD AH AS BJ RJ"));
  CHECK(contains(g.observation(1).hand, kRedJoker));
  for (int v : {-1, 0, 2, 3}) CHECK_FALSE(g.observation(v).kitty_known);
  // The declarer's discards are the declarer's alone.
  test::act(g, Action::discard(1, test::set("2D 3D 4D 5D 6D 7D")));
  CHECK(g.observation(1).discards == test::set("2D 3D 4D 5D 6D 7D"));
  for (int v : {-1, 0, 2, 3}) CHECK(g.observation(v).discards == 0);
  test::check_invariants(g);
  // Without taking it, no one sees it.
  Game h = bid_game("never", false, BidMode::kUptown);
  for (int v = -1; v < 4; ++v) CHECK_FALSE(h.observation(v).kitty_known);
}

TEST_CASE("sport_kitty trump: shown to all after a trump bid, not after no trump",
          "[observation]") {
  Game g = bid_game("trump", true, BidMode::kDowntown);
  for (int v = -1; v < 4; ++v) {
    CHECK(g.observation(v).kitty_known);
    CHECK(g.observation(v).kitty == test::set("AC AD AH AS BJ RJ"));
  }
  Game nt = bid_game("trump", true, BidMode::kNoTrump);
  CHECK(nt.observation(1).kitty_known);  // the declarer took it
  for (int v : {-1, 0, 2, 3}) CHECK_FALSE(nt.observation(v).kitty_known);
  test::check_invariants(g);
  test::check_invariants(nt);
}

TEST_CASE("sport_kitty always: shown to all, even when the declarer does not take it",
          "[observation]") {
  Game g = bid_game("always", false, BidMode::kNoTrump);
  REQUIRE(g.phase() == Phase::kChoose);
  for (int v = -1; v < 4; ++v) CHECK(g.observation(v).kitty_known);
  test::check_invariants(g);
}

TEST_CASE("classic: the turned card is public, the hands are not", "[observation]") {
  Game g = Game::seeded(test::rules(Variant::kClassic), 0, 9);
  const Observation w = g.observation_for_watcher();
  CHECK(w.hand == 0);
  CHECK(w.turned == g.deals()[0].turned);
  CHECK(contains(g.hand(0), w.turned));  // the dealer's card
  CHECK(w.trump == suit_of(w.turned));
  CHECK(w.hand_counts == std::vector<int>{13, 13, 13, 13});
  CHECK(w.legal.empty());
  const Observation p = g.observation(1);
  CHECK(p.hand == g.hand(1));
  CHECK(p.to_act == 1);
  CHECK(p.legal.size() == 13);
  test::check_invariants(g);
}

TEST_CASE("tricks played are public, in order, with their winners", "[observation]") {
  Game g = Game::seeded(test::rules(Variant::kClassic, {{"trump", std::string("rotate")}}), 3, 4);
  for (int i = 0; i < 9; ++i) test::act(g, Action::play(g.current_seat(), lowest(g.legal_cards())));
  const Observation o = g.observation(2);
  REQUIRE(o.tricks.size() == 2);
  CHECK(o.current.size == 1);
  CHECK(o.tricks[0].leader == 0);
  CHECK(o.tricks[1].leader == o.tricks[0].winner);
  CHECK(o.trump == 2);  // hearts first
  int won = 0;
  for (int t : o.tricks_won) won += t;
  CHECK(won == 2);
}
