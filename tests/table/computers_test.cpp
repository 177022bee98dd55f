// Computer players: seats given to the computer, its natural delay, its
// decisions (and the fallback when it is saturated), suggestions
// (table/computers.cpp, auto_play.cpp).
#include <catch2/catch.hpp>

#include "tests/table/harness.hpp"

using namespace whist;
using namespace whist::table;
using namespace whist::table::testing;

TEST_CASE("the creator seats computer players and frees their seats; nobody else may") {
  Harness h(setup_of());
  const Conn a = h.connect("alice"), b = h.connect("bob");
  h.sit(a);
  h.sit(b);
  CHECK(code(h.send(b, "table.add_bot")) == "not_creator");
  const json r = h.send(a, "table.add_bot");
  REQUIRE(code(r) == "ack");
  CHECK(r["d"]["seat"] == 2);
  CHECK(r["d"]["name"] == "Computer 1");
  const auto sit = h.events(b, "sit").back();
  CHECK(sit["computer"] == true);
  CHECK(sit["name"] == "Computer 1");
  CHECK(code(h.send(a, "table.add_bot", {{"seat", 2}})) == "seat_taken");
  CHECK(code(h.send(a, "table.add_bot", {{"seat", 7}})) == "bad_seat");
  CHECK(code(h.send(a, "table.remove_bot", {{"seat", 1}})) == "not_computer");
  CHECK(code(h.send(b, "table.remove_bot", {{"seat", 2}})) == "not_creator");
  REQUIRE(code(h.send(a, "table.remove_bot", {{"seat", 2}})) == "ack");
  CHECK(h.events(b, "leave").back()["seat"] == 2);
  // Two computers: "Computer 1" and "Computer 2"; the game starts when full.
  CHECK(h.send(a, "table.add_bot", {{"seat", 3}})["d"]["name"] == "Computer 1");
  CHECK(h.send(a, "table.add_bot")["d"]["name"] == "Computer 2");
  CHECK(h.playing == 1);
  CHECK(code(h.send(a, "table.add_bot")) == "game_in_progress");
  CHECK(code(h.send(a, "table.remove_bot", {{"seat", 3}})) == "game_in_progress");
  const auto rows = h.jobs_of<store::SaveTable>();
  CHECK(rows.back().row.seats[2].user == -2);
  CHECK(rows.back().row.seats[3].user == -1);
}

TEST_CASE("computer players of three strengths: seen at the table, each thinking at its own") {
  Harness h(setup_of());
  const Conn a = h.connect("alice"), w = h.connect("walt");
  h.sit(a, 0);
  REQUIRE(code(h.send(w, "table.watch")) == "ack");
  REQUIRE(code(h.send(a, "table.add_bot", {{"seat", 1}, {"strength", "beginner"}})) == "ack");
  REQUIRE(code(h.send(a, "table.add_bot", {{"seat", 2}, {"strength", "club"}})) == "ack");
  h.think = Harness::Think::kHold;
  REQUIRE(code(h.send(a, "table.add_bot", {{"seat", 3}})) == "ack");  // expert
  const auto sits = h.events(w, "sit");
  REQUIRE(sits.size() == 3);  // alice sat before walt came
  CHECK(sits[0]["strength"] == "beginner");
  CHECK(sits[1]["strength"] == "club");
  CHECK(sits[2]["strength"] == "expert");
  const auto seats = json::parse(*h.lobby)["seats"];
  CHECK(seats[1]["strength"] == "beginner");
  CHECK(seats[3]["strength"] == "expert");
  CHECK_FALSE(seats[0].contains("strength"));
  CHECK(h.jobs_of<store::SaveTable>().back().row.seats[2].strength == ai::Strength::kClub);
  // Each computer thinks at its strength.
  const ai::Strength want[] = {ai::Strength::kExpert, ai::Strength::kBeginner, ai::Strength::kClub,
                               ai::Strength::kExpert};
  int seen = 0;
  for (int turns = 0; turns < 12 && seen < 3; ++turns) {
    if (h.game()->current_seat() == 0) {
      h.play({{0, a}}, 1);
      continue;
    }
    REQUIRE(h.held.size() == 1);
    const ThinkOrder o = h.held.back();
    h.held.clear();
    CHECK(o.strength == want[o.about.seat]);
    ++seen;
    h.answer(o, o.seen.legal.front());
  }
  CHECK(seen == 3);
  // Restored, the computers keep their strengths.
  auto r = h.restart();
  const auto back = json::parse(*r->lobby)["seats"];
  CHECK(back[1]["strength"] == "beginner");
  CHECK(back[2]["strength"] == "club");
}

TEST_CASE("one person and three computers play a whole game") {
  Harness h(setup_of());
  const Conn a = h.connect("alice");
  h.sit(a, 0);
  for (int i = 0; i < 3; ++i) h.send(a, "table.add_bot");
  int mine = 0;
  while (!h.game()->is_over()) {
    REQUIRE(h.game()->current_seat() == 0);  // the computers' turns are played at once
    mine += h.play({{0, a}}, 1);
  }
  CHECK(mine == 13);
  CHECK(h.events(a, "auto").empty());  // a computer seat's own moves are not "auto"
  const auto fin = h.jobs_of<store::FinishGame>();
  REQUIRE(fin.size() == 1);
  CHECK(fin[0].results.seats[1].account == -1);
  // Computer players at the start: not rated, though the table is.
  CHECK(h.core().setup().settings.rated);
  CHECK_FALSE(fin[0].rated);
  CHECK(h.events(a, "rated").empty());
  // Computers always agree to the next game.
  REQUIRE(code(h.send(a, "table.rematch")) == "ack");
  CHECK(h.jobs_of<store::CreateGame>().size() == 2);
}

TEST_CASE("a computer seat takes its natural delay, less the time it thought") {
  CoreConfig config;
  config.bot_delay_ms = 1500;
  Harness h(setup_of(), config);
  h.think = Harness::Think::kHold;
  const Conn a = h.connect("alice");
  h.sit(a, 0);
  for (int i = 0; i < 3; ++i) h.send(a, "table.add_bot");
  if (h.game()->current_seat() == 0) h.play({{0, a}}, 1);
  REQUIRE(h.held.size() == 1);
  const ThinkOrder o = h.held.back();
  CHECK(o.about.why == Thinking::Why::kComputer);
  CHECK(o.about.seat == h.game()->current_seat());
  CHECK(o.seen.seat == o.about.seat);  // its own observation only
  CHECK(o.seen.hand == h.game()->hand(o.about.seat));
  h.answer(o, o.seen.legal.front(), 500);
  CHECK(h.due_in(Clock::kComputer) == 1000);
  const size_t before = h.game()->history().size();
  h.advance(999);
  CHECK(h.game()->history().size() == before);
  h.advance(1);
  CHECK(h.game()->history().size() == before + 1);
  // An answer for a turn gone by is dropped.
  h.answer(o, o.seen.legal.front(), 2000);
  CHECK(h.game()->history().size() == before + 1);
}

TEST_CASE("the computer saturated, or refused: a simple legal choice instead") {
  Harness h(setup_of());
  h.think = Harness::Think::kSaturated;
  const Conn a = h.connect("alice");
  h.sit(a, 0);
  for (int i = 0; i < 3; ++i) h.send(a, "table.add_bot");
  h.play({{0, a}});
  CHECK(h.game()->is_over());
  // A decision the rules refuse is logged, and the simple choice made.
  Harness r(setup_of());
  r.think = Harness::Think::kHold;
  const Conn b = r.connect("alice");
  r.sit(b, 0);
  for (int i = 0; i < 3; ++i) r.send(b, "table.add_bot");
  if (r.game()->current_seat() == 0) r.play({{0, b}}, 1);
  REQUIRE(r.held.size() == 1);
  const ThinkOrder o = r.held.back();
  const size_t before = r.game()->history().size();
  r.answer(o, Action::play(o.about.seat, lowest(r.game()->hand((o.about.seat + 1) % 4))));
  CHECK(r.game()->history().size() == before + 1);
  REQUIRE(!r.logs.empty());
  CHECK(r.logs.back().level == LogLine::Level::kError);
  CHECK(r.logs.back().text.find("refused") != std::string::npos);
}

TEST_CASE("table.suggest: the computer's choice for one's own turn, where allowed") {
  Harness h(setup_of(classic({{"friends_only", false}, {"suggestions", true}})));
  const auto at = seat_four(h);
  const int turn = h.game()->current_seat();
  const json s = h.send(at.at(turn), "table.suggest");
  REQUIRE(code(s) == "ack");
  CHECK(s["d"]["action"]["type"] == "play");
  CHECK(s["d"]["v"] == h.last_view(at.at(turn))["v"]);
  CHECK(h.game()->history().empty());  // a suggestion, not a move
  const json not_mine = h.send(at.at((turn + 1) % 4), "table.suggest");
  CHECK(code(not_mine) == "not_your_turn");
  CHECK(code(h.send(h.connect("zed"), "table.suggest")) == "not_seated");
  // One at a time.
  h.think = Harness::Think::kHold;
  h.send(at.at(turn), "table.suggest", {}, "s1");
  CHECK(code(h.send(at.at(turn), "table.suggest", {}, "s2")) == "busy");
  // Saturated: the simple choice.
  h.answer(h.held.back(), std::nullopt);
  const auto r = h.replies(at.at(turn), "s1");
  REQUIRE(r.size() == 1);
  CHECK(code(r[0]) == "ack");
  CHECK(r[0]["d"]["action"]["type"] == "play");

  Harness off(setup_of());  // a Join table without suggestions
  const auto at2 = seat_four(off);
  CHECK(code(off.send(at2.at(off.game()->current_seat()), "table.suggest")) == "no_suggestions");
  Harness before(setup_of(classic({{"friends_only", false}, {"suggestions", true}})));
  const Conn a = before.connect("alice");
  before.sit(a);
  CHECK(code(before.send(a, "table.suggest")) == "no_game");
}
