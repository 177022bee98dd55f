#include <catch2/catch.hpp>

// Classic whist (rules.md, "Classic whist"), by scripted deals in card
// notation. Where a deal is played out with test::finish_deal (each seat its
// lowest legal card, clubs < diamonds < hearts < spades, then by rank), the
// trick counts in the comments were worked out from the rules, independently
// of the engine. Honours are in classic_honours_test.cpp.

#include <string>
#include <vector>

#include "tests/engine/scripted.hpp"

using namespace whist;

namespace {

constexpr int kC = 0, kD = 1, kH = 2, kS = 3;

using Ints = std::vector<int>;

Rules classic(std::initializer_list<std::pair<std::string_view, OptionValue>> options = {}) {
  return test::rules(Variant::kClassic, options);
}

Action play(int seat, const char* card) { return Action::play(seat, test::card(card)); }

}  // namespace

// ---------------------------------------------------------------------------
// Card play

TEST_CASE("classic: a player must follow suit; a player void in it may discard",
          "[classic][play]") {
  // Dealer 0, seat 1 leads. Clubs are trump (2C turned, in the dealer's hand).
  auto g = test::game(
      classic(), 0,
      test::deal(
          {"QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 3C 2C", "AS KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
           "KS KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AH AD AC KC QC JC TC 9C 8C 7C 6C 5C 4C"},
          "", "2C"));
  REQUIRE(g.trump_suit() == kC);
  REQUIRE(g.current_seat() == 1);
  REQUIRE(test::refuse(g, play(0, "2S")) == RuleError::kNotYourTurn);
  test::act(g, play(1, "AS"));

  // Seat 2 holds KS, its only spade: it must play it.
  REQUIRE(g.legal_cards() == test::set("KS"));
  REQUIRE(test::refuse(g, play(2, "2D")) == RuleError::kMustFollowSuit);
  REQUIRE(test::refuse(g, play(2, "AS")) == RuleError::kCardNotHeld);
  test::act(g, play(2, "KS"));

  // Seat 3 has no spade: any card is legal, a discard of another suit too.
  REQUIRE(g.legal_cards() == g.hand(3));
  test::act(g, play(3, "AH"));

  // Seat 0 holds spades: neither a trump nor a club of its own is allowed.
  REQUIRE(test::refuse(g, play(0, "2C")) == RuleError::kMustFollowSuit);
  test::act(g, play(0, "2S"));

  // The ace of the suit led wins (the ace of hearts is only a discard).
  REQUIRE(g.tricks_won(1) == 1);
  REQUIRE(g.tricks_won(3) == 0);
  REQUIRE(g.current_seat() == 1);
  REQUIRE(g.trick().size == 0);
}

TEST_CASE("classic: a trump beats a higher card of the suit led", "[classic][play]") {
  auto g = test::game(
      classic(), 0,
      test::deal(
          {"QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 3C 2C", "AS KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
           "KS KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AH AD AC KC QC JC TC 9C 8C 7C 6C 5C 4C"},
          "", "2C"));
  REQUIRE(g.trump_suit() == kC);
  // AS led, KS followed, seat 3 (void in spades) ruffs with its lowest
  // club, the 4; the dealer follows with a spade.
  test::play(g, "AS KS 4C QS");
  REQUIRE(g.tricks_won(3) == 1);
  REQUIRE(g.tricks_won(1) == 0);
  REQUIRE(g.current_seat() == 3);

  // Seat 3 leads AD; seat 0 (void) ruffs with 2C, seat 1 (void) discards,
  // seat 2 follows with a diamond: the lowest trump wins over the ace.
  test::play(g, "AD 2C 2H 2D");
  REQUIRE(g.tricks_won(0) == 1);
  REQUIRE(g.tricks_won(3) == 1);
  REQUIRE(g.current_seat() == 0);

  // A higher trump beats a lower one: seat 0 leads 3C, seat 3 overtrumps.
  test::play(g, "3C 3H 3D");
  REQUIRE(g.current_seat() == 3);
  REQUIRE(test::refuse(g, play(3, "AH")) == RuleError::kMustFollowSuit);
  test::act(g, play(3, "5C"));
  REQUIRE(g.tricks_won(3) == 2);
  REQUIRE(g.current_seat() == 3);
}

// ---------------------------------------------------------------------------
// Trump: turn

TEST_CASE("classic: turn makes the turned card's suit trump; it stays with the dealer",
          "[classic][trump][turn]") {
  SECTION("dealer 0 turns the five of clubs") {
    auto g = test::game(classic(), 0, test::full_suit_a_seat("5C"));
    REQUIRE(g.trump_suit() == kC);
    REQUIRE(g.deals()[0].turned == test::card("5C"));
    REQUIRE(g.observation(1).turned == test::card("5C"));
    REQUIRE(contains(g.hand(0), test::card("5C")));
    REQUIRE(count(g.hand(0)) == 13);
    REQUIRE(g.current_seat() == 1);
    test::finish_deal(g);
    // Seat 0 holds every club: team 0 takes all 13 tricks, 7 points.
    REQUIRE(g.results().size() == 1);
    REQUIRE(g.results()[0].tricks.vec() == Ints{13, 0});
    REQUIRE(g.results()[0].score.vec() == Ints{7, 0});
    REQUIRE(g.results()[0].trump == kC);
    REQUIRE(g.scores() == Ints{7, 0});
  }
  SECTION("dealer 3 turns the ace of spades") {
    auto g = test::game(classic(), 3, test::full_suit_a_seat("AS"));
    REQUIRE(g.trump_suit() == kS);
    REQUIRE(g.current_seat() == 0);
    test::finish_deal(g);
    REQUIRE(g.results()[0].tricks.vec() == Ints{0, 13});
    REQUIRE(g.scores() == Ints{0, 7});
  }
}

TEST_CASE("classic: check_deal refuses a turned card not in the dealer's hand",
          "[classic][trump][turn]") {
  const Rules r = classic();
  // 2H belongs to seat 2.
  auto ok = check_deal(r, 0, 2, test::full_suit_a_seat("2H"));
  REQUIRE(std::holds_alternative<Deal>(ok));
  REQUIRE(std::get<Deal>(ok).turned == test::card("2H"));

  REQUIRE(std::holds_alternative<std::string>(check_deal(r, 0, 0, test::full_suit_a_seat("2H"))));
  REQUIRE(std::holds_alternative<std::string>(check_deal(r, 0, 1, test::full_suit_a_seat("2H"))));
  REQUIRE(std::holds_alternative<std::string>(check_deal(r, 0, 3, test::full_suit_a_seat("2H"))));
  // No turned card at all under `turn`.
  REQUIRE(std::holds_alternative<std::string>(check_deal(r, 0, 2, test::full_suit_a_seat())));
  // The second deal's dealer (first dealer 0) is seat 1.
  auto g = test::game(classic({{"play_to", std::int64_t{15}}}), 0, test::full_suit_a_seat("5C"));
  test::finish_deal(g);
  REQUIRE(g.awaiting_deal());
  REQUIRE_THROWS(test::give(g, test::full_suit_a_seat("5C")));
  REQUIRE(g.awaiting_deal());
  test::give(g, test::full_suit_a_seat("5D"));
  REQUIRE(g.trump_suit() == kD);
}

TEST_CASE("classic: the deal passes to the left and the dealer's left leads", "[classic][dealer]") {
  auto g = test::game(classic({{"play_to", std::int64_t{15}}}), 0, test::full_suit_a_seat("5C"));
  const char* turned[] = {"5C", "5D", "5H", "5S"};
  const int trumps[] = {kC, kD, kH, kS};
  const Ints after[] = {{7, 0}, {7, 7}, {14, 7}, {14, 14}};
  for (int k = 0; k < 4; ++k) {
    if (k > 0) test::give(g, test::full_suit_a_seat(turned[k]));
    INFO("deal " << k);
    REQUIRE(g.deal_index() == k);
    REQUIRE(g.dealer() == k);
    REQUIRE(g.current_seat() == (k + 1) % 4);
    REQUIRE(g.trump_suit() == trumps[k]);
    REQUIRE(test::refuse(g, Action::play(k, lowest(g.hand(k)))) == RuleError::kNotYourTurn);
    // The leader leads its lowest card; only the dealer holds trumps and
    // ruffs, so the dealer leads the second trick.
    test::act(g, Action::play((k + 1) % 4, lowest(g.hand((k + 1) % 4))));
    while (g.trick().size != 0)
      test::act(g, Action::play(g.current_seat(), lowest(g.legal_cards())));
    REQUIRE(g.tricks_won(k) == 1);
    REQUIRE(g.current_seat() == k);
    test::finish_deal(g);
    REQUIRE(g.results()[static_cast<size_t>(k)].tricks.vec() ==
            (k % 2 == 0 ? Ints{13, 0} : Ints{0, 13}));
    REQUIRE(g.scores() == after[k]);
    REQUIRE_FALSE(g.is_over());
    REQUIRE(g.awaiting_deal());
    REQUIRE(g.current_seat() == -1);
    REQUIRE(g.winners().empty());
  }
  REQUIRE(test::refuse(g, play(1, "2D")) == RuleError::kNoDeal);
}

// ---------------------------------------------------------------------------
// Trump: rotate and rotate_nt

TEST_CASE("classic: rotate goes hearts, diamonds, spades, clubs, then hearts again",
          "[classic][trump][rotate]") {
  // Lowest legal cards to the end; trick counts per deal in `tricks`.
  const std::vector<DealSpec> deals = {
      test::deal(
          {"KS JS 8S 4S AH 3H 2H AD 6D AC KC QC 9C", "TS 2S KH QH 7H 6H JD 5D 3D 2D 6C 5C 2C",
           "AS 9S 6S 3S JH KD 9D 8D 7D JC 8C 7C 3C", "QS 7S 5S TH 9H 8H 5H 4H QD TD 4D TC 4C"}),
      test::deal(
          {"KH JH TH 7H 4H 3H 2H KD TD 6D 4D 9C 4C", "QS JS 9S 7S 3S 6H AD 7D 3D 2D QC 8C 6C",
           "AS 6S 5S 4S QH 9H 5H QD JD 8D KC TC 3C", "KS TS 8S 2S AH 8H 9D 5D AC JC 7C 5C 2C"}),
      test::deal(
          {"6S 4S AH 6H AD 7D 5D 4D KC JC TC 8C 7C", "QS TS 9S 7S JH 5H 4H 3H QD 3D QC 5C 3C",
           "AS JS 5S KH 8H 7H 2H KD 8D 6D 2D AC 6C", "KS 8S 3S 2S QH TH 9H JD TD 9D 9C 4C 2C"}),
      test::deal(
          {"AS JS 9S 4S KH JH 6H 4H JD 8D 2D JC 9C", "QS TS 3H AD TD 6D 5D 4D 3D KC QC TC 8C",
           "6S 5S 2S QH 5H 2H KD 7D AC 5C 4C 3C 2C", "KS 8S 7S 3S AH TH 9H 8H 7H QD 9D 7C 6C"}),
      test::deal(
          {"AS JS TS 9S 4S 3S 9H 8H QD 7D 6D QC JC", "KS 5S AH KH TH 3H TD 8D 4D 3D KC 9C 6C",
           "QS 8S 6S QH KD JD 9D 2D TC 8C 7C 5C 3C", "7S 2S JH 7H 6H 5H 4H 2H AD 5D AC 4C 2C"}),
  };
  const int trumps[] = {kH, kD, kS, kC, kH};
  const Ints tricks[] = {{7, 6}, {7, 6}, {7, 6}, {6, 7}, {7, 6}};
  const Ints scores[] = {{1, 0}, {2, 0}, {3, 0}, {3, 1}, {4, 1}};

  auto g = test::game(classic({{"trump", std::string("rotate")}, {"play_to", std::int64_t{15}}}), 0,
                      deals[0]);
  for (int k = 0; k < 5; ++k) {
    if (k > 0) test::give(g, deals[static_cast<size_t>(k)]);
    INFO("deal " << k);
    REQUIRE(g.dealer() == k % 4);
    REQUIRE(g.current_seat() == (k + 1) % 4);
    REQUIRE(g.trump_suit() == trumps[k]);
    REQUIRE(g.observation(-1).trump == trumps[k]);
    test::finish_deal(g);
    const HandResult& res = g.results()[static_cast<size_t>(k)];
    REQUIRE(res.trump == trumps[k]);
    REQUIRE(res.tricks.vec() == tricks[k]);
    REQUIRE(g.scores() == scores[k]);
  }
  REQUIRE(g.awaiting_deal());
}

TEST_CASE(
    "classic: rotate_nt goes hearts, diamonds, spades, clubs, no trump, hearts; "
    "no honours at no trump",
    "[classic][trump][rotate][honours]") {
  // Honours on. In the four trump deals neither side was dealt 3 honours;
  // in the no-trump deal seats 0 and 2 were dealt every ace, king, queen and
  // jack, which must score nothing.
  const std::vector<DealSpec> deals = {
      test::deal(
          {"QS JS QH 4H 2H JD 3D 2D KC QC 8C 7C 5C", "TS 7S 6S 3S KH QD TD 8D 7D 5D AC TC 6C",
           "AS KS 8S 5S 4S JH TH 8H 7H 6D 4D JC 2C", "9S 2S AH 9H 6H 5H 3H AD KD 9D 9C 4C 3C"}),
      test::deal(
          {"AS TS 2S 9H QD TD 5D AC KC JC TC 9C 2C", "KS 9S 8S 5S 4S AH QH 5H 3H AD 4D 3D 6C",
           "QS 7S TH 7H 6H 4H JD 8D 6D 2D QC 5C 3C", "JS 6S 3S KH JH 8H 2H KD 9D 7D 8C 7C 4C"}),
      test::deal(
          {"KS 9S AH QH 4H 2H QD JD 6D 5D 2D 5C 2C", "JS 8S 2S JH TH 7H AD 8D 7D 3D AC TC 8C",
           "AS TS 6S 5S 4S KH 9H 6H 5H 3H KC 9C 3C", "QS 7S 3S 8H KD TD 9D 4D QC JC 7C 6C 4C"}),
      test::deal(
          {"KS JS 3S AH 9H 8H 7H 6H AC JC 9C 6C 5C", "AS TS 9S 7S 6S 5S 4S KH 5H 8D QC 4C 3C",
           "8S 2S QH TH AD KD QD JD 7D 5D 4D 7C 2C", "QS JH 4H 3H 2H TD 9D 6D 3D 2D KC TC 8C"}),
      test::deal(
          {"KS 9S 7S 6S KH 9H KD JD AC KC QC JC 4C", "TS 5H 4H 3H TD 9D 6D 5D 9C 7C 6C 5C 2C",
           "AS QS JS 8S 2S AH QH JH AD QD 3D 2D 3C", "5S 4S 3S TH 8H 7H 6H 2H 8D 7D 4D TC 8C"}),
      test::deal(
          {"AS TS 5S 3S AH QH 7H KD TD 8D 7D AC 8C", "7S KH 8H 6H 2H 5D 4D 3D 2D KC QC 9C 2C",
           "KS QS 8S 6S 4S 2S TH 9H 5H QD JC 4C 3C", "JS 9S JH 4H 3H AD JD 9D 6D TC 7C 6C 5C"}),
  };
  const int trumps[] = {kH, kD, kS, kC, kNoSuit, kH};
  const Ints tricks[] = {{7, 6}, {6, 7}, {6, 7}, {7, 6}, {7, 6}, {8, 5}};
  const Ints scores[] = {{1, 0}, {1, 1}, {1, 2}, {2, 2}, {3, 2}, {5, 2}};

  auto g = test::game(classic({{"trump", std::string("rotate_nt")},
                               {"honours", std::string("on")},
                               {"play_to", std::int64_t{15}}}),
                      3, deals[0]);
  for (int k = 0; k < 6; ++k) {
    if (k > 0) test::give(g, deals[static_cast<size_t>(k)]);
    INFO("deal " << k);
    REQUIRE(g.dealer() == (3 + k) % 4);
    REQUIRE(g.current_seat() == k % 4);
    REQUIRE(g.trump_suit() == trumps[k]);
    test::finish_deal(g);
    const HandResult& res = g.results()[static_cast<size_t>(k)];
    REQUIRE(res.trump == trumps[k]);
    REQUIRE(res.tricks.vec() == tricks[k]);
    REQUIRE(res.honours.vec() == Ints{0, 0});
    REQUIRE(g.scores() == scores[k]);
  }
  REQUIRE_FALSE(g.is_over());
}

TEST_CASE("classic: at no trump the highest card of the suit led wins",
          "[classic][trump][rotate]") {
  // rotate_nt, fifth deal. Seat 0 leads (dealer 3); nobody holds a trump.
  auto g = test::game(classic({{"trump", std::string("rotate_nt")}, {"play_to", std::int64_t{15}}}),
                      3, test::full_suit_a_seat());
  for (int k = 0; k < 4; ++k) {
    test::finish_deal(g);
    test::give(g, test::full_suit_a_seat());
  }
  REQUIRE(g.deal_index() == 4);
  REQUIRE(g.trump_suit() == kNoSuit);
  REQUIRE(g.current_seat() == 0);
  // 2C led; nobody else holds a club: the two of clubs wins.
  test::play(g, "2C AD AH AS");
  REQUIRE(g.tricks_won(0) == 1);
  REQUIRE(g.current_seat() == 0);
  test::finish_deal(g);
  REQUIRE(g.results()[4].tricks.vec() == Ints{13, 0});
}

// ---------------------------------------------------------------------------
// Game

TEST_CASE("classic: the game ends at the end of the deal that reaches play_to", "[classic][game]") {
  // Default options: play_to 5, turn, no honours. Dealer 0, 8S turned:
  // team 1 takes 9 tricks (+3).
  auto g = test::game(
      classic(), 0,
      test::deal(
          {"QS 8S 4S KH QH TH 7H AD TD 9D 7D 6D 2C", "TS 9S 7S 6S AH 9H 5H 4H 3H JD 2D 6C 4C",
           "AS KS 5S 8H 6H 2H QD 5D 9C 8C 7C 5C 3C", "JS 3S 2S JH KD 8D 4D 3D AC KC QC JC TC"},
          "", "8S"));
  REQUIRE(g.rules().options.play_to == 5);
  test::finish_deal(g);
  REQUIRE(g.results()[0].tricks.vec() == Ints{4, 9});
  REQUIRE(g.scores() == Ints{0, 3});
  REQUIRE_FALSE(g.is_over());
  REQUIRE(g.winners().empty());
  REQUIRE(g.awaiting_deal());

  // Dealer 1, 4H turned: team 1 takes 8 tricks (+2) and reaches 5.
  test::give(
      g, test::deal(
             {"KS JS 8S 7S 2S AH QH 3H 9D 4D 3D 8C 5C", "AS 4S 3S KH 7H 4H 8D 7D 5D AC KC QC 4C",
              "TS 5S 8H 6H 2H QD TD 6D 2D JC TC 9C 3C", "QS 9S 6S JH TH 9H 5H AD KD JD 7C 6C 2C"},
             "", "4H"));
  REQUIRE(g.dealer() == 1);
  REQUIRE(g.current_seat() == 2);
  // Twelve tricks: the game is not over before the deal ends.
  for (int i = 0; i < 48; ++i)
    test::act(g, Action::play(g.current_seat(), lowest(g.legal_cards())));
  REQUIRE_FALSE(g.is_over());
  test::finish_deal(g);
  REQUIRE(g.results().size() == 2);
  REQUIRE(g.results()[1].tricks.vec() == Ints{5, 8});
  REQUIRE(g.scores() == Ints{0, 5});
  REQUIRE(g.is_over());
  REQUIRE(g.phase() == Phase::kOver);
  REQUIRE(g.winners() == Ints{1});
  REQUIRE(g.observation(-1).game_over);
  REQUIRE(g.observation(-1).winners == Ints{1});
  REQUIRE(g.current_seat() == -1);
  REQUIRE(g.legal_actions().empty());
  for (int s = 0; s < 4; ++s) {
    REQUIRE(test::refuse(g, Action::play(s, test::card("2C"))) == RuleError::kGameOver);
    REQUIRE(test::refuse(g, Action::pass(s)) == RuleError::kGameOver);
  }
}
