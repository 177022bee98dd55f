#include <catch2/catch.hpp>

// Bid whist (rules.md, "Bid whist"): the ranking, the jokers and the first
// lead, by scripted deals in card notation. Where a deal is played out with
// test::finish_deal (each seat its lowest legal card), the trick counts in
// the comments were worked out from the rules, independently of the engine.
// Helpers: bid_scripted.hpp.

#include <string>
#include <vector>

#include "tests/engine/bid_scripted.hpp"

using namespace whist;
using namespace whist::bid_test;

// ---------------------------------------------------------------------------
// Ranking and jokers

namespace {
// Seat 1 bids; clubs trump. Everyone holds hearts for the first two tricks.
DealSpec ranking_deal() {
  return test::deal({"AH QH JH TH 9H 8H 7H KC QC KD QD QS", "KH 4H JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
                     "6H 5H JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "3H 2H JS TS 9S 8S 7S 6S 5S 4S 3S 2S"},
                    "AC AD KS AS BJ RJ");
}
}  // namespace

TEST_CASE("bid: uptown ranks A K ... 2, downtown A 2 ... K", "[bid][ranking]") {
  const Rules r = bid({{"bidder_gets_kitty", false}});
  SECTION("uptown: the king beats the three") {
    auto g = test::game(r, 0, ranking_deal());
    only_bid(g, 1, 1, kUp);
    test::act(g, Action::trump(1, kC));
    test::play(g, "KH 5H 3H QH");
    REQUIRE(g.tricks_won(1) == 1);
    REQUIRE(g.current_seat() == 1);
    // Trumps rank uptown too: KC beats 2C.
    test::play(g, "2C 2D 2S KC");
    REQUIRE(g.tricks_won(0) == 1);
    REQUIRE(g.current_seat() == 0);
  }
  SECTION("downtown: the three beats the king, the ace beats the two") {
    auto g = test::game(r, 0, ranking_deal());
    only_bid(g, 1, 1, kDown);
    test::act(g, Action::trump(1, kC));
    test::play(g, "KH 5H 3H QH");
    REQUIRE(g.tricks_won(3) == 1);
    REQUIRE(g.current_seat() == 3);
    test::play(g, "2H AH 4H 6H");
    REQUIRE(g.tricks_won(0) == 1);
    REQUIRE(g.current_seat() == 0);
    // Trumps rank downtown too: 2C beats KC.
    test::play(g, "KC 2C 2D 2S");
    REQUIRE(g.tricks_won(1) == 1);
    REQUIRE(g.current_seat() == 1);
  }
  SECTION("notrump downtown: the three beats the king") {
    auto g = test::game(r, 0, ranking_deal());
    only_bid(g, 1, 1, kNT);
    test::act(g, Action::direction(1, kDown));
    test::play(g, "KH 5H 3H QH");
    REQUIRE(g.current_seat() == 3);
    test::play(g, "2H AH 4H 6H");
    REQUIRE(g.current_seat() == 0);
  }
  SECTION("notrump uptown: the king beats the three") {
    auto g = test::game(r, 0, ranking_deal());
    only_bid(g, 1, 1, kNT);
    test::act(g, Action::direction(1, kUp));
    test::play(g, "KH 5H 3H QH");
    REQUIRE(g.current_seat() == 1);
  }
}

namespace {
// Seat 1 bids, spades trump. Seat 2's only "trump" is BJ, seat 3's only
// spade is AS, seat 1 holds RJ and KS.
DealSpec jokers_trump_deal() {
  return test::deal({"QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S QC", "RJ KS JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
                     "BJ QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", "AS KH AH TD 9D 8D 7D 6D 5D 4D 3D 2D"},
                    "KC AC JD QD KD AD");
}
}  // namespace

TEST_CASE("bid: jokers are the top trumps in a trump contract", "[bid][jokers]") {
  const Rules r = bid({{"bidder_gets_kitty", false}});
  SECTION("a joker follows a trump lead and beats the ace of trumps") {
    auto g = test::game(r, 0, jokers_trump_deal());
    only_bid(g, 1, 1, kUp);
    test::act(g, Action::trump(1, kS));
    test::act(g, play(1, "KS"));
    REQUIRE(g.legal_cards() == test::set("BJ"));
    REQUIRE(test::refuse(g, play(2, "2H")) == RuleError::kMustFollowSuit);
    test::act(g, play(2, "BJ"));
    REQUIRE(g.legal_cards() == test::set("AS"));
    REQUIRE(test::refuse(g, play(3, "2D")) == RuleError::kMustFollowSuit);
    test::act(g, play(3, "AS"));
    test::act(g, play(0, "2S"));
    REQUIRE(g.tricks_won(2) == 1);
    REQUIRE(g.current_seat() == 2);
  }
  SECTION("a joker led is a trump lead; the red joker beats the black") {
    auto g = test::game(r, 0, jokers_trump_deal());
    only_bid(g, 1, 1, kUp);
    test::act(g, Action::trump(1, kS));
    test::act(g, play(1, "RJ"));
    REQUIRE(g.trick().led_suit == kS);
    REQUIRE(test::refuse(g, play(2, "QH")) == RuleError::kMustFollowSuit);
    test::act(g, play(2, "BJ"));
    REQUIRE(test::refuse(g, play(3, "KH")) == RuleError::kMustFollowSuit);
    test::act(g, play(3, "AS"));
    REQUIRE(test::refuse(g, play(0, "QC")) == RuleError::kMustFollowSuit);
    REQUIRE(g.legal_cards() == test::set("QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"));
    test::act(g, play(0, "QS"));
    REQUIRE(g.tricks_won(1) == 1);
    REQUIRE(g.current_seat() == 1);
  }
  SECTION("downtown: jokers stay above the ace") {
    auto g = test::game(r, 0, jokers_trump_deal());
    only_bid(g, 1, 1, kDown);
    test::act(g, Action::trump(1, kS));
    test::play(g, "KS BJ AS 2S");
    REQUIRE(g.current_seat() == 2);
  }
  SECTION("a player who holds the suit led may not play a joker instead") {
    auto g = test::game(r, 0, jokers_trump_deal());
    only_bid(g, 1, 1, kUp);
    test::act(g, Action::trump(1, kS));
    test::play(g, "KS BJ AS 2S");  // seat 2 wins with BJ
    test::play(g, "2H KH 3S");     // seat 0, void in hearts, ruffs
    test::act(g, play(1, "2C"));   // seat 1, void in hearts, discards
    REQUIRE(g.current_seat() == 0);
    REQUIRE(g.tricks_won(0) == 1);
    // Seat 0 leads QC: seat 1 holds clubs and RJ, and must play a club.
    test::act(g, play(0, "QC"));
    REQUIRE(test::refuse(g, play(1, "RJ")) == RuleError::kMustFollowSuit);
    REQUIRE(g.legal_cards() == test::set("JC TC 9C 8C 7C 6C 5C 4C 3C"));
  }
  SECTION("a joker takes a trick of another suit led") {
    auto g = test::game(r, 0, jokers_trump_deal());
    only_bid(g, 1, 1, kUp);
    test::act(g, Action::trump(1, kS));
    // 2C led; seat 2 (no club) plays BJ, a trump; seat 3 (no club) AH.
    test::play(g, "2C BJ AH QC");
    REQUIRE(g.current_seat() == 2);
  }
}

namespace {
// Seat 1 bids notrump. Seat 1: RJ, 2C 3C, spades; seat 2: BJ, 4C 5C,
// diamonds; seat 3: hearts but the ace; seat 0: AH, clubs, JS QS.
DealSpec jokers_nt_deal() {
  return test::deal({"AH AC KC QC JC TC 9C 8C 7C 6C QS JS", "RJ 3C 2C TS 9S 8S 7S 6S 5S 4S 3S 2S",
                     "BJ 5C 4C TD 9D 8D 7D 6D 5D 4D 3D 2D", "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"},
                    "AS KS AD KD QD JD");
}
}  // namespace

TEST_CASE("bid: jokers at notrump have no suit and never win", "[bid][jokers]") {
  const Rules r = bid({{"bidder_gets_kitty", false}});
  SECTION("a player who can follow may not play a joker") {
    auto g = test::game(r, 0, jokers_nt_deal());
    only_bid(g, 1, 1, kNT);
    test::act(g, Action::direction(1, kUp));
    test::act(g, play(1, "2C"));
    REQUIRE(test::refuse(g, play(2, "BJ")) == RuleError::kMustFollowSuit);
    REQUIRE(g.legal_cards() == test::set("4C 5C"));
    test::play(g, "4C 2H 6C");
    REQUIRE(g.current_seat() == 0);
  }
  SECTION("a player who cannot follow may play one; it does not win") {
    auto g = test::game(r, 0, jokers_nt_deal());
    only_bid(g, 1, 1, kNT);
    test::act(g, Action::direction(1, kUp));
    test::act(g, play(1, "2S"));
    REQUIRE(g.legal_cards() == g.hand(2));
    test::act(g, play(2, "BJ"));
    test::act(g, play(3, "2H"));
    test::act(g, play(0, "JS"));
    REQUIRE(g.tricks_won(0) == 1);
    REQUIRE(g.tricks_won(2) == 0);
    REQUIRE(g.current_seat() == 0);
  }
  SECTION("a joker led: the first card with a suit sets the suit") {
    auto g = test::game(r, 0, jokers_nt_deal());
    only_bid(g, 1, 1, kNT);
    test::act(g, Action::direction(1, kUp));
    test::act(g, play(1, "RJ"));
    REQUIRE(g.trick().led_suit == -1);
    REQUIRE(g.legal_cards() == g.hand(2));
    test::act(g, play(2, "BJ"));
    REQUIRE(g.trick().led_suit == -1);
    REQUIRE(g.legal_cards() == g.hand(3));
    test::act(g, play(3, "5H"));
    REQUIRE(g.trick().led_suit == kH);
    REQUIRE(test::refuse(g, play(0, "6C")) == RuleError::kMustFollowSuit);
    REQUIRE(g.legal_cards() == test::set("AH"));
    test::act(g, play(0, "AH"));
    REQUIRE(g.tricks_won(0) == 1);
    REQUIRE(g.tricks_won(1) == 0);
    REQUIRE(g.current_seat() == 0);
  }
  SECTION("a joker led: the cards of the suit set win over the jokers") {
    auto g = test::game(r, 0, jokers_nt_deal());
    only_bid(g, 1, 1, kNT);
    test::act(g, Action::direction(1, kUp));
    // RJ led, 4C sets clubs, seat 3 cannot follow, seat 0 must: 6C wins.
    test::play(g, "RJ 4C KH");
    REQUIRE(g.trick().led_suit == kC);
    REQUIRE(test::refuse(g, play(0, "AH")) == RuleError::kMustFollowSuit);
    test::act(g, play(0, "6C"));
    REQUIRE(g.current_seat() == 0);
  }
  SECTION("downtown: a joker is no higher") {
    auto g = test::game(r, 0, jokers_nt_deal());
    only_bid(g, 1, 1, kNT);
    test::act(g, Action::direction(1, kDown));
    // 2S ranks above QS downtown; BJ does not take the trick.
    test::play(g, "2S BJ 2H QS");
    REQUIRE(g.tricks_won(1) == 1);
    REQUIRE(g.current_seat() == 1);
  }
}

// ---------------------------------------------------------------------------
// First lead

TEST_CASE("bid: bidder_leads decides who leads the first trick", "[bid][lead]") {
  SECTION("false (default): the dealer's left leads") {
    auto g = test::game(bid({{"bidder_gets_kitty", false}}), 0, suit_a_seat());
    REQUIRE_FALSE(g.rules().options.bidder_leads);
    only_bid(g, 3, 2, kUp);
    test::act(g, Action::trump(3, kS));
    REQUIRE(g.current_seat() == 1);
    REQUIRE(test::refuse(g, play(3, "2S")) == RuleError::kNotYourTurn);
    test::act(g, play(1, "2D"));
  }
  SECTION("true: the declarer leads") {
    auto g =
        test::game(bid({{"bidder_gets_kitty", false}, {"bidder_leads", true}}), 0, suit_a_seat());
    only_bid(g, 3, 2, kUp);
    test::act(g, Action::trump(3, kS));
    REQUIRE(g.current_seat() == 3);
    REQUIRE(test::refuse(g, play(1, "2D")) == RuleError::kNotYourTurn);
    test::act(g, play(3, "2S"));
  }
  SECTION("true, declarer the dealer's partner, after the kitty") {
    auto g = test::game(bid({{"bidder_leads", true}}), 1, suit_a_seat());
    only_bid(g, 3, 1, kNT);
    test::act(g, Action::discard(3, test::set(kSuitASeatKitty)));
    test::act(g, Action::direction(3, kUp));
    REQUIRE(g.current_seat() == 3);
  }
}
