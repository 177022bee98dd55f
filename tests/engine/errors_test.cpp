// Every kind of illegal action is refused with its code, and a refusal
// changes nothing (test::refuse compares the whole state before and after).
#include <catch2/catch.hpp>
#include <set>

#include "tests/engine/scripted.hpp"

using namespace whist;
using test::refuse;

TEST_CASE("the error catalogue has one distinct code and a message for each error", "[errors]") {
  std::set<std::string_view> codes;
  for (int e = 1; e <= static_cast<int>(RuleError::kBadUndo); ++e) {
    const auto err = static_cast<RuleError>(e);
    CHECK_FALSE(error_code(err).empty());
    CHECK(error_message(err).size() > 8);
    codes.insert(error_code(err));
  }
  CHECK(codes.size() == static_cast<size_t>(RuleError::kBadUndo));
  CHECK(error_code(RuleError::kMustFollowSuit) == "must_follow_suit");
  CHECK(error_code(RuleError::kHookRule) == "hook_rule");
}

namespace {
// Classic: seat 1 leads; seat 2 holds spades and hearts only.
const auto kClassicDeal =
    test::deal({"AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D AS",
                "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H KS", "QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 2H 2D"},
               "", "2D");
}  // namespace

TEST_CASE("classic: turn, card held, follow suit, phase, game over", "[errors]") {
  Game g =
      test::game(test::rules(Variant::kClassic, {{"play_to", std::int64_t{1}}}), 3, kClassicDeal);
  REQUIRE(g.current_seat() == 0);
  CHECK(refuse(g, Action::play(1, test::card("AD"))) == RuleError::kNotYourTurn);
  CHECK(refuse(g, Action::play(0, test::card("AD"))) == RuleError::kCardNotHeld);
  CHECK(refuse(g, Action::pass(0)) == RuleError::kWrongPhase);
  CHECK(refuse(g, Action::bid(0, 1, BidMode::kUptown)) == RuleError::kWrongPhase);
  CHECK(refuse(g, Action::discard(0, test::set("AC"))) == RuleError::kWrongPhase);
  CHECK(refuse(g, Action::trump(0, 1)) == RuleError::kWrongPhase);
  test::act(g, Action::play(0, test::card("AC")));
  // Seat 1 holds diamonds and the ace of spades: no club, so anything goes.
  test::act(g, Action::play(1, test::card("AS")));
  test::act(g, Action::play(2, test::card("KS")));
  // Seat 3 holds no club either.
  test::act(g, Action::play(3, test::card("2D")));  // trumps (diamonds turned)
  REQUIRE(g.current_seat() == 3);
  test::act(g, Action::play(3, test::card("QS")));
  // Seat 0 holds no spade: any card may be played.
  test::act(g, Action::play(0, test::card("KC")));
  test::finish_deal(g);
  REQUIRE(g.is_over());
  CHECK(refuse(g, Action::play(0, test::card("KC"))) == RuleError::kGameOver);
}

TEST_CASE("classic: a revoke is refused as must_follow_suit", "[errors]") {
  const auto d = test::deal(
      {"AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "AD KD QD JD TD 9D 8D 7D 6D 5D 4D AS KS",
       "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H QS", "JS TS 9S 8S 7S 6S 5S 4S 3S 2S 2H 3D 2D"},
      "", "2D");
  Game g = test::game(test::rules(Variant::kClassic), 3, d);
  test::play(g, "AC AS QS 2D");  // seat 3 trumps and leads next
  REQUIRE(g.current_seat() == 3);
  test::play(g, "JS KC");
  // Seat 1 holds the king of spades and must play it.
  CHECK(refuse(g, Action::play(1, test::card("KD"))) == RuleError::kMustFollowSuit);
  test::act(g, Action::play(1, test::card("KS")));
}

TEST_CASE("bid whist: bidding, discard and choice errors", "[errors]") {
  const auto d =
      test::deal({"2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                  "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"},
                 "AC AD AH AS BJ RJ");
  Game g = test::game(test::rules(Variant::kBid, {{"min_bid", std::int64_t{2}}}), 0, d);
  REQUIRE(g.current_seat() == 1);
  CHECK(refuse(g, Action::play(1, test::card("2D"))) == RuleError::kWrongPhase);
  CHECK(refuse(g, Action::bid(2, 3, BidMode::kUptown)) == RuleError::kNotYourTurn);
  CHECK(refuse(g, Action::bid(1, 1, BidMode::kUptown)) == RuleError::kBidTooLow);
  CHECK(refuse(g, Action::bid(1, 8, BidMode::kUptown)) == RuleError::kBadBid);
  CHECK(refuse(g, Action::bid(1, 0, BidMode::kUptown)) == RuleError::kBadBid);
  test::act(g, Action::bid(1, 3, BidMode::kDowntown));
  CHECK(refuse(g, Action::bid(2, 3, BidMode::kUptown)) == RuleError::kBidTooLow);
  CHECK(refuse(g, Action::bid(2, 3, BidMode::kDowntown)) == RuleError::kBidTooLow);
  test::act(g, Action::bid(2, 3, BidMode::kNoTrump));
  test::act(g, Action::pass(3));
  test::act(g, Action::pass(0));
  // Seat 2 declares at 3 no trump and takes the kitty.
  REQUIRE(g.phase() == Phase::kDiscard);
  CHECK(refuse(g, Action::discard(1, test::set("2D 3D 4D 5D 6D 7D"))) == RuleError::kNotYourTurn);
  CHECK(refuse(g, Action::discard(2, test::set("2H 3H 4H 5H 6H"))) == RuleError::kBadDiscard);
  CHECK(refuse(g, Action::discard(2, test::set("2H 3H 4H 5H 6H"), 6)) == RuleError::kBadDiscard);
  CHECK(refuse(g, Action::discard(2, test::set("2H 3H 4H 5H 6H 2D"))) == RuleError::kCardNotHeld);
  CHECK(refuse(g, Action::direction(2, BidMode::kUptown)) == RuleError::kWrongPhase);
  test::act(g, Action::discard(2, test::set("2H 3H 4H 5H BJ RJ")));
  CHECK(refuse(g, Action::trump(2, 0)) == RuleError::kWrongChoice);
  CHECK(refuse(g, Action::direction(2, BidMode::kNoTrump)) == RuleError::kWrongChoice);
  CHECK(refuse(g, Action::direction(3, BidMode::kUptown)) == RuleError::kNotYourTurn);
  test::act(g, Action::direction(2, BidMode::kUptown));
  REQUIRE(g.phase() == Phase::kPlay);
}

TEST_CASE("bid whist: the dealer must bid after three passes", "[errors]") {
  const auto d =
      test::deal({"2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                  "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"},
                 "AC AD AH AS BJ RJ");
  Game g = test::game(test::rules(Variant::kBid), 2, d);
  test::act(g, Action::pass(3));
  test::act(g, Action::pass(0));
  test::act(g, Action::pass(1));
  CHECK(refuse(g, Action::pass(2)) == RuleError::kDealerMustBid);
  test::act(g, Action::bid(2, 1, BidMode::kUptown));
  CHECK(g.phase() == Phase::kDiscard);
  CHECK(refuse(g, Action::trump(2, 1)) == RuleError::kWrongPhase);
}

TEST_CASE("exact: bad bids, the hook rule and must trump", "[errors]") {
  // 3 players, 1 card each in the first deal, spades turned.
  const Rules r = test::rules(
      Variant::kExact, {{"initial_cards", std::int64_t{1}}, {"max_cards", std::int64_t{2}}}, 3);
  Game g = test::game(r, 0, test::deal({"2H", "3C", "4S"}, "", "AS"));
  REQUIRE(g.current_seat() == 1);
  CHECK(refuse(g, Action::pass(1)) == RuleError::kWrongPhase);
  CHECK(refuse(g, Action::exact_bid(1, 2)) == RuleError::kBadBid);
  CHECK(refuse(g, Action::exact_bid(1, -1)) == RuleError::kBadBid);
  test::act(g, Action::exact_bid(1, 0));
  test::act(g, Action::exact_bid(2, 0));
  // The dealer may not make the bids add up to one.
  CHECK(refuse(g, Action::exact_bid(0, 1)) == RuleError::kHookRule);
  test::act(g, Action::exact_bid(0, 0));
  REQUIRE(g.phase() == Phase::kPlay);
  test::act(g, Action::play(1, test::card("3C")));
  // Seat 2 has no club but a trump (spades): it must trump.
  test::act(g, Action::play(2, test::card("4S")));
  test::act(g, Action::play(0, test::card("2H")));
  REQUIRE(g.awaiting_deal());
  CHECK(refuse(g, Action::exact_bid(1, 0)) == RuleError::kNoDeal);
}

TEST_CASE("exact: must_trump is refused when a trump is held", "[errors]") {
  const Rules r = test::rules(
      Variant::kExact, {{"initial_cards", std::int64_t{2}}, {"max_cards", std::int64_t{2}}}, 3);
  Game g = test::game(r, 0, test::deal({"2H 3H", "3C 4C", "4S 5D"}, "", "AS"));
  test::act(g, Action::exact_bid(1, 1));
  test::act(g, Action::exact_bid(2, 0));
  test::act(g, Action::exact_bid(0, 0));
  test::act(g, Action::play(1, test::card("3C")));
  CHECK(refuse(g, Action::play(2, test::card("5D"))) == RuleError::kMustTrump);
  test::act(g, Action::play(2, test::card("4S")));
}
