// table.sit, table.leave, table.rematch, seats taken back, connections lost
// (table/sitting.cpp).
#include <catch2/catch.hpp>

#include "tests/table/harness.hpp"

using namespace whist::table;
using namespace whist::table::testing;

TEST_CASE("table.sit takes the seat asked for or the first free one, and says which") {
  Harness h(setup_of());
  const Conn a = h.connect("alice"), b = h.connect("bob");
  const json r = h.send(a, "table.sit", {{"seat", 2}});
  REQUIRE(code(r) == "ack");
  CHECK(r["d"]["seat"] == 2);
  CHECK(r["d"]["view"].is_null());  // no game yet
  CHECK(r["d"]["table"]["seats"][2]["name"] == "alice");
  CHECK(h.joined == std::vector<Conn>{a});
  CHECK(code(h.send(b, "table.sit", {{"seat", 2}})) == "seat_taken");
  CHECK(code(h.send(b, "table.sit", {{"seat", 4}})) == "bad_seat");
  CHECK(h.sit(b) == 0);
  // Everyone there is told, and the row is stored with both seats.
  const auto sits = h.events(a, "sit");
  REQUIRE(sits.size() == 2);
  CHECK(sits[1]["seat"] == 0);
  CHECK(sits[1]["name"] == "bob");
  const auto rows = h.jobs_of<store::SaveTable>();
  REQUIRE(!rows.empty());
  CHECK(rows.back().row.seats[0].name == "bob");
  CHECK(rows.back().row.seats[2].user == h.person("alice").id);
  CHECK(h.lobby->find("\"bob\"") != std::string::npos);
}

TEST_CASE("sitting again is taking one's seat back: the same seat, no event, the same version") {
  Harness h(setup_of());
  const Conn a = h.connect("alice"), b = h.connect("bob");
  const json first = h.send(b, "table.sit", {{"seat", 2}});
  h.sit(a);
  h.clear(a);
  const json again = h.send(b, "table.sit", {{"seat", 1}});
  REQUIRE(code(again) == "ack");
  CHECK(again["d"]["seat"] == 2);
  CHECK(again["d"]["table"]["seats"][1]["name"].is_null());
  CHECK(again["d"]["v"] == first["d"]["v"].get<int>() + 1);  // alice's sit only
  CHECK(h.inbox(a).empty());
}

TEST_CASE("a full table starts its game; then no seat is given and none is left") {
  Harness h(setup_of());
  const auto at = seat_four(h);
  CHECK(h.playing == 1);
  CHECK(h.events(at.at(0), "start").size() == 1);
  const Conn e = h.connect("erin");
  const json r = h.send(e, "table.sit");
  CHECK(code(r) == "table_full");
  CHECK(r["d"]["message"].get<std::string>().find("started") != std::string::npos);
  const json l = h.send(at.at(1), "table.leave");
  CHECK(code(l) == "game_in_progress");
  CHECK(code(h.send(e, "table.leave")) == "not_seated");
}

TEST_CASE("table.leave frees the seat; the last one leaving closes the table") {
  Harness h(setup_of());
  const Conn a = h.connect("alice"), b = h.connect("bob");
  h.sit(a);
  h.sit(b);
  REQUIRE(code(h.send(b, "table.leave")) == "ack");
  const auto leaves = h.events(a, "leave");
  REQUIRE(leaves.size() == 1);
  CHECK(leaves[0]["seat"] == 1);
  CHECK(!h.closed);
  CHECK(h.sit(b) == 1);  // free again
  REQUIRE(code(h.send(b, "table.leave")) == "ack");
  REQUIRE(code(h.send(a, "table.leave")) == "ack");
  CHECK(h.closed);
  const auto rows = h.jobs_of<store::SaveTable>();
  CHECK(rows.back().state == whist::storage::TableState::kClosed);
  CHECK(h.due(Clock::kTurn) == std::nullopt);
  // A closed table exists no more.
  CHECK(code(h.send(a, "table.sit")) == "no_table");
}

TEST_CASE("a new connection takes its player's seat back; the old one's end changes nothing") {
  Harness h(setup_of());
  const Conn a1 = h.connect("alice"), b = h.connect("bob");
  h.sit(a1);
  h.sit(b);
  const Conn a2 = h.connect("alice");
  const json r = h.send(a2, "table.sit", {{"seat", 3}});  // the seat it holds, whatever it asks
  REQUIRE(code(r) == "ack");
  CHECK(r["d"]["seat"] == 0);
  h.clear(b);
  h.disconnect(a1);
  CHECK(h.events(b, "disconnected").empty());
  h.disconnect(a2);
  const auto gone = h.events(b, "disconnected");
  REQUIRE(gone.size() == 1);
  CHECK(gone[0]["seat"] == 0);
  // Back through a new connection: everyone is told.
  const Conn a3 = h.connect("alice");
  h.send(a3, "table.sync", {{"since", -1}});
  const auto back = h.events(b, "connected");
  REQUIRE(back.size() == 1);
  CHECK(back[0]["seat"] == 0);
}

TEST_CASE("table.rematch: only after a game, and the next starts when everyone agreed") {
  Harness h(setup_of());
  const auto at = seat_four(h);
  CHECK(code(h.send(at.at(0), "table.rematch")) == "wrong_state");
  h.play(at);
  REQUIRE(h.game()->is_over());
  CHECK(h.finished == 1);
  CHECK(code(h.send(h.connect("erin"), "table.rematch")) == "not_seated");
  for (int s = 0; s < 3; ++s) REQUIRE(code(h.send(at.at(s), "table.rematch")) == "ack");
  CHECK(h.jobs_of<store::CreateGame>().size() == 1);  // dave has not agreed
  CHECK(h.events(at.at(3), "rematch").size() == 3);
  REQUIRE(code(h.send(at.at(3), "table.rematch")) == "ack");
  const auto games = h.jobs_of<store::CreateGame>();
  REQUIRE(games.size() == 2);
  CHECK(games[1].game.number == 2);
  CHECK(h.events(at.at(0), "start").size() == 2);
  CHECK(!h.game()->is_over());
}

TEST_CASE("after a game someone leaves and another sits: a Join table starts at once") {
  Harness h(setup_of());
  const auto at = seat_four(h);
  h.play(at);
  REQUIRE(code(h.send(at.at(2), "table.leave")) == "ack");
  CHECK(h.lobby->find("\"state\":\"open\"") != std::string::npos);
  const Conn e = h.connect("erin");
  CHECK(h.jobs_of<store::CreateGame>().size() == 1);
  CHECK(h.sit(e) == 2);
  // Open again, a full Join table starts without asking the others (only
  // a Compete table needs everyone's agreement then: compete_test).
  CHECK(h.jobs_of<store::CreateGame>().size() == 2);
  CHECK(h.events(at.at(0), "start").size() == 2);
}
