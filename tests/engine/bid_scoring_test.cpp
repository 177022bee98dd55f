#include <catch2/catch.hpp>

// Bid whist (rules.md, "Bid whist"): scoring and the game's end, by
// scripted deals in card notation. Where a deal is played out with
// test::finish_deal (each seat its lowest legal card), the trick counts in
// the comments were worked out from the rules, independently of the engine.
// Helpers: bid_scripted.hpp.

#include <string>
#include <vector>

#include "tests/engine/bid_scripted.hpp"

using namespace whist;
using namespace whist::bid_test;

// ---------------------------------------------------------------------------
// Scoring and game

namespace {
// Dealer 0; seat 1 bids, names spades (uptown); kitty out. Lowest legal
// cards: team 1 takes 8 tricks in play, 9 with the book; team 0 4.
DealSpec nine_tricks_deal() {
  return test::deal({"QS AH 5H AD JD 8D 7D 4D KC JC 7C 4C", "RJ KS TS 6S 2S KH 8H 2H QD TD AC 5C",
                     "BJ 8S 7S 3S JH TH 9H 9D 6D 3D QC 2C", "9S 5S 4S 7H 6H 4H 3H KD 2D 9C 8C 3C"},
                    "AS JS QH 5D TC 6C");
}
// Dealer 0; seat 1 bids notrump, uptown; kitty out: 10 tricks to 3.
DealSpec ten_tricks_nt_deal() {
  return test::deal({"RJ QS 7S AH 3H 9D AC 9C 8C 4C 3C 2C", "KS 6S KD TD 7D 5D 2D KC JC TC 6C 5C",
                     "BJ AS 3S KH QH JH TH 6H 2H 8D 3D 7C", "TS 9S 5S 4S 2S 9H 8H 7H 5H JD 6D 4D"},
                    "JS 8S 4H AD QD QC");
}
// Dealer 0; seat 1 bids, names hearts (uptown); kitty out: 5 tricks to 8.
DealSpec five_tricks_deal() {
  return test::deal({"AS JS 7S 5S 2S AH JH 5H 4H AD 9C 7C", "RJ BJ 9S 8S 7H 6H QD 4D AC KC 6C 2C",
                     "KS 9H 9D 7D 6D 2D QC JC TC 8C 5C 4C", "TS 4S KH QH TH 8H 2H KD JD TD 3D 3C"},
                    "QS 6S 3S 3H 8D 5D");
}
// Dealer 0; seat 1 bids notrump, downtown; kitty out: 5 tricks to 8.
DealSpec five_tricks_nt_deal() {
  return test::deal({"BJ KS 3S KH 9H 8H 6H 3H 3D KC 8C 6C", "QS TS 6S 5S QH JH QD 9D 6D AC JC 4C",
                     "8S AH TH 7H TD 8D 7D 5D 4D 9C 7C 5C", "JS 7S 4S 2S 5H 4H 2H KD JD 2D 3C 2C"},
                    "RJ AS 9S AD QC TC");
}

// Seat 1 bids (level, mode) alone; then trump `suit` or the direction.
Game play_contract(const Rules& r, const DealSpec& d, int level, BidMode mode, int suit,
                   BidMode direction = kUp) {
  auto g = test::game(r, 0, d);
  only_bid(g, 1, level, mode);
  if (mode == kNT)
    test::act(g, Action::direction(1, direction));
  else
    test::act(g, Action::trump(1, suit));
  test::finish_deal(g);
  return g;
}
}  // namespace

TEST_CASE("bid: made scores tricks - 6, set loses the level", "[bid][scoring]") {
  const Rules r = bid({{"bidder_gets_kitty", false}});
  struct Case {
    int level;
    Ints score;
  };
  // 9 tricks with the book.
  const Case cases[] = {{1, {0, 3}}, {2, {0, 3}}, {3, {0, 3}}, {4, {0, -4}}, {5, {0, -5}}};
  for (const Case& c : cases) {
    INFO("level " << c.level);
    auto g = play_contract(r, nine_tricks_deal(), c.level, kUp, kS);
    const HandResult& res = g.results()[0];
    REQUIRE(res.contract.declarer == 1);
    REQUIRE(res.contract.level == c.level);
    REQUIRE(res.tricks.vec() == Ints{4, 9});
    REQUIRE(res.score.vec() == c.score);
    REQUIRE(g.scores() == c.score);
  }
}

TEST_CASE("bid: double_nt doubles a notrump bid made or set", "[bid][scoring]") {
  SECTION("without double_nt") {
    auto g = play_contract(bid({{"bidder_gets_kitty", false}}), ten_tricks_nt_deal(), 3, kNT, 0);
    REQUIRE(g.results()[0].tricks.vec() == Ints{3, 10});
    REQUIRE(g.results()[0].score.vec() == Ints{0, 4});
  }
  const Rules r = bid({{"bidder_gets_kitty", false}, {"double_nt", true}});
  SECTION("3 notrump made with 10: +8") {
    auto g = play_contract(r, ten_tricks_nt_deal(), 3, kNT, 0);
    REQUIRE(g.results()[0].tricks.vec() == Ints{3, 10});
    REQUIRE(g.results()[0].score.vec() == Ints{0, 8});
  }
  SECTION("5 notrump set with 10: -10") {
    auto g = play_contract(r, ten_tricks_nt_deal(), 5, kNT, 0);
    REQUIRE(g.results()[0].score.vec() == Ints{0, -10});
    REQUIRE(g.scores() == Ints{0, -10});
  }
  SECTION("a trump bid is not doubled") {
    auto g = play_contract(r, nine_tricks_deal(), 2, kUp, kS);
    REQUIRE(g.results()[0].score.vec() == Ints{0, 3});
    auto h = play_contract(r, nine_tricks_deal(), 4, kUp, kS);
    REQUIRE(h.results()[0].score.vec() == Ints{0, -4});
  }
}

TEST_CASE("bid: defensive_scoring gives the defenders tricks - 6 over six", "[bid][scoring]") {
  SECTION("off: the defenders score nothing") {
    auto g = play_contract(bid({{"bidder_gets_kitty", false}}), five_tricks_deal(), 2, kUp, kH);
    REQUIRE(g.results()[0].tricks.vec() == Ints{8, 5});
    REQUIRE(g.results()[0].score.vec() == Ints{0, -2});
  }
  SECTION("on: 8 tricks score 2") {
    auto g = play_contract(bid({{"bidder_gets_kitty", false}, {"defensive_scoring", true}}),
                           five_tricks_deal(), 2, kUp, kH);
    REQUIRE(g.results()[0].tricks.vec() == Ints{8, 5});
    REQUIRE(g.results()[0].score.vec() == Ints{2, -2});
    REQUIRE(g.scores() == Ints{2, -2});
  }
  SECTION("on: six tricks or fewer score nothing") {
    auto g = play_contract(bid({{"bidder_gets_kitty", false}, {"defensive_scoring", true}}),
                           nine_tricks_deal(), 4, kUp, kS);
    REQUIRE(g.results()[0].tricks.vec() == Ints{4, 9});
    REQUIRE(g.results()[0].score.vec() == Ints{0, -4});
  }
  SECTION("on, with double_nt: the defenders are never doubled") {
    auto g = play_contract(
        bid({{"bidder_gets_kitty", false}, {"defensive_scoring", true}, {"double_nt", true}}),
        five_tricks_nt_deal(), 2, kNT, 0, kDown);
    REQUIRE(g.results()[0].tricks.vec() == Ints{8, 5});
    REQUIRE(g.results()[0].score.vec() == Ints{2, -4});
  }
}

TEST_CASE("bid: the game ends at play_to or minus play_to; the higher side wins", "[bid][game]") {
  SECTION("default play_to 7: +3 plays on") {
    auto g = play_contract(bid({{"bidder_gets_kitty", false}}), nine_tricks_deal(), 2, kUp, kS);
    REQUIRE(g.rules().options.play_to == 7);
    REQUIRE_FALSE(g.is_over());
    REQUIRE(g.awaiting_deal());
    REQUIRE(g.winners().empty());
  }
  SECTION("reaching play_to") {
    auto g = play_contract(bid({{"bidder_gets_kitty", false}, {"play_to", std::int64_t{3}}}),
                           nine_tricks_deal(), 2, kUp, kS);
    REQUIRE(g.scores() == Ints{0, 3});
    REQUIRE(g.is_over());
    REQUIRE(g.winners() == Ints{1});
    REQUIRE(test::refuse(g, Action::pass(1)) == RuleError::kGameOver);
    REQUIRE(test::refuse(g, Action::bid(1, 1, kUp)) == RuleError::kGameOver);
  }
  SECTION("one short of play_to plays on") {
    auto g = play_contract(bid({{"bidder_gets_kitty", false}, {"play_to", std::int64_t{4}}}),
                           nine_tricks_deal(), 2, kUp, kS);
    REQUIRE(g.scores() == Ints{0, 3});
    REQUIRE_FALSE(g.is_over());
  }
  SECTION("falling to minus play_to: the other side, at 0, wins") {
    auto g = play_contract(bid({{"bidder_gets_kitty", false}, {"play_to", std::int64_t{4}}}),
                           nine_tricks_deal(), 4, kUp, kS);
    REQUIRE(g.scores() == Ints{0, -4});
    REQUIRE(g.is_over());
    REQUIRE(g.winners() == Ints{0});
  }
  SECTION("over two deals") {
    auto g = play_contract(bid({{"bidder_gets_kitty", false}, {"play_to", std::int64_t{5}}}),
                           nine_tricks_deal(), 1, kUp, kS);
    REQUIRE(g.scores() == Ints{0, 3});
    REQUIRE_FALSE(g.is_over());
    // Deal 2, dealer 1: seat 3 bids 1 uptown and names spades (it holds all
    // of them but the ace): team 1 takes all 12 tricks and the book.
    test::give(g, suit_a_seat());
    REQUIRE(g.dealer() == 1);
    REQUIRE(g.current_seat() == 2);
    test::act(g, Action::pass(2));
    test::act(g, Action::bid(3, 1, kUp));
    test::act(g, Action::pass(0));
    test::act(g, Action::pass(1));
    test::act(g, Action::trump(3, kS));
    test::finish_deal(g);
    REQUIRE(g.results()[1].tricks.vec() == Ints{0, 13});
    REQUIRE(g.scores() == Ints{0, 10});
    REQUIRE(g.is_over());
    REQUIRE(g.winners() == Ints{1});
  }
}
