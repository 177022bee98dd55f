// Cutting for partners and the first dealer (settings.cut; table/play.cpp,
// engine/cut.hpp): before each game everyone is told the cards drawn, the
// players move to their seats after the cut, and the game is stored and
// played with them there.
#include <catch2/catch.hpp>

#include <set>

#include "engine/cut.hpp"
#include "tests/table/harness.hpp"

using namespace whist;
using namespace whist::table;
using namespace whist::table::testing;

namespace {

TableSetup cutting() { return setup_of(classic({{"friends_only", false}, {"cut", true}})); }

// The connections by seat after the cut: each draw moves `from` to `seat`.
std::map<int, Conn> after_cut(const json& cut, const std::map<int, Conn>& before) {
  std::map<int, Conn> out;
  for (const json& d : cut["draws"]) out[d["seat"].get<int>()] = before.at(d["from"].get<int>());
  return out;
}

}  // namespace

TEST_CASE("a cutting table tells the draw, moves the players, and the lowest deals") {
  Harness h(cutting());
  const Conn w = h.connect("wendy");
  h.send(w, "table.watch");
  const auto before = seat_four(h);
  std::map<int, std::string> names = {{0, "alice"}, {1, "bob"}, {2, "carol"}, {3, "dave"}};
  const auto cuts = h.events(w, "cut");
  REQUIRE(cuts.size() == 1);
  const json& cut = cuts[0];
  // One draw a player, four ranks, a permutation of the seats.
  REQUIRE(cut["draws"].size() == 4);
  std::set<int> ranks, seats;
  std::vector<Card> cards(4);
  for (const json& d : cut["draws"]) {
    const Card c = *parse_card(d["card"].get<std::string>());
    cards[d["from"].get<size_t>()] = c;
    ranks.insert(cut_rank(c));
    seats.insert(d["seat"].get<int>());
  }
  CHECK(ranks.size() == 4);
  CHECK(seats == std::set<int>{0, 1, 2, 3});
  // The seating is the engine's for those cards.
  const Cut expected = seat_by_cut(cards, true);
  for (const json& d : cut["draws"]) CHECK(d["seat"] == expected.seat_to[d["from"].get<size_t>()]);
  CHECK(cut["dealer"] == expected.dealer);
  // The seats after the cut are told with it, and stored with the game.
  const auto at = after_cut(cut, before);
  for (const json& d : cut["draws"])
    CHECK(cut["seats"][d["seat"].get<size_t>()]["name"] == names[d["from"].get<int>()]);
  const auto games = h.jobs_of<store::CreateGame>();
  REQUIRE(games.size() == 1);
  CHECK(games[0].row.dealer == cut["dealer"]);
  for (const json& d : cut["draws"])
    CHECK(games[0].row.seats[d["seat"].get<size_t>()].name == names[d["from"].get<int>()]);
  // The cut comes before the start; each player's view is of the new seat.
  const auto start = h.events(w, "start");
  REQUIRE(start.size() == 1);
  CHECK(start[0]["v"] > cut["v"]);
  CHECK(start[0]["dealer"] == cut["dealer"]);
  for (const auto& [seat, c] : at) CHECK(h.last_view(c)["view"]["seat"] == seat);
  // They play from there to the end.
  CHECK(h.play(at) > 0);
  CHECK(h.game()->is_over());
}

TEST_CASE("a table that does not cut keeps everyone where they sat") {
  Harness h(setup_of());
  const auto at = seat_four(h);
  CHECK(h.events(at.at(0), "cut").empty());
  CHECK(h.jobs_of<store::CreateGame>()[0].row.seats[1].name == "bob");
}

TEST_CASE("a cutting table after a restart keeps the seats of the cut") {
  Harness h(cutting());
  const auto before = seat_four(h);
  const json cut = h.events(before.at(0), "cut").at(0);
  // Storage kept the seats after the cut; the table restored from it has
  // them, with the game going on (no second cut), and each player who
  // comes back gets their seat after the cut.
  auto again = h.restart();
  const auto seats = json::parse(*again->lobby)["seats"];
  for (const json& d : cut["draws"]) {
    const auto to = d["seat"].get<size_t>();
    CHECK(seats[to]["name"] == cut["seats"][to]["name"]);
    const Conn c = again->connect(cut["seats"][to]["name"].get<std::string>());
    CHECK(again->sit(c) == d["seat"].get<int>());
  }
  REQUIRE(again->game() != nullptr);
  CHECK(again->events(again->connect("wendy"), "cut").empty());
}
