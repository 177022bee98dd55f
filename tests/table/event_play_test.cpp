// An event's table (table/event_play.cpp): the event seats its players
// and the boards start at once, dealt from the event's seed board by board
// with each board's dealer and trump; each board finished is told in the
// effects; nobody else sits or watches, no lobby line, no second game; the
// side at fault for a board left unfinished; the daily duplicate's own
// pace; a restart mid-game; the game's row without the seed.
#include <catch2/catch.hpp>

#include "event/boards.hpp"
#include "tests/table/harness.hpp"

using namespace whist;
using namespace whist::table;
using namespace whist::table::testing;

namespace {

// Above 2^63: the seed is kept as text, never as a JSON number.
constexpr std::uint64_t kSeed = 0x9e3779b97f4a7c15ULL;

Rules event_rules(ClassicTrump trump = ClassicTrump::kRotate) {
  Rules r;
  r.variant = Variant::kClassic;
  r.players = 4;
  r.options.trump = trump;
  REQUIRE_FALSE(finalize(r));
  return r;
}

// An event's table for boards first .. first + count - 1, with the
// settings the server gives them.
TableSetup event_setup(const Rules& ev_rules, int first, int count, std::uint64_t seed = kSeed,
                       bool own_pace = false) {
  auto rules = event::boards_rules(ev_rules, first, count);
  if (const auto* why = std::get_if<std::string>(&rules)) FAIL("boards_rules: " << *why);
  TableSetup s;
  s.rules = std::get<Rules>(rules);
  s.settings.invite_only = true;
  s.settings.watching = false;
  s.settings.chat = ChatMode::kPreset;
  s.settings.timer_play = 30;
  s.event = EventPlay{42, own_pace ? 0 : 1, own_pace ? 0 : 3, seed, first, own_pace};
  return s;
}

// The event's players by seat ("": a computer player).
std::vector<EventSeat> players(Harness& h, const std::vector<std::string>& names) {
  std::vector<EventSeat> out;
  for (const std::string& n : names)
    out.push_back(n.empty() ? EventSeat{} : EventSeat{h.person(n).id, n});
  return out;
}

// Each person named comes to the table (table.sit takes their seat back):
// their connections by seat.
std::map<int, Conn> come(Harness& h, const std::vector<std::string>& names) {
  std::map<int, Conn> at;
  for (const std::string& n : names) {
    if (n.empty()) continue;
    const Conn c = h.connect(n);
    at[h.sit(c)] = c;
  }
  return at;
}

// Plays the deal under way to its end (computer players play their own).
void play_deal(Harness& h, const std::map<int, Conn>& at) {
  REQUIRE(h.game());
  const size_t done = h.game()->results().size();
  while (!h.game()->is_over() && h.game()->results().size() == done) REQUIRE(h.play(at, 1) == 1);
}

// The seat's view, from a state answer (table.sync).
json view(Harness& h, Conn c) {
  const json s = h.send(c, "table.sync", {{"since", -1}});
  REQUIRE(code(s) == "ack");
  return s["d"]["view"];
}

CardSet hand_of(const json& v) {
  CardSet s = 0;
  for (const json& c : v["hand"]) {
    const auto card = parse_card(c.get<std::string>());
    REQUIRE(card);
    s |= bit(*card);
  }
  return s;
}

json trump_json(int trump) {
  if (trump == kNoSuit) return "NT";
  return std::string(1, suit_letter(trump));
}

// The summary's state, as a state answer has it.
std::string table_state(Harness& h, Conn c) {
  return h.send(c, "table.sync", {{"since", -1}})["d"]["table"]["state"].get<std::string>();
}

const std::vector<std::string> kFour = {"ann", "bob", "cat", "dan"};

}  // namespace

TEST_CASE("an event's table seats its players and deals the event's boards, each its own") {
  struct Case {
    ClassicTrump trump;
    int first, count;
    std::vector<std::string> names;
  };
  // Board 5 is dealt by North, board 2 by East; with rotate_nt board 5 is
  // played at no trump.
  const Case cases[] = {{ClassicTrump::kRotate, 5, 3, kFour},
                        {ClassicTrump::kRotateNt, 2, 4, {"ann", "", "cat", ""}},
                        {ClassicTrump::kTurn, 5, 2, kFour}};
  for (const Case& k : cases) {
    INFO("boards " << k.first << " to " << k.first + k.count - 1);
    const Rules ev = event_rules(k.trump);
    Harness h(event_setup(ev, k.first, k.count), {}, "");
    CHECK(h.jobs_of<store::CreateGame>().empty());
    h.open_event(players(h, k.names));
    // Everyone seated, the game started at once.
    const auto rows = h.jobs_of<store::SaveTable>();
    REQUIRE(!rows.empty());
    const auto& seats = rows.back().row.seats;
    REQUIRE(seats.size() == 4);
    int computers = 0;
    for (size_t s = 0; s < 4; ++s) {
      if (k.names[s].empty()) {
        CHECK(seats[s].user < 0);
        CHECK(seats[s].name == "Computer " + std::to_string(++computers));
      } else {
        CHECK(seats[s].user == h.person(k.names[s]).id);
        CHECK(seats[s].name == k.names[s]);
      }
    }
    CHECK(h.playing == 1);
    const auto games = h.jobs_of<store::CreateGame>();
    REQUIRE(games.size() == 1);
    CHECK(games[0].row.dealer == event::board_dealer(k.first));
    CHECK(games[0].row.dealer == (k.first == 5 ? 0 : 1));
    CHECK(games[0].row.first_deal.hands ==
          spec_of(games[0].row.rules, 0, event::make_board(ev, kSeed, k.first).deal).hands);
    const auto at = come(h, k.names);
    for (int i = 0; i < k.count; ++i) {
      const int n = k.first + i;
      INFO("board " << n);
      const event::Board b = event::make_board(ev, kSeed, n);
      for (const auto& [seat, c] : at) {
        const json v = view(h, c);
        CHECK(v["deal"] == i);
        CHECK(v["dealer"] == event::board_dealer(n));
        CHECK(hand_of(v) == b.deal.hands[static_cast<size_t>(seat)]);
        CHECK(v["trump"] == trump_json(b.trump));
      }
      // The pushed views of a new deal show the same.
      if (i > 0)
        for (const auto& [seat, c] : at)
          CHECK(hand_of(h.last_view(c)["view"]) == b.deal.hands[static_cast<size_t>(seat)]);
      play_deal(h, at);
      REQUIRE(h.game()->results().size() == static_cast<size_t>(i + 1));
      CHECK(h.game()->results()[static_cast<size_t>(i)].trump == b.trump);
    }
    CHECK(h.game()->is_over());
    CHECK(h.jobs_of<store::FinishGame>().size() == 1);
  }
}

TEST_CASE("each board finished is told with the engine's score; the game is played once") {
  const Rules ev = event_rules();
  Harness h(event_setup(ev, 2, 3), {}, "");
  h.open_event(players(h, kFour));
  const auto at = come(h, kFour);
  CHECK(h.boards.empty());
  CHECK(h.core().boards_played().empty());
  for (int i = 0; i < 3; ++i) {
    play_deal(h, at);
    // One board at a time, as it ends.
    REQUIRE(h.boards.size() == static_cast<size_t>(i + 1));
    const HandResult& r = h.game()->results()[static_cast<size_t>(i)];
    CHECK(h.boards.back() ==
          BoardScore{2 + i, r.score[0], r.score[1], whist::event::board_play(r)});
    // Classic: each side's tricks, and no contract.
    CHECK(h.boards.back().play.tricks[0] + h.boards.back().play.tricks[1] == 13);
    CHECK(h.boards.back().play.tricks[0] == r.tricks[0]);
    CHECK(h.boards.back().play.contract.declarer == -1);
    CHECK(h.core().boards_played() == h.boards);
  }
  REQUIRE(h.game()->is_over());
  CHECK((h.boards[0].board == 2 && h.boards[1].board == 3 && h.boards[2].board == 4));
  CHECK(h.core().boards_played() == h.boards);
  CHECK(h.jobs_of<store::FinishGame>().size() == 1);
  CHECK(h.playing == 0);
  // No rematch, no second game.
  CHECK(table_state(h, at.at(0)) == "finished");
  for (const auto& [seat, c] : at) CHECK(code(h.send(c, "table.rematch")) == "wrong_state");
  h.advance(10 * 60 * 1000);
  CHECK(table_state(h, at.at(0)) == "finished");
  CHECK(h.jobs_of<store::CreateGame>().size() == 1);
  CHECK(h.playing == 0);
  CHECK(h.core().boards_played() == h.boards);
  CHECK(h.boards.size() == 3);
}

TEST_CASE("nobody else sits at an event's table or watches; its players take their seats back") {
  Harness h(event_setup(event_rules(), 1, 2), {}, "");
  const Conn eve = h.connect("eve");
  // Before the event opens it: an empty private table, for nobody.
  CHECK(code(h.send(eve, "table.sit")) == "no_table");
  h.open_event(players(h, kFour));
  CHECK(code(h.send(eve, "table.sit")) == "no_table");
  CHECK(code(h.send(eve, "table.sit", {{"seat", 1}})) == "no_table");
  CHECK(code(h.send(eve, "table.watch")) == "no_table");
  // A seated player comes: table.sit without a seat gives theirs back,
  // with the state.
  const Conn cat = h.connect("cat");
  const json r = h.send(cat, "table.sit");
  REQUIRE(code(r) == "ack");
  CHECK(r["d"]["seat"] == 2);
  CHECK(r["d"]["view"]["seat"] == 2);
  CHECK(r["d"]["view"]["hand"].size() == 13);
  CHECK(r["d"]["table"]["state"] == "playing");
  // Asking for another seat changes nothing: theirs again.
  CHECK(h.send(cat, "table.sit", {{"seat", 0}})["d"]["seat"] == 2);
  CHECK(code(h.send(cat, "table.watch")) == "seated");
  // Still nobody else, with players at the table.
  CHECK(code(h.send(eve, "table.sit")) == "no_table");
  CHECK(code(h.send(eve, "table.watch")) == "no_table");
  const auto at = come(h, kFour);
  h.play(at);
  REQUIRE(h.game()->is_over());
  CHECK(code(h.send(eve, "table.sit")) == "no_table");
  CHECK(code(h.send(eve, "table.watch")) == "no_table");
  CHECK(h.jobs_of<store::SaveTable>().back().row.seats[2].name == "cat");
}

TEST_CASE("an event's table sends no lobby line") {
  Harness h(event_setup(event_rules(), 3, 2), {}, "");
  CHECK_FALSE(h.lobby);
  h.open_event(players(h, {"ann", "", "cat", ""}));
  CHECK_FALSE(h.lobby);
  const auto at = come(h, {"ann", "", "cat", ""});
  CHECK_FALSE(h.lobby);
  h.disconnect(at.at(2));
  h.came_back(at.at(0));
  h.left_view(at.at(0));
  CHECK_FALSE(h.lobby);
  auto again = come(h, {"cat"});
  again[0] = at.at(0);
  h.play(again);
  REQUIRE(h.game()->is_over());
  h.advance(10 * 60 * 1000);
  CHECK_FALSE(h.lobby);
  CHECK_FALSE(h.audience);
}

TEST_CASE("two tables of the same boards deal the same cards to each seat") {
  const Rules ev = event_rules(ClassicTrump::kRotateNt);
  Harness one(event_setup(ev, 4, 3), {}, "");
  Harness two(event_setup(ev, 4, 3), {}, "");
  // Other players at the other table (other ids too).
  two.person("zoe");
  const std::vector<std::string> others = {"fay", "gus", "hal", "ivy"};
  one.open_event(players(one, kFour));
  two.open_event(players(two, others));
  REQUIRE(one.person("ann").id != two.person("fay").id);
  const auto at1 = come(one, kFour);
  const auto at2 = come(two, others);
  CHECK(one.jobs_of<store::CreateGame>()[0].row.first_deal.hands ==
        two.jobs_of<store::CreateGame>()[0].row.first_deal.hands);
  for (int i = 0; i < 3; ++i) {
    INFO("board " << 4 + i);
    for (int seat = 0; seat < 4; ++seat) {
      const json v1 = view(one, at1.at(seat)), v2 = view(two, at2.at(seat));
      CHECK(hand_of(v1) == hand_of(v2));
      CHECK(count(hand_of(v1)) == 13);
      CHECK(v1["trump"] == v2["trump"]);
      CHECK(v1["dealer"] == v2["dealer"]);
    }
    play_deal(one, at1);
    play_deal(two, at2);
  }
  CHECK(one.game()->is_over());
  CHECK(two.game()->is_over());
  // Another seed: other cards.
  Harness three(event_setup(ev, 4, 3, kSeed + 1), {}, "");
  three.open_event(players(three, kFour));
  CHECK(three.jobs_of<store::CreateGame>()[0].row.first_deal.hands !=
        one.jobs_of<store::CreateGame>()[0].row.first_deal.hands);
}

TEST_CASE("the side at fault: the one side with a player away, while the boards are played") {
  Harness h(event_setup(event_rules(), 1, 2), {}, "");
  CHECK(h.core().side_at_fault() == -1);  // no game
  h.open_event(players(h, kFour));
  // Nobody here yet: both sides away.
  CHECK(h.core().side_at_fault() == -1);
  const auto at = come(h, kFour);
  CHECK(h.core().side_at_fault() == -1);
  h.play(at, 5);
  // North drops: N/S.
  h.disconnect(at.at(0));
  CHECK(h.core().side_at_fault() == 0);
  // East too: each side has one away.
  h.disconnect(at.at(1));
  CHECK(h.core().side_at_fault() == -1);
  // North back: E/W.
  auto back = come(h, {"ann"});
  CHECK(h.core().side_at_fault() == 1);
  // East back, South in the lobby: N/S.
  auto east = come(h, {"bob"});
  h.left_view(at.at(2));
  CHECK(h.core().side_at_fault() == 0);
  h.came_back(at.at(2));
  CHECK(h.core().side_at_fault() == -1);
  // South gone long enough for a stand-in to play for them: still N/S.
  h.disconnect(at.at(2));
  std::map<int, Conn> now = {{0, back.at(0)}, {1, east.at(1)}, {3, at.at(3)}};
  h.play(now);
  REQUIRE(h.game()->current_seat() == 2);
  const size_t played = h.game()->history().size();
  h.advance(31 * 1000);
  REQUIRE(h.game()->history().size() > played);
  CHECK(h.core().side_at_fault() == 0);
  // The game over: nobody's fault.
  auto south = come(h, {"cat"});
  now[2] = south.at(2);
  h.play(now);
  REQUIRE(h.game()->is_over());
  h.disconnect(now.at(0));
  CHECK(h.core().side_at_fault() == -1);
}

TEST_CASE("the daily duplicate: no clock and no stand-in for the player away, at their own pace") {
  const Rules ev = event_rules();
  const std::vector<std::string> names = {"", "", "sam", ""};
  // Board 1 is dealt by North: East (a computer) leads, then South.
  auto start = [&](Harness& h) {
    h.open_event(players(h, names));
    const auto at = come(h, names);
    REQUIRE(h.game()->current_seat() == 2);
    REQUIRE(h.game()->history().size() == 1);
    return at;
  };
  SECTION("own pace") {
    CoreConfig config;
    config.turn_idle = 20;
    Harness h(event_setup(ev, 1, 2, kSeed, true), config, "");
    const auto at = start(h);
    // Present on their turn: no clock, never idle.
    CHECK_FALSE(h.due(Clock::kTurn));
    h.advance(10 * 60 * 1000);
    CHECK(h.game()->history().size() == 1);
    CHECK(h.events(at.at(2), "disconnected").empty());
    // Gone on their turn: the board waits for them.
    h.disconnect(at.at(2));
    CHECK_FALSE(h.due(Clock::kTurn));
    h.advance(24 * 60 * 60 * 1000);
    CHECK(h.game()->history().size() == 1);
    CHECK(h.game()->current_seat() == 2);
    CHECK(h.core().side_at_fault() == 0);
    // Back, they play on (their state answer has no clock).
    const Conn c = h.connect("sam");
    const json r = h.send(c, "table.sit");
    REQUIRE(code(r) == "ack");
    CHECK(r["d"]["turn_ms_left"].is_null());
    h.play({{2, c}});
    CHECK(h.game()->is_over());
    CHECK(h.boards.size() == 2);
  }
  SECTION("not at their own pace: the table's timer and a stand-in") {
    Harness h(event_setup(ev, 1, 2, kSeed, false), {}, "");
    const auto at = start(h);
    CHECK(h.due_in(Clock::kTurn) == 30 * 1000);
    h.disconnect(at.at(2));
    h.advance(29 * 1000);
    CHECK(h.game()->history().size() == 1);
    h.advance(1000);
    REQUIRE(h.game()->history().size() > 1);
    CHECK(h.game()->history()[1].seat == 2);
  }
}

TEST_CASE("an event's table restarted mid-game: the same boards go on") {
  const Rules ev = event_rules(ClassicTrump::kRotateNt);
  Harness h(event_setup(ev, 6, 3), {}, "");
  h.open_event(players(h, kFour));
  const auto at = come(h, kFour);
  play_deal(h, at);
  h.play(at, 10);
  const auto before = h.core().boards_played();
  REQUIRE(before.size() == 1);
  CHECK(before == h.boards);
  const Game game = *h.game();
  auto r = h.restart();
  CHECK(r->core().boards_played() == before);
  CHECK(r->playing == 1);
  CHECK(r->game()->history().size() == game.history().size());
  const auto back = come(*r, kFour);
  for (const auto& [seat, c] : back) CHECK(hand_of(view(*r, c)) == game.hand(seat));
  play_deal(*r, back);
  // The third board is the event's.
  const event::Board third = event::make_board(ev, kSeed, 8);
  for (const auto& [seat, c] : back)
    CHECK(hand_of(view(*r, c)) == third.deal.hands[static_cast<size_t>(seat)]);
  play_deal(*r, back);
  REQUIRE(r->game()->is_over());
  const auto all = r->core().boards_played();
  REQUIRE(all.size() == 3);
  CHECK(all[0] == before[0]);
  CHECK(std::vector<BoardScore>(all.begin() + 1, all.end()) == r->boards);
  CHECK(all[1].board == 7);
  CHECK(all[2].board == 8);
  for (size_t i = 0; i < 3; ++i)
    CHECK(all[i] == BoardScore{6 + static_cast<int>(i), r->game()->results()[i].score[0],
                               r->game()->results()[i].score[1],
                               whist::event::board_play(r->game()->results()[i])});
  CHECK(r->jobs_of<store::CreateGame>().empty());
  CHECK(r->jobs_of<store::FinishGame>().size() == 1);
  CHECK(code(r->send(back.at(0), "table.rematch")) == "wrong_state");
}

TEST_CASE("an event game's row keeps no seed") {
  Harness h(event_setup(event_rules(), 1, 2), {}, "");
  h.open_event(players(h, kFour));
  const auto games = h.jobs_of<store::CreateGame>();
  REQUIRE(games.size() == 1);
  CHECK(games[0].row.seed == 0);
  CHECK(games[0].row.rules.options.boards == 2);
  CHECK(h.snapshot().game->seed == 0);
  // A table of no event keeps its game's seed.
  Harness plain(setup_of());
  seat_four(plain);
  CHECK(plain.jobs_of<store::CreateGame>().at(0).row.seed == 1);
}
