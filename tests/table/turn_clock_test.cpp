// The turn clock: timer_bid and timer_play, turn_ms_left, the computer's
// action when time runs out, the reconnect grace of an absent player, and
// turn_idle (table/turn_clock.cpp).
#include <catch2/catch.hpp>

#include "tests/table/harness.hpp"

using namespace whist;
using namespace whist::table;
using namespace whist::table::testing;

namespace {

Harness timed(const char* variant, int bid, int play, CoreConfig config = {}) {
  return Harness(
      setup_of({{"variant", variant},
                {"players", 4},
                {"options", {{"play_to", 1}}},
                {"settings", {{"friends_only", false}, {"timer_bid", bid}, {"timer_play", play}}}}),
      std::move(config));
}

}  // namespace

TEST_CASE("timer_play: the clock counts down across views, syncs, chat and reloads") {
  Harness h = timed("classic", 0, 7);
  const auto at = seat_four(h);
  const int turn = h.game()->current_seat();
  const Conn c = at.at(turn);
  CHECK(h.due_in(Clock::kTurn) == 7000);
  CHECK(h.last_view(c)["turn_ms_left"] == 7000);
  h.advance(3000);
  const std::int64_t due = *h.due(Clock::kTurn);
  CHECK(h.send(c, "table.sync", {{"since", -1}})["d"]["turn_ms_left"] == 4000);
  h.send(c, "table.chat", {{"text", "hm"}});
  CHECK(h.due(Clock::kTurn) == due);  // a chat line does not start it again
  // A page loaded again: the state answer has what is left.
  const Conn reload = h.connect(h.who(c).name);
  h.advance(500);
  CHECK(h.send(reload, "table.sit")["d"]["turn_ms_left"] == 3500);
  CHECK(h.due(Clock::kTurn) == due);
  // The next seat's turn has the whole time again.
  h.play({{turn, reload}}, 1);
  const Conn next = at.at(h.game()->current_seat());
  CHECK(h.last_view(next)["turn_ms_left"] == 7000);
  CHECK(h.due_in(Clock::kTurn) == 7000);
}

TEST_CASE("timer_play runs out: the computer acts for the seat, and everyone is told") {
  Harness h = timed("classic", 0, 15);
  const auto at = seat_four(h);
  const int turn = h.game()->current_seat();
  h.advance(14999);
  CHECK(h.game()->history().empty());
  h.advance(1);
  REQUIRE(h.game()->history().size() == 1);
  CHECK(h.game()->history()[0].seat == turn);
  const auto autos = h.events(at.at((turn + 2) % 4), "auto");
  REQUIRE(autos.size() == 1);
  CHECK(autos[0]["seat"] == turn);
  // Present, the player is not stood in for: their next turn waits for them.
  CHECK(h.due_in(Clock::kTurn) == 15000);
  CHECK(h.events(at.at(0), "disconnected").empty());
}

TEST_CASE("timer_bid runs out during the bidding of bid whist") {
  Harness h = timed("bid", 7, 0);
  const auto at = seat_four(h);
  REQUIRE(h.game()->phase() == Phase::kBidding);
  const int turn = h.game()->current_seat();
  CHECK(h.last_view(at.at(turn))["turn_ms_left"] == 7000);
  h.advance(7000);
  REQUIRE(h.game()->history().size() == 1);
  CHECK(h.game()->history()[0].seat == turn);
  CHECK(h.events(at.at(0), "auto").size() == 1);
}

TEST_CASE("an untimed turn has no clock; an absent player's turn has the reconnect grace") {
  CoreConfig config;
  config.reconnect_grace = 60;
  Harness h(setup_of(), config);
  const auto at = seat_four(h);
  const int turn = h.game()->current_seat();
  CHECK(h.last_view(at.at(turn))["turn_ms_left"].is_null());
  CHECK(h.due(Clock::kTurn) == std::nullopt);
  h.disconnect(at.at(turn));
  CHECK(h.due_in(Clock::kTurn) == 60000);
  const int other = (turn + 1) % 4;
  h.advance(20000);
  CHECK(h.send(at.at(other), "table.sync", {{"since", -1}})["d"]["turn_ms_left"] == 40000);
  h.advance(40000);
  // The computer acts, then stands in for the absent player at once.
  CHECK(h.events(at.at(other), "auto").size() == 1);
  std::map<int, Conn> others = at;
  others.erase(turn);
  h.play(others, 8);  // two tricks: the absent seat's turn comes, and goes at once
  const size_t autos = h.events(at.at(other), "auto").size();
  CHECK(autos >= 2);
  CHECK(h.due(Clock::kTurn) == std::nullopt);
  // Back: the seat is theirs again; their turn waits for them.
  const Conn back = h.connect(h.who(at.at(turn)).name);
  h.sit(back);
  CHECK(h.events(at.at(other), "connected").size() == 1);
  h.play(others, 10);
  CHECK(h.game()->current_seat() == turn);
  CHECK(h.events(at.at(other), "auto").size() == autos);
  CHECK(h.last_view(back)["turn_ms_left"].is_null());
}

TEST_CASE("turn_idle: a present player who lets an untimed turn go by is away, stood in for") {
  CoreConfig config;
  config.turn_idle = 30;
  Harness h(setup_of(), config);
  const auto at = seat_four(h);
  const int turn = h.game()->current_seat();
  const Conn c = at.at(turn);
  CHECK(h.due_in(Clock::kTurn) == 30000);
  CHECK(h.last_view(c)["turn_ms_left"].is_null());  // not shown
  h.advance(30000);
  const auto away = h.events(at.at((turn + 1) % 4), "disconnected");
  REQUIRE(away.size() == 1);
  CHECK(away[0]["seat"] == turn);
  CHECK(away[0]["reason"] == "idle");
  CHECK(h.game()->history().size() == 1);
  CHECK(h.events(c, "auto").size() == 1);
  // came_back (lobby.leave) does not bring back one idle, a request does.
  h.came_back(c);
  CHECK(h.events(at.at((turn + 1) % 4), "connected").empty());
  h.send(c, "table.chat", {{"text", "sorry"}});
  CHECK(h.events(at.at((turn + 1) % 4), "connected").size() == 1);
}
