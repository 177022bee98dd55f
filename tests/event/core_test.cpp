// An event as a value (event/core.hpp): entries, the start, rounds, the
// clock, the director's orders, chips; driven directly, no server.
#include <catch2/catch.hpp>

#include "event/core.hpp"

using namespace whist;
using namespace whist::event;

namespace {

constexpr std::int64_t kDirector = 1000;
constexpr std::int64_t kT0 = 1'800'000'000;

Player person(std::int64_t id) {
  std::string name = "p";
  name += std::to_string(id);
  return {id, name};
}

EventCore make(MovementKind kind, int fee = 0, std::optional<int> rounds = std::nullopt) {
  EventSettings s;
  s.name = "Friday duplicate";
  s.kind = kind;
  REQUIRE_FALSE(finalize(s.rules));
  s.rounds = rounds;
  s.boards_per_round = 2;
  s.round_seconds = 600;
  s.start_unix = kT0 + 3600;
  s.fee = fee;
  return EventCore(7, s, person(kDirector));
}

EventSettings e_settings(EntryRule entry) {
  EventSettings s = make(MovementKind::kHowell).settings();
  s.entry = entry;
  return s;
}

// Pairs (1, 2), (3, 4), ... entered together.
void enter_pairs(EventCore& e, int pairs) {
  for (int i = 0; i < pairs; ++i) {
    const std::int64_t a = 2 * i + 1, b = 2 * i + 2;
    REQUIRE(e.enter(person(a), b, kT0) == EventError::kNone);
    REQUIRE(e.enter(person(b), a, kT0) == EventError::kNone);
  }
}

// Every board of every table of the round: N/S take 1 at odd tables, E/W 2
// at even ones.
void play_round(EventCore& e, std::int64_t now) {
  const int round = e.round();
  const std::vector<EventTable> tables = e.tables();
  for (const EventTable& t : tables) {
    for (int b : t.boards) {
      const bool odd = t.table % 2 == 1;
      REQUIRE(e.board_finished(round, t.table, b, odd ? 1 : 0, odd ? 0 : 2, now) ==
              EventError::kNone);
    }
  }
}

std::int64_t chips_to(const EventEffects& fx, std::int64_t account, ChipMove::Why why) {
  std::int64_t sum = 0;
  for (const ChipMove& m : fx.chips) {
    if (m.account == account && m.why == why) sum += m.chips;
  }
  return sum;
}

}  // namespace

TEST_CASE("Entries: a pair is made when the partner names them back") {
  EventCore e = make(MovementKind::kMitchell, 30);
  CHECK(e.enter(person(1), 2, kT0) == EventError::kNone);
  CHECK(chips_to(e.effects(), 1, ChipMove::Why::kFee) == -30);
  REQUIRE(e.entries().size() == 1);
  CHECK_FALSE(e.entries()[0].partner);
  CHECK(e.enter(person(2), 1, kT0) == EventError::kNone);
  REQUIRE(e.entries().size() == 1);
  CHECK(e.entries()[0].partner == person(2));
  CHECK(chips_to(e.effects(), 2, ChipMove::Why::kFee) == -30);
  CHECK(e.enter(person(2), 0, kT0) == EventError::kAlreadyEntered);
  CHECK(e.enter(person(1), 0, kT0) == EventError::kAlreadyEntered);
  CHECK(e.enter(person(3), 3, kT0) == EventError::kSelfPartner);
  // The partner withdraws: refunded, and the entry asks for them again.
  CHECK(e.withdraw(2, kT0) == EventError::kNone);
  CHECK(chips_to(e.effects(), 2, ChipMove::Why::kRefund) == 30);
  CHECK(e.entries()[0].asked == 2);
  CHECK(e.withdraw(2, kT0) == EventError::kNotEntered);
  CHECK(e.withdraw(1, kT0) == EventError::kNone);
  CHECK(chips_to(e.effects(), 1, ChipMove::Why::kRefund) == 30);
  CHECK(e.entries().empty());
}

TEST_CASE("A Mitchell of 5 pairs: a computer pair makes 3 tables; rounds to the end") {
  EventCore e = make(MovementKind::kMitchell, 110);
  enter_pairs(e, 5);
  // Not yet its time.
  e.tick(kT0 + 3599);
  CHECK(e.state() == EventState::kOpen);
  CHECK(e.start(5, kT0) == EventError::kNotDirector);
  e.tick(kT0 + 3600);
  REQUIRE(e.state() == EventState::kRunning);
  CHECK(e.round() == 1);
  REQUIRE(e.movement());
  CHECK(e.movement()->tables == 3);
  CHECK(e.movement()->rounds.size() == 3);
  // Pair numbers in order of entry: N/S 1 is (1, 2), E/W 1 is (3, 4), ...
  CHECK(e.pairs().at({0, 1})[0] == person(1));
  CHECK(e.pairs().at({1, 1})[0] == person(3));
  CHECK(e.pairs().at({1, 3})[0].computer());
  const EventEffects& fx = e.effects();
  REQUIRE(fx.open.size() == 3);
  CHECK(fx.open[0].seats[0] == person(1));
  CHECK(fx.open[0].seats[1] == person(3));
  CHECK(fx.open[0].seats[2] == person(2));
  CHECK(fx.open[0].seats[3] == person(4));
  CHECK(fx.open[0].boards == std::vector<int>{1, 2});
  CHECK(fx.clock == kT0 + 3600 + 600);
  CHECK(e.enter(person(50), 0, kT0) == EventError::kNotOpen);
  // A result for a board not at that table, or twice, is refused.
  CHECK(e.board_finished(1, 1, 3, 1, 0, kT0) == EventError::kUnknownTable);
  CHECK(e.board_finished(2, 1, 1, 1, 0, kT0) == EventError::kUnknownTable);
  for (int round = 1; round <= 3; ++round) {
    REQUIRE(e.round() == round);
    play_round(e, kT0 + 3600 + round * 100);
  }
  CHECK(e.state() == EventState::kFinished);
  CHECK(e.results().size() == 3 * 3 * 2);
  // The pot: 10 players x 110 = 1100, less 10% = 990; 495 to each
  // direction's winners. N/S stay put and score 1 on every board at the odd
  // tables: N/S 1 (1, 2) and N/S 3 (9, 10) share first place, 247 a pair,
  // 123 a player.
  const Standings s = e.pair_standings();
  CHECK(s.ns[0].rank == 1);
  CHECK(s.ns[1].rank == 1);
  CHECK(s.ns[2].rank == 3);
  for (std::int64_t p : {1, 2, 9, 10})
    CHECK(chips_to(e.effects(), p, ChipMove::Why::kPrize) == 123);
  CHECK(chips_to(e.effects(), 5, ChipMove::Why::kPrize) == 0);
  // E/W: every E/W pair met each table once, so all tie: 495 / 3 pairs of
  // which one is the computers' (its share stays with the house).
  CHECK(s.ew[2].rank == 1);
  for (std::int64_t p : {3, 4, 7, 8}) CHECK(chips_to(e.effects(), p, ChipMove::Why::kPrize) == 82);
}

TEST_CASE("The round's clock: boards not finished are adjusted") {
  EventCore e = make(MovementKind::kMitchell);
  enter_pairs(e, 6);
  REQUIRE(e.start(kDirector, kT0) == EventError::kNone);
  REQUIRE(e.state() == EventState::kRunning);
  // Table 1 finishes one board; tables 2 and 3 none.
  REQUIRE(e.board_finished(1, 1, 1, 2, 0, kT0 + 10) == EventError::kNone);
  e.tick(kT0 + 599);
  CHECK(e.round() == 1);
  // E/W at table 2 were at fault.
  e.tick(kT0 + 600, {{2, 1}});
  CHECK(e.round() == 2);
  CHECK(e.effects().close_round);
  int fifty = 0, sixty = 0;
  for (const BoardResult& r : e.results()) {
    if (!r.adjusted_ns_percent) continue;
    if (r.table == 2) {
      CHECK(*r.adjusted_ns_percent == 60);
      ++sixty;
    } else {
      CHECK(*r.adjusted_ns_percent == 50);
      ++fifty;
    }
  }
  CHECK(sixty == 2);
  CHECK(fifty == 1 + 2);
}

TEST_CASE("The director pauses, resumes, extends, replaces, ends early") {
  EventCore e = make(MovementKind::kHowell, 0, 3);
  enter_pairs(e, 4);
  REQUIRE(e.start(kDirector, kT0) == EventError::kNone);
  CHECK(e.movement()->rounds.size() == 3);
  CHECK(e.round_ends() == kT0 + 600);
  CHECK(e.pause(kDirector, kT0 + 100) == EventError::kNone);
  CHECK(e.effects().hold);
  e.tick(kT0 + 10'000);  // paused: the clock does not run out
  CHECK(e.round() == 1);
  CHECK(e.extend(kDirector, 60, kT0 + 10'000) == EventError::kNone);
  CHECK(e.resume(kDirector, kT0 + 20'000) == EventError::kNone);
  CHECK(e.round_ends() == kT0 + 20'000 + 500 + 60);
  CHECK(e.effects().clock == e.round_ends());
  CHECK(e.resume(kDirector, kT0 + 20'000) == EventError::kNotRunning);
  CHECK(e.pause(3, kT0) == EventError::kNotDirector);
  // Player 3 leaves; a computer plays for them from now on.
  CHECK(e.replace(kDirector, 3, Player{0, "Computer"}, kT0 + 20'001) == EventError::kNone);
  CHECK(e.pairs().at({0, 2})[0].computer());
  CHECK(e.replace(kDirector, 77, person(78), kT0) == EventError::kUnknownPlayer);
  play_round(e, kT0 + 20'002);
  CHECK(e.round() == 2);
  CHECK(e.end_early(kDirector, kT0 + 20'003) == EventError::kNone);
  CHECK(e.state() == EventState::kFinished);
  // Round 2 was adjusted 50/50 at every table; nothing of round 3.
  CHECK(e.results().size() == 2 * 2 + 2 * 2);
  CHECK(e.pair_standings().pairs.size() == 4);
}

TEST_CASE("Ended before any board was played: every fee back, no prize") {
  EventCore e = make(MovementKind::kDrive, 30);
  for (std::int64_t p = 1; p <= 4; ++p) REQUIRE(e.enter(person(p), 0, kT0) == EventError::kNone);
  REQUIRE(e.start(kDirector, kT0) == EventError::kNone);
  CHECK(e.end_early(kDirector, kT0 + 5) == EventError::kNone);
  CHECK(e.state() == EventState::kFinished);
  for (std::int64_t p = 1; p <= 4; ++p)
    CHECK(chips_to(e.effects(), p, ChipMove::Why::kRefund) == 30);
  CHECK(e.effects().chips.size() == 4);
  for (const ChipMove& m : e.effects().chips) CHECK(m.why == ChipMove::Why::kRefund);
}

TEST_CASE("Cancelled: every fee refunded once") {
  EventCore e = make(MovementKind::kHowell, 30);
  enter_pairs(e, 4);
  REQUIRE(e.start(kDirector, kT0) == EventError::kNone);
  CHECK(e.cancel(kDirector, kT0 + 5) == EventError::kNone);
  CHECK(e.state() == EventState::kCancelled);
  CHECK(e.effects().close_round);
  for (std::int64_t p = 1; p <= 8; ++p)
    CHECK(chips_to(e.effects(), p, ChipMove::Why::kRefund) == 30);
  CHECK(e.effects().chips.size() == 8);
  CHECK(e.cancel(kDirector, kT0 + 6) == EventError::kNotRunning);
  CHECK(e.effects().chips.empty());
}

TEST_CASE("Too few entries: the director's start is refused, the scheduled one cancels") {
  EventCore e = make(MovementKind::kMitchell, 30);
  enter_pairs(e, 4);
  CHECK(e.start(kDirector, kT0) == EventError::kTooFew);
  CHECK(e.state() == EventState::kOpen);
  CHECK_FALSE(e.effects().changed);
  CHECK(e.effects().chips.empty());
  // The scheduled start cannot wait: cancelled, fees back.
  e.tick(e.settings().start_unix);
  CHECK(e.state() == EventState::kCancelled);
  CHECK(e.effects().chips.size() == 8);
}

TEST_CASE("Singles are paired in order; one left over gets a computer") {
  EventCore e = make(MovementKind::kHowell);
  enter_pairs(e, 2);
  for (std::int64_t p = 11; p <= 13; ++p) REQUIRE(e.enter(person(p), 0, kT0) == EventError::kNone);
  // 14 asked for 99, who never came: a single too.
  REQUIRE(e.enter(person(14), 99, kT0) == EventError::kNone);
  REQUIRE(e.enter(person(15), 0, kT0) == EventError::kNone);
  REQUIRE(e.start(kDirector, kT0) == EventError::kNone);
  REQUIRE(e.pairs().size() == 5);
  CHECK(e.pairs().at({0, 3}) == std::array<Player, 2>{person(11), person(12)});
  CHECK(e.pairs().at({0, 4}) == std::array<Player, 2>{person(13), person(14)});
  CHECK(e.pairs().at({0, 5})[0] == person(15));
  CHECK(e.pairs().at({0, 5})[1].computer());
  CHECK(e.movement()->rounds.front().sit_out.size() == 1);  // 5 pairs: one sits out
}

TEST_CASE("A drive: players seated by the movement, standings player by player") {
  EventCore e = make(MovementKind::kDrive, 0, 3);
  for (std::int64_t p = 1; p <= 9; ++p) REQUIRE(e.enter(person(p), 0, kT0) == EventError::kNone);
  REQUIRE(e.start(kDirector, kT0) == EventError::kNone);
  CHECK(e.tables().size() == 2);
  for (int round = 1; round <= 3; ++round) play_round(e, kT0 + round);
  REQUIRE(e.state() == EventState::kFinished);
  const auto s = e.drive_standings_now();
  CHECK(s.size() == 9);
  int boards = 0;
  for (const PlayerStanding& p : s) boards += p.boards;
  CHECK(boards == 3 * 2 * 4 * 2);  // rounds x tables x seats x boards
}

TEST_CASE("Who may enter: open, the director's friends, the invited") {
  SECTION("open: anyone") {
    EventCore e = make(MovementKind::kHowell);
    CHECK(e.admits(5, false));
    CHECK(e.enter(person(5), 0, kT0) == EventError::kNone);
  }
  SECTION("friends: the director's friends and the invited, nobody else") {
    EventSettings s = e_settings(EntryRule::kFriends);
    EventCore e(7, s, person(kDirector));
    CHECK_FALSE(e.admits(5, false));
    CHECK(e.enter(person(5), 0, kT0) == EventError::kNotInvited);
    CHECK_FALSE(e.effects().changed);
    CHECK(e.entries().empty());
    CHECK(e.enter(person(5), 0, kT0, true) == EventError::kNone);
    CHECK(e.admits(5, false));  // in it now
    CHECK(e.admits(kDirector, false));
    REQUIRE(e.invite(kDirector, {person(6)}, kT0) == EventError::kNone);
    CHECK(e.effects().changed);
    CHECK(e.enter(person(6), 0, kT0) == EventError::kNone);
  }
  SECTION("invited: only the invited; friendship is not enough") {
    EventCore e(7, e_settings(EntryRule::kInvited), person(kDirector));
    CHECK(e.enter(person(5), 0, kT0, true) == EventError::kNotInvited);
    CHECK(e.invite(5, {person(6)}, kT0) == EventError::kNotDirector);
    REQUIRE(e.invite(kDirector, {person(5), person(6), person(5)}, kT0) == EventError::kNone);
    CHECK(e.settings().invited.size() == 2);
    // Inviting again changes nothing.
    REQUIRE(e.invite(kDirector, {person(6)}, kT0) == EventError::kNone);
    CHECK_FALSE(e.effects().changed);
    CHECK(e.enter(person(5), 6, kT0) == EventError::kNone);
    CHECK(e.enter(person(6), 5, kT0) == EventError::kNone);
    CHECK_FALSE(e.admits(0, false));  // nobody logged in
  }
  SECTION("invitations only while the event is open") {
    EventCore e(7, e_settings(EntryRule::kInvited), person(kDirector));
    REQUIRE(e.cancel(kDirector, kT0) == EventError::kNone);
    CHECK(e.invite(kDirector, {person(5)}, kT0) == EventError::kNotOpen);
  }
}
