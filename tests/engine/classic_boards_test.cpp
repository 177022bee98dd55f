#include <catch2/catch.hpp>

// An event's boards in classic whist (engine/variants/classic.hpp; options
// `boards` and `first_trump`): a game of a fixed number of deals, each
// scored alone, the rotation of trumps starting where the board says; and
// records that carry them (tests/protocol/rules_json_test.cpp: tables
// never take them).

#include <string>
#include <vector>

#include "engine/variants/classic.hpp"
#include "protocol/record_json.hpp"
#include "tests/engine/scripted.hpp"

using namespace whist;

namespace {

using Ints = std::vector<int>;

constexpr int kClubs = 0, kDiamonds = 1, kHearts = 2, kSpades = 3;

}  // namespace

TEST_CASE("boards: the game is that many deals, each scored alone", "[classic][boards]") {
  // Spades first: seat 3 holds them and team 1 takes all 13 (+7) on each
  // board; the game goes on past play_to 5 and ends after the third.
  const Rules r = test::rules(Variant::kClassic, {{"trump", std::string("rotate")},
                                                  {"boards", std::int64_t{3}},
                                                  {"first_trump", std::string("spades")}});
  auto g = test::game(r, 1, test::full_suit_a_seat());
  CHECK(g.trump_suit() == kSpades);
  test::finish_deal(g);
  CHECK(g.scores() == Ints{0, 7});
  REQUIRE(g.awaiting_deal());
  test::give(g, test::full_suit_a_seat());
  CHECK(g.trump_suit() == kClubs);  // the rotation goes on from spades
  test::finish_deal(g);
  CHECK(g.scores() == Ints{7, 7});
  REQUIRE(g.awaiting_deal());
  test::give(g, test::full_suit_a_seat());
  CHECK(g.trump_suit() == kHearts);
  test::finish_deal(g);
  REQUIRE(g.is_over());
  CHECK(g.results().size() == 3);
  CHECK(g.results()[2].score.vec() == Ints{7, 0});
  CHECK(g.scores() == Ints{14, 7});
  CHECK(g.winners() == Ints{0});
  CHECK(test::refuse(g, Action::play(2, test::card("2C"))) == RuleError::kGameOver);
}

TEST_CASE("boards: honours score in full, capped or not, game or no game", "[classic][boards]") {
  // Hearts trump, seat 2 holds all of them: team 0 takes 13 tricks (+7)
  // and 4 honours (+4), on a board even where capped would stop at 4.
  for (const char* honours : {"on", "capped"}) {
    const Rules r = test::rules(Variant::kClassic, {{"trump", std::string("rotate")},
                                                    {"honours", std::string(honours)},
                                                    {"boards", std::int64_t{1}}});
    auto g = test::game(r, 0, test::full_suit_a_seat());
    test::finish_deal(g);
    REQUIRE(g.is_over());
    CHECK(g.results()[0].score.vec() == Ints{11, 0});
    CHECK(g.results()[0].honours.vec() == Ints{4, 0});
  }
}

TEST_CASE("boards: a rotation may start anywhere, no trump included", "[classic][boards]") {
  CHECK(classic_trump(ClassicTrump::kRotate, FirstTrump::kHearts, 0, kNoCard) == kHearts);
  CHECK(classic_trump(ClassicTrump::kRotate, FirstTrump::kDiamonds, 0, kNoCard) == kDiamonds);
  CHECK(classic_trump(ClassicTrump::kRotate, FirstTrump::kClubs, 1, kNoCard) == kHearts);
  CHECK(classic_trump(ClassicTrump::kRotateNt, FirstTrump::kNoTrump, 0, kNoCard) == kNoSuit);
  CHECK(classic_trump(ClassicTrump::kRotateNt, FirstTrump::kNoTrump, 1, kNoCard) == kHearts);
  CHECK(classic_trump(ClassicTrump::kRotateNt, FirstTrump::kClubs, 1, kNoCard) == kNoSuit);
  // The turned card decides alone under `turn`.
  CHECK(classic_trump(ClassicTrump::kTurn, FirstTrump::kSpades, 0, test::card("7D")) == kDiamonds);
}

TEST_CASE("boards: what does not go with them is refused", "[classic][boards]") {
  auto finalized = [](std::initializer_list<std::pair<std::string_view, OptionValue>> options) {
    Rules r;
    for (const auto& [name, value] : options) {
      REQUIRE_FALSE(set_option(Variant::kClassic, r.options, name, value));
    }
    return finalize(r);
  };
  CHECK(finalized({{"boards", std::int64_t{3}}, {"rubber", true}}) ==
        "a game of boards has no game to win: rubber and honours_bar must be off");
  CHECK(finalized({{"boards", std::int64_t{3}}, {"honours_bar", true}}) ==
        "a game of boards has no game to win: rubber and honours_bar must be off");
  CHECK(finalized({{"trump", std::string("rotate")}, {"first_trump", std::string("notrump")}}) ==
        "first_trump notrump needs trump rotate_nt");
  CHECK_FALSE(
      finalized({{"trump", std::string("rotate_nt")}, {"first_trump", std::string("notrump")}}));
  Options o;
  CHECK(set_option(Variant::kClassic, o, "boards", std::int64_t{17}) ==
        "option boards must be from 0 to 16");
  CHECK(event_only_option(Variant::kClassic, "boards"));
  CHECK(event_only_option(Variant::kClassic, "first_trump"));
  CHECK_FALSE(event_only_option(Variant::kClassic, "play_to"));
}

TEST_CASE("boards: records carry them, and only when set", "[classic][boards]") {
  Rules plain;
  REQUIRE_FALSE(finalize(plain));
  for (const auto& [name, value] : option_values(plain)) {
    CHECK(name != "boards");
    CHECK(name != "first_trump");
  }
  // A board of an event: board 2 under a rotation starting at hearts is
  // played with diamonds; its record says so and replays alone.
  const std::string record = R"({"variant": "classic",
    "options": {"trump": "rotate", "boards": 1, "first_trump": "diamonds"},
    "dealer": 1, "seed": 7})";
  auto parsed = protocol::parse_record(record);
  REQUIRE(std::holds_alternative<GameRecord>(parsed));
  const GameRecord& rec = std::get<GameRecord>(parsed);
  CHECK(rec.rules.options.boards == 1);
  CHECK(rec.rules.options.first_trump == FirstTrump::kDiamonds);
  bool boards = false, first = false;
  for (const auto& [name, value] : option_values(rec.rules)) {
    boards = boards || (name == "boards" && value == OptionValue{std::int64_t{1}});
    first = first || (name == "first_trump" && value == OptionValue{std::string("diamonds")});
  }
  CHECK(boards);
  CHECK(first);
}
