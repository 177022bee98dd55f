// Boards (event/boards.hpp): fixed by the event's seed, the same for every
// table, each dealt by its dealer and played with the trump the event's
// rule gives it, also when a table plays a run of them as one game.
#include <catch2/catch.hpp>
#include <set>

#include "engine/game.hpp"
#include "event/boards.hpp"

using namespace whist;
using namespace whist::event;

namespace {

constexpr int kClubs = 0, kDiamonds = 1, kHearts = 2, kSpades = 3;

Rules classic(ClassicTrump trump, Honours honours = Honours::kOff) {
  Rules r;
  r.options.trump = trump;
  r.options.honours = honours;
  REQUIRE_FALSE(finalize(r));
  return r;
}

}  // namespace

TEST_CASE("A board is the same every time, and boards differ") {
  const Rules r = classic(ClassicTrump::kTurn);
  std::set<CardSet> north_hands;
  for (int n = 1; n <= 32; ++n) {
    const Board a = make_board(r, 0xC0FFEE, n);
    const Board b = make_board(r, 0xC0FFEE, n);
    CHECK(a.deal == b.deal);
    CHECK(a.number == n);
    CHECK(a.dealer == (n - 1) % 4);
    // A whole pack, 13 cards each, the turned card the dealer's and trump.
    CardSet all = 0;
    for (int seat = 0; seat < 4; ++seat) {
      CHECK(count(a.deal.hands[static_cast<size_t>(seat)]) == 13);
      CHECK((all & a.deal.hands[static_cast<size_t>(seat)]) == 0);
      all |= a.deal.hands[static_cast<size_t>(seat)];
    }
    CHECK(all == pack_of(r));
    CHECK((a.deal.hands[static_cast<size_t>(a.dealer)] & bit(a.deal.turned)) != 0);
    CHECK(a.trump == suit_of(a.deal.turned));
    north_hands.insert(a.deal.hands[0]);
  }
  CHECK(north_hands.size() == 32);
  CHECK(make_board(r, 1, 1).deal != make_board(r, 2, 1).deal);  // another event
}

TEST_CASE("A rotation of trumps runs from board 1") {
  const Rules rotate = classic(ClassicTrump::kRotate);
  const int four[] = {kHearts, kDiamonds, kSpades, kClubs};
  for (int n = 1; n <= 9; ++n) CHECK(make_board(rotate, 5, n).trump == four[(n - 1) % 4]);
  const Rules nt = classic(ClassicTrump::kRotateNt);
  const int five[] = {kHearts, kDiamonds, kSpades, kClubs, kNoSuit};
  for (int n = 1; n <= 11; ++n) CHECK(make_board(nt, 5, n).trump == five[(n - 1) % 5]);
}

TEST_CASE("A table's run of boards plays each with its own dealer and trump") {
  for (ClassicTrump t : {ClassicTrump::kTurn, ClassicTrump::kRotate, ClassicTrump::kRotateNt}) {
    const Rules event = classic(t, Honours::kOn);
    // Boards 7 to 9, as the third round of a Mitchell with 3 a round.
    auto made = boards_rules(event, 7, 3);
    REQUIRE(std::holds_alternative<Rules>(made));
    const Rules& rules = std::get<Rules>(made);
    CHECK(rules.options.boards == 3);
    auto made_game = boards_game(event, 99, 7, 3);
    REQUIRE(std::holds_alternative<Game>(made_game));
    Game g = std::get<Game>(made_game);
    for (int n = 7; n <= 9; ++n) {
      REQUIRE_FALSE(g.awaiting_deal());  // the game deals its boards itself
      const Board b = make_board(event, 99, n);
      CHECK(g.deals().back() == b.deal);
      CHECK(g.dealer() == b.dealer);
      CHECK(g.trump_suit() == b.trump);
      CHECK(g.hand(0) == b.deal.hands[0]);
      const int deal = g.deal_index();
      while (g.deal_index() == deal && !g.is_over()) {
        REQUIRE(g.apply(g.legal_actions().front()).ok());
      }
    }
    CHECK(g.is_over());
    CHECK(g.results().size() == 3);
  }
}

TEST_CASE("An undo at a table of boards replays from its boards") {
  Rules event;
  event.options.trump = ClassicTrump::kRotate;
  REQUIRE_FALSE(finalize(event));
  Game g = std::get<Game>(boards_game(event, 5, 2, 2));
  // Board 2 played out, then one card of board 3, taken back.
  while (g.deal_index() == 0) REQUIRE(g.apply(g.legal_actions().front()).ok());
  const CardSet before = g.hand(g.current_seat());
  const int seat = g.current_seat();
  REQUIRE(g.apply(g.legal_actions().front()).ok());
  const auto undo = g.undo_for(seat);
  REQUIRE(undo);
  REQUIRE(g.apply(*undo).ok());
  CHECK(g.hand(seat) == before);
  CHECK(g.deal_index() == 1);
  CHECK(g.deals().back() == make_board(event, 5, 3).deal);
  CHECK(g.trump_suit() == kSpades);  // board 3 of a rotation from hearts
}

TEST_CASE("A bid whist board is the hands and the kitty; the bidding names the trump") {
  Rules bid;
  bid.variant = Variant::kBid;
  REQUIRE_FALSE(finalize(bid));
  std::set<CardSet> kitties;
  for (int n = 1; n <= 16; ++n) {
    const Board a = make_board(bid, 0xB1D, n);
    CHECK(a.deal == make_board(bid, 0xB1D, n).deal);
    CHECK(a.dealer == (n - 1) % 4);
    CHECK(a.trump == kNoSuit);
    CardSet all = a.deal.kitty;
    CHECK(count(a.deal.kitty) == 6);  // 54 cards with the two jokers, 12 each
    for (int seat = 0; seat < 4; ++seat) {
      CHECK(count(a.deal.hands[static_cast<size_t>(seat)]) == 12);
      CHECK((all & a.deal.hands[static_cast<size_t>(seat)]) == 0);
      all |= a.deal.hands[static_cast<size_t>(seat)];
    }
    CHECK(all == pack_of(bid));
    kitties.insert(a.deal.kitty);
  }
  CHECK(kitties.size() == 16);
  // The bid whist boards of a seed are not its classic boards.
  CHECK(make_board(bid, 0xB1D, 1).deal != make_board(classic(ClassicTrump::kTurn), 0xB1D, 1).deal);
}

TEST_CASE("A table's run of bid whist boards: each bid from its dealer's left, scored alone") {
  Rules event;
  event.variant = Variant::kBid;
  event.options.play_to = 1;  // not read: a game of boards ends after its last
  REQUIRE_FALSE(finalize(event));
  auto made = boards_rules(event, 5, 3);
  REQUIRE(std::holds_alternative<Rules>(made));
  CHECK(std::get<Rules>(made).options.boards == 3);
  Game g = std::get<Game>(boards_game(event, 42, 5, 3));
  for (int n = 5; n <= 7; ++n) {
    REQUIRE_FALSE(g.awaiting_deal());
    const Board b = make_board(event, 42, n);
    CHECK(g.deals().back() == b.deal);
    CHECK(g.dealer() == b.dealer);
    CHECK(g.current_seat() == (b.dealer + 1) % 4);  // the bidding starts at the dealer's left
    CHECK(g.phase() == Phase::kBidding);
    const int deal = g.deal_index();
    while (g.deal_index() == deal && !g.is_over()) {
      REQUIRE(g.apply(g.legal_actions().front()).ok());
    }
  }
  CHECK(g.is_over());
  REQUIRE(g.results().size() == 3);
  // Each board's points are its own: the contract made or set, whatever
  // the score before it (play_to 1 would have ended the game after one).
  int ns = 0, ew = 0;
  for (const HandResult& r : g.results()) {
    CHECK(r.contract.level >= 1);
    CHECK(r.tricks[0] + r.tricks[1] == 13);
    ns += r.score[0];
    ew += r.score[1];
  }
  CHECK(g.scores()[0] == ns);
  CHECK(g.scores()[1] == ew);
}

TEST_CASE("Boards are classic or bid whist without a game to win") {
  Rules exact;
  exact.variant = Variant::kExact;
  REQUIRE_FALSE(finalize(exact));
  CHECK(std::get<std::string>(boards_rules(exact, 1, 3)) == "boards are classic or bid whist");
  Rules rubber = classic(ClassicTrump::kTurn);
  rubber.options.rubber = true;
  CHECK(std::get<std::string>(boards_rules(rubber, 1, 3)) ==
        "a game of boards has no game to win: rubber and honours_bar must be off");
  CHECK(std::get<std::string>(boards_rules(classic(ClassicTrump::kTurn), 1, 17)) ==
        "a run of 1 to 16 boards");
}
