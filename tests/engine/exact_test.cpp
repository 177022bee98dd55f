#include <catch2/catch.hpp>

// Exact-bid whist (rules.md, "Exact-bid whist"), by scripted deals in card
// notation and by seeded games played to the end.

#include <algorithm>
#include <string>
#include <vector>

#include "tests/engine/scripted.hpp"

using namespace whist;

namespace {

constexpr int kC = 0, kD = 1, kH = 2, kS = 3;

using Ints = std::vector<int>;

Rules exact(int players,
            std::initializer_list<std::pair<std::string_view, OptionValue>> options = {}) {
  return test::rules(Variant::kExact, options, players);
}

Action play(int seat, const char* card) { return Action::play(seat, test::card(card)); }

// Plays a whole seeded game: each bidder its first legal bid, each player
// its lowest legal card. Checks each deal's hand size, dealer, turned card
// and first bidder on the way; returns the hand sizes seen.
Ints play_seeded(Game& g) {
  Ints sizes;
  const int n = g.players();
  while (!g.is_over()) {
    REQUIRE_FALSE(g.awaiting_deal());
    if (g.deal_index() == static_cast<int>(sizes.size())) {
      const int k = g.deal_index();
      const int dealer = (g.first_dealer() + k) % n;
      REQUIRE(g.dealer() == dealer);
      REQUIRE(g.phase() == Phase::kBidding);
      REQUIRE(g.current_seat() == (dealer + 1) % n);
      const int size = count(g.hand(0));
      for (int s = 0; s < n; ++s) REQUIRE(count(g.hand(s)) == size);
      const Deal& d = g.deals().back();
      if (g.rules().options.trumps) {
        REQUIRE(d.turned != kNoCard);
        REQUIRE(g.trump_suit() == suit_of(d.turned));
        bool in_a_hand = false;
        for (int s = 0; s < n; ++s) in_a_hand = in_a_hand || contains(g.hand(s), d.turned);
        if (size * n == 52) {
          REQUIRE(contains(g.hand(dealer), d.turned));
        } else {
          REQUIRE_FALSE(in_a_hand);
        }
      } else {
        REQUIRE(g.trump_suit() == kNoSuit);
      }
      sizes.push_back(size);
    }
    if (g.phase() == Phase::kBidding) {
      test::act(g, g.legal_actions().front());
    } else {
      test::act(g, Action::play(g.current_seat(), lowest(g.legal_cards())));
    }
  }
  return sizes;
}

}  // namespace

// ---------------------------------------------------------------------------
// Hand sizes

TEST_CASE("exact: hand sizes grow from initial_cards to max_cards, and back with round_trip",
          "[exact][sizes]") {
  struct Case {
    int players;
    bool round_trip;
    Ints sizes;
  };
  const Case cases[] = {
      {2, false, {7, 8, 9, 10, 11, 12, 13}},
      {3, false, {7, 8, 9, 10, 11, 12, 13}},
      {4, false, {7, 8, 9, 10, 11, 12, 13}},
      {5, false, {4, 5, 6, 7, 8, 9, 10}},
      {6, false, {4, 5, 6, 7, 8}},
      {2, true, {7, 8, 9, 10, 11, 12, 13, 12, 11, 10, 9, 8, 7}},
      {3, true, {7, 8, 9, 10, 11, 12, 13, 12, 11, 10, 9, 8, 7}},
      {4, true, {7, 8, 9, 10, 11, 12, 13, 12, 11, 10, 9, 8, 7}},
      {5, true, {4, 5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5, 4}},
      {6, true, {4, 5, 6, 7, 8, 7, 6, 5, 4}},
  };
  for (const Case& c : cases) {
    INFO(c.players << " players, round_trip " << c.round_trip);
    const Rules r = exact(c.players, {{"round_trip", c.round_trip}});
    REQUIRE(exact_deal_count(r) == static_cast<int>(c.sizes.size()));
    for (size_t k = 0; k < c.sizes.size(); ++k) {
      REQUIRE(exact_hand_size(r, static_cast<int>(k)) == c.sizes[k]);
      REQUIRE(hand_size(r, static_cast<int>(k)) == c.sizes[k]);
    }

    // A seeded game played to the end has exactly these deals.
    for (std::uint64_t seed : {1u, 2u}) {
      INFO("seed " << seed);
      Game g = Game::seeded(r, static_cast<int>(seed) % c.players, seed);
      const Ints seen = play_seeded(g);
      REQUIRE(seen == c.sizes);
      REQUIRE(g.results().size() == c.sizes.size());
      Ints totals(static_cast<size_t>(c.players), 0);
      for (size_t k = 0; k < c.sizes.size(); ++k) {
        const HandResult& res = g.results()[k];
        REQUIRE(res.tricks.size() == c.players);
        REQUIRE(res.bids.size() == c.players);
        int tricks = 0, bids = 0;
        for (int p = 0; p < c.players; ++p) {
          tricks += res.tricks[p];
          bids += res.bids[p];
          const int diff = res.tricks[p] - res.bids[p];
          REQUIRE(res.score[p] ==
                  (diff == 0 ? 10 + res.tricks[p] : -3 - (diff < 0 ? -diff : diff)));
          totals[static_cast<size_t>(p)] += res.score[p];
        }
        REQUIRE(tricks == c.sizes[k]);
        REQUIRE(bids != c.sizes[k]);  // the hook rule
      }
      REQUIRE(g.scores() == totals);
      REQUIRE(g.is_over());
      REQUIRE_FALSE(g.winners().empty());
      const int best = *std::max_element(totals.begin(), totals.end());
      Ints winners;
      for (int p = 0; p < c.players; ++p)
        if (totals[static_cast<size_t>(p)] == best) winners.push_back(p);
      REQUIRE(g.winners() == winners);
      REQUIRE(test::refuse(g, Action::exact_bid(0, 0)) == RuleError::kGameOver);
    }
  }
}

TEST_CASE("exact: hand size defaults depend on the number of players", "[exact][sizes][options]") {
  struct Case {
    int players, initial, max;
  };
  for (const Case& c :
       {Case{2, 7, 13}, Case{3, 7, 13}, Case{4, 7, 13}, Case{5, 4, 10}, Case{6, 4, 8}}) {
    INFO(c.players << " players");
    const Rules r = exact(c.players);
    REQUIRE(r.options.initial_cards == c.initial);
    REQUIRE(r.options.max_cards == c.max);
    REQUIRE_FALSE(r.options.round_trip);
    REQUIRE(r.options.trumps);
  }
}

TEST_CASE("exact: finalize refuses impossible hand sizes", "[exact][sizes][options]") {
  auto finalized = [](int players,
                      std::initializer_list<std::pair<std::string_view, OptionValue>> options) {
    Rules r;
    r.variant = Variant::kExact;
    r.players = players;
    for (const auto& [name, value] : options)
      REQUIRE_FALSE(set_option(Variant::kExact, r.options, name, value));
    return finalize(r);
  };
  // initial_cards above max_cards
  REQUIRE(finalized(4, {{"initial_cards", std::int64_t{9}}, {"max_cards", std::int64_t{8}}}));
  REQUIRE(finalized(6, {{"initial_cards", std::int64_t{9}}}));   // default max 8
  REQUIRE(finalized(4, {{"initial_cards", std::int64_t{14}}}));  // default max 13
  // more than 52 cards
  REQUIRE(finalized(4, {{"max_cards", std::int64_t{14}}}));
  REQUIRE(finalized(5, {{"max_cards", std::int64_t{11}}}));
  REQUIRE(finalized(6, {{"max_cards", std::int64_t{9}}}));
  REQUIRE(finalized(3, {{"max_cards", std::int64_t{18}}}));
  {
    Options o;
    REQUIRE(set_option(Variant::kExact, o, "max_cards", std::int64_t{27}));
    REQUIRE(set_option(Variant::kExact, o, "initial_cards", std::int64_t{0}));
  }
  // players
  REQUIRE(finalized(1, {}));
  REQUIRE(finalized(7, {}));
  // within the limits
  REQUIRE_FALSE(finalized(2, {{"max_cards", std::int64_t{26}}}));
  REQUIRE_FALSE(finalized(3, {{"max_cards", std::int64_t{17}}}));
  REQUIRE_FALSE(finalized(4, {{"initial_cards", std::int64_t{13}}}));
  REQUIRE_FALSE(
      finalized(5, {{"max_cards", std::int64_t{10}}, {"initial_cards", std::int64_t{1}}}));
  REQUIRE_FALSE(finalized(6, {{"initial_cards", std::int64_t{8}}}));
  // Two players up to 26 cards: 26 deals there and back from 1.
  const Rules r = exact(
      2,
      {{"initial_cards", std::int64_t{1}}, {"max_cards", std::int64_t{26}}, {"round_trip", true}});
  REQUIRE(exact_deal_count(r) == 51);
  REQUIRE(exact_hand_size(r, 25) == 26);
  REQUIRE(exact_hand_size(r, 26) == 25);
  REQUIRE(exact_hand_size(r, 50) == 1);
}

TEST_CASE("exact: a seeded two-player game up to 26 cards", "[exact][sizes]") {
  const Rules r = exact(
      2,
      {{"initial_cards", std::int64_t{24}}, {"max_cards", std::int64_t{26}}, {"round_trip", true}});
  Game g = Game::seeded(r, 1, 7);
  REQUIRE(play_seeded(g) == Ints{24, 25, 26, 25, 24});
  REQUIRE(g.results().size() == 5);
}

// ---------------------------------------------------------------------------
// Bidding

TEST_CASE("exact: each player bids once, 0 to the hand size, from the dealer's left",
          "[exact][bidding]") {
  // Four players, 7 cards, dealer 2: seat 3 bids first.
  Game g = Game::seeded(exact(4), 2, 11);
  REQUIRE(g.phase() == Phase::kBidding);
  REQUIRE(g.current_seat() == 3);
  REQUIRE(test::refuse(g, Action::exact_bid(0, 1)) == RuleError::kNotYourTurn);
  REQUIRE(test::refuse(g, Action::exact_bid(3, -1)) == RuleError::kBadBid);
  REQUIRE(test::refuse(g, Action::exact_bid(3, 8)) == RuleError::kBadBid);
  REQUIRE(test::refuse(g, Action::pass(3)) == RuleError::kWrongPhase);
  REQUIRE(test::refuse(g, Action::play(3, lowest(g.hand(3)))) == RuleError::kWrongPhase);
  {
    std::vector<Action> all;
    for (int t = 0; t <= 7; ++t) all.push_back(Action::exact_bid(3, t));
    REQUIRE(g.legal_actions() == all);
  }
  test::act(g, Action::exact_bid(3, 7));
  REQUIRE(test::refuse(g, Action::exact_bid(3, 0)) == RuleError::kNotYourTurn);
  test::act(g, Action::exact_bid(0, 0));
  test::act(g, Action::exact_bid(1, 3));
  REQUIRE(g.phase() == Phase::kBidding);
  REQUIRE(g.current_seat() == 2);
  // The bids already exceed 7: the dealer may bid anything.
  REQUIRE(g.legal_actions().size() == 8);
  test::act(g, Action::exact_bid(2, 0));
  REQUIRE(g.phase() == Phase::kPlay);
  REQUIRE(g.current_seat() == 3);  // the dealer's left leads
  const auto calls = g.observation(-1).calls;
  REQUIRE(calls.size() == 4);
  REQUIRE(calls[0].seat == 3);
  REQUIRE(calls[0].tricks == 7);
  REQUIRE(calls[3].seat == 2);
  REQUIRE(calls[3].tricks == 0);
  REQUIRE(test::refuse(g, Action::exact_bid(3, 1)) == RuleError::kWrongPhase);
}

TEST_CASE("exact: the hook rule binds the dealer only", "[exact][bidding][hook]") {
  SECTION("others bid up to the hand size; the dealer may not make it") {
    Game g = Game::seeded(exact(4), 0, 3);
    test::act(g, Action::exact_bid(1, 3));
    test::act(g, Action::exact_bid(2, 2));
    // Seat 3 is not the dealer: it may bring the total to 7.
    test::act(g, Action::exact_bid(3, 2));
    REQUIRE(g.current_seat() == 0);
    REQUIRE(test::refuse(g, Action::exact_bid(0, 0)) == RuleError::kHookRule);
    std::vector<Action> legal;
    for (int t = 1; t <= 7; ++t) legal.push_back(Action::exact_bid(0, t));
    REQUIRE(g.legal_actions() == legal);
    test::act(g, Action::exact_bid(0, 1));
    REQUIRE(g.phase() == Phase::kPlay);
  }
  SECTION("hand size 5, the others' bids total 3: the dealer may bid anything but 2") {
    Game g = Game::seeded(exact(3, {{"initial_cards", std::int64_t{5}}}), 0, 4);
    REQUIRE(count(g.hand(0)) == 5);
    test::act(g, Action::exact_bid(1, 3));
    test::act(g, Action::exact_bid(2, 0));
    REQUIRE(test::refuse(g, Action::exact_bid(0, 2)) == RuleError::kHookRule);
    for (int t : {0, 1, 3, 4, 5}) {
      Game h = g;
      test::act(h, Action::exact_bid(0, t));
      REQUIRE(h.phase() == Phase::kPlay);
    }
  }
  SECTION("four players: bids 1, 2, 0 with 5 cards") {
    Game g = Game::seeded(exact(4, {{"initial_cards", std::int64_t{5}}}), 3, 5);
    test::act(g, Action::exact_bid(0, 1));
    test::act(g, Action::exact_bid(1, 2));
    test::act(g, Action::exact_bid(2, 0));
    REQUIRE(test::refuse(g, Action::exact_bid(3, 2)) == RuleError::kHookRule);
    test::act(g, Action::exact_bid(3, 5));
    REQUIRE(g.results().empty());
  }
}

// ---------------------------------------------------------------------------
// Play

namespace {
// Three players, 3 cards each, dealer 0, 2S turned (in no hand): spades trump.
DealSpec must_trump_deal() { return test::deal({"3S 7C KD", "AH 2H 2D", "9S 5C 6C"}, "", "2S"); }
}  // namespace

TEST_CASE("exact: a player void in the suit led who holds a trump must play one",
          "[exact][play][trump]") {
  const Rules r = exact(3, {{"initial_cards", std::int64_t{3}}, {"max_cards", std::int64_t{3}}});
  auto g = test::game(r, 0, must_trump_deal());
  REQUIRE(g.trump_suit() == kS);
  test::act(g, Action::exact_bid(1, 0));
  test::act(g, Action::exact_bid(2, 2));
  REQUIRE(test::refuse(g, Action::exact_bid(0, 1)) == RuleError::kHookRule);
  test::act(g, Action::exact_bid(0, 2));
  REQUIRE(g.current_seat() == 1);

  test::act(g, play(1, "AH"));
  // Seat 2 has no heart but a trump.
  REQUIRE(g.legal_cards() == test::set("9S"));
  REQUIRE(test::refuse(g, play(2, "5C")) == RuleError::kMustTrump);
  test::act(g, play(2, "9S"));
  // Seat 0 must trump too, though 3S cannot beat 9S.
  REQUIRE(g.legal_cards() == test::set("3S"));
  REQUIRE(test::refuse(g, play(0, "7C")) == RuleError::kMustTrump);
  REQUIRE(test::refuse(g, play(0, "KD")) == RuleError::kMustTrump);
  test::act(g, play(0, "3S"));
  REQUIRE(g.tricks_won(2) == 1);
  REQUIRE(g.current_seat() == 2);

  // 5C led: seat 0 follows; seat 1 (no club, no trump) may play anything.
  test::act(g, play(2, "5C"));
  REQUIRE(test::refuse(g, play(0, "KD")) == RuleError::kMustFollowSuit);
  test::act(g, play(0, "7C"));
  REQUIRE(g.legal_cards() == test::set("2H 2D"));
  test::act(g, play(1, "2H"));
  REQUIRE(g.current_seat() == 0);

  // KD led: seat 1 follows with 2D, seat 2 (no diamond, no trump) plays 6C.
  test::play(g, "KD 2D 6C");
  REQUIRE(g.is_over());
  const HandResult& res = g.results()[0];
  REQUIRE(res.trump == kS);
  REQUIRE(res.tricks.vec() == Ints{2, 0, 1});
  REQUIRE(res.bids.vec() == Ints{2, 0, 2});
  // Exactly the bid: 10 + tricks; one short: -3 - 1.
  REQUIRE(res.score.vec() == Ints{12, 10, -4});
  REQUIRE(g.scores() == Ints{12, 10, -4});
  REQUIRE(g.winners() == Ints{0});
}

TEST_CASE("exact: with trumps false every deal is at no trump", "[exact][play][trump]") {
  const Rules r = exact(
      3, {{"trumps", false}, {"initial_cards", std::int64_t{2}}, {"max_cards", std::int64_t{2}}});
  // No turned card is needed.
  auto g = test::game(r, 0, test::deal({"5H KC", "2H 3D", "AS 4D"}));
  REQUIRE(g.trump_suit() == kNoSuit);
  REQUIRE(g.deals()[0].turned == kNoCard);
  test::act(g, Action::exact_bid(1, 0));
  test::act(g, Action::exact_bid(2, 1));
  test::act(g, Action::exact_bid(0, 0));
  test::act(g, play(1, "2H"));
  // No must-trump: seat 2, void in hearts, may discard either card.
  REQUIRE(g.legal_cards() == test::set("AS 4D"));
  test::act(g, play(2, "AS"));
  test::act(g, play(0, "5H"));
  // The highest heart wins; the ace of spades is no trump.
  REQUIRE(g.tricks_won(0) == 1);
  REQUIRE(g.current_seat() == 0);
  test::play(g, "KC 3D 4D");
  REQUIRE(g.is_over());
  const HandResult& res = g.results()[0];
  REQUIRE(res.trump == kNoSuit);
  REQUIRE(res.tricks.vec() == Ints{2, 0, 0});
  REQUIRE(res.score.vec() == Ints{-5, 10, -4});
  REQUIRE(g.winners() == Ints{1});
}

TEST_CASE("exact: the same cards with a trump turned", "[exact][play][trump]") {
  const Rules r = exact(3, {{"initial_cards", std::int64_t{2}}, {"max_cards", std::int64_t{2}}});
  auto g = test::game(r, 0, test::deal({"5H KC", "2H 3D", "AS 4D"}, "", "7S"));
  REQUIRE(g.trump_suit() == kS);
  test::act(g, Action::exact_bid(1, 0));
  test::act(g, Action::exact_bid(2, 1));
  test::act(g, Action::exact_bid(0, 0));
  test::act(g, play(1, "2H"));
  REQUIRE(g.legal_cards() == test::set("AS"));
  REQUIRE(test::refuse(g, play(2, "4D")) == RuleError::kMustTrump);
  test::play(g, "AS 5H");
  REQUIRE(g.tricks_won(2) == 1);
  REQUIRE(g.current_seat() == 2);
  test::play(g, "4D KC 3D");
  const HandResult& res = g.results()[0];
  REQUIRE(res.tricks.vec() == Ints{0, 0, 2});
  REQUIRE(res.score.vec() == Ints{10, 10, -4});
  REQUIRE(g.winners() == Ints{0, 1});
}

// ---------------------------------------------------------------------------
// The turned card

TEST_CASE("exact: the turned card is the next card of the pack, in no hand", "[exact][turned]") {
  const Rules r = exact(4);  // 7 cards each: 24 cards left
  const DealSpec base = test::deal({"AS KS QS JS TS 9S 8S", "AH KH QH JH TH 9H 8H",
                                    "AD KD QD JD TD 9D 8D", "AC KC QC JC TC 9C 8C"});
  auto with_turned = [&](const char* turned) {
    DealSpec d = base;
    d.turned = test::card(turned);
    return d;
  };
  auto ok = check_deal(r, 0, 0, with_turned("2H"));
  REQUIRE(std::holds_alternative<Deal>(ok));
  REQUIRE(std::get<Deal>(ok).turned == test::card("2H"));
  // A card in a hand, the dealer's included, cannot be turned.
  REQUIRE(std::holds_alternative<std::string>(check_deal(r, 0, 0, with_turned("AS"))));
  REQUIRE(std::holds_alternative<std::string>(check_deal(r, 0, 0, with_turned("AC"))));
  // No turned card at all.
  REQUIRE(std::holds_alternative<std::string>(check_deal(r, 0, 0, base)));

  auto g = test::game(r, 0, with_turned("2H"));
  REQUIRE(g.trump_suit() == kH);
  REQUIRE(g.observation(2).turned == test::card("2H"));
  for (int s = 0; s < 4; ++s) REQUIRE_FALSE(contains(g.hand(s), test::card("2H")));
}

TEST_CASE("exact: with all 52 cards dealt the dealer's card is turned", "[exact][turned]") {
  const Rules r = exact(4, {{"initial_cards", std::int64_t{13}}});
  REQUIRE(exact_deal_count(r) == 1);
  auto spec = [](const char* turned) {
    return test::deal(
        {"AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
         "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"},
        "", turned);
  };
  // Dealer 2 holds the diamonds.
  REQUIRE(std::holds_alternative<Deal>(check_deal(r, 0, 2, spec("7D"))));
  REQUIRE(std::holds_alternative<std::string>(check_deal(r, 0, 2, spec("7S"))));
  REQUIRE(std::holds_alternative<std::string>(check_deal(r, 0, 3, spec("7D"))));

  auto g = test::game(r, 2, spec("7D"));
  REQUIRE(g.trump_suit() == kD);
  REQUIRE(contains(g.hand(2), test::card("7D")));
  REQUIRE(count(g.hand(2)) == 13);
  REQUIRE(g.current_seat() == 3);

  // Two players with 26 cards each: all 52 dealt too.
  const Rules two =
      exact(2, {{"initial_cards", std::int64_t{26}}, {"max_cards", std::int64_t{26}}});
  const DealSpec d2 =
      test::deal({"AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
                  "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"},
                 "", "2C");
  REQUIRE(std::holds_alternative<Deal>(check_deal(two, 0, 1, d2)));
  REQUIRE(std::holds_alternative<std::string>(check_deal(two, 0, 0, d2)));
}

TEST_CASE("exact: seeded deals turn the next card, or the dealer's when all are dealt",
          "[exact][turned]") {
  // Four players, 7 to 13: the last deal deals all 52.
  for (std::uint64_t seed : {5u, 6u, 7u}) {
    INFO("seed " << seed);
    Game g = Game::seeded(exact(4), 1, seed);
    const Ints sizes = play_seeded(g);
    REQUIRE(sizes.back() == 13);
    const auto& deals = g.deals();
    REQUIRE(deals.size() == 7);
    for (size_t k = 0; k < deals.size(); ++k) {
      const int dealer = (1 + static_cast<int>(k)) % 4;
      CardSet all = 0;
      for (int s = 0; s < 4; ++s) all |= deals[k].hands[static_cast<size_t>(s)];
      REQUIRE(count(all) == 4 * sizes[k]);
      if (k < 6) {
        REQUIRE_FALSE(contains(all, deals[k].turned));
      } else {
        REQUIRE(contains(deals[k].hands[static_cast<size_t>(dealer)], deals[k].turned));
      }
      REQUIRE(g.results()[k].trump == suit_of(deals[k].turned));
    }
  }
}

// ---------------------------------------------------------------------------
// Scoring and ties

TEST_CASE("exact: exactly the bid scores 10 + tricks, otherwise -3 - the difference",
          "[exact][scoring]") {
  // Four players, 2 cards, no trump, dealer 3: seat 0 holds AS KS and takes
  // both tricks.
  const Rules r = exact(
      4, {{"trumps", false}, {"initial_cards", std::int64_t{2}}, {"max_cards", std::int64_t{2}}});
  auto g = test::game(r, 3, test::deal({"AS KS", "2H 3H", "2D 3D", "2C 3C"}));
  REQUIRE(g.current_seat() == 0);
  test::act(g, Action::exact_bid(0, 1));
  test::act(g, Action::exact_bid(1, 2));
  test::act(g, Action::exact_bid(2, 0));
  // Bids total 3 > 2: the dealer may bid anything.
  REQUIRE(g.legal_actions().size() == 3);
  test::act(g, Action::exact_bid(3, 0));
  REQUIRE(g.current_seat() == 0);
  test::finish_deal(g);
  REQUIRE(g.is_over());
  const HandResult& res = g.results()[0];
  REQUIRE(res.tricks.vec() == Ints{2, 0, 0, 0});
  REQUIRE(res.bids.vec() == Ints{1, 2, 0, 0});
  // 1 bid, 2 taken: -4; 2 bid, 0 taken: -5; 0 and 0: +10.
  REQUIRE(res.score.vec() == Ints{-4, -5, 10, 10});
  REQUIRE(g.scores() == Ints{-4, -5, 10, 10});
  // Ties share the win.
  REQUIRE(g.winners() == Ints{2, 3});
  REQUIRE(g.observation(0).winners == Ints{2, 3});
}

TEST_CASE("exact: scores add up over the deals; the highest total wins", "[exact][scoring]") {
  // Two players, 1 then 2 cards, no trump, dealer 0.
  const Rules r = exact(
      2, {{"trumps", false}, {"initial_cards", std::int64_t{1}}, {"max_cards", std::int64_t{2}}});
  auto g = test::game(r, 0, test::deal({"2C", "AC"}));
  test::act(g, Action::exact_bid(1, 1));
  REQUIRE(test::refuse(g, Action::exact_bid(0, 0)) == RuleError::kHookRule);
  test::act(g, Action::exact_bid(0, 1));
  test::finish_deal(g);
  REQUIRE(g.results()[0].score.vec() == Ints{-4, 11});
  REQUIRE_FALSE(g.is_over());
  REQUIRE(g.winners().empty());

  // Deal 2, dealer 1: seat 0 bids first and leads.
  test::give(g, test::deal({"AD KD", "2D 3D"}));
  REQUIRE(g.dealer() == 1);
  REQUIRE(g.current_seat() == 0);
  test::act(g, Action::exact_bid(0, 2));
  REQUIRE(test::refuse(g, Action::exact_bid(1, 0)) == RuleError::kHookRule);
  test::act(g, Action::exact_bid(1, 1));
  REQUIRE(g.current_seat() == 0);
  test::finish_deal(g);
  const HandResult& res = g.results()[1];
  REQUIRE(res.tricks.vec() == Ints{2, 0});
  REQUIRE(res.score.vec() == Ints{12, -4});
  REQUIRE(g.scores() == Ints{8, 7});
  REQUIRE(g.is_over());
  REQUIRE(g.winners() == Ints{0});
  REQUIRE(g.results().size() == 2);
}

TEST_CASE("exact: players tied for the highest total share the win", "[exact][scoring]") {
  // Three players, 1 card, dealer 0: seat 1 leads the ace of spades (trump).
  const Rules r = exact(3, {{"initial_cards", std::int64_t{1}}, {"max_cards", std::int64_t{1}}});
  auto g = test::game(r, 0, test::deal({"3C", "AS", "2C"}, "", "5S"));
  test::act(g, Action::exact_bid(1, 1));
  test::act(g, Action::exact_bid(2, 0));
  // The bids total 1, the hand size, if the dealer bids 0: refused.
  REQUIRE(test::refuse(g, Action::exact_bid(0, 0)) == RuleError::kHookRule);
  test::act(g, Action::exact_bid(0, 1));
  test::play(g, "AS 2C 3C");
  const HandResult& res = g.results()[0];
  REQUIRE(res.tricks.vec() == Ints{0, 1, 0});
  REQUIRE(res.score.vec() == Ints{-4, 11, 10});
  REQUIRE(g.winners() == Ints{1});

  auto h = test::game(r, 0, test::deal({"3C", "AS", "2C"}, "", "5S"));
  test::act(h, Action::exact_bid(1, 0));
  test::act(h, Action::exact_bid(2, 0));
  test::act(h, Action::exact_bid(0, 0));
  test::play(h, "AS 2C 3C");
  REQUIRE(h.results()[0].score.vec() == Ints{10, -4, 10});
  REQUIRE(h.winners() == Ints{0, 2});
}
