// The stored table (storage/table_codec.hpp): what a table needs to come
// back, written and read strictly, rows of schema version 6 included; and
// the stored states (storage/states.hpp), read back strictly.
#include <catch2/catch.hpp>

#include <string>

#include "storage/sql_database.hpp"
#include "storage/table_codec.hpp"
#include "support.hpp"

using Catch::Matchers::Contains;
using whist::ChatMode;
using whist::TableKind;
using whist::Variant;
using whist::storage::decode_table;
using whist::storage::encode_table;
using whist::storage::StorageError;
using whist::storage::StoredTable;
using whist::storage::TableState;

namespace {

// A row as whistd wrote it at schema version 6 (protocol's
// table_setup_json, every seat with computer and connected).
const std::string kVersion6Row =
    R"({"creator":"ann","invited":[7,9],"seats":[)"
    R"({"computer":false,"connected":true,"name":"ann","seat":0,"user":3},)"
    R"({"computer":true,"connected":true,"name":"Robot 1","seat":1,"user":-1},)"
    R"({"computer":false,"connected":false,"name":null,"seat":2,"user":null},)"
    R"({"computer":false,"connected":false,"name":null,"seat":3,"user":null}],)"
    R"("setup":{"options":{"honours":"on","play_to":7,"trump":"rotate"},"players":4,)"
    R"("preset":"whist7rotate","settings":{"buy_in":110,"chat":"preset",)"
    R"("computers_fill":false,"friends_only":false,"invite_only":true,"kind":"compete",)"
    R"("start_at":null,"suggestions":false,"timer_bid":15,"timer_play":30,"watching":true},)"
    R"("variant":"classic"}})";

// kVersion6Row with `from` replaced by `to` (once; it must be there).
std::string with(const std::string& from, const std::string& to) {
  std::string s = kVersion6Row;
  const auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("a row of schema version 6 reads back whole", "[storage][codec]") {
  const StoredTable t = decode_table(kVersion6Row);
  CHECK(t.setup.rules.variant == Variant::kClassic);
  CHECK(t.setup.rules.players == 4);
  CHECK(t.setup.rules.options.play_to == 7);
  CHECK(t.setup.settings.preset == "whist7rotate");
  CHECK(t.setup.settings.kind == TableKind::kCompete);
  CHECK(t.setup.settings.chat == ChatMode::kPreset);
  CHECK(t.setup.settings.buy_in == 110);
  CHECK(t.setup.settings.invite_only);
  CHECK(t.setup.settings.timer_bid == 15);
  CHECK(t.setup.settings.timer_play == 30);
  CHECK(t.setup.settings.start_at == 0);
  CHECK(t.creator == "ann");
  REQUIRE(t.seats.size() == 4);
  CHECK(t.seats[0].user == 3);
  CHECK(t.seats[0].name == "ann");
  CHECK(t.seats[1].user == -1);
  CHECK(t.seats[2].user == 0);
  CHECK(t.invited == std::vector<std::int64_t>{7, 9});
  CHECK(whist::storage::stored_buy_in(kVersion6Row) == 110);
  // Stored before ratings, the cut and invite links: not rated, no cut, no link.
  CHECK_FALSE(t.setup.settings.rated);
  CHECK_FALSE(t.setup.settings.cut);
  CHECK(t.invite_link.empty());
}

TEST_CASE("a stored table round-trips through the codec", "[storage][codec]") {
  StoredTable t = decode_table(kVersion6Row);
  t.setup.settings.start_at = 1'800'000'000;
  t.seats[3] = {12, "zed", whist::ai::Strength::kExpert};
  t.seats[2] = {-2, "Computer 2", whist::ai::Strength::kClub};
  t.setup.settings.rated = true;
  t.setup.settings.cut = true;
  t.invite_link = "abcdefghijklmnopqrstuvwxyz";
  const StoredTable back = decode_table(encode_table(t));
  CHECK(encode_table(back) == encode_table(t));
  CHECK(back.setup.settings.rated);
  CHECK(back.setup.settings.cut);
  CHECK(back.invite_link == t.invite_link);
  CHECK(back.setup.settings.start_at == 1'800'000'000);
  CHECK(back.seats[3].name == "zed");
  CHECK(back.seats[2].strength == whist::ai::Strength::kClub);
  CHECK(back.seats[1].strength == whist::ai::Strength::kExpert);  // written before strengths
  CHECK(encode_table(t).find("\"strength\":\"club\"") != std::string::npos);
  // A row closed by its table: setup and creator only.
  const StoredTable closed = decode_table(encode_table({t.setup, "ann", {}, {}, {}}));
  CHECK(closed.seats.empty());
  CHECK(closed.invite_link.empty());
  CHECK(closed.creator == "ann");
}

TEST_CASE("an event's table round-trips with its seed as text", "[storage][codec]") {
  StoredTable t = decode_table(kVersion6Row);
  CHECK_FALSE(t.setup.event);
  CHECK(encode_table(t).find("\"event\"") == std::string::npos);
  // Boards 9 to 11 of an event: a game of three boards from spades.
  whist::Rules r;
  r.options.trump = whist::ClassicTrump::kRotate;
  r.options.boards = 3;
  r.options.first_trump = whist::FirstTrump::kSpades;
  REQUIRE_FALSE(whist::finalize(r));
  t.setup.rules = r;
  // Above 2^63 (and 2^53): only text keeps it whole.
  const std::uint64_t seed = 18'446'744'073'709'551'557ULL;
  t.setup.event = whist::EventPlay{77, 2, 5, seed, 9, false};
  const std::string text = encode_table(t);
  INFO(text);
  CHECK(text.find(R"("seed":"18446744073709551557")") != std::string::npos);
  const StoredTable back = decode_table(text);
  REQUIRE(back.setup.event);
  CHECK(back.setup.event->event == 77);
  CHECK(back.setup.event->round == 2);
  CHECK(back.setup.event->table == 5);
  CHECK(back.setup.event->seed == seed);
  CHECK(back.setup.event->first_board == 9);
  CHECK_FALSE(back.setup.event->own_pace);
  CHECK(back.setup.rules.options.boards == 3);
  CHECK(back.setup.rules.options.first_trump == whist::FirstTrump::kSpades);
  CHECK(encode_table(back) == text);
  // The daily duplicate's: round and table 0, at the player's own pace.
  t.setup.event = whist::EventPlay{78, 0, 0, 0, 1, true};
  const StoredTable daily = decode_table(encode_table(t));
  REQUIRE(daily.setup.event);
  CHECK(daily.setup.event->own_pace);
  CHECK(daily.setup.event->seed == 0);
  CHECK(daily.setup.event->round == 0);
  CHECK(encode_table(daily) == encode_table(t));
}

TEST_CASE("a bad event is refused with what is wrong", "[storage][codec]") {
  StoredTable t = decode_table(kVersion6Row);
  whist::Rules r;
  r.options.trump = whist::ClassicTrump::kRotate;
  r.options.boards = 2;
  REQUIRE_FALSE(whist::finalize(r));
  t.setup.rules = r;
  t.setup.event = whist::EventPlay{77, 2, 5, 123456789, 3, false};
  const std::string good = encode_table(t);
  REQUIRE_NOTHROW(decode_table(good));
  const auto replaced = [&good](const std::string& from, const std::string& to) {
    std::string s = good;
    const auto at = s.find(from);
    REQUIRE(at != std::string::npos);
    return s.replace(at, from.size(), to);
  };
  const std::vector<std::pair<std::string, std::string>> bad = {
      {replaced(R"("seed":"123456789")", R"("seed":"12x")"), "seed is not a number"},
      {replaced(R"("seed":"123456789")", R"("seed":"")"), "seed is not a number"},
      {replaced(R"("seed":"123456789")", R"("seed":"-1")"), "seed is not a number"},
      {replaced(R"("seed":"123456789")", R"("seed":"18446744073709551616")"),
       "seed is not a number"},
      {replaced(R"("seed":"123456789")", R"("seed":123456789)"), "seed"},
      {replaced(R"("seed":"123456789",)", ""), "no 'seed'"},
      {replaced(R"("first_board":3)", R"("first_board":0)"), "first_board is out of range"},
      {replaced(R"("own_pace":false)", R"("own_pace":false,"boards":2)"), "unknown key 'boards'"},
  };
  for (const auto& [row, why] : bad) {
    INFO(row);
    CHECK_THROWS_AS(decode_table(row), StorageError);
    CHECK_THROWS_WITH(decode_table(row), Contains(why));
  }
  // An event's table whose rules play no boards.
  t.setup.rules = decode_table(kVersion6Row).setup.rules;
  REQUIRE(t.setup.rules.options.boards == 0);
  const std::string no_boards = encode_table(t);
  INFO(no_boards);
  CHECK_THROWS_AS(decode_table(no_boards), StorageError);
  CHECK_THROWS_WITH(decode_table(no_boards), Contains("plays no boards"));
}

TEST_CASE("a bad row is refused with what is wrong", "[storage][codec]") {
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"not json", "not JSON"},
      {"[]", "not an object"},
      {with(R"("creator":"ann",)", ""), "no 'creator'"},
      {with(R"("creator":"ann")", R"("creator":"ann","extra":1)"), "unknown key 'extra'"},
      {with(R"("variant":"classic")", R"("variant":"bridge")"), "unknown variant 'bridge'"},
      {with(R"("play_to":7)", R"("play_to":"7")"), "play_to"},
      {with(R"("play_to":7)", R"("play_to":7,"jokers":2)"), "jokers"},
      {with(R"("chat":"preset")", R"("chat":"shout")"), "unknown chat mode 'shout'"},
      {with(R"("kind":"compete")", R"("kind":"duel")"), "unknown table kind 'duel'"},
      {with(R"("timer_bid":15)", R"("timer_bid":true)"), "timer_bid is not a whole number"},
      {with(R"("timer_bid":15,)", ""), "no 'timer_bid'"},
      {with(R"("watching":true)", R"("watching":1)"), "watching is not true or false"},
      {with(R"("watching":true)", R"("watching":true,"rated":"yes")"),
       "rated is not true or false"},
      {with(R"("buy_in":110)", R"("buy_in":-5)"), "buy_in is out of range"},
      {with(R"("seat":3,)", R"("seat":2,)"), "seat 2 appears twice"},
      {with(R"("seat":3,)", R"("seat":4,)"), "seat is out of range"},
      {with(R"("name":"ann",)", R"("name":5,)"), "name is not a string"},
      {with("[7,9]", R"([7,"x"])"), "invited holds something not an account id"},
      {with(R"("players":4)", R"("players":3)"), "players"},
      {with(R"("seat":1,)", R"("seat":1,"strength":"grandmaster",)"),
       "seat 1 has a strength that is not a computer's"},
      {with(R"("seat":0,)", R"("seat":0,"strength":"club",)"),
       "seat 0 has a strength that is not a computer's"},
  };
  for (const auto& [row, why] : bad) {
    INFO(row);
    CHECK_THROWS_AS(decode_table(row), StorageError);
    CHECK_THROWS_WITH(decode_table(row), Contains(why));
  }
  CHECK(whist::storage::stored_buy_in("not json") == 0);
}

TEST_CASE("states are stored by name and read back strictly", "[storage][states]") {
  using namespace whist::storage;
  CHECK(name(TableState::kClosed) == "closed");
  CHECK(name(GameState::kAbandoned) == "abandoned");
  CHECK(name(LedgerKind::kFee) == "fee");
  CHECK(name(LedgerKind::kRefund) == "refund");
  CHECK(name(LedgerKind::kClosure) == "closure");
  CHECK(name(CommandState::kCancelled) == "cancelled");
  for (const auto k :
       {LedgerKind::kInitial, LedgerKind::kTopup, LedgerKind::kGrant, LedgerKind::kBuyin,
        LedgerKind::kPayout, LedgerKind::kFee, LedgerKind::kRefund, LedgerKind::kClosure})
    CHECK(ledger_kind_from(name(k), "here") == k);
  CHECK(table_state_from("finished", "t") == TableState::kFinished);
  CHECK_THROWS_WITH(table_state_from("paused", "table 4"),
                    Contains("table 4 has an unknown table state 'paused'"));
  CHECK_THROWS_AS(game_state_from("", "game 1"), StorageError);
  CHECK_THROWS_AS(command_state_from("later", "command 1"), StorageError);
  CHECK_THROWS_AS(ledger_kind_from("bet", "entry"), StorageError);
}

TEST_CASE("an unknown state in the file is a clear error", "[storage][states]") {
  whist::storage::test::TempDb file;
  whist::storage::SqlDatabase db(file.path());
  const auto t = db.tables().create_table(kVersion6Row, TableState::kOpen, 1);
  const auto g = db.games().create_game(t, "{}", "[]", 1);
  whist::storage::test::Raw raw(file.path());
  raw.exec("UPDATE tables SET state = 'paused' WHERE id = " + std::to_string(t));
  raw.exec("UPDATE games SET state = 'lost' WHERE id = " + std::to_string(g));
  CHECK_THROWS_WITH(db.tables().table(t), Contains("table " + std::to_string(t) +
                                                   " has an unknown table state 'paused'"));
  CHECK_THROWS_WITH(db.games().game(g),
                    Contains("game " + std::to_string(g) + " has an unknown game state 'lost'"));
  CHECK(db.tables().tables_in_state(TableState::kOpen).empty());
  db.tables().set_table_state(t, TableState::kClosed);
  CHECK(db.tables().table(t)->state == TableState::kClosed);
  CHECK(db.tables().table(t)->settings == kVersion6Row);
}
