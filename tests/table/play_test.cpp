// The game at a table: its start, table.act, answers and their order,
// versions, retries and what is stored (table/play.cpp, results.cpp).
#include <catch2/catch.hpp>

#include "protocol/record_json.hpp"
#include "protocol/table_json.hpp"
#include "tests/table/harness.hpp"

using namespace whist;
using namespace whist::table;
using namespace whist::table::testing;

namespace {

json play_json(int seat, Card c) {
  return protocol::action_json(Action::play(seat, c), Variant::kClassic);
}

}  // namespace

TEST_CASE("a full table starts: its row with the first deal, the start, a view for each seat") {
  Harness h(setup_of());
  const auto at = seat_four(h);
  const auto games = h.jobs_of<store::CreateGame>();
  REQUIRE(games.size() == 1);
  CHECK(games[0].game.number == 1);
  const auto& row = games[0].row;
  CHECK(row.seed == 1);  // the first seed of the sequence
  CHECK(row.seats[3].name == "dave");
  CHECK(row.first_deal.hands ==
        spec_of(row.rules, 0, Game::seeded(row.rules, row.dealer, 1).deals()[0]).hands);
  const auto start = h.events(at.at(2), "start");
  REQUIRE(start.size() == 1);
  CHECK(start[0]["dealer"] == row.dealer);
  for (const auto& [seat, c] : at) {
    const json v = h.last_view(c);
    REQUIRE(!v.is_null());
    CHECK(v["view"]["seat"] == seat);
    CHECK(v["view"]["hand"].size() == 13);
    // As new as the last event: the start, the deal, the trump.
    std::int64_t last = 0;
    for (const json& m : h.inbox(c))
      if (m["t"] == "table.event") last = m["d"]["v"];
    CHECK(v["v"] == last);
    CHECK(v["v"] > start[0]["v"]);
  }
  // Storage said the game's id: the table's summary has it.
  CHECK(h.send(at.at(0), "table.sync", {{"since", -1}})["d"]["table"]["game"] == 500);
  CHECK(h.lobby->find("\"state\":\"playing\"") != std::string::npos);
}

TEST_CASE("table.act refusals change nothing and tell no one else") {
  Harness h(setup_of());
  const Conn w = h.connect("wendy");
  const auto at = seat_four(h);
  h.send(w, "table.watch");
  const int turn = h.game()->current_seat();
  const int other = (turn + 1) % 4;
  const size_t stored = h.jobs_of<store::AppendProgress>().size();
  h.clear(w);
  const Card theirs = lowest(h.game()->hand(other));
  CHECK(code(h.send(at.at(other), "table.act", {{"action", play_json(other, theirs)}})) ==
        "not_your_turn");
  CHECK(code(h.send(at.at(turn), "table.act", {{"action", play_json(turn, theirs)}})) ==
        "card_not_held");
  // The engine's own refusals come as they are.
  CHECK(code(h.send(at.at(turn), "table.act", {{"action", {{"type", "pass"}}}})) == "wrong_phase");
  const json bad = h.send(at.at(turn), "table.act", {{"action", {{"type", "fly"}}}});
  CHECK(code(bad) == "bad_action");
  const json no_card = h.send(at.at(turn), "table.act", {{"action", {{"type", "play"}}}});
  CHECK(code(no_card) == "bad_action");
  CHECK(h.inbox(w).empty());
  CHECK(code(h.send(w, "table.act", {{"action", h.legal_json()}})) == "not_seated");
  CHECK(h.jobs_of<store::AppendProgress>().size() == stored);
  CHECK(h.errors == 6);
  Harness empty(setup_of());
  const Conn a = empty.connect("alice");
  empty.sit(a);
  CHECK(code(empty.send(a, "table.act", {{"action", play_json(0, 0)}})) == "no_game");
}

TEST_CASE("the ack comes after the action's events and before the views; versions count by one") {
  Harness h(setup_of());
  const auto at = seat_four(h);
  const int turn = h.game()->current_seat();
  const Conn c = at.at(turn);
  const std::int64_t before = h.last_view(c)["v"];
  h.clear(c);
  const json ack = h.send(c, "table.act", {{"action", h.legal_json()}}, "x1");
  REQUIRE(code(ack) == "ack");
  const auto& box = h.inbox(c);
  size_t ack_at = box.size(), view_at = box.size();
  std::int64_t last_event = before;
  for (size_t i = 0; i < box.size(); ++i) {
    if (box[i]["t"] == "ack") ack_at = i;
    if (box[i]["t"] == "table.view" && view_at == box.size()) view_at = i;
    if (box[i]["t"] == "table.event") {
      CHECK(ack_at == box.size());  // every event before the ack
      CHECK(box[i]["d"]["v"] == last_event + 1);
      last_event = box[i]["d"]["v"];
    }
  }
  CHECK(ack_at < view_at);
  CHECK(view_at < box.size());
  CHECK(ack["d"]["v"] == last_event);
  // Stored with the action: "V ID", the ack's version and the request id.
  const auto progress = h.jobs_of<store::AppendProgress>();
  CHECK(progress.back().actions.size() == 1);
  CHECK(progress.back().request == std::to_string(last_event) + " \"x1\"");
  // The next to act gets a view too, as new as the action.
  const Conn next = at.at(h.game()->current_seat());
  CHECK(h.last_view(next)["v"] == last_event);
  CHECK(h.last_view(next)["view"]["legal"].size() > 0);
}

TEST_CASE("a retried table.act gets its first answer again, from any connection of the player") {
  Harness h(setup_of());
  const auto at = seat_four(h);
  const int turn = h.game()->current_seat();
  const json action = h.legal_json();
  const json first = h.send(at.at(turn), "table.act", {{"action", action}}, "a1");
  REQUIRE(code(first) == "ack");
  const size_t actions = h.game()->history().size();
  const json again = h.send(at.at(turn), "table.act", {{"action", action}}, "a1");
  CHECK(again == first);
  const Conn fresh = h.connect(h.who(at.at(turn)).name);
  h.sit(fresh);
  CHECK(h.send(fresh, "table.act", {{"action", action}}, "a1") == first);
  CHECK(h.game()->history().size() == actions);
  // A refusal is kept as well: the same refusal even when it would do now.
  const int now_turn = h.game()->current_seat();
  const int idle = (now_turn + 1) % 4;
  const json wait = h.send(at.at(idle), "table.act",
                           {{"action", play_json(idle, lowest(h.game()->hand(idle)))}}, "b1");
  CHECK(code(wait) == "not_your_turn");
  h.play({{now_turn, at.at(now_turn)}}, 1);
  REQUIRE(h.game()->current_seat() == idle);
  CHECK(h.send(at.at(idle), "table.act", {{"action", h.legal_json()}}, "b1") == wait);
  CHECK(h.game()->current_seat() == idle);
  // Another player's ids are theirs alone.
  const json other = h.send(at.at(idle), "table.act", {{"action", h.legal_json()}}, "a1");
  CHECK(code(other) == "ack");
  CHECK(other != first);
}

TEST_CASE("a whole game: every action stored in order, the result with each seat's") {
  Harness h(setup_of());
  const auto at = seat_four(h);
  const int n = h.play(at);
  CHECK(n == 52);  // to 1 point: one deal of thirteen tricks
  REQUIRE(h.game()->is_over());
  size_t stored = 0;
  for (const auto& p : h.jobs_of<store::AppendProgress>()) stored += p.actions.size();
  CHECK(stored == 52);
  const auto result = h.events(at.at(0), "result");
  REQUIRE(result.size() == 1);
  CHECK(result[0]["game"] == 500);
  const auto fin = h.jobs_of<store::FinishGame>();
  REQUIRE(fin.size() == 1);
  CHECK(fin[0].game.number == 1);
  CHECK(json(fin[0].winners) == result[0]["winners"]);
  REQUIRE(fin[0].results.seats.size() == 4);
  const int winner = result[0]["winners"][0];
  CHECK(fin[0].results.seats[static_cast<size_t>(winner)].won);
  CHECK(fin[0].results.seats[static_cast<size_t>(winner + 2)].won);
  CHECK(!fin[0].results.seats[static_cast<size_t>(1 - winner)].won);
  CHECK(fin[0].results.seats[1].account == h.person("bob").id);
  CHECK(fin[0].buy_in == 0);
  CHECK(h.finished == 1);
  CHECK(h.playing == 0);
  CHECK(h.lobby->find("\"state\":\"finished\"") != std::string::npos);
  CHECK(code(h.send(at.at(0), "table.act", {{"action", play_json(0, 0)}})) == "no_game");
  // Everyone's last view says the game is over.
  for (const auto& [seat, c] : at) CHECK(h.last_view(c)["view"]["game_over"] == true);
}

TEST_CASE("the game's actions as a request list: the ack's version and id") {
  Harness h(setup_of());
  const auto at = seat_four(h);
  h.play(at, 5);
  const Snapshot s = h.snapshot();
  REQUIRE(s.game);
  REQUIRE(s.game->requests.size() == 5);
  for (const auto& r : s.game->requests) {
    const auto space = r.find(' ');
    REQUIRE(space != std::string::npos);
    CHECK(r.substr(space + 1).front() == '"');
  }
}

TEST_CASE("a rated table's game is rated once stored; everyone at the table sees the changes") {
  Harness h(setup_of());
  CHECK(h.core().setup().settings.rated);  // the default where people play on their own
  const auto at = seat_four(h);
  const Conn watcher = h.connect("erin");
  CHECK(code(h.send(watcher, "table.watch")) == "ack");
  h.play(at);
  REQUIRE(h.game()->is_over());
  const auto fin = h.jobs_of<store::FinishGame>();
  REQUIRE(fin.size() == 1);
  CHECK(fin[0].rated);
  const int winner = h.events(at.at(0), "result")[0]["winners"][0];
  for (const Conn c : {at.at(0), at.at(1), watcher}) {
    const auto rated = h.events(c, "rated");
    REQUIRE(rated.size() == 1);
    CHECK(rated[0]["game"] == 500);
    CHECK(rated[0]["pool"] == "classic");
    REQUIRE(rated[0]["seats"].size() == 4);
    const json& s = rated[0]["seats"][static_cast<size_t>(winner)];
    CHECK(s == json{{"seat", winner}, {"rating", 1600}, {"change", 100}, {"provisional", true}});
    // After the result.
    CHECK(rated[0]["v"] > h.events(c, "result")[0]["v"]);
  }
}

TEST_CASE("tables with suggestions are not rated; a rated table refuses them") {
  Harness h(setup_of(classic({{"suggestions", true}, {"friends_only", false}})));
  CHECK_FALSE(h.core().setup().settings.rated);
  const auto at = seat_four(h);
  h.play(at);
  REQUIRE(h.game()->is_over());
  REQUIRE(h.jobs_of<store::FinishGame>().size() == 1);
  CHECK_FALSE(h.jobs_of<store::FinishGame>()[0].rated);
  CHECK(h.events(at.at(0), "rated").empty());
  const auto refused = protocol::parse_table_setup(
      {{"variant", "classic"}, {"settings", {{"suggestions", true}, {"rated", true}}}});
  CHECK(std::get<std::string>(refused) == "rated tables allow no suggestions");
}

TEST_CASE(
    "ratings beside the names: read when people sit, told by a rating event, renewed by "
    "a rated game") {
  Harness h(setup_of());
  h.ratings[h.person("alice").id] = {1712, false};
  h.ratings[h.person("bob").id] = {1500, true};
  // carol is a guest: storage finds no rating for her.
  h.person("carol", true);
  const Conn a = h.connect("alice");
  h.sit(a, 0);
  const auto told = h.events(a, "rating");
  REQUIRE(told.size() == 1);
  CHECK(told[0]["seat"] == 0);
  CHECK(told[0]["rating"] == 1712);
  CHECK(told[0]["provisional"] == false);
  auto seats = json::parse(*h.lobby)["seats"];
  CHECK(seats[0]["rating"] == 1712);
  CHECK(seats[0]["provisional"] == false);
  CHECK_FALSE(seats[1].contains("rating"));  // a free seat
  const Conn b = h.connect("bob");
  h.sit(b, 1);
  const Conn c = h.connect("carol");
  h.sit(c, 2);
  const Conn d = h.connect("dave");
  h.sit(d, 3);  // no rating known: none said
  seats = json::parse(*h.lobby)["seats"];
  CHECK(seats[1]["rating"] == 1500);
  CHECK(seats[1]["provisional"] == true);
  CHECK_FALSE(seats[2].contains("rating"));
  CHECK(h.events(a, "rating").size() == 2);  // alice's and bob's
  // The state answer carries them too.
  const json state = h.send(h.connect("erin"), "table.watch");
  CHECK(state["d"]["table"]["seats"][0]["rating"] == 1712);
  // A game with a guest at a rated table is rated for the others; the
  // names then show the new ratings (the harness's: 1600 or 1400).
  h.play({{0, a}, {1, b}, {2, c}, {3, d}});
  REQUIRE(h.game()->is_over());
  const int winner = h.events(a, "result")[0]["winners"][0];
  seats = json::parse(*h.lobby)["seats"];
  CHECK(seats[static_cast<size_t>(winner)]["rating"] == 1600);
  CHECK(seats[static_cast<size_t>(1 - winner)]["rating"] == 1400);
  // The game's record keeps the seats without ratings.
  const auto games = h.jobs_of<store::CreateGame>();
  REQUIRE(games.size() == 1);
  CHECK(games[0].row.seats[0].rating);
  CHECK(protocol::record_seats_text(games[0].row.seats).find("rating") == std::string::npos);
}

TEST_CASE("a rating read for someone who left meanwhile changes nothing") {
  Harness h(setup_of());
  h.ratings[h.person("alice").id] = {1712, false};
  const Conn b = h.connect("bob");
  h.sit(b, 1);
  h.hold_reads = true;
  const Conn a = h.connect("alice");
  h.sit(a, 0);
  CHECK(code(h.send(a, "table.leave")) == "ack");
  h.sit(h.connect("carol"), 0);
  h.answer_reads();
  CHECK(h.events(b, "rating").empty());
  CHECK_FALSE(json::parse(*h.lobby)["seats"][0].contains("rating"));
}
