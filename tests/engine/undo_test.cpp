#include <catch2/catch.hpp>

// Undo by consent (docs/rules.md, "Undo"): an agreed undo takes back the
// last card played, by the seat that played it, before the next card and
// while its deal goes on. The game is as if the card had not been played,
// and the record keeps both the card and the undo.

#include <string>
#include <vector>

#include "engine/rng.hpp"
#include "tests/engine/scripted.hpp"

using namespace whist;

namespace {

// The state without the history's length (an undo adds to the history).
std::string state(const Game& g) {
  std::string f = test::fingerprint(g);
  const auto a = f.find('|', f.find('|', f.find('|') + 1) + 1);  // after the deal index
  const auto b = f.find('|', a + 1);
  return f.erase(a, b - a);
}

// Every seat's observation as far as it shows (the card play, the hands).
std::string seen(const Game& g) {
  std::string out;
  for (int s = -1; s < g.players(); ++s) {
    const Observation o = g.observation(s);
    out += std::to_string(o.hand) + ":" + std::to_string(o.tricks.size()) + ":" +
           std::to_string(o.current.size) + ";";
  }
  return out;
}

Rules rules_of(Variant v) {
  return v == Variant::kExact ? test::rules(v) : test::rules(v, {{"play_to", std::int64_t{15}}});
}

}  // namespace

TEST_CASE("undo: the game is as before the card, in every variant, and plays on the same",
          "[undo]") {
  for (const Variant v : {Variant::kClassic, Variant::kBid, Variant::kExact}) {
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      INFO(variant_name(v) << " seed " << seed);
      const Rules rules = rules_of(v);
      Game g = Game::seeded(rules, static_cast<int>(seed % 4), seed);
      Game plain = Game::seeded(rules, static_cast<int>(seed % 4), seed);
      Rng r(seed);
      int undone = 0;
      while (!g.is_over()) {
        const auto legal = g.legal_actions();
        const Action a = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
        const int seat = g.current_seat();
        if (a.type == ActionType::kPlay && r.below(3) == 0) {
          // A card played and taken back: the game is as it was.
          const std::string before = state(g), seen_before = seen(g);
          const std::vector<Action> legal_before = g.legal_actions();
          test::act(g, a);
          const auto undo = g.undo_for(seat);
          if (undo) {
            CHECK(undo->card == a.card);
            const Events ev = test::act(g, *undo);
            REQUIRE(ev.size() == 1);
            CHECK(ev[0].type == EventType::kAction);
            CHECK(ev[0].action == *undo);
            CHECK(state(g) == before);
            CHECK(seen(g) == seen_before);
            CHECK(g.legal_actions() == legal_before);
            CHECK(g.history().back() == *undo);
            CHECK_FALSE(g.undo_for(seat));  // once
            ++undone;
          } else {
            // Only a card that ended its deal cannot be taken back.
            CHECK((g.is_over() || g.trick().size == 0));
            plain.apply(a);
            continue;
          }
        }
        // Both games take the same action from here.
        test::act(g, a);
        test::act(plain, a);
        REQUIRE(state(g) == state(plain));
      }
      CHECK(undone > 0);
      CHECK(g.scores() == plain.scores());
      CHECK(g.winners() == plain.winners());
      CHECK(g.history().size() == plain.history().size() + 2 * static_cast<size_t>(undone));
    }
  }
}

TEST_CASE("undo: only the last card, by its player, before the next, within the deal", "[undo]") {
  // One suit a seat, spades trump (2S turned, dealer 3): seat 0 leads.
  const Rules rules = test::rules(Variant::kClassic, {{"play_to", std::int64_t{15}}});
  auto g = test::game(rules, 3, test::full_suit_a_seat("2S"));
  CHECK(test::refuse(g, Action::undo(0, test::card("AC"))) == RuleError::kBadUndo);  // nothing yet
  // The first card of the deal, taken back: seat 0 leads again.
  test::play(g, "AC");
  CHECK(test::refuse(g, Action::undo(1, test::card("AC"))) == RuleError::kBadUndo);  // not theirs
  CHECK(test::refuse(g, Action::undo(0, test::card("KC"))) == RuleError::kBadUndo);  // not it
  test::act(g, Action::undo(0, test::card("AC")));
  CHECK(g.current_seat() == 0);
  CHECK(contains(g.hand(0), test::card("AC")));
  CHECK(test::refuse(g, Action::undo(0, test::card("AC"))) == RuleError::kBadUndo);  // twice
  // After the next card: no more.
  test::play(g, "AC 2D");
  CHECK(test::refuse(g, Action::undo(0, test::card("AC"))) == RuleError::kBadUndo);
  // The card that ends a trick may be taken back: the trick is open again.
  test::play(g, "2H 2S");
  REQUIRE(g.tricks_won(3) == 1);
  test::act(g, Action::undo(3, test::card("2S")));
  CHECK(g.tricks_won(3) == 0);
  CHECK(g.trick().size == 3);
  CHECK(g.current_seat() == 3);
  test::play(g, "2S");
  // The card that ends the deal may not: the deal is scored.
  test::finish_deal(g);
  REQUIRE(g.results().size() == 1);
  const Action last = g.history().back();
  CHECK(test::refuse(g, Action::undo(last.seat, last.card)) == RuleError::kNoDeal);
  test::give(g, test::full_suit_a_seat("2C"));  // dealer 0 holds the clubs
  CHECK(test::refuse(g, Action::undo(last.seat, last.card)) == RuleError::kBadUndo);
}

TEST_CASE("undo: not during the bidding", "[undo]") {
  Game g = Game::seeded(test::rules(Variant::kBid), 0, 7);
  REQUIRE(g.phase() == Phase::kBidding);
  const int seat = g.current_seat();
  test::act(g, Action::pass(seat));
  CHECK_FALSE(g.undo_for(seat));
  CHECK(test::refuse(g, Action::undo(seat, test::card("AS"))) == RuleError::kBadUndo);
}
