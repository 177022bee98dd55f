// Undo by consent at the table (table/undo.cpp): only where the table
// allows it; the card asked back shown to everyone and play stopped while
// everyone else answers; one refusal ending it; every agreement applying
// it as the game's action (the card back in its hand, the turn back to its
// player, every seat's view); the undo's own clock; computer players
// agreeing at once; the setting's rules (Join tables only, never rated).
#include <catch2/catch.hpp>

#include "tests/table/harness.hpp"

using namespace whist;
using namespace whist::table;
using namespace whist::table::testing;

namespace {

TableSetup with_undo() { return setup_of(classic({{"friends_only", false}, {"undo", true}})); }

// The seat to act plays its first legal card; returns the seat.
int play_one(Harness& h, const std::map<int, Conn>& at) {
  const int seat = h.game()->current_seat();
  REQUIRE(code(h.send(at.at(seat), "table.act", {{"action", h.legal_json()}})) == "ack");
  return seat;
}

}  // namespace

TEST_CASE("undo: asked, agreed by everyone else, the card is back and the turn with it") {
  Harness h(with_undo());
  const Conn w = h.connect("wendy");
  h.send(w, "table.watch");
  const auto at = seat_four(h);
  CHECK(code(h.send(at.begin()->second, "table.undo")) == "no_undo");  // nothing played
  const int seat = play_one(h, at);
  const Action played = h.game()->history().back();
  const CardSet hand = h.game()->hand(seat);
  const int next = h.game()->current_seat();
  CHECK(code(h.send(at.at(next), "table.undo")) == "no_undo");  // not theirs
  CHECK(code(h.send(w, "table.undo")) == "not_seated");
  REQUIRE(code(h.send(at.at(seat), "table.undo")) == "ack");
  // Everyone, the watcher too, sees which card is asked back.
  const auto asked = h.events(w, "undo_asked");
  REQUIRE(asked.size() == 1);
  CHECK(asked[0]["seat"] == seat);
  CHECK(asked[0]["card"] == std::string(card_code(played.card)));
  // Nothing is played meanwhile; no clock but the undo's.
  CHECK(code(h.send(at.at(next), "table.act", {{"action", h.legal_json()}})) == "undo_pending");
  CHECK(code(h.send(at.at(seat), "table.undo")) == "undo_pending");
  CHECK(code(h.send(at.at(seat), "table.claim", {{"tricks", 1}})) == "undo_pending");
  CHECK_FALSE(h.due(Clock::kTurn));
  CHECK(h.due(Clock::kUndo));
  // The asker does not answer; the others do, once each.
  CHECK(code(h.send(at.at(seat), "table.undo_answer", {{"accept", true}})) == "no_undo");
  const int other1 = (seat + 1) % 4, other2 = (seat + 2) % 4, other3 = (seat + 3) % 4;
  CHECK(code(h.send(at.at(other1), "table.undo_answer", {{"accept", true}})) == "ack");
  CHECK(code(h.send(at.at(other1), "table.undo_answer", {{"accept", true}})) == "no_undo");
  // A state answer (a reload) carries the undo waiting.
  const json state = h.send(w, "table.sync", {{"since", -1}});
  REQUIRE(state["d"].contains("undo"));
  CHECK(state["d"]["undo"]["seat"] == seat);
  CHECK(state["d"]["undo"]["accepted"] == json{other1});
  CHECK(code(h.send(at.at(other2), "table.undo_answer", {{"accept", true}})) == "ack");
  h.clear_all();
  CHECK(code(h.send(at.at(other3), "table.undo_answer", {{"accept", true}})) == "ack");
  // Applied: the undo is the game's action, the card back, the turn back.
  CHECK(h.game()->history().back() == Action::undo(seat, played.card));
  CHECK(h.game()->hand(seat) == (hand | bit(played.card)));
  CHECK(h.game()->current_seat() == seat);
  const auto done = h.events(w, "action");
  REQUIRE(done.size() == 1);
  CHECK(done[0]["action"]["type"] == "undo");
  CHECK(done[0]["action"]["card"] == std::string(card_code(played.card)));
  // Every seat gets its view again (the one who was to play has no turn now).
  for (const auto& [s, c] : at) {
    const json v = h.last_view(c);
    CHECK(v["view"]["to_act"] == seat);
    if (s != seat) CHECK(v["view"]["legal"].empty());
  }
  CHECK(h.last_view(at.at(seat))["view"]["legal"].size() == 13);
  CHECK_FALSE(h.due(Clock::kUndo));
  CHECK(h.jobs_of<store::AppendProgress>().back().actions.back().type == ActionType::kUndo);
  // The game plays on to its end.
  h.play(at);
  CHECK(h.game()->is_over());
}

TEST_CASE("undo: one refusal, or no answer in time, and play goes on") {
  Harness h(with_undo());
  const auto at = seat_four(h);
  const int seat = play_one(h, at);
  const size_t played = h.game()->history().size();
  REQUIRE(code(h.send(at.at(seat), "table.undo")) == "ack");
  const int other1 = (seat + 1) % 4;
  CHECK(code(h.send(at.at(other1), "table.undo_answer", {{"accept", false}})) == "ack");
  CHECK(h.game()->history().size() == played);  // nothing undone
  const auto answers = h.events(at.at(seat), "undo_answer");
  REQUIRE(answers.size() == 1);
  CHECK(answers[0]["accept"] == false);
  CHECK(code(h.send(at.at((seat + 2) % 4), "table.undo_answer", {{"accept", true}})) == "no_undo");
  // Asked again, nobody answers: refused when its time is up.
  REQUIRE(code(h.send(at.at(seat), "table.undo")) == "ack");
  h.advance(19'000);
  CHECK(h.due(Clock::kUndo));
  h.advance(2'000);
  CHECK_FALSE(h.due(Clock::kUndo));
  const auto late = h.events(at.at(seat), "undo_answer");
  REQUIRE(late.size() == 2);
  CHECK(late[1]["timeout"] == true);
  CHECK(late[1]["accept"] == false);
  CHECK(h.game()->history().size() == played);
  // Play goes on; once the next card is played, that card is gone for good.
  play_one(h, at);
  CHECK(code(h.send(at.at(seat), "table.undo")) == "no_undo");
}

TEST_CASE("undo: computer players agree at once; their move waits for the answers") {
  Harness h(with_undo());
  const Conn a = h.connect("alice"), b = h.connect("bob");
  h.sit(a, 0);
  h.sit(b, 2);
  h.think = Harness::Think::kHold;
  REQUIRE(code(h.send(a, "table.add_bot", {{"seat", 1}})) == "ack");
  REQUIRE(code(h.send(a, "table.add_bot", {{"seat", 3}})) == "ack");
  const std::map<int, Conn> people{{0, a}, {2, b}};
  // Computers play until a person's turn.
  while (!people.count(h.game()->current_seat())) {
    REQUIRE(h.held.size() == 1);
    const ThinkOrder o = h.held.back();
    h.held.clear();
    h.answer(o, o.seen.legal.front());
  }
  const int seat = h.game()->current_seat();
  const Conn me = people.at(seat), partner = people.at((seat + 2) % 4);
  REQUIRE(code(h.send(me, "table.act", {{"action", h.legal_json()}})) == "ack");
  const Card card = h.game()->history().back().card;
  // The computer to play next is thinking; the undo is asked meanwhile.
  REQUIRE(h.held.size() == 1);
  const ThinkOrder thinking = h.held.back();
  h.held.clear();
  REQUIRE(code(h.send(me, "table.undo")) == "ack");
  const auto answers = h.events(partner, "undo_answer");
  REQUIRE(answers.size() == 2);  // both computers agreed
  // The computer's move arrives: it waits (dropped, thought again later).
  const size_t before = h.game()->history().size();
  h.answer(thinking, thinking.seen.legal.front());
  CHECK(h.game()->history().size() == before);
  // The partner agrees: undone.
  REQUIRE(code(h.send(partner, "table.undo_answer", {{"accept", true}})) == "ack");
  CHECK(h.game()->history().back() == Action::undo(seat, card));
  CHECK(h.game()->current_seat() == seat);
}

TEST_CASE("undo: only where the table allows it; Join tables only, never rated") {
  {
    Harness h(setup_of());
    const auto at = seat_four(h);
    const int seat = play_one(h, at);
    CHECK(code(h.send(at.at(seat), "table.undo")) == "undo_off");
  }
  // The setting: unrated by default where undo is on; refused with rated,
  // at Compete and Play tables.
  const TableSetup s = with_undo();
  CHECK(s.settings.undo);
  CHECK_FALSE(s.settings.rated);
  for (const json& bad :
       {classic({{"undo", true}, {"rated", true}}),
        json{{"variant", "classic"},
             {"settings", {{"kind", "compete"}, {"buy_in", 30}, {"undo", true}}}},
        json{{"variant", "classic"}, {"settings", {{"kind", "play"}, {"undo", true}}}}}) {
    INFO(bad.dump());
    CHECK(std::holds_alternative<std::string>(protocol::parse_table_setup(bad)));
  }
}
