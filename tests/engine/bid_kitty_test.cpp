#include <catch2/catch.hpp>

// Bid whist (rules.md, "Bid whist"): the kitty and the book, by scripted
// deals in card notation. Where a deal is played out with test::finish_deal
// (each seat its lowest legal card), the trick counts in the comments were
// worked out from the rules, independently of the engine. Helpers:
// bid_scripted.hpp.

#include <string>
#include <vector>

#include "tests/engine/bid_scripted.hpp"

using namespace whist;
using namespace whist::bid_test;

// ---------------------------------------------------------------------------
// The kitty and the book

TEST_CASE("bid: the declarer takes the kitty and discards as many cards", "[bid][kitty]") {
  auto g = test::game(bid({{"play_to", std::int64_t{15}}}), 0, suit_a_seat());
  const Events ev = only_bid(g, 2, 1, kUp);
  const Event* taken = find_event(ev, EventType::kKittyTaken);
  REQUIRE(taken != nullptr);
  REQUIRE(taken->seat == 2);
  REQUIRE(g.phase() == Phase::kDiscard);
  REQUIRE(g.current_seat() == 2);
  const CardSet hearts = test::set("KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H");
  REQUIRE(g.hand(2) == (hearts | test::set(kSuitASeatKitty)));
  REQUIRE(g.discard_choice() == std::pair<CardSet, int>{g.hand(2), 6});

  // Not a choice of trump yet.
  REQUIRE(test::refuse(g, Action::trump(2, kH)) == RuleError::kWrongPhase);
  REQUIRE(test::refuse(g, Action::discard(1, test::set("2D 3D 4D 5D 6D 7D"))) ==
          RuleError::kNotYourTurn);
  // The wrong number of cards.
  REQUIRE(test::refuse(g, Action::discard(2, test::set("AC AD AS BJ RJ"))) ==
          RuleError::kBadDiscard);
  REQUIRE(test::refuse(g, Action::discard(2, test::set("AC AD AS BJ RJ 2H 3H"))) ==
          RuleError::kBadDiscard);
  // Six cards named, one of them twice: five different cards.
  REQUIRE(test::refuse(g, Action::discard(2, test::set("AC AD AS BJ RJ"), 6)) ==
          RuleError::kBadDiscard);
  // Seven cards named, one of them twice: six different cards, still wrong.
  REQUIRE(test::refuse(g, Action::discard(2, test::set("AC AD AS BJ RJ 2H"), 7)) ==
          RuleError::kBadDiscard);
  // A card the declarer does not hold.
  REQUIRE(test::refuse(g, Action::discard(2, test::set("AC AD AS BJ RJ 2S"))) ==
          RuleError::kCardNotHeld);

  // Jokers may be discarded.
  test::act(g, Action::discard(2, test::set("AC AD AS BJ RJ 2H")));
  REQUIRE(g.hand(2) == (test::set("AH 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")));
  REQUIRE(g.observation(2).discards == test::set("AC AD AS BJ RJ 2H"));
  REQUIRE(g.observation(1).discards == 0);
  REQUIRE(g.phase() == Phase::kChoose);
  REQUIRE(g.current_seat() == 2);
  test::act(g, Action::trump(2, kH));
  REQUIRE(g.phase() == Phase::kPlay);
  REQUIRE(g.current_seat() == 1);

  // Seat 2 holds the only trumps: it takes all 12 tricks; with the book 13.
  test::finish_deal(g);
  REQUIRE(g.tricks_won(2) == 12);
  const HandResult& res = g.results()[0];
  REQUIRE(res.tricks.vec() == Ints{13, 0});
  REQUIRE(res.score.vec() == Ints{7, 0});
  REQUIRE(res.contract.declarer == 2);
  REQUIRE(res.contract.level == 1);
  REQUIRE(res.trump == kH);
}

namespace {
// Dealer 3, seat 2 bids 1 uptown and names diamonds. Lowest legal cards to
// the end: team 0 takes 6 tricks in play, team 1 six; with the book, 7 to 6.
DealSpec book_deal() {
  return test::deal({"RJ AS 2S TH 8H 4H JD 2D AC JC 9C 2C", "KS QS JS TS 8S 7S 9H 5H 3H 6D 3D 5C",
                     "BJ 9S 6S QH 7H KD QD 8D KC QC TC 3C", "4S 3S AH KH JH 6H 2H 5D 4D 8C 7C 6C"},
                    "5S AD TD 9D 7D 4C");
}
}  // namespace

TEST_CASE("bid: the book counts as the bidding side's first trick", "[bid][kitty][scoring]") {
  SECTION("kitty taken: the discards are the book") {
    auto g = test::game(bid(), 3, book_deal());
    only_bid(g, 2, 1, kUp);
    REQUIRE(count(g.hand(2)) == 18);
    // RJ is seat 0's, not the declarer's.
    REQUIRE(test::refuse(g, Action::discard(2, test::set("5S AD TD 9D 7D RJ"))) ==
            RuleError::kCardNotHeld);
    // The declarer gives the kitty's cards back.
    test::act(g, Action::discard(2, test::set("5S AD TD 9D 7D 4C")));
    test::act(g, Action::trump(2, kD));
    REQUIRE(g.current_seat() == 0);
    test::finish_deal(g);
    REQUIRE(g.tricks_won(0) + g.tricks_won(2) == 6);
    REQUIRE(g.tricks_won(1) + g.tricks_won(3) == 6);
    const HandResult& res = g.results()[0];
    REQUIRE(res.tricks.vec() == Ints{7, 6});
    REQUIRE(res.score.vec() == Ints{1, 0});  // 1 uptown needs 7: made by the book
    REQUIRE(g.scores() == Ints{1, 0});
  }
  SECTION("bidder_gets_kitty false: the kitty stays out and is the book") {
    auto g = test::game(bid({{"bidder_gets_kitty", false}}), 3, book_deal());
    const Events ev = only_bid(g, 2, 1, kUp);
    REQUIRE_FALSE(has_event(ev, EventType::kKittyTaken));
    REQUIRE(g.phase() == Phase::kChoose);
    REQUIRE(g.current_seat() == 2);
    REQUIRE(count(g.hand(2)) == 12);
    REQUIRE(test::refuse(g, Action::discard(2, test::set("BJ 9S 6S QH 7H KD"))) ==
            RuleError::kWrongPhase);
    // The declarer never sees a kitty it does not take (sport_kitty never).
    REQUIRE_FALSE(g.observation(2).kitty_known);
    REQUIRE(g.observation(2).kitty == 0);
    test::act(g, Action::trump(2, kD));
    test::finish_deal(g);
    const HandResult& res = g.results()[0];
    REQUIRE(res.tricks.vec() == Ints{7, 6});
    REQUIRE(res.score.vec() == Ints{1, 0});
  }
  SECTION("the book goes to the bidding side, whichever it is") {
    // The same cards played, but seat 3 (the dealer) bids 1 uptown after
    // three passes and names diamonds: 6 tricks each in play, the book to
    // team 1.
    auto g = test::game(bid({{"bidder_gets_kitty", false}}), 3, book_deal());
    test::act(g, Action::pass(0));
    test::act(g, Action::pass(1));
    test::act(g, Action::pass(2));
    test::act(g, Action::bid(3, 1, kUp));
    test::act(g, Action::trump(3, kD));
    test::finish_deal(g);
    const HandResult& res = g.results()[0];
    REQUIRE(res.tricks.vec() == Ints{6, 7});
    REQUIRE(res.score.vec() == Ints{0, 1});
  }
}

TEST_CASE("bid: sport_kitty decides who sees the kitty", "[bid][kitty][observation]") {
  const CardSet kitty = test::set(kSuitASeatKitty);
  struct Case {
    const char* option;
    BidMode mode;
    bool shown;
  };
  const Case cases[] = {
      {"never", kUp, false}, {"never", kNT, false}, {"trump", kUp, true},  {"trump", kDown, true},
      {"trump", kNT, false}, {"always", kUp, true}, {"always", kNT, true},
  };
  for (const Case& c : cases) {
    INFO("sport_kitty " << c.option << ", mode " << bid_mode_name(c.mode));
    auto g = test::game(bid({{"sport_kitty", std::string(c.option)}}), 0, suit_a_seat());
    test::act(g, Action::pass(1));
    test::act(g, Action::bid(2, 1, c.mode));
    test::act(g, Action::pass(3));
    // Not before bidding ends.
    REQUIRE_FALSE(g.observation(1).kitty_known);
    REQUIRE_FALSE(g.observation_for_watcher().kitty_known);
    REQUIRE_FALSE(g.observation(2).kitty_known);
    const Events ev = test::act(g, Action::pass(0));

    const Event* shown = find_event(ev, EventType::kKittyShown);
    REQUIRE((shown != nullptr) == c.shown);
    if (shown) REQUIRE(shown->cards == kitty);
    for (int seat : {1, 3, 0, -1}) {
      const Observation o = g.observation(seat);
      REQUIRE(o.kitty_known == c.shown);
      REQUIRE(o.kitty == (c.shown ? kitty : CardSet{0}));
    }
    // The declarer takes the kitty and sees it whatever the option.
    REQUIRE(g.observation(2).kitty_known);
    REQUIRE(g.observation(2).kitty == kitty);
    // Still shown (or not) after the discard.
    test::act(g, Action::discard(2, kitty));
    REQUIRE(g.observation(3).kitty_known == c.shown);
    REQUIRE(g.observation_for_watcher().kitty_known == c.shown);
  }
}

TEST_CASE("bid: the kitty holds the cards left over: 4, 5 or 6 with 0, 1 or 2 jokers",
          "[bid][kitty]") {
  const char* hands[] = {
      "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
      "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"};
  auto deal = [&](const char* kitty) {
    return test::deal({hands[0], hands[1], hands[2], hands[3]}, kitty);
  };
  SECTION("one joker: the red one, a kitty of 5") {
    const Rules r = bid({{"jokers", std::int64_t{1}}});
    REQUIRE(std::holds_alternative<std::string>(check_deal(r, 0, 0, deal("AC AD AH AS BJ"))));
    REQUIRE(std::holds_alternative<std::string>(check_deal(r, 0, 0, deal("AC AD AH AS BJ RJ"))));
    auto g = test::game(r, 0, deal("AC AD AH AS RJ"));
    only_bid(g, 1, 1, kUp);
    REQUIRE(g.discard_choice().second == 5);
    REQUIRE(test::refuse(g, Action::discard(1, test::set("AC AD AH AS RJ 2D"))) ==
            RuleError::kBadDiscard);
    test::act(g, Action::discard(1, test::set("AC AD AH AS RJ")));
    REQUIRE(g.phase() == Phase::kChoose);
  }
  SECTION("no jokers, a kitty of 4") {
    const Rules r = bid({{"jokers", std::int64_t{0}}});
    REQUIRE(std::holds_alternative<std::string>(check_deal(r, 0, 0, deal("AC AD AH AS RJ"))));
    auto g = test::game(r, 0, deal("AC AD AH AS"));
    only_bid(g, 1, 1, kUp);
    REQUIRE(g.discard_choice().second == 4);
    REQUIRE(test::refuse(g, Action::discard(1, test::set("AC AD AH AS 2D"))) ==
            RuleError::kBadDiscard);
    test::act(g, Action::discard(1, test::set("2D 3D 4D 5D")));
    REQUIRE(g.hand(1) == test::set("AC AD AH AS KD QD JD TD 9D 8D 7D 6D"));
  }
}
