// Compete tables: the balance checked at table.sit, buy-ins charged with the
// game's row, seats that cannot pay freed, the payout with the result
// (table/compete.cpp, results.cpp).
#include <catch2/catch.hpp>

#include "tests/table/harness.hpp"

using namespace whist;
using namespace whist::table;
using namespace whist::table::testing;

namespace {

TableSetup compete(int buy_in = 110) {
  return setup_of(classic({{"kind", "compete"}, {"buy_in", buy_in}}));
}

}  // namespace

TEST_CASE("Compete: guests are refused, and those whose balance is short") {
  Harness h(compete());
  const Person g = h.person("guest1", true);
  const Conn gc = h.connect("guest1");
  const json r = h.send(gc, "table.sit");
  CHECK(code(r) == "guest");
  CHECK(h.jobs_of<store::ReadBalance>().empty());  // not even asked
  CHECK(g.guest);
  const Conn p = h.connect("poor");
  h.balances[h.person("poor").id] = 109;
  const json short_ = h.send(p, "table.sit");
  CHECK(code(short_) == "insufficient_chips");
  CHECK(short_["d"]["message"] ==
        "not enough chips: this table's buy-in is 110 chips; you have 109");
  const Conn f = h.connect("faulty");
  h.balances[h.person("faulty").id] = -1;  // the read failed
  CHECK(code(h.send(f, "table.sit")) == "internal");
  const Conn rich = h.connect("alice");
  h.balances[h.person("alice").id] = 110;
  const json ok = h.send(rich, "table.sit", {{"seat", 3}});
  REQUIRE(code(ok) == "ack");
  CHECK(ok["d"]["seat"] == 3);
  const auto reads = h.jobs_of<store::ReadBalance>();
  CHECK(reads.back().buy_in == 110);
  CHECK(reads.back().seat == 3);
  CHECK(code(h.send(rich, "table.add_bot")) == "no_computers");
}

TEST_CASE("Compete: the buy-ins are charged with the game's row, paid out with its result") {
  CoreConfig config;
  config.house_fee_percent = 10;
  Harness h(compete(), config);
  const auto at = seat_four(h);
  CHECK(h.jobs_of<store::CreateGame>().empty());
  const auto charges = h.jobs_of<store::ChargeBuyIns>();
  REQUIRE(charges.size() == 1);
  CHECK(charges[0].buy_in == 110);
  CHECK(charges[0].users == std::vector<std::int64_t>{h.person("alice").id, h.person("bob").id,
                                                      h.person("carol").id, h.person("dave").id});
  CHECK(charges[0].row.seed == 1);
  CHECK(h.events(at.at(0), "start").size() == 1);
  CHECK(h.lobby->find("\"game\":500") != std::string::npos);  // the row came with the buy-ins
  CHECK(code(h.send(at.at(h.game()->current_seat()), "table.suggest")) == "no_suggestions");
  h.play(at);
  const auto fin = h.jobs_of<store::FinishGame>();
  REQUIRE(fin.size() == 1);
  CHECK(fin[0].game.id == 500);
  CHECK(fin[0].buy_in == 110);
  CHECK(fin[0].fee_percent == 10);
  CHECK(fin[0].users.size() == 4);
  REQUIRE(fin[0].winning_seats.size() == 2);
  // The pot 440, the fee 44: each winner is paid 198, 88 more than the buy-in.
  for (const auto& s : fin[0].results.seats) CHECK(s.chips_delta == (s.won ? 88 : -110));
}

TEST_CASE("Compete: seats that cannot pay when the game starts are freed; nothing starts") {
  Harness h(compete());
  h.charge = Harness::Charge::kShort;
  h.short_seats = {1, 3};
  const auto at = seat_four(h);
  const auto refused = h.events(at.at(0), "buy_in_refused");
  REQUIRE(refused.size() == 2);
  CHECK(refused[0]["seat"] == 1);
  CHECK(refused[1]["seat"] == 3);
  CHECK(h.events(at.at(0), "leave").size() == 2);
  CHECK(h.events(at.at(0), "start").empty());
  CHECK(h.game() == nullptr);
  const auto row = h.jobs_of<store::SaveTable>().back().row;
  CHECK(row.seats[1].user == 0);
  CHECK(row.seats[0].user == h.person("alice").id);
  // The seats are free for others; the game starts when all pay.
  h.charge = Harness::Charge::kPay;
  h.sit(h.connect("erin"));
  h.sit(h.connect("frank"));
  CHECK(h.events(at.at(0), "start").size() == 1);
}

TEST_CASE("Compete: a charge that fails tells everyone; the seats stay") {
  Harness h(compete());
  h.charge = Harness::Charge::kFail;
  const auto at = seat_four(h);
  CHECK(h.events(at.at(2), "start_failed").size() == 1);
  CHECK(h.events(at.at(2), "leave").empty());
  CHECK(h.game() == nullptr);
  // Not starting: a seat may be left.
  CHECK(code(h.send(at.at(2), "table.leave")) == "ack");
}

TEST_CASE("Compete: while the buy-ins are charged nobody leaves or sits") {
  Harness h(compete());
  h.hold_reads = true;  // balance reads and the charge wait
  std::map<int, Conn> at;
  for (const char* n : {"alice", "bob", "carol", "dave"}) {
    const Conn c = h.connect(n);
    h.send(c, "table.sit", json::object(), std::string("sit-") + n);
    CHECK(h.replies(c, std::string("sit-") + n).empty());  // the balance is being read
    h.answer_reads();
    CHECK(code(h.replies(c, std::string("sit-") + n).at(0)) == "ack");
    at[static_cast<int>(at.size())] = c;
  }
  REQUIRE(h.jobs_of<store::ChargeBuyIns>().size() == 1);
  CHECK(h.events(at.at(0), "start").empty());
  CHECK(code(h.send(at.at(0), "table.leave")) == "game_in_progress");
  CHECK(code(h.send(h.connect("erin"), "table.sit")) == "table_full");
  h.answer_reads();
  CHECK(h.events(at.at(0), "start").size() == 1);
}

TEST_CASE("Compete: the next game starts only when everyone present agreed") {
  Harness h(compete());
  const auto at = seat_four(h);
  h.play(at);
  REQUIRE(h.game()->is_over());
  h.left_view(at.at(3));  // dave went to the lobby
  for (int s = 0; s < 3; ++s) h.send(at.at(s), "table.rematch");
  CHECK(h.jobs_of<store::ChargeBuyIns>().size() == 1);
  h.send(at.at(3), "table.rematch");  // a request brings dave back, and he agrees
  CHECK(h.jobs_of<store::ChargeBuyIns>().size() == 2);
}

TEST_CASE("Compete: absent players are never charged for the next game") {
  Harness h(compete());
  const auto at = seat_four(h);
  h.play(at);
  h.disconnect(at.at(1));
  for (int s : {0, 2, 3}) h.send(at.at(s), "table.rematch");
  CHECK(h.jobs_of<store::ChargeBuyIns>().size() == 1);
  const Conn b = h.connect("bob");
  h.send(b, "table.sync", {{"since", -1}});  // back, but has not agreed
  CHECK(h.jobs_of<store::ChargeBuyIns>().size() == 1);
  h.send(b, "table.rematch");
  CHECK(h.jobs_of<store::ChargeBuyIns>().size() == 2);
}

TEST_CASE("Compete: closed by the operator while the buy-ins are charged, no game starts") {
  Harness h(compete());
  h.hold_reads = true;
  std::map<int, Conn> at;
  for (const char* n : {"alice", "bob", "carol", "dave"}) {
    const Conn c = h.connect(n);
    h.send(c, "table.sit");
    h.answer_reads();
    at[static_cast<int>(at.size())] = c;
  }
  REQUIRE(h.jobs_of<store::ChargeBuyIns>().size() == 1);
  CHECK(h.close("maintenance") == 4);
  h.answer_reads();  // charged: storage refunds it with the close
  CHECK(h.events(at.at(0), "start").empty());
  CHECK(h.playing == 0);
}

TEST_CASE("Compete: when no seat can pay any more, the empty table closes") {
  Harness h(compete());
  h.charge = Harness::Charge::kShort;
  h.short_seats = {0, 1, 2, 3};
  const auto at = seat_four(h);
  CHECK(h.events(at.at(3), "buy_in_refused").size() == 4);
  CHECK(h.events(at.at(3), "leave").size() == 3);  // its own seat's after it is gone
  // Nobody seated and nobody watching: gone from the lobby, as when the
  // last player leaves (sitting.cpp) or is released (release.cpp).
  CHECK(h.closed);
  CHECK(h.jobs_of<store::SaveTable>().back().state == storage::TableState::kClosed);
}
