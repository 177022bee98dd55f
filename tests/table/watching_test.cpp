// table.watch, table.unwatch and table.sync (table/watching.cpp).
#include <catch2/catch.hpp>

#include "tests/table/harness.hpp"

using namespace whist::table;
using namespace whist::table::testing;

TEST_CASE("a watcher gets the state without a seat, then every event, and no hand") {
  Harness h(setup_of());
  const Conn w = h.connect("wendy");
  const json r = h.send(w, "table.watch");
  REQUIRE(code(r) == "ack");
  CHECK(r["d"]["seat"].is_null());
  CHECK(r["d"]["view"].is_null());
  CHECK(r["d"]["table"]["watchers"] == 1);
  CHECK(h.joined == std::vector<Conn>{w});  // the shell routes the table's messages to it
  const auto at = seat_four(h);
  CHECK(h.events(w, "sit").size() == 4);
  CHECK(h.events(w, "start").size() == 1);
  CHECK(h.views(w).empty());  // views are for seats
  // Watching again mid-game: the watcher's view, every hand hidden.
  const json again = h.send(w, "table.watch");
  REQUIRE(code(again) == "ack");
  CHECK(again["d"]["seat"].is_null());
  CHECK(again["d"]["view"]["hand"].empty());
  CHECK(again["d"]["view"]["hand_counts"][0] == 13);
  // A seated player's state answer has their hand.
  const json s = h.send(at.at(1), "table.sync", {{"since", -1}});
  CHECK(s["d"]["seat"] == 1);
  CHECK(s["d"]["view"]["hand"].size() == 13);
}

TEST_CASE("at most ten watchers; none where watching is off; not someone seated") {
  Harness h(setup_of());
  std::vector<Conn> ws;
  for (int i = 0; i < 10; ++i) {
    ws.push_back(h.connect(std::string("w").append(std::to_string(i))));
    REQUIRE(code(h.send(ws.back(), "table.watch")) == "ack");
  }
  const json r = h.send(h.connect("w10"), "table.watch");
  CHECK(code(r) == "too_many_watchers");
  CHECK(r["d"]["message"].get<std::string>().find("10") != std::string::npos);
  CHECK(code(h.send(ws[3], "table.watch")) == "ack");  // one already watching: fine
  const Conn a = h.connect("alice");
  h.sit(a);
  CHECK(code(h.send(a, "table.watch")) == "seated");

  Harness off(setup_of(classic({{"friends_only", false}, {"watching", false}})));
  CHECK(code(off.send(off.connect("wendy"), "table.watch")) == "no_watching");
}

TEST_CASE("table.unwatch; the last watcher of an empty table closes it") {
  Harness h(setup_of());
  const Conn w = h.connect("wendy"), x = h.connect("xavier");
  h.send(w, "table.watch");
  h.send(x, "table.watch");
  REQUIRE(code(h.send(w, "table.unwatch")) == "ack");
  CHECK(code(h.send(w, "table.unwatch")) == "not_watching");
  CHECK(!h.closed);
  REQUIRE(code(h.send(x, "table.leave")) == "ack");  // leave also ends watching
  CHECK(h.closed);
}

TEST_CASE("a watcher whose connection ends stops watching") {
  Harness h(setup_of());
  const Conn a = h.connect("alice"), w = h.connect("wendy");
  h.sit(a);
  h.send(w, "table.watch");
  CHECK(h.lobby->find("\"watchers\":1") != std::string::npos);
  h.disconnect(w);
  CHECK(h.lobby->find("\"watchers\":0") != std::string::npos);
  h.clear(w);
  h.send(a, "table.chat", {{"text", "hi"}});
  CHECK(h.inbox(w).empty());
}

TEST_CASE("table.sync's events are the game's events as they were sent, from its start") {
  Harness h(setup_of());
  const Conn w = h.connect("wendy");
  h.send(w, "table.watch");
  const auto at = seat_four(h);
  h.play(at, 30);  // into the eighth trick
  const auto starts = h.events(w, "start");
  REQUIRE(starts.size() == 1);
  const std::int64_t since = starts[0]["v"].get<std::int64_t>() - 1;
  json sent = json::array();
  for (const json& m : h.inbox(w))
    if (m["t"] == "table.event" && m["d"]["v"].get<std::int64_t>() > since) sent.push_back(m["d"]);
  CHECK(sent.size() > 30);
  const json r = h.send(w, "table.sync", {{"since", since}});
  REQUIRE(code(r) == "ack");
  CHECK(r["d"]["events"] == sent);
  // From the middle, the same events from there.
  const std::int64_t mid = sent[10]["v"];
  const json part = h.send(w, "table.sync", {{"since", mid}});
  REQUIRE(part["d"]["events"].size() == sent.size() - 11);
  CHECK(part["d"]["events"][0] == sent[11]);
  CHECK(part["d"]["events"].back() == sent.back());
}

TEST_CASE("table.sync sends the events since a version, or the whole state") {
  Harness h(setup_of());
  const Conn w = h.connect("wendy");
  h.send(w, "table.watch");
  const auto at = seat_four(h);
  h.play(at, 3);
  const json s = h.send(at.at(0), "table.sync", {{"since", -1}});
  const std::int64_t v = s["d"]["v"];
  // Events since v - 2: the last two, in order, with the seat's view.
  const json r = h.send(at.at(0), "table.sync", {{"since", v - 2}});
  REQUIRE(code(r) == "ack");
  REQUIRE(r["d"]["events"].size() == 2);
  CHECK(r["d"]["events"][0]["v"] == v - 1);
  CHECK(r["d"]["events"][1]["v"] == v);
  CHECK(r["d"]["view"]["seat"] == 0);
  CHECK(r["d"]["view"]["hand"].size() > 0);
  // Since now: nothing missed.
  CHECK(h.send(w, "table.sync", {{"since", v}})["d"]["events"].empty());
  // Since before this game's first event, or ahead of the table: the state.
  const json old = h.send(w, "table.sync", {{"since", 0}});
  CHECK(old["d"].contains("table"));
  CHECK(old["d"]["seat"].is_null());
  const json ahead = h.send(w, "table.sync", {{"since", v + 5}});
  CHECK(ahead["d"].contains("table"));
  CHECK(ahead["d"]["v"] == v);
  // Neither seated nor watching: nothing to sync.
  CHECK(code(h.send(h.connect("zed"), "table.sync", {{"since", -1}})) == "not_seated");
}
