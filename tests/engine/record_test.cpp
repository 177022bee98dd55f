// Records: reading, writing, replaying, and the three outcomes of
// whist-replay (legal, illegal at an index, malformed).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/record_json.hpp"
#include "tests/engine/scripted.hpp"

using namespace whist;
using nlohmann::json;

namespace {

protocol::ReplayOutput run(const json& record) {
  auto parsed = protocol::parse_record(record.dump());
  if (auto* why = std::get_if<std::string>(&parsed)) return protocol::malformed_output(*why);
  return protocol::replay_output(replay(std::get<GameRecord>(parsed)));
}

int exit_of(const json& record) { return run(record).exit_status; }

// A classic game, seeded, played lowest-card-first for `plays` cards.
Game classic_game(int plays, std::uint64_t seed = 11) {
  Game g = Game::seeded(test::rules(Variant::kClassic), 1, seed);
  for (int i = 0; i < plays && !g.is_over(); ++i)
    REQUIRE(g.apply(Action::play(g.current_seat(), lowest(g.legal_cards()))).ok());
  return g;
}

json record_of_game(const Game& g) { return protocol::record_json(record_of(g)); }

}  // namespace

TEST_CASE("a written record replays to the same game", "[record]") {
  for (std::uint64_t seed : {1, 2, 3}) {
    Game g = classic_game(200, seed);
    const json rec = record_of_game(g);
    const auto out = run(rec);
    REQUIRE(out.exit_status == 0);
    const json res = json::parse(out.json);
    REQUIRE(res["scores"] == json(g.scores()));
    REQUIRE(res["hands"].size() == g.results().size());
    REQUIRE(res["game_over"] == g.is_over());
    // Reading and writing again gives the same document.
    auto parsed = protocol::parse_record(rec.dump());
    REQUIRE(std::holds_alternative<GameRecord>(parsed));
    CHECK(protocol::record_json(std::get<GameRecord>(parsed)) == rec);
  }
}

TEST_CASE("a seeded record deals what the seeded game dealt", "[record]") {
  Game g = classic_game(60, 77);
  json rec = record_of_game(g);
  rec.erase("deals");
  rec["seed"] = 77;
  const auto out = run(rec);
  REQUIRE(out.exit_status == 0);
  auto parsed = protocol::parse_record(rec.dump());
  const ReplayResult r = replay(std::get<GameRecord>(parsed));
  REQUIRE(r.game->deals() == g.deals());
}

TEST_CASE("records in every variant round-trip through JSON", "[record]") {
  for (Variant v : {Variant::kBid, Variant::kExact}) {
    Rules r = test::rules(v, {}, v == Variant::kExact ? 5 : 4);
    Game g = Game::seeded(r, 2, 5);
    Rng pick(3);
    for (int i = 0; i < 150 && !g.is_over(); ++i) {
      if (g.phase() == Phase::kDiscard) {
        auto [cards, k] = g.discard_choice();
        CardSet d = 0;
        for (Card c : cards_of(cards))
          if (count(d) < k) d |= bit(c);
        REQUIRE(g.apply(Action::discard(g.current_seat(), d)).ok());
        continue;
      }
      auto legal = g.legal_actions();
      REQUIRE(g.apply(legal[pick.below(static_cast<std::uint32_t>(legal.size()))]).ok());
    }
    const json rec = record_of_game(g);
    const json res = json::parse(run(rec).json);
    CHECK(res["scores"] == json(g.scores()));
    CHECK(res["hands"].size() == g.results().size());
  }
}

TEST_CASE("malformed records exit 2: the header", "[record]") {
  const json good = record_of_game(classic_game(20));
  REQUIRE(exit_of(good) == 0);
  auto with = [&](auto change) {
    json r = good;
    change(r);
    return exit_of(r);
  };
  SECTION("not JSON, not an object") {
    CHECK(protocol::malformed_output("x").exit_status == 2);
    auto parsed = protocol::parse_record("{\"variant\": ");
    CHECK(std::holds_alternative<std::string>(parsed));
    CHECK(exit_of(json::array()) == 2);
  }
  SECTION("variant") {
    CHECK(with([](json& r) { r.erase("variant"); }) == 2);
    CHECK(with([](json& r) { r["variant"] = "bridge"; }) == 2);
    CHECK(with([](json& r) { r["variant"] = 1; }) == 2);
  }
  SECTION("dealer and players must be integers in range") {
    CHECK(with([](json& r) { r.erase("dealer"); }) == 2);
    CHECK(with([](json& r) { r["dealer"] = true; }) == 2);
    CHECK(with([](json& r) { r["dealer"] = 1.0; }) == 2);
    CHECK(with([](json& r) { r["dealer"] = 4; }) == 2);
    CHECK(with([](json& r) { r["dealer"] = -1; }) == 2);
    CHECK(with([](json& r) { r["players"] = 5; }) == 2);
    CHECK(with([](json& r) { r["players"] = "4"; }) == 2);
    CHECK(with([](json& r) { r.erase("players"); }) == 0);
  }
  SECTION("options") {
    CHECK(with([](json& r) { r["options"]["colour"] = "red"; }) == 2);
    CHECK(with([](json& r) { r["options"]["play_to"] = 0; }) == 2);
    CHECK(with([](json& r) { r["options"]["play_to"] = 16; }) == 2);
    CHECK(with([](json& r) { r["options"]["play_to"] = "5"; }) == 2);
    CHECK(with([](json& r) { r["options"]["play_to"] = 5.0; }) == 2);
    CHECK(with([](json& r) { r["options"]["trump"] = "sideways"; }) == 2);
    CHECK(with([](json& r) { r["options"]["honours"] = true; }) == 2);
    CHECK(with([](json& r) { r["options"]["jokers"] = 2; }) == 2);  // a bid option in classic
    CHECK(with([](json& r) { r["options"] = json::array(); }) == 2);
    CHECK(with([](json& r) { r["options"] = json::object(); }) == 0);
  }
}

TEST_CASE("malformed records exit 2: deals and actions", "[record]") {
  const json good = record_of_game(classic_game(20));
  REQUIRE(exit_of(good) == 0);
  auto with = [&](auto change) {
    json r = good;
    change(r);
    return exit_of(r);
  };
  SECTION("deals") {
    CHECK(with([](json& r) { r["deals"][0]["hands"][0][0] = "1X"; }) == 2);
    CHECK(with([](json& r) { r["deals"][0]["hands"][0][0] = "2d"; }) == 2);
    CHECK(with([](json& r) { r["deals"][0]["hands"][0][0] = "RJ"; }) == 2);
    CHECK(with([](json& r) { r["deals"][0]["hands"][0][0] = r["deals"][0]["hands"][1][0]; }) == 2);
    CHECK(with([](json& r) { r["deals"][0]["hands"][0].erase(0); }) == 2);
    CHECK(with([](json& r) { r["deals"][0]["hands"].erase(3); }) == 2);
    CHECK(with([](json& r) { r["deals"][0].erase("turned"); }) == 2);
    CHECK(with([](json& r) { r["deals"][0]["turned"] = r["deals"][0]["hands"][0][0]; }) == 2);
    CHECK(with([](json& r) { r["deals"] = json::object(); }) == 2);
    CHECK(with([](json& r) { r.erase("deals"); }) == 2);
  }
  SECTION("a deal play never reaches is not checked; one it reaches is") {
    json r = good;
    r["deals"].push_back(r["deals"][0]);
    r["deals"][1]["hands"][0][0] = "ZZ";
    CHECK(exit_of(r) == 0);  // the actions stop in the first deal
    json full = record_of_game(classic_game(60));
    REQUIRE(exit_of(full) == 0);
    full["deals"][1]["hands"][2][3] = full["deals"][1]["hands"][1][3];
    CHECK(exit_of(full) == 2);
    json missing = record_of_game(classic_game(60));
    missing["deals"].erase(1);
    CHECK(exit_of(missing) == 2);
    missing["actions"].erase(missing["actions"].begin() + 52, missing["actions"].end());
    CHECK(exit_of(missing) == 0);  // no action needs the second deal
  }
  SECTION("malformed actions") {
    CHECK(with([](json& r) { r["actions"][3] = 7; }) == 2);
    CHECK(with([](json& r) { r["actions"][3].erase("seat"); }) == 2);
    CHECK(with([](json& r) { r["actions"][3].erase("type"); }) == 2);
    CHECK(with([](json& r) { r["actions"][3]["seat"] = 4; }) == 2);
    CHECK(with([](json& r) { r["actions"][3]["seat"] = "1"; }) == 2);
    CHECK(with([](json& r) { r["actions"][3]["type"] = "jump"; }) == 2);
    CHECK(with([](json& r) { r["actions"][3].erase("card"); }) == 2);
    CHECK(with([](json& r) { r["actions"][3]["card"] = "1X"; }) == 2);
    CHECK(with([](json& r) { r["actions"][3]["card"] = 5; }) == 2);
    CHECK(with([](json& r) { r["actions"] = "none"; }) == 2);
  }
  SECTION("an illegal action before a malformed one is reported first") {
    json r = good;
    r["actions"][2]["seat"] = (r["actions"][2]["seat"].get<int>() + 1) % 4;
    r["actions"][5] = "garbage";
    const auto out = run(r);
    REQUIRE(out.exit_status == 1);
    CHECK(json::parse(out.json)["error"]["index"] == 2);
  }
}

TEST_CASE("illegal actions exit 1 at the first illegal index", "[record]") {
  json r = record_of_game(classic_game(20));
  SECTION("out of turn") {
    r["actions"][7]["seat"] = (r["actions"][7]["seat"].get<int>() + 2) % 4;
    const json out = json::parse(run(r).json);
    CHECK(out["error"]["index"] == 7);
    CHECK(out["error"]["code"] == "not_your_turn");
  }
  SECTION("a card the player does not hold") {
    const int seat = r["actions"][9]["seat"];
    r["actions"][9]["card"] = r["deals"][0]["hands"][(seat + 1) % 4][0];
    const json out = json::parse(run(r).json);
    CHECK(out["error"]["index"] == 9);
    CHECK(out["error"]["code"] == "card_not_held");
  }
  SECTION("a bid in classic whist") {
    r["actions"][0] = {{"seat", r["actions"][0]["seat"]}, {"type", "bid"}};
    const json out = json::parse(run(r).json);
    CHECK(out["error"]["index"] == 0);
    CHECK(out["error"]["code"] == "wrong_phase");
  }
  SECTION("an action after the game is over") {
    Game g = classic_game(100000);
    REQUIRE(g.is_over());
    json done = record_of_game(g);
    done["actions"].push_back(done["actions"][0]);
    const json out = json::parse(run(done).json);
    CHECK(out["error"]["index"] == done["actions"].size() - 1);
    CHECK(out["error"]["code"] == "game_over");
  }
}

TEST_CASE("replay output has the contract's shape", "[record]") {
  Game g = classic_game(100000);
  const json out = json::parse(run(record_of_game(g)).json);
  REQUIRE(out["game_over"] == true);
  REQUIRE(out["winner"].is_array());
  REQUIRE(out["winner"].size() == 1);
  for (const auto& h : out["hands"]) {
    REQUIRE(h["tricks"].size() == 2);
    CHECK(h["tricks"][0].get<int>() + h["tricks"][1].get<int>() == 13);
  }
  const json partial = json::parse(run(record_of_game(classic_game(30))).json);
  CHECK(partial["winner"].is_null());
  CHECK(partial["hands"].empty());
  CHECK(partial["scores"] == json::array({0, 0}));
}

TEST_CASE("a mode or suit that names nothing is an illegal action, not a malformed record",
          "[record]") {
  Game g = Game::seeded(test::rules(Variant::kBid, {{"bidder_gets_kitty", false}}), 0, 5);
  REQUIRE(g.apply(Action::bid(1, 3, BidMode::kUptown)).ok());
  for (int s : {2, 3, 0}) REQUIRE(g.apply(Action::pass(s)).ok());
  REQUIRE(g.phase() == Phase::kChoose);
  json r = record_of_game(g);
  json bad_bid = r;
  bad_bid["actions"][0]["mode"] = "sideways";
  json out = json::parse(run(bad_bid).json);
  CHECK(run(bad_bid).exit_status == 1);
  CHECK(out["error"]["index"] == 0);
  CHECK(out["error"]["code"] == "bad_bid");
  json bad_suit = r;
  bad_suit["actions"].push_back({{"seat", 1}, {"type", "trump"}, {"suit", "X"}});
  out = json::parse(run(bad_suit).json);
  CHECK(out["error"]["index"] == 4);
  CHECK(out["error"]["code"] == "wrong_choice");
  json bad_direction = r;
  bad_direction["actions"].push_back({{"seat", 1}, {"type", "direction"}, {"mode", "notrump"}});
  CHECK(json::parse(run(bad_direction).json)["error"]["index"] == 4);
  // A mode of the wrong JSON type is malformed.
  json typed = r;
  typed["actions"][0]["mode"] = 3;
  CHECK(exit_of(typed) == 2);
}
