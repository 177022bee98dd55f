// Scheduled tables (start_at, computers_fill) and quick play's fill
// (fill_at) (table/schedule.cpp).
#include <catch2/catch.hpp>

#include "tests/table/harness.hpp"

using namespace whist;
using namespace whist::table;
using namespace whist::table::testing;

namespace {

constexpr std::int64_t kAt = kStartUnixMs / 1000 + 600;  // ten minutes from the start

TableSetup scheduled(bool fill = false) {
  return setup_of(classic({{"friends_only", false}, {"start_at", kAt}, {"computers_fill", fill}}));
}

TableSetup quick() {
  return setup_of(classic({{"kind", "play"}, {"timer_bid", 15}, {"timer_play", 15}}));
}

}  // namespace

TEST_CASE("a full scheduled table waits for its time, then starts and tells its players") {
  Harness h(scheduled());
  CHECK(h.due_in(Clock::kStart) == 600000);
  const auto at = seat_four(h);
  CHECK(h.game() == nullptr);
  CHECK(h.playing == 0);
  h.advance(599999);
  CHECK(h.game() == nullptr);
  h.advance(1);
  REQUIRE(h.game() != nullptr);
  CHECK(h.events(at.at(0), "start").size() == 1);
  for (const char* n : {"alice", "bob", "carol", "dave"}) {
    const auto p = h.pushes(h.person(n).id);
    REQUIRE(p.size() == 1);
    CHECK(p[0]["t"] == "table.opened");
    CHECK(p[0]["d"]["started"] == true);
    CHECK(p[0]["d"]["table"] == 7);
  }
}

TEST_CASE("a scheduled table not full at its time is cancelled") {
  Harness h(scheduled());
  const Conn a = h.connect("alice"), b = h.connect("bob"), w = h.connect("wendy");
  h.sit(a);
  h.sit(b);
  h.send(w, "table.watch");
  h.disconnect(b);  // before the first game the seat is kept
  h.advance(600000);
  CHECK(h.events(a, "cancelled").size() == 1);
  CHECK(h.events(w, "cancelled").size() == 1);
  CHECK(h.closed);
  CHECK(h.jobs_of<store::SaveTable>().back().state == storage::TableState::kClosed);
  for (const char* n : {"alice", "bob"}) {
    const auto p = h.pushes(h.person(n).id);
    REQUIRE(p.size() == 1);
    CHECK(p[0]["d"]["started"] == false);
  }
  CHECK(h.pushes(h.person("wendy").id).empty());  // a watcher is not a player
  CHECK(h.game() == nullptr);
}

TEST_CASE("computers_fill: at its time computer players take the free seats") {
  Harness h(scheduled(true));
  const Conn a = h.connect("alice"), b = h.connect("bob");
  h.sit(a);
  h.sit(b);
  h.advance(600000);
  REQUIRE(h.game() != nullptr);
  const auto sits = h.events(a, "sit");
  REQUIRE(sits.size() == 4);
  CHECK(sits[2]["computer"] == true);
  CHECK(sits[3]["name"] == "Computer 2");
  CHECK(h.pushes(h.person("alice").id).at(0)["d"]["started"] == true);
  CHECK(!h.closed);
  // Nobody there at all: nothing to fill, cancelled.
  Harness empty(scheduled(true));
  const Conn w = empty.connect("wendy");
  empty.send(w, "table.watch");
  empty.advance(600000);
  CHECK(empty.events(w, "cancelled").size() == 1);
}

TEST_CASE("quick play: the first person waits quick_fill_seconds, then computers fill it") {
  CoreConfig config;
  config.quick_fill_seconds = 30;
  Harness h(quick(), config);
  h.advance(400);  // not on a whole second
  const Conn a = h.connect("alice");
  const json r = h.send(a, "table.sit");
  REQUIRE(code(r) == "ack");
  // fill_at: a whole second, quick_fill_seconds from now rounded up.
  const std::int64_t fill_at = (kStartUnixMs + 400 + 999) / 1000 + 30;
  CHECK(r["d"]["table"]["fill_at"] == fill_at);
  CHECK(h.due_in(Clock::kStart) == fill_at * 1000 - (kStartUnixMs + 400));
  h.sit(h.connect("bob"));
  CHECK(json::parse(*h.lobby)["fill_at"] == fill_at);  // the second person changes nothing
  h.advance(*h.due_in(Clock::kStart) - 1);
  CHECK(h.game() == nullptr);
  h.advance(1);
  REQUIRE(h.game() != nullptr);
  CHECK(h.events(a, "sit").back()["name"] == "Computer 2");
  CHECK(json::parse(*h.lobby)["fill_at"].is_null());
}

TEST_CASE("quick play: a table filled by people starts at once, and its fill is cancelled") {
  Harness h(quick());
  const auto at = seat_four(h);
  REQUIRE(h.game() != nullptr);
  CHECK(h.due(Clock::kStart) == std::nullopt);
  CHECK(h.events(at.at(0), "sit").size() == 4);
  // Suggestions are always on at Play tables.
  CHECK(code(h.send(at.at(h.game()->current_seat()), "table.suggest")) == "ack");
}

TEST_CASE("quick play: the fill finds nobody left, nothing happens") {
  Harness h(quick());
  const Conn a = h.connect("alice"), w = h.connect("wendy");
  h.sit(a);
  h.send(w, "table.watch");
  h.send(a, "table.leave");
  h.advance(60000);
  CHECK(h.game() == nullptr);
  CHECK(h.events(w, "leave").size() == 1);
  CHECK(h.events(w, "sit").empty());  // no computer player
}

TEST_CASE("quick play: a forming table says its people's mean rating (1500 for a guest)") {
  Harness h(quick());
  h.ratings[h.person("alice").id] = {1801, false};
  h.person("gus", true);
  h.sit(h.connect("alice"));
  CHECK(h.forming_rating == 1801);
  h.sit(h.connect("gus"));
  CHECK(h.forming_rating == 1651);  // (1801 + 1500) / 2, rounded
  // Once the game starts it forms no more: nothing said then.
  h.sit(h.connect("bob"));
  h.forming_rating.reset();
  h.sit(h.connect("carol"));
  REQUIRE(h.game() != nullptr);
  CHECK_FALSE(h.forming_rating);
}
