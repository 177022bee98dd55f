// Claims at the table (table/claims.cpp): the claim shown with the
// claimer's hand, play stopped while the opponents answer, a refusal
// ending it, every acceptance applying it as the game's action, the claim's
// own clock, and computer opponents judging it with the solver.
#include <catch2/catch.hpp>

#include "engine/ai/solver.hpp"
#include "protocol/record_json.hpp"
#include "tests/table/harness.hpp"

using namespace whist;
using namespace whist::table;
using namespace whist::table::testing;

namespace {

json claim(int tricks) { return {{"tricks", tricks}}; }

}  // namespace

TEST_CASE("a claim: shown with the hand, play stopped; one refusal and play goes on") {
  Harness h(setup_of());
  const Conn w = h.connect("wendy");
  h.send(w, "table.watch");
  const auto at = seat_four(h);
  const int lead = h.game()->current_seat();
  const int partner = (lead + 2) % 4, left = (lead + 1) % 4, right = (lead + 3) % 4;
  CHECK(code(h.send(at.at(left), "table.claim", claim(3))) == "not_your_turn");
  CHECK(code(h.send(at.at(lead), "table.claim", claim(14))) == "bad_claim");
  CHECK(code(h.send(w, "table.claim", claim(3))) == "not_seated");
  const CardSet hand = h.game()->hand(lead);
  REQUIRE(code(h.send(at.at(lead), "table.claim", claim(9))) == "ack");
  // Everyone, the watcher too, sees the claim and the claimer's hand.
  const auto told = h.events(w, "claim");
  REQUIRE(told.size() == 1);
  CHECK(told[0]["seat"] == lead);
  CHECK(told[0]["tricks"] == 9);
  CHECK(told[0]["hand"].size() == 13);
  for (const json& c : told[0]["hand"]) CHECK(contains(hand, *parse_card(c.get<std::string>())));
  // Nothing is played, and no second claim, while it waits; no clock runs.
  CHECK(code(h.send(at.at(lead), "table.act", {{"action", h.legal_json()}})) == "claim_pending");
  CHECK(code(h.send(at.at(lead), "table.claim", claim(9))) == "claim_pending");
  CHECK_FALSE(h.due(Clock::kTurn));
  CHECK(h.due(Clock::kClaim));
  // A state answer (a reload) carries the claim waiting.
  const json state = h.send(w, "table.sync", {{"since", -1}});
  REQUIRE(state["d"].contains("claim"));
  CHECK(state["d"]["claim"]["seat"] == lead);
  CHECK(state["d"]["claim"]["tricks"] == 9);
  CHECK(state["d"]["claim"]["hand"] == told[0]["hand"]);
  CHECK(state["d"]["claim"]["accepted"].empty());
  // Only the opponents answer, once each.
  CHECK(code(h.send(at.at(partner), "table.claim_answer", {{"accept", true}})) == "no_claim");
  CHECK(code(h.send(at.at(left), "table.claim_answer", {{"accept", true}})) == "ack");
  CHECK(code(h.send(at.at(left), "table.claim_answer", {{"accept", true}})) == "no_claim");
  CHECK(h.send(w, "table.sync", {{"since", -1}})["d"]["claim"]["accepted"] == json{left});
  CHECK(code(h.send(at.at(right), "table.claim_answer", {{"accept", false}})) == "ack");
  const auto answers = h.events(w, "claim_answer");
  REQUIRE(answers.size() == 2);
  CHECK(answers[0]["seat"] == left);
  CHECK(answers[0]["accept"] == true);
  CHECK(answers[1]["seat"] == right);
  CHECK(answers[1]["accept"] == false);
  // Refused: the claimer plays on, and nothing of the claim was stored.
  CHECK(code(h.send(at.at(right), "table.claim_answer", {{"accept", true}})) == "no_claim");
  CHECK(h.game()->history().empty());
  CHECK_FALSE(h.send(w, "table.sync", {{"since", -1}})["d"].contains("claim"));
  CHECK(code(h.send(at.at(lead), "table.act", {{"action", h.legal_json()}})) == "ack");
  CHECK(h.game()->history().size() == 1);
}

TEST_CASE("a claim both opponents accept ends the deal with its split, stored as an action") {
  Harness h(setup_of());
  const auto at = seat_four(h);
  const int lead = h.game()->current_seat();
  REQUIRE(code(h.send(at.at(lead), "table.claim", claim(8))) == "ack");
  h.send(at.at((lead + 1) % 4), "table.claim_answer", {{"accept", true}});
  h.send(at.at((lead + 3) % 4), "table.claim_answer", {{"accept", true}});
  // The game (to 1 point) is over: 8 tricks to 5 for the claimer's side.
  REQUIRE(h.game()->is_over());
  CHECK(h.game()->history().back() == Action::claim(lead, 8));
  const HandResult& r = h.game()->results().at(0);
  CHECK(r.tricks[lead % 2] == 8);
  CHECK(r.tricks[1 - lead % 2] == 5);
  CHECK(h.game()->winners() == std::vector<int>{lead % 2});
  // The claim action's event, as any action's.
  bool seen = false;
  for (const json& e : h.events(at.at(0), "action"))
    seen |= e["action"]["type"] == "claim" && e["action"]["tricks"] == 8;
  CHECK(seen);
  CHECK(h.jobs_of<store::FinishGame>().size() == 1);
}

TEST_CASE("a claim nobody answers is refused when its time is up") {
  Harness h(setup_of());
  const auto at = seat_four(h);
  const int lead = h.game()->current_seat();
  REQUIRE(code(h.send(at.at(lead), "table.claim", claim(13))) == "ack");
  h.advance(29'000);
  CHECK(h.events(at.at(0), "claim_answer").empty());
  h.advance(2'000);
  const auto answers = h.events(at.at(0), "claim_answer");
  REQUIRE(answers.size() == 1);
  CHECK(answers[0]["accept"] == false);
  CHECK(answers[0]["timeout"] == true);
  CHECK(code(h.send(at.at(lead), "table.act", {{"action", h.legal_json()}})) == "ack");
}

TEST_CASE("computer opponents accept a claim exactly when the solver shows it holds") {
  Harness h(setup_of());
  const Conn a = h.connect("alice");
  h.sit(a, 0);
  for (int i = 0; i < 3; ++i) h.send(a, "table.add_bot");
  // The computers play at once: alice is to act; play to her next lead.
  while (h.game()->trick().size != 0) h.play({{0, a}}, 1);
  REQUIRE(h.game()->current_seat() == 0);
  const int left = h.game()->trick().size;  // 0: a fresh trick
  CHECK(left == 0);
  // All 13 (or what is left): the solver decides; computed here the same way.
  const int tricks_left = 13 - static_cast<int>(h.game()->history().size()) / 4;
  const bool holds = ai::Solver().best_tricks(ai::position_of(*h.game())) >= tricks_left;
  REQUIRE(code(h.send(a, "table.claim", claim(tricks_left))) == "ack");
  CHECK(h.judged == 1);
  const auto answers = h.events(a, "claim_answer");
  REQUIRE(!answers.empty());
  CHECK(answers.back()["accept"] == holds);
  if (holds) {
    CHECK(h.game()->is_over());
    return;
  }
  // A concession (none of the tricks left) always holds: accepted by both.
  REQUIRE(code(h.send(a, "table.claim", claim(0))) == "ack");
  const auto now = h.events(a, "claim_answer");
  REQUIRE(now.size() == answers.size() + 2);
  CHECK(now[now.size() - 1]["accept"] == true);
  CHECK(now[now.size() - 2]["accept"] == true);
  CHECK(h.game()->is_over());
  CHECK(h.game()->results().at(0).tricks[0] < 7);
}
