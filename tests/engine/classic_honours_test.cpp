#include <catch2/catch.hpp>

// Classic whist's honours (rules.md, "Classic whist"), by scripted deals in
// card notation, as in classic_test.cpp: where a deal is played out with
// test::finish_deal (each seat its lowest legal card, clubs < diamonds <
// hearts < spades, then by rank), the trick counts in the comments were
// worked out from the rules, independently of the engine.

#include <string>
#include <vector>

#include "tests/engine/scripted.hpp"

using namespace whist;

namespace {

constexpr int kH = 2;

using Ints = std::vector<int>;

Rules classic(std::initializer_list<std::pair<std::string_view, OptionValue>> options = {}) {
  return test::rules(Variant::kClassic, options);
}

// Honours capped: play_to 9.
Rules capped() {
  return classic({{"honours", std::string("capped")}, {"play_to", std::int64_t{9}}});
}

}  // namespace

// ---------------------------------------------------------------------------
// Honours

TEST_CASE("classic: honours on: all 4 dealt score 4", "[classic][honours]") {
  // Dealer 2 turns 2H: hearts, all held by seat 2, which takes all 13.
  auto g = test::game(classic({{"honours", std::string("on")}, {"play_to", std::int64_t{15}}}), 2,
                      test::full_suit_a_seat("2H"));
  REQUIRE(g.trump_suit() == kH);
  test::finish_deal(g);
  const HandResult& res = g.results()[0];
  REQUIRE(res.tricks.vec() == Ints{13, 0});
  REQUIRE(res.honours.vec() == Ints{4, 0});
  REQUIRE(res.score.vec() == Ints{11, 0});
  REQUIRE(g.scores() == Ints{11, 0});
  REQUIRE_FALSE(g.is_over());
}

TEST_CASE("classic: honours on: 3 dealt score 2", "[classic][honours]") {
  // As one suit a seat, but seat 1 holds JH and seat 2 holds 2D instead.
  // Lowest legal cards: seat 3 wins the first trick (2S), seat 1 wins one
  // with JH over 3H, seat 2 the other eleven: 11 tricks to 2 (+5), and
  // team 0 was dealt A K Q of hearts (+2).
  auto g = test::game(
      classic({{"honours", std::string("on")}, {"play_to", std::int64_t{15}}}), 2,
      test::deal(
          {"AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "JH AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D",
           "AH KH QH TH 9H 8H 7H 6H 5H 4H 3H 2H 2D", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"},
          "", "2H"));
  test::finish_deal(g);
  const HandResult& res = g.results()[0];
  REQUIRE(res.tricks.vec() == Ints{11, 2});
  REQUIRE(res.honours.vec() == Ints{2, 0});
  REQUIRE(res.score.vec() == Ints{7, 0});
  REQUIRE(g.scores() == Ints{7, 0});
}

TEST_CASE("classic: honours off scores no honours", "[classic][honours]") {
  auto g = test::game(classic({{"play_to", std::int64_t{15}}}), 2, test::full_suit_a_seat("2H"));
  test::finish_deal(g);
  REQUIRE(g.results()[0].honours.vec() == Ints{0, 0});
  REQUIRE(g.scores() == Ints{7, 0});
}

TEST_CASE("classic: honours count as dealt, not as captured", "[classic][honours]") {
  // Hearts trump (3H turned by dealer 0). Team 1 was dealt AH, QH (seat 3:
  // AH JH; seat 1: QH): 3 honours. In play seat 2's KH takes JH and QH in
  // one trick, so team 0 captures K, Q and J; team 1 captures only the ace.
  // Team 0 takes 7 tricks (+1); team 1 scores its 3 dealt honours (+2).
  auto g = test::game(
      classic({{"honours", std::string("on")}, {"play_to", std::int64_t{7}}}), 0,
      test::deal(
          {"AS 5S 3H KD QD 7D 5D 4D 2D 8C 6C 3C 2C", "JS TS 4S QH 6H 4H AD JD 8D 6D JC 9C 4C",
           "QS 9S 8S 2S KH 9H 5H TD 9D 3D AC KC 5C", "KS 7S 6S 3S AH JH TH 8H 7H 2H QC TC 7C"},
          "", "3H"));
  // The first seven tricks, as lowest legal cards play them.
  test::play(g,
             "4C 5C 7C 2C  TC 3C 9C KC  AC QC 6C JC  3D 2H 2D 6D  7H 3H 4H 5H"
             "  8H 8C 6H 9H  9D TH 4D 8D");
  REQUIRE(g.current_seat() == 3);
  // JH led, QH from seat 1 and KH from seat 2 in the same trick.
  test::play(g, "JH 5D QH KH");
  REQUIRE(g.current_seat() == 2);
  test::finish_deal(g);
  const HandResult& res = g.results()[0];
  REQUIRE(res.tricks.vec() == Ints{7, 6});
  REQUIRE(res.honours.vec() == Ints{0, 2});
  REQUIRE(res.score.vec() == Ints{1, 2});
  REQUIRE(g.scores() == Ints{1, 2});
}

// The first two deals of the honours examples (play_to 5): team 0 takes 9
// tricks (3-0), then with clubs trump / diamonds trump, nobody dealt 3 honours.
namespace {
DealSpec honours_deal0() {
  // Dealer 0, 8C turned: 9 tricks to 4.
  return test::deal(
      {"TS 9S 6S 2S 4H AD TD 9D 5D AC TC 8C 7C", "AS JS 4S AH QH JH TH 7H KD 8D 6D 5C 4C",
       "QS KH 5H 3H QD JD 4D 3D JC 9C 6C 3C 2C", "KS 8S 7S 5S 3S 9H 8H 6H 2H 7D 2D KC QC"},
      "", "8C");
}
}  // namespace

TEST_CASE("classic: honours may carry a side to game", "[classic][honours][game]") {
  // rules docs example: at 3 to 2, the opponents take 7 tricks (3), and the
  // side dealt AH KH QH (hearts trump) scores 2 and reaches 5.
  auto g = test::game(classic({{"honours", std::string("on")}}), 0, honours_deal0());
  test::finish_deal(g);
  REQUIRE(g.scores() == Ints{3, 0});
  // Dealer 1, 9D turned: 5 tricks to 8.
  test::give(
      g, test::deal(
             {"QS 7S 6S 3S 2S KH 8H 2H AC TC 6C 5C 4C", "AS AH QH JH TH 9H 6H 5H 3H AD 9D 5D 2D",
              "KS TS 8S 5S 4S KD QD 8D 7D 8C 7C 3C 2C", "JS 9S 7H 4H JD TD 6D 4D 3D KC QC JC 9C"},
             "", "9D"));
  test::finish_deal(g);
  REQUIRE(g.results()[1].honours.vec() == Ints{0, 0});
  REQUIRE(g.scores() == Ints{3, 2});
  // Dealer 2 turns QH: team 0 holds AH (seat 0) and KH QH (seat 2), team 1
  // JH. Team 1 takes 7 tricks.
  test::give(
      g, test::deal(
             {"KS 6S AH 8H 3H QD 7D 5D KC JC TC 3C 2C", "9S 4S 3S JH 7H 6H 5H 4H 2H AD JD QC 7C",
              "QS JS 7S KH QH TH 9H KD TD 8D 3D 8C 5C", "AS TS 8S 5S 2S 9D 6D 4D 2D AC 9C 6C 4C"},
             "", "QH"));
  REQUIRE(g.trump_suit() == kH);
  test::finish_deal(g);
  const HandResult& res = g.results()[2];
  REQUIRE(res.tricks.vec() == Ints{6, 7});
  REQUIRE(res.honours.vec() == Ints{2, 0});
  REQUIRE(res.score.vec() == Ints{2, 1});
  REQUIRE(g.scores() == Ints{5, 3});
  REQUIRE(g.is_over());
  REQUIRE(g.winners() == Ints{0});
}

TEST_CASE("classic: honours are not scored once the tricks end the game",
          "[classic][honours][game]") {
  SECTION("the opponents' tricks end it") {
    // rules docs example: at 3 to 4 the opponents take 7 tricks and reach
    // 5; the 4 honours dealt to the other side are not scored.
    auto g = test::game(classic({{"honours", std::string("on")}}), 0, honours_deal0());
    test::finish_deal(g);
    REQUIRE(g.scores() == Ints{3, 0});
    // Dealer 1, QD turned: 3 tricks to 10.
    test::give(
        g, test::deal(
               {"JS 7S 5S QH 9H 5H 4H JD 9D 3D TC 7C 4C", "KS TS 2S KH 7H 3H 2H KD QD 8D 6D 5C 3C",
                "9S 6S 4S TH 8H 6H AD 4D 2D KC QC JC 2C", "AS QS 8S 3S AH JH TD 7D 5D AC 9C 8C 6C"},
               "", "QD"));
    test::finish_deal(g);
    REQUIRE(g.results()[1].honours.vec() == Ints{0, 0});
    REQUIRE(g.scores() == Ints{3, 4});
    REQUIRE_FALSE(g.is_over());
    // Dealer 2, 4H turned: team 0 dealt AH KH QH JH; team 1 takes 7.
    test::give(
        g, test::deal(
               {"JS TS 5S 4S 3S AH JH 8H 3H 2H KD 8C 2C", "QS 2S 9H 5H JD 9D 7D 6D 5D 4D 2D TC 3C",
                "AS 9S 7S KH QH 6H 4H QD 8D 3D AC 9C 4C", "KS 8S 6S TH 7H AD TD KC QC JC 7C 6C 5C"},
               "", "4H"));
    test::finish_deal(g);
    const HandResult& res = g.results()[2];
    REQUIRE(res.tricks.vec() == Ints{6, 7});
    REQUIRE(res.honours.vec() == Ints{0, 0});
    REQUIRE(res.score.vec() == Ints{0, 1});
    REQUIRE(g.scores() == Ints{3, 5});
    REQUIRE(g.is_over());
    REQUIRE(g.winners() == Ints{1});
  }
  SECTION("the side's own tricks end it") {
    // Seat 2 holds every heart and takes all 13 tricks: 7 points end the
    // game to 5, so its 4 honours are not added.
    auto g = test::game(classic({{"honours", std::string("on")}}), 2, test::full_suit_a_seat("2H"));
    test::finish_deal(g);
    const HandResult& res = g.results()[0];
    REQUIRE(res.honours.vec() == Ints{0, 0});
    REQUIRE(res.score.vec() == Ints{7, 0});
    REQUIRE(g.is_over());
    REQUIRE(g.winners() == Ints{0});
  }
}

TEST_CASE("classic: capped honours never reach play_to", "[classic][honours][capped]") {
  SECTION("7 from tricks and 4 honours end on 8") {
    auto g = test::game(capped(), 2, test::full_suit_a_seat("2H"));
    test::finish_deal(g);
    const HandResult& res = g.results()[0];
    REQUIRE(res.tricks.vec() == Ints{13, 0});
    REQUIRE(res.honours.vec() == Ints{1, 0});
    REQUIRE(res.score.vec() == Ints{8, 0});
    REQUIRE(g.scores() == Ints{8, 0});
    REQUIRE_FALSE(g.is_over());
  }
  SECTION("at 5, 8 tricks and 3 honours end on 8") {
    // Dealer 0, JC turned: 11 tricks to 2, no honours.
    auto g = test::game(
        capped(), 0,
        test::deal(
            {"AS QS 9S KH QH JH 2H KD AC JC TC 9C 8C", "KS JS TS 8S AH 8H 5H 4H QD 8D 4D QC 2C",
             "6S 3S 9H 6H AD JD TD 9D 6D 2D 6C 5C 3C", "7S 5S 4S 2S TH 7H 3H 7D 5D 3D KC 7C 4C"},
            "", "JC"));
    test::finish_deal(g);
    REQUIRE(g.results()[0].honours.vec() == Ints{0, 0});
    REQUIRE(g.scores() == Ints{5, 0});
    // Dealer 1, 8S turned: team 0 dealt KS QS JS, takes 8 tricks (+2).
    test::give(
        g, test::deal(
               {"KS QS 9S 6S 5S 2S AH QH 4H JD 9D 4C 3C", "8S TH 8H 6H 2H QD 8D 7D 2D AC QC 7C 6C",
                "JS TS 3S KH JH 9H 5H TD 6D 5D TC 9C 5C", "AS 7S 4S 7H 3H AD KD 4D 3D KC JC 8C 2C"},
               "", "8S"));
    test::finish_deal(g);
    const HandResult& res = g.results()[1];
    REQUIRE(res.tricks.vec() == Ints{8, 5});
    REQUIRE(res.honours.vec() == Ints{1, 0});
    REQUIRE(res.score.vec() == Ints{3, 0});
    REQUIRE(g.scores() == Ints{8, 0});
    REQUIRE_FALSE(g.is_over());
  }
}

TEST_CASE("classic: capped honours: at 7 with 4 honours: 8; at 8 honours give nothing",
          "[classic][honours][capped]") {
  // Dealer 0, KS turned: 10 tricks to 3, no side dealt 3 honours.
  auto g = test::game(
      capped(), 0,
      test::deal(
          {"AS KS 6S 5S QH JH TH KD JD 8D 7D JC 4C", "JS TS 9S 4S 7H 5H AD 9D 6D 4D 3D AC 3C",
           "7S 2S AH KH 9H 3H 2H KC QC 9C 8C 6C 2C", "QS 8S 3S 8H 6H 4H QD TD 5D 2D TC 7C 5C"},
          "", "KS"));
  test::finish_deal(g);
  REQUIRE(g.scores() == Ints{4, 0});
  // Dealer 1, 6C turned: 9 tricks to 4, no honours.
  test::give(
      g, test::deal(
             {"AS KS 8S 5S AH JH TH 9H TD 8D 6D 9C 5C", "QS TS 7S 6S QH 8H 4H KD 7D 5D 2D AC 6C",
              "JS 3S 6H 5H 3H 2H AD JD 3D KC JC 7C 4C", "9S 4S 2S KH 7H QD 9D 4D QC TC 8C 3C 2C"},
             "", "6C"));
  test::finish_deal(g);
  REQUIRE(g.results()[1].honours.vec() == Ints{0, 0});
  REQUIRE(g.scores() == Ints{7, 0});
  // Dealer 2, AH turned: team 0 dealt all 4 heart honours; team 1 takes 7.
  test::give(
      g, test::deal(
             {"TS 6S 3S JH 4H 3H QD TD 8D AC TC 8C 3C", "KS QS 7S 2S 9H 7H 9D 5D 4D KC QC 9C 2C",
              "AS 9S 4S AH KH QH 8H 6H 5H 2H KD 6D 3D", "JS 8S 5S TH AD JD 7D 2D JC 7C 6C 5C 4C"},
             "", "AH"));
  test::finish_deal(g);
  REQUIRE(g.results()[2].tricks.vec() == Ints{6, 7});
  REQUIRE(g.results()[2].honours.vec() == Ints{1, 0});
  REQUIRE(g.results()[2].score.vec() == Ints{1, 1});
  REQUIRE(g.scores() == Ints{8, 1});
  REQUIRE_FALSE(g.is_over());
  // Dealer 3, 6D turned: team 0 dealt AD KD and QD; team 1 takes 7.
  test::give(
      g, test::deal(
             {"AS KS TS 2S AH 8H 5H 4H 2H AD KD QC 9C", "JS 9S KH QH TH JD 9D 8D 7D 5D 4D KC 4C",
              "6S 5S 4S 3S QD 3D 2D AC JC 8C 7C 6C 3C", "QS 8S 7S JH 9H 7H 6H 3H TD 6D TC 5C 2C"},
             "", "6D"));
  test::finish_deal(g);
  REQUIRE(g.results()[3].tricks.vec() == Ints{6, 7});
  REQUIRE(g.results()[3].honours.vec() == Ints{0, 0});
  REQUIRE(g.results()[3].score.vec() == Ints{0, 1});
  REQUIRE(g.scores() == Ints{8, 2});
  REQUIRE_FALSE(g.is_over());
}
