// Players away: gone to the lobby (lobby.join) and back (lobby.leave)
// (table/away.cpp).
#include <catch2/catch.hpp>

#include "tests/table/harness.hpp"

using namespace whist;
using namespace whist::table;
using namespace whist::table::testing;

namespace {

bool connected_in_lobby(const Harness& h, int seat) {
  return json::parse(*h.lobby)["seats"][static_cast<size_t>(seat)]["connected"].get<bool>();
}

}  // namespace

TEST_CASE("a player gone to the lobby is away, and back with lobby.leave") {
  Harness h(setup_of());
  const Conn a = h.connect("alice"), b = h.connect("bob");
  h.sit(a);
  h.sit(b);
  CHECK(connected_in_lobby(h, 1));
  h.left_view(b);
  const auto away = h.events(a, "disconnected");
  REQUIRE(away.size() == 1);
  CHECK(away[0]["seat"] == 1);
  CHECK(away[0]["reason"] == "lobby");
  CHECK(!connected_in_lobby(h, 1));
  h.left_view(b);  // once is enough
  CHECK(h.events(a, "disconnected").size() == 1);
  // Another connection of bob's going to the lobby changes nothing.
  const Conn b2 = h.connect("bob");
  h.left_view(b2);
  h.came_back(b2);
  CHECK(h.events(a, "disconnected").size() == 1);
  CHECK(h.events(a, "connected").empty());
  h.came_back(b);
  const auto back = h.events(a, "connected");
  REQUIRE(back.size() == 1);
  CHECK(back[0]["seat"] == 1);
  CHECK(connected_in_lobby(h, 1));
}

TEST_CASE("an away player's turn has the grace, then the computer stands in until they are back") {
  CoreConfig config;
  config.reconnect_grace = 20;
  Harness h(setup_of(), config);
  const auto at = seat_four(h);
  const int turn = h.game()->current_seat();
  const Conn c = at.at(turn);
  const Conn other = at.at((turn + 1) % 4);
  h.left_view(c);
  CHECK(h.due_in(Clock::kTurn) == 20000);
  CHECK(h.send(other, "table.sync", {{"since", -1}})["d"]["turn_ms_left"] == 20000);
  h.advance(20000);
  CHECK(h.events(other, "auto").size() == 1);
  std::map<int, Conn> others = at;
  others.erase(turn);
  h.play(others, 8);
  const size_t autos = h.events(other, "auto").size();
  CHECK(autos >= 2);
  h.came_back(c);
  CHECK(h.events(other, "connected").size() == 1);
  h.play(others, 10);
  CHECK(h.game()->current_seat() == turn);  // waits for them now
  CHECK(h.events(other, "auto").size() == autos);
}

TEST_CASE("a disconnected player in the lobby is gone: one event, and no return by lobby.leave") {
  Harness h(setup_of());
  const Conn a = h.connect("alice"), b = h.connect("bob");
  h.sit(a);
  h.sit(b);
  h.left_view(b);
  h.disconnect(b);
  CHECK(h.events(a, "disconnected").size() == 1);  // told once: away already
  h.came_back(b);
  CHECK(h.events(a, "connected").empty());
}
