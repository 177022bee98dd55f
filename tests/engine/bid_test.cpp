#include <catch2/catch.hpp>

// Bid whist (rules.md, "Bid whist"), by scripted deals in card notation.
// Where a deal is played out with test::finish_deal (each seat its lowest
// legal card), the trick counts in the comments were worked out from the
// rules, independently of the engine.

#include <string>
#include <vector>

#include "tests/engine/scripted.hpp"

using namespace whist;

namespace {

constexpr int kC = 0, kD = 1, kH = 2, kS = 3;
constexpr BidMode kUp = BidMode::kUptown;
constexpr BidMode kDown = BidMode::kDowntown;
constexpr BidMode kNT = BidMode::kNoTrump;

using Ints = std::vector<int>;

Rules bid(std::initializer_list<std::pair<std::string_view, OptionValue>> options = {}) {
  return test::rules(Variant::kBid, options);
}

Action play(int seat, const char* card) { return Action::play(seat, test::card(card)); }

// One suit a seat (2 to K), the aces and both jokers in the kitty.
DealSpec suit_a_seat() {
  return test::deal({"KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
                     "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"},
                    "AC AD AH AS BJ RJ");
}
const char* const kSuitASeatKitty = "AC AD AH AS BJ RJ";

// Bidding where `declarer` bids and everyone else passes (the dealer may
// pass once someone has bid). Returns the events of the last call.
Events only_bid(Game& g, int declarer, int level, BidMode mode) {
  Events last;
  for (int i = 0; i < 4; ++i) {
    const int s = g.current_seat();
    last = test::act(g, s == declarer ? Action::bid(s, level, mode) : Action::pass(s));
  }
  return last;
}

bool has_event(const Events& ev, EventType t) {
  for (const Event& e : ev)
    if (e.type == t) return true;
  return false;
}

const Event* find_event(const Events& ev, EventType t) {
  for (const Event& e : ev)
    if (e.type == t) return &e;
  return nullptr;
}

}  // namespace

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
