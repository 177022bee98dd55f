// The daily duplicate (event/daily.hpp): entries inside the window, boards
// in order, what each may see, the ranking in the South seat.
#include <catch2/catch.hpp>

#include "event/daily.hpp"

using namespace whist;
using namespace whist::event;

namespace {

constexpr std::int64_t kOpens = 1'800'000'000;
constexpr std::int64_t kDay = 24 * 3600;

DailyCore daily(int boards = 8) {
  DailySettings s;
  s.name = "Daily duplicate";
  REQUIRE_FALSE(finalize(s.rules));
  s.boards = boards;
  s.opens = kOpens;
  s.closes = kOpens + kDay;
  auto made = DailyCore::make(3, s);
  REQUIRE(std::holds_alternative<DailyCore>(made));
  return std::get<DailyCore>(made);
}

// Every board: N/S `ns`, E/W `ew`.
void play_all(DailyCore& d, std::int64_t account, double ns, double ew, int boards = 8) {
  for (int b = 1; b <= boards; ++b) {
    REQUIRE(d.board_finished(account, b, ns, ew, kOpens + 100 + b) == DailyError::kNone);
  }
}

}  // namespace

TEST_CASE("Daily: its settings are checked") {
  DailySettings s;
  REQUIRE_FALSE(finalize(s.rules));
  s.opens = kOpens;
  s.closes = kOpens + kDay;
  s.boards = 10;
  CHECK(std::get<std::string>(DailyCore::make(1, s)) ==
        "a daily duplicate has 8, 12 or 16 boards, not 10");
  s.boards = 16;
  s.closes = kOpens;
  CHECK(std::get<std::string>(DailyCore::make(1, s)) == "the window closes before it opens");
  s.closes = kOpens + 1;
  s.rules.variant = Variant::kBid;
  CHECK(std::get<std::string>(DailyCore::make(1, s)) == "a daily duplicate is classic whist");
}

TEST_CASE("Daily: one entry each, inside the window; boards in order") {
  DailyCore d = daily();
  CHECK(d.enter(1, "ann", kOpens - 1) == DailyError::kNotOpen);
  CHECK(d.enter(1, "ann", kOpens) == DailyError::kNone);
  CHECK(d.enter(1, "ann", kOpens + 5) == DailyError::kAlreadyEntered);
  CHECK(d.enter(2, "ben", kOpens + kDay) == DailyError::kNotOpen);
  CHECK(d.next_board(1) == 1);
  CHECK(d.next_board(2) == 0);
  CHECK(d.board_finished(2, 1, 1, 0, kOpens + 10) == DailyError::kNotEntered);
  CHECK(d.board_finished(1, 2, 1, 0, kOpens + 10) == DailyError::kWrongBoard);
  CHECK(d.board_finished(1, 1, 1, 0, kOpens + 10) == DailyError::kNone);
  CHECK(d.board_finished(1, 1, 1, 0, kOpens + 11) == DailyError::kWrongBoard);
  CHECK(d.next_board(1) == 2);
  for (int b = 2; b <= 8; ++b)
    REQUIRE(d.board_finished(1, b, 0, 1, kOpens + 20) == DailyError::kNone);
  CHECK(d.finished(1));
  CHECK(d.next_board(1) == 0);
  CHECK(d.board_finished(1, 9, 0, 1, kOpens + 21) == DailyError::kWrongBoard);
}

TEST_CASE("Daily: results hidden until one has played every board or the window closed") {
  DailyCore d = daily();
  REQUIRE(d.enter(1, "ann", kOpens) == DailyError::kNone);
  REQUIRE(d.enter(2, "ben", kOpens) == DailyError::kNone);
  play_all(d, 1, 2, 0);
  REQUIRE(d.board_finished(2, 1, 0, 1, kOpens + 200) == DailyError::kNone);
  CHECK(d.results_visible_to(1, kOpens + 300));
  CHECK_FALSE(d.results_visible_to(2, kOpens + 300));   // still playing
  CHECK_FALSE(d.results_visible_to(99, kOpens + 300));  // not entered
  CHECK_FALSE(d.results_visible_to(0, kOpens + 300));   // not logged in
  CHECK(d.results_visible_to(2, kOpens + kDay));
  CHECK(d.results_visible_to(0, kOpens + kDay));
  // After the window nobody plays on.
  CHECK(d.board_finished(2, 2, 0, 1, kOpens + kDay) == DailyError::kNotOpen);
}

TEST_CASE("Daily: ranked in the South seat against everyone on the same boards") {
  DailyCore d = daily();
  for (std::int64_t a = 1; a <= 4; ++a) REQUIRE(d.enter(a, "p", kOpens + a) == DailyError::kNone);
  play_all(d, 1, 2, 0);  // +2 on every board
  play_all(d, 2, 1, 0);  // +1
  play_all(d, 3, 0, 1);  // -1
  // Entrant 4 played two boards, +3 each: the best on both.
  REQUIRE(d.board_finished(4, 1, 3, 0, kOpens + 500) == DailyError::kNone);
  REQUIRE(d.board_finished(4, 2, 3, 0, kOpens + 501) == DailyError::kNone);
  const auto r = d.ranking();
  REQUIRE(r.size() == 4);
  // Boards 1-2 have 4 results (top 6), boards 3-8 have 3, factored to 4.
  // Entrant 4: 6 + 6 of 12: 100%. Entrant 1: 4 + 4 on boards 1-2, and
  // (4 + 1) x 4/3 - 1 = 17/3 on each of 6 boards: 42 of 48 = 87.5%.
  CHECK(r[0].pair == 4);
  CHECK(*r[0].percent == Approx(100));
  CHECK(r[1].pair == 1);
  CHECK(r[1].score == Approx(8 + 6 * 17.0 / 3));
  CHECK(*r[1].percent == Approx(87.5));
  CHECK(r[2].pair == 2);
  CHECK(r[3].pair == 3);
  CHECK(*r[3].percent == Approx(100.0 * (0 + 6 * (1 * 4.0 / 3 - 1)) / 48));
  const auto t = d.travellers();
  REQUIRE(t.size() == 8);
  CHECK(t[0].lines.size() == 4);
  CHECK(t[7].lines.size() == 3);
}
