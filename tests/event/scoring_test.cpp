// Scoring a pairs event (event/scoring.hpp), on results worked out by hand.
// tests/event/scores holds more, run through whist-score itself.
#include <catch2/catch.hpp>

#include "event/scoring.hpp"

using namespace whist::event;

namespace {

Result played(int ns, int ew, double ns_score, double ew_score) {
  return {ns, ew, ns_score, ew_score, std::nullopt};
}

Result adjusted(int ns, int ew, int ns_percent) { return {ns, ew, 0, 0, ns_percent}; }

Standings score(ScoreInput in) {
  auto s = score_event(in);
  INFO((std::holds_alternative<std::string>(s) ? std::get<std::string>(s) : ""));
  REQUIRE(std::holds_alternative<Standings>(s));
  return std::get<Standings>(s);
}

const Standing& of(const std::vector<Standing>& list, int pair) {
  for (const Standing& s : list) {
    if (s.pair == pair) return s;
  }
  FAIL("pair " << pair << " missing");
  return list.front();
}

}  // namespace

TEST_CASE("Matchpoints: 2 a result beaten, 1 a tie, in each direction") {
  // Nets +2, -1, +2: N/S 1 and 3 tie above N/S 2; E/W the mirror image.
  const Standings s = score({PairsMovement::kMitchell,
                             ScoringMethod::kMatchpoints,
                             {{1, {played(1, 1, 2, 0), played(2, 3, 0, 1), played(3, 2, 2, 0)}}}});
  CHECK(of(s.ns, 1).score == 3);
  CHECK(of(s.ns, 2).score == 0);
  CHECK(of(s.ns, 3).score == 3);
  CHECK(of(s.ew, 1).score == 1);
  CHECK(of(s.ew, 3).score == 4);
  CHECK(of(s.ew, 2).score == 1);
  CHECK(*of(s.ns, 1).percent == Approx(75));
  CHECK(of(s.ns, 1).rank == 1);
  CHECK(of(s.ns, 3).rank == 1);  // equal: the better rank, shared
  CHECK(of(s.ns, 2).rank == 3);
  CHECK(s.pairs.empty());
}

TEST_CASE("Neuberg: a board played fewer times is factored up") {
  // Board 1 is played three times, board 2 twice: E = 3, A = 2, a top of 2
  // becomes (2 + 1) x 3/2 - 1 = 3.5 and a bottom (0 + 1) x 3/2 - 1 = 0.5;
  // together still the full top of 4.
  const Standings s = score({PairsMovement::kMitchell,
                             ScoringMethod::kMatchpoints,
                             {{1, {played(1, 1, 1, 0), played(2, 2, 1, 0), played(3, 3, 1, 0)}},
                              {2, {played(1, 2, 3, 0), played(2, 3, 1, 0)}}}});
  CHECK(of(s.ns, 1).score == Approx(2 + 3.5));
  CHECK(of(s.ns, 2).score == Approx(2 + 0.5));
  CHECK(of(s.ew, 2).score == Approx(2 + 0.5));
  CHECK(of(s.ew, 3).score == Approx(2 + 3.5));
  CHECK(of(s.ns, 3).boards == 1);
  CHECK(*of(s.ns, 3).percent == Approx(50));
  CHECK(*of(s.ns, 1).percent == Approx(5.5 / 8 * 100));
}

TEST_CASE("An adjusted result: its percentage of the top, the rest factored") {
  // E = 3, top 4: 60/40 gives 2.4 and 1.6; the other two results compared
  // alone are factored as a board played twice (3.5 and 0.5).
  const Standings s = score({PairsMovement::kMitchell,
                             ScoringMethod::kMatchpoints,
                             {{1, {adjusted(1, 1, 60), played(2, 2, 0, 0), played(3, 3, 1, 0)}}}});
  CHECK(of(s.ns, 1).score == Approx(2.4));
  CHECK(of(s.ew, 1).score == Approx(1.6));
  CHECK(of(s.ns, 3).score == Approx(3.5));
  CHECK(of(s.ns, 2).score == Approx(0.5));
  CHECK(of(s.ew, 2).score == Approx(3.5));
  CHECK(of(s.ew, 3).score == Approx(0.5));
  const Standings half =
      score({PairsMovement::kMitchell,
             ScoringMethod::kMatchpoints,
             {{1, {adjusted(1, 1, 40), played(2, 2, 0, 0), played(3, 3, 1, 0)}}}});
  CHECK(of(half.ns, 1).score == Approx(1.6));
  CHECK(of(half.ew, 1).score == Approx(2.4));
}

TEST_CASE("Every board played once: nothing to beat, everyone 50%") {
  const Standings s = score({PairsMovement::kMitchell,
                             ScoringMethod::kMatchpoints,
                             {{1, {played(1, 1, 4, 0)}}, {2, {played(2, 2, 0, 4)}}}});
  CHECK(*of(s.ns, 1).percent == 50);
  CHECK(*of(s.ew, 2).percent == 50);
  CHECK(of(s.ns, 1).rank == 1);
  CHECK(of(s.ns, 2).rank == 1);
}

TEST_CASE("Totals add each side's own points; both sides may score") {
  // Classic whist: N/S take 2 odd tricks while E/W score 2 for honours.
  const Standings s = score({PairsMovement::kMitchell,
                             ScoringMethod::kTotal,
                             {{1, {played(1, 1, 2, 2), played(2, 2, 1, 0)}},
                              {2, {played(1, 2, 0, 3), played(2, 1, 5, 0)}}}});
  CHECK(of(s.ns, 1).score == 2);
  CHECK(of(s.ns, 2).score == 6);
  CHECK(of(s.ew, 1).score == 2);
  CHECK(of(s.ew, 2).score == 3);
  CHECK_FALSE(of(s.ns, 1).percent);
  CHECK(s.ns.front().pair == 2);
  CHECK(s.ew.front().pair == 2);
}

TEST_CASE("Bid whist: points below zero; matchpoints on the net, totals adjusted toward zero") {
  // Board 1: N/S bid 4 and made it (+4) at table 1, were set at 3 (-3)
  // at table 2; at table 3 E/W declared 2 and made it (+2). Board 2 was
  // left unfinished at table 3 (N/S at fault: 40/60).
  const ScoreInput in{PairsMovement::kMitchell,
                      ScoringMethod::kMatchpoints,
                      {{1, {played(1, 1, 4, 0), played(2, 2, -3, 0), played(3, 3, 0, 2)}},
                       {2, {played(1, 2, -2, 0), played(2, 3, -4, 0), adjusted(3, 1, 40)}}}};
  const Standings mp = score(in);
  // Board 1, N/S nets 4, -3, -2: pair 1 beats both (4), pair 3 beats
  // pair 2 (2), pair 2 nothing. Board 2: -2 beats -4, the adjusted 40% of
  // the top 4 is 1.6 for N/S 3; the two results compared are factored
  // from 2 to 3 tables: 3.5 and 0.5.
  CHECK(of(mp.ns, 1).score == Approx(4 + 3.5));
  CHECK(of(mp.ns, 2).score == Approx(0 + 0.5));
  CHECK(of(mp.ns, 3).score == Approx(2 + 1.6));
  ScoreInput totals = in;
  totals.scoring = ScoringMethod::kTotal;
  auto t = travellers(totals);
  REQUIRE(std::holds_alternative<std::vector<Traveller>>(t));
  const Traveller& board2 = std::get<std::vector<Traveller>>(t).at(1);
  // The N/S average on board 2 is -3 and E/W's 0: 40% for N/S is 0.2 x 3
  // below the average, 60% for E/W is the average, 0.
  CHECK(board2.lines[2].ns_points == Approx(-3.6));
  CHECK(board2.lines[2].ew_points == Approx(0));
  const Standings total = score(totals);
  CHECK(of(total.ns, 1).score == Approx(4 - 2));
  CHECK(of(total.ns, 2).score == Approx(-3 - 4));
  CHECK(of(total.ns, 3).score == Approx(0 - 3.6));
  CHECK(total.ns.front().pair == 1);
  CHECK(total.ns.back().pair == 2);
}

TEST_CASE("Howell: one list, each pair compared in the direction it sat") {
  const Standings s = score({PairsMovement::kHowell,
                             ScoringMethod::kMatchpoints,
                             {{1, {played(1, 2, 2, 0), played(3, 4, 1, 0)}},
                              {2, {played(4, 1, 0, 2), played(2, 3, 0, 0)}}}});
  REQUIRE(s.pairs.size() == 4);
  CHECK(s.ns.empty());
  CHECK(of(s.pairs, 1).score == 4);
  CHECK(*of(s.pairs, 1).percent == 100);
  CHECK(of(s.pairs, 2).rank == 2);
  CHECK(of(s.pairs, 4).rank == 2);
  CHECK(of(s.pairs, 3).rank == 4);
}

TEST_CASE("Ranks compare values as printed, to two decimals") {
  CHECK(two_decimals(59.375) == 59.38);
  CHECK(two_decimals(2.0 / 3) == 0.67);
  // 1/3 and 0.333 print alike (0.33): they share a rank.
  const Standings s = score({PairsMovement::kMitchell,
                             ScoringMethod::kTotal,
                             {{1, {played(1, 1, 1.0 / 3, 0), played(2, 2, 0.333, 0)}}}});
  CHECK(of(s.ns, 1).rank == 1);
  CHECK(of(s.ns, 2).rank == 1);
}

TEST_CASE("Malformed results are refused with what is wrong") {
  auto refused = [](ScoreInput in) {
    auto s = score_event(in);
    REQUIRE(std::holds_alternative<std::string>(s));
    return std::get<std::string>(s);
  };
  CHECK(refused({PairsMovement::kMitchell,
                 ScoringMethod::kTotal,
                 {{1, {played(1, 1, 0, 0), played(2, 1, 0, 0)}}}}) ==
        "board 1: pair 1 has two results");
  // In a Mitchell N/S 1 and E/W 1 are different pairs; in a Howell, one.
  CHECK(std::holds_alternative<Standings>(
      score_event({PairsMovement::kMitchell, ScoringMethod::kTotal, {{1, {played(1, 1, 0, 0)}}}})));
  CHECK(refused({PairsMovement::kHowell, ScoringMethod::kTotal, {{1, {played(1, 1, 0, 0)}}}}) ==
        "board 1: pair 1 has two results");
  CHECK(refused({PairsMovement::kMitchell, ScoringMethod::kTotal, {{1, {}}, {1, {}}}}) ==
        "board 1 is listed twice");
  CHECK(refused({PairsMovement::kMitchell, ScoringMethod::kTotal, {{0, {}}}}) ==
        "board numbers start at 1, not 0");
  CHECK(refused({PairsMovement::kMitchell, ScoringMethod::kTotal, {{2, {played(0, 1, 0, 0)}}}}) ==
        "board 2: pair numbers start at 1");
}

TEST_CASE("A traveller: each table's result and what each side earned with it") {
  auto t = travellers({PairsMovement::kMitchell,
                       ScoringMethod::kMatchpoints,
                       {{4, {played(1, 1, 2, 0), played(2, 3, 0, 1), adjusted(3, 2, 60)}}}});
  REQUIRE(std::holds_alternative<std::vector<Traveller>>(t));
  const Traveller& board = std::get<std::vector<Traveller>>(t).at(0);
  CHECK(board.board == 4);
  CHECK(board.top == 4);
  REQUIRE(board.lines.size() == 3);
  // Two results compared, factored to three: 3.5 and 0.5 for N/S.
  CHECK(board.lines[0].ns_points == Approx(3.5));
  CHECK(board.lines[0].ew_points == Approx(0.5));
  CHECK(board.lines[1].ns_points == Approx(0.5));
  CHECK(board.lines[2].ns_points == Approx(2.4));
  CHECK(board.lines[2].ew_points == Approx(1.6));
  for (const TravellerLine& line : board.lines) {
    CHECK(line.ns_points + line.ew_points == Approx(board.top));
  }
}

TEST_CASE("A drive: each player's side's points added up") {
  // Board 1: 1 and 3 (N-S) take 2 odd tricks against 2 and 4. Board 2:
  // 1 and 2 against 3 and 4, who take 1; player 5 sat out both.
  std::vector<DriveResult> all = {{1, {1, 2, 3, 4}, 2, 0}, {2, {1, 3, 2, 4}, 0, 1}};
  auto s = drive_standings(all);
  REQUIRE(s.size() == 4);
  CHECK(s[0].player == 3);
  CHECK(s[0].score == 3);
  CHECK(s[0].rank == 1);
  CHECK(s[1].player == 1);
  CHECK(s[1].score == 2);
  CHECK(s[2].player == 4);
  CHECK(s[2].rank == 3);
  CHECK(s[3].player == 2);
  CHECK(s[3].score == 0);
  CHECK(s[2].score == 1);
  // Player 5 plays board 3 only and takes 2: 2 a board beats 3 in two.
  all.push_back({3, {5, 1, 2, 3}, 2, 0});
  s = drive_standings(all);
  CHECK(s[0].player == 5);
  CHECK(s[0].boards == 1);
  CHECK(s[1].player == 3);  // 3 in 3 boards: 1 a board
  CHECK(s[2].player == 1);  // 2 in 3 boards
  CHECK(s[2].rank == 3);
  CHECK(s[3].player == 2);  // 2 in 3 boards: ties with 1
  CHECK(s[3].rank == 3);
}
