// A table brought back from storage: its game replayed, retried acks
// answered again, a result not stored stored, versions above the old ones,
// its clocks and starts (table/restore.cpp).
#include <catch2/catch.hpp>

#include "tests/table/harness.hpp"

using namespace whist;
using namespace whist::table;
using namespace whist::table::testing;

namespace {

// Each seated person's new connection, seated again (table.sit).
std::map<int, Conn> come_back(Harness& h) {
  std::map<int, Conn> at;
  for (const char* n : {"alice", "bob", "carol", "dave"}) {
    const Conn c = h.connect(n);
    at[h.sit(c)] = c;
  }
  return at;
}

}  // namespace

TEST_CASE("restored mid-game: the same game goes on, stored from where it was") {
  Harness h(setup_of());
  const auto at = seat_four(h);
  h.play(at, 10);
  const std::int64_t old_v = h.send(at.at(0), "table.sync", {{"since", -1}})["d"]["v"];
  const Game before = *h.game();
  auto r = h.restart(5000);
  CHECK(r->playing == 1);
  CHECK(r->game()->history().size() == 10);
  const auto back = come_back(*r);
  const json state = r->send(back.at(1), "table.sync", {{"since", -1}});
  // Versions go on from above anything the last run sent.
  const std::int64_t v = state["d"]["v"];
  CHECK(v >= (kStartUnixMs + 5000) / 1000 * 1000);
  CHECK(v > old_v);
  CHECK(state["d"]["view"]["hand"].size() == static_cast<size_t>(count(before.hand(1))));
  // An old version gets the whole state, never the wrong events.
  const json old = r->send(back.at(1), "table.sync", {{"since", old_v}});
  CHECK(old["d"].contains("table"));
  CHECK(!old["d"].contains("events"));
  r->play(back);
  CHECK(r->game()->is_over());
  std::size_t stored = 0;
  for (const auto& p : r->jobs_of<store::AppendProgress>()) stored += p.actions.size();
  CHECK(stored == 42);  // the 52 less the 10 stored before
  const auto fin = r->jobs_of<store::FinishGame>();
  REQUIRE(fin.size() == 1);
  CHECK(fin[0].game.id == 500);
  CHECK(r->jobs_of<store::CreateGame>().empty());
}

TEST_CASE("restored: a retried table.act gets the ack it had before the restart") {
  Harness h(setup_of());
  const auto at = seat_four(h);
  h.play(at, 4);
  const int turn = h.game()->current_seat();
  const json ack = h.send(at.at(turn), "table.act", {{"action", h.legal_json()}}, "before");
  REQUIRE(code(ack) == "ack");
  auto r = h.restart();
  const Conn c = r->connect(h.who(at.at(turn)).name);
  r->sit(c);
  const size_t actions = r->game()->history().size();
  const json again = r->send(c, "table.act", {{"action", {{"type", "play"}}}}, "before");
  CHECK(again == ack);
  CHECK(r->game()->history().size() == actions);
}

TEST_CASE("restored after the last action but before its result: the result is stored") {
  CoreConfig config;
  config.house_fee_percent = 0;
  Harness h(setup_of(), config);
  const auto at = seat_four(h);
  h.play(at);
  REQUIRE(h.game()->is_over());
  Snapshot s = h.snapshot();
  s.game->state = storage::GameState::kPlaying;  // killed before FinishGame
  Harness r(s, config, {h.now().mono_ms + 1000, h.now().unix_ms + 1000});
  r.resume();
  const auto fin = r.jobs_of<store::FinishGame>();
  REQUIRE(fin.size() == 1);
  CHECK(fin[0].game.id == 500);
  CHECK(fin[0].scores == h.jobs_of<store::FinishGame>()[0].scores);
  CHECK(fin[0].winners == h.jobs_of<store::FinishGame>()[0].winners);
  REQUIRE(!r.logs.empty());
  CHECK(r.logs[0].level == LogLine::Level::kWarn);
  // Stored already: nothing again.
  Harness again(h.snapshot(), config, h.now());
  again.resume();
  CHECK(again.jobs_of<store::FinishGame>().empty());
}

TEST_CASE("restored: computer players come back and play on") {
  Harness h(setup_of());
  const Conn a = h.connect("alice");
  h.sit(a, 0);
  for (int i = 0; i < 3; ++i) h.send(a, "table.add_bot");
  if (h.game()->current_seat() == 0) h.play({{0, a}}, 1);
  h.play({{0, a}}, 3);
  auto r = h.restart();
  const auto sits = json::parse(*r->lobby)["seats"];
  CHECK(sits[1]["name"] == "Computer 1");
  CHECK(sits[1]["connected"] == true);
  const Conn a2 = r->connect("alice");
  r->sit(a2);
  r->play({{0, a2}});
  CHECK(r->game()->is_over());
}

TEST_CASE("restored: a full table stored without its game starts") {
  Harness h(setup_of());
  seat_four(h);
  Snapshot s = h.snapshot();
  s.game.reset();  // stopped between the last table.sit and the game's row
  s.state = storage::TableState::kOpen;
  Harness r(s, {}, h.now());
  r.resume();
  CHECK(r.jobs_of<store::CreateGame>().size() == 1);
  CHECK(r.playing == 1);
}

TEST_CASE("restored: a finished table keeps its seats for the grace, then frees them") {
  CoreConfig config;
  config.reconnect_grace = 30;
  Harness h(setup_of(), config);
  const auto at = seat_four(h);
  h.play(at);
  auto r = h.restart(3600 * 1000);  // long after the game
  CHECK(r->due_in(Clock::kRelease) == 30000);
  const Conn a = r->connect("alice");
  r->sit(a);
  r->advance(30000);
  const auto left = r->events(a, "leave");
  CHECK(left.size() == 3);
  CHECK(json::parse(*r->lobby)["seats"][0]["name"] == "alice");
}

TEST_CASE("restored: a forming quick-play table forms again with a new fill time") {
  CoreConfig config;
  config.quick_fill_seconds = 30;
  Harness h(setup_of(classic({{"kind", "play"}})), config);
  h.sit(h.connect("alice"));
  CHECK(h.forming == false);  // the hub made it forming; the core only re-forms it
  auto r = h.restart(10000);
  CHECK(r->forming);
  CHECK(r->due_in(Clock::kStart) == 30000);
  r->advance(30000);
  CHECK(r->game() != nullptr);
  CHECK(!r->forming);
}

TEST_CASE("restored: a friends-only table reads its players' friends again") {
  Harness h(setup_of(classic()));
  const std::int64_t alice = h.person("alice").id, bob = h.person("bob").id;
  h.friends[alice] = {bob};
  h.sit(h.connect("alice"));
  auto r = h.restart();
  CHECK(r->jobs_of<store::ReadFriends>().size() == 1);
  CHECK(*r->audience == std::set<std::int64_t>{alice, bob});
}
