// After a game, the seats of those gone for the reconnect grace are freed
// (table/release.cpp); the operator's close (table/restore.cpp).
#include <catch2/catch.hpp>

#include "tests/table/harness.hpp"

using namespace whist;
using namespace whist::table;
using namespace whist::table::testing;

namespace {

CoreConfig grace(int seconds) {
  CoreConfig c;
  c.reconnect_grace = seconds;
  return c;
}

}  // namespace

TEST_CASE("after a game, a player gone for the grace leaves the seat") {
  Harness h(setup_of(), grace(60));
  const auto at = seat_four(h);
  h.play(at, 51);  // all but the last card
  const int gone = (h.game()->current_seat() + 2) % 4;
  h.disconnect(at.at(gone));  // gone during the game: the grace counts from its end
  h.advance(50000);
  h.play(at);
  REQUIRE(h.game()->is_over());
  CHECK(h.due_in(Clock::kRelease) == 60000);
  h.advance(59999);
  CHECK(h.events(at.at(0), "leave").empty());
  h.advance(1);
  const auto left = h.events(at.at(0), "leave");
  REQUIRE(left.size() == 1);
  CHECK(left[0]["seat"] == gone);
  CHECK(h.jobs_of<store::SaveTable>().back().row.seats[static_cast<size_t>(gone)].user == 0);
  CHECK(h.lobby->find("\"state\":\"open\"") != std::string::npos);
  CHECK(!h.closed);
}

TEST_CASE("after a game, one back within the grace keeps the seat") {
  Harness h(setup_of(), grace(60));
  const auto at = seat_four(h);
  h.play(at);
  h.disconnect(at.at(1));
  h.advance(30000);
  h.disconnect(at.at(3));
  h.sit(h.connect("bob"));  // bob is back
  h.advance(60000);
  const auto left = h.events(at.at(0), "leave");
  REQUIRE(left.size() == 1);
  CHECK(left[0]["seat"] == 3);  // dave's grace ran out, 60 s after he went
}

TEST_CASE("a finished table everyone left closes after the grace") {
  Harness h(setup_of(), grace(10));
  const auto at = seat_four(h);
  h.play(at);
  for (const auto& [seat, c] : at) h.disconnect(c);
  CHECK(!h.closed);
  h.advance(10000);
  CHECK(h.closed);
}

TEST_CASE("before a first game a seat is kept, however long its player is gone") {
  Harness h(setup_of(), grace(10));
  const Conn a = h.connect("alice"), b = h.connect("bob");
  h.sit(a);
  h.sit(b);
  h.disconnect(b);
  CHECK(h.due(Clock::kRelease) == std::nullopt);
  h.advance(3600 * 1000);
  CHECK(h.events(a, "leave").empty());
  CHECK(json::parse(*h.lobby)["seats"][1]["name"] == "bob");
}

TEST_CASE("the operator closes a table: everyone there is told why, nothing more happens") {
  Harness h(setup_of(classic({{"friends_only", false}, {"timer_play", 7}})));
  const Conn w = h.connect("wendy");
  h.send(w, "table.watch");
  const auto at = seat_four(h);
  h.disconnect(at.at(3));
  CHECK(h.close("maintenance") == 4);  // three seated, one watching
  const auto closed = h.events(w, "closed");
  REQUIRE(closed.size() == 1);
  CHECK(closed[0]["reason"] == "maintenance");
  CHECK(h.events(at.at(0), "closed").size() == 1);
  CHECK(h.closed);
  CHECK(h.playing == 0);
  CHECK(h.jobs_of<store::SaveTable>().back().state == storage::TableState::kClosed);
  CHECK(h.due(Clock::kTurn) == std::nullopt);
  const size_t actions = h.game()->history().size();
  h.advance(60000);
  CHECK(h.game()->history().size() == actions);
  CHECK(code(h.send(at.at(0), "table.sync", {{"since", -1}})) == "no_table");
  CHECK(h.close("again") == -1);
}
