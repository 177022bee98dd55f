#include <catch2/catch.hpp>

// Bid whist (rules.md, "Bid whist"): the bidding, and trump or direction
// after it, by scripted deals in card notation. Where a deal is played out
// with test::finish_deal (each seat its lowest legal card), the trick
// counts in the comments were worked out from the rules, independently of
// the engine. Helpers: bid_scripted.hpp.

#include <string>
#include <vector>

#include "tests/engine/bid_scripted.hpp"

using namespace whist;
using namespace whist::bid_test;

// ---------------------------------------------------------------------------
// Bidding

TEST_CASE("bid: with low_beats_high, downtown beats uptown and notrump beats both",
          "[bid][bidding]") {
  auto g = test::game(bid(), 0, suit_a_seat());
  REQUIRE(g.rules().options.low_beats_high);
  REQUIRE(g.phase() == Phase::kBidding);
  REQUIRE(g.current_seat() == 1);
  test::act(g, Action::bid(1, 2, kUp));

  REQUIRE(test::refuse(g, Action::bid(2, 2, kUp)) == RuleError::kBidTooLow);
  REQUIRE(test::refuse(g, Action::bid(2, 1, kNT)) == RuleError::kBidTooLow);
  test::act(g, Action::bid(2, 2, kDown));

  REQUIRE(test::refuse(g, Action::bid(3, 2, kDown)) == RuleError::kBidTooLow);
  REQUIRE(test::refuse(g, Action::bid(3, 2, kUp)) == RuleError::kBidTooLow);
  {
    const auto legal = g.legal_actions();
    REQUIRE(legal.front() == Action::bid(3, 2, kNT));
    REQUIRE(legal.back() == Action::pass(3));
    REQUIRE(legal.size() == 5 * 3 + 1 + 1);  // levels 3..7, 2 notrump, pass
  }
  test::act(g, Action::bid(3, 2, kNT));

  REQUIRE(test::refuse(g, Action::bid(0, 2, kNT)) == RuleError::kBidTooLow);
  REQUIRE(test::refuse(g, Action::bid(0, 2, kDown)) == RuleError::kBidTooLow);
  const Events ev = test::act(g, Action::bid(0, 3, kUp));

  REQUIRE(g.contract().declarer == 0);
  REQUIRE(g.contract().level == 3);
  REQUIRE(g.contract().mode == kUp);
  const Event* c = find_event(ev, EventType::kContract);
  REQUIRE(c != nullptr);
  REQUIRE(c->seat == 0);
  REQUIRE(c->action.level == 3);
  REQUIRE(g.phase() == Phase::kDiscard);
  REQUIRE(g.current_seat() == 0);
  REQUIRE(g.observation(1).calls.size() == 4);
}

TEST_CASE("bid: without low_beats_high, downtown and uptown are equal", "[bid][bidding]") {
  const Rules r = bid({{"low_beats_high", false}});
  SECTION("downtown does not beat uptown") {
    auto g = test::game(r, 0, suit_a_seat());
    test::act(g, Action::bid(1, 2, kUp));
    REQUIRE(test::refuse(g, Action::bid(2, 2, kDown)) == RuleError::kBidTooLow);
    REQUIRE(test::refuse(g, Action::bid(2, 2, kUp)) == RuleError::kBidTooLow);
    test::act(g, Action::bid(2, 2, kNT));
    REQUIRE(test::refuse(g, Action::bid(3, 2, kNT)) == RuleError::kBidTooLow);
    test::act(g, Action::bid(3, 3, kDown));
    REQUIRE(test::refuse(g, Action::bid(0, 3, kUp)) == RuleError::kBidTooLow);
    test::act(g, Action::pass(0));
    REQUIRE(g.contract().declarer == 3);
    REQUIRE(g.contract().level == 3);
    REQUIRE(g.contract().mode == kDown);
  }
  SECTION("uptown does not beat downtown") {
    auto g = test::game(r, 0, suit_a_seat());
    test::act(g, Action::bid(1, 4, kDown));
    REQUIRE(test::refuse(g, Action::bid(2, 4, kUp)) == RuleError::kBidTooLow);
    REQUIRE(test::refuse(g, Action::bid(2, 3, kNT)) == RuleError::kBidTooLow);
    test::act(g, Action::bid(2, 5, kUp));
    REQUIRE(g.contract().declarer == 2);
  }
}

TEST_CASE("bid: uptown does not beat downtown with low_beats_high either", "[bid][bidding]") {
  auto g = test::game(bid(), 0, suit_a_seat());
  test::act(g, Action::bid(1, 3, kDown));
  REQUIRE(test::refuse(g, Action::bid(2, 3, kUp)) == RuleError::kBidTooLow);
  REQUIRE(test::refuse(g, Action::bid(2, 3, kDown)) == RuleError::kBidTooLow);
  test::act(g, Action::bid(2, 3, kNT));
  REQUIRE(test::refuse(g, Action::bid(3, 3, kNT)) == RuleError::kBidTooLow);
  test::act(g, Action::bid(3, 4, kUp));
  REQUIRE(g.contract().declarer == 3);
}

TEST_CASE("bid: levels are min_bid to 7", "[bid][bidding]") {
  SECTION("min_bid 3") {
    auto g = test::game(bid({{"min_bid", std::int64_t{3}}}), 0, suit_a_seat());
    REQUIRE(test::refuse(g, Action::bid(1, 2, kUp)) == RuleError::kBidTooLow);
    REQUIRE(test::refuse(g, Action::bid(1, 1, kNT)) == RuleError::kBidTooLow);
    REQUIRE(g.legal_actions().front() == Action::bid(1, 3, kUp));
    test::act(g, Action::bid(1, 3, kUp));
    REQUIRE(g.contract().level == 3);
  }
  SECTION("outside 1 to 7") {
    auto g = test::game(bid(), 0, suit_a_seat());
    REQUIRE(test::refuse(g, Action::bid(1, 0, kUp)) == RuleError::kBadBid);
    REQUIRE(test::refuse(g, Action::bid(1, 8, kNT)) == RuleError::kBadBid);
    test::act(g, Action::bid(1, 7, kNT));
    // Nothing beats 7 notrump.
    REQUIRE(g.legal_actions() == std::vector<Action>{Action::pass(2)});
    REQUIRE(test::refuse(g, Action::bid(2, 7, kNT)) == RuleError::kBidTooLow);
  }
}

TEST_CASE("bid: the dealer must bid when the first three pass", "[bid][bidding]") {
  SECTION("three passes: the dealer may not pass") {
    auto g = test::game(bid({{"min_bid", std::int64_t{2}}}), 2, suit_a_seat());
    REQUIRE(g.current_seat() == 3);
    test::act(g, Action::pass(3));
    test::act(g, Action::pass(0));
    test::act(g, Action::pass(1));
    REQUIRE(g.current_seat() == 2);
    REQUIRE(test::refuse(g, Action::pass(2)) == RuleError::kDealerMustBid);
    REQUIRE(test::refuse(g, Action::bid(2, 1, kUp)) == RuleError::kBidTooLow);
    for (const Action& a : g.legal_actions()) REQUIRE(a.type == ActionType::kBid);
    test::act(g, Action::bid(2, 2, kDown));
    REQUIRE(g.contract().declarer == 2);
    REQUIRE(g.contract().level == 2);
    REQUIRE(g.contract().mode == kDown);
    REQUIRE(g.phase() == Phase::kDiscard);
  }
  SECTION("someone bid: the dealer may pass") {
    auto g = test::game(bid(), 2, suit_a_seat());
    test::act(g, Action::pass(3));
    test::act(g, Action::bid(0, 1, kUp));
    test::act(g, Action::pass(1));
    test::act(g, Action::pass(2));
    REQUIRE(g.contract().declarer == 0);
    REQUIRE(g.contract().level == 1);
    REQUIRE(g.current_seat() == 0);
  }
}

TEST_CASE("bid: one call each, then the highest bidder declares", "[bid][bidding]") {
  auto g = test::game(bid(), 0, suit_a_seat());
  REQUIRE(test::refuse(g, Action::bid(0, 1, kUp)) == RuleError::kNotYourTurn);
  REQUIRE(test::refuse(g, Action::bid(2, 1, kUp)) == RuleError::kNotYourTurn);
  test::act(g, Action::bid(1, 1, kUp));
  REQUIRE(test::refuse(g, Action::bid(1, 2, kUp)) == RuleError::kNotYourTurn);
  test::act(g, Action::bid(2, 2, kUp));
  test::act(g, Action::pass(3));
  REQUIRE(g.phase() == Phase::kBidding);
  REQUIRE(g.contract().declarer == 2);  // the highest bid so far
  test::act(g, Action::pass(0));
  // Four calls: bidding is over; seat 1 does not get a second call.
  REQUIRE(g.phase() == Phase::kDiscard);
  REQUIRE(g.contract().declarer == 2);
  REQUIRE(g.contract().level == 2);
  REQUIRE(g.contract().mode == kUp);
  REQUIRE(g.current_seat() == 2);
  REQUIRE(test::refuse(g, Action::bid(1, 3, kUp)) == RuleError::kWrongPhase);
  REQUIRE(test::refuse(g, Action::pass(1)) == RuleError::kWrongPhase);
  REQUIRE(test::refuse(g, Action::bid(2, 3, kUp)) == RuleError::kWrongPhase);
  REQUIRE(test::refuse(g, play(2, "KH")) == RuleError::kWrongPhase);
}

// ---------------------------------------------------------------------------
// Trump or direction

TEST_CASE("bid: the declarer names trump after uptown or downtown, a direction after notrump",
          "[bid][choose]") {
  const Rules r = bid({{"bidder_gets_kitty", false}});
  SECTION("uptown: a trump suit") {
    auto g = test::game(r, 0, suit_a_seat());
    only_bid(g, 2, 1, kUp);
    REQUIRE(g.phase() == Phase::kChoose);
    REQUIRE(test::refuse(g, Action::direction(2, kUp)) == RuleError::kWrongChoice);
    REQUIRE(test::refuse(g, Action::direction(2, kDown)) == RuleError::kWrongChoice);
    REQUIRE(test::refuse(g, Action::trump(2, 4)) == RuleError::kWrongChoice);
    REQUIRE(test::refuse(g, Action::trump(1, kS)) == RuleError::kNotYourTurn);
    REQUIRE(g.legal_actions().size() == 4);
    const Events ev = test::act(g, Action::trump(2, kS));
    const Event* set = find_event(ev, EventType::kTrumpSet);
    REQUIRE(set != nullptr);
    REQUIRE(set->value == kS);
    REQUIRE(g.trump_suit() == kS);
    REQUIRE_FALSE(g.observation(0).downtown);
    REQUIRE(g.phase() == Phase::kPlay);
  }
  SECTION("downtown: a trump suit") {
    auto g = test::game(r, 0, suit_a_seat());
    only_bid(g, 2, 1, kDown);
    REQUIRE(test::refuse(g, Action::direction(2, kDown)) == RuleError::kWrongChoice);
    test::act(g, Action::trump(2, kC));
    REQUIRE(g.trump_suit() == kC);
    REQUIRE(g.observation(0).downtown);
  }
  SECTION("notrump: a direction") {
    auto g = test::game(r, 0, suit_a_seat());
    only_bid(g, 2, 1, kNT);
    REQUIRE(test::refuse(g, Action::trump(2, kH)) == RuleError::kWrongChoice);
    REQUIRE(test::refuse(g, Action::direction(2, kNT)) == RuleError::kWrongChoice);
    REQUIRE(g.legal_actions() ==
            std::vector<Action>{Action::direction(2, kUp), Action::direction(2, kDown)});
    test::act(g, Action::direction(2, kDown));
    REQUIRE(g.trump_suit() == kNoSuit);
    REQUIRE(g.observation(-1).trump == kNoSuit);
    REQUIRE(g.observation(-1).downtown);
    REQUIRE(g.phase() == Phase::kPlay);
  }
}
