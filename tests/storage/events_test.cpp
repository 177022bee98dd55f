#include <catch2/catch.hpp>

// Events in storage (storage/event_store.hpp, event_codec.hpp): the stored
// event read back whole and strictly, and its chips posted with it, once.
// On real files.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "storage/event_codec.hpp"
#include "tests/storage/ledger_support.hpp"

using namespace whist::event;
using whist::storage::decode_event;
using whist::storage::encode_event;
using whist::storage::event_chip_batches;
using whist::storage::EventChips;
using whist::storage::StorageError;
using whist::storage::store_event;

namespace {

Player someone(std::int64_t id) {
  std::string name = "player ";
  name += std::to_string(id);  // (not "player " + ...: GCC 12's false -Wrestrict)
  return {id, name};
}

// A Mitchell of 6 pairs with a 30-chip fee, started and one board played.
EventCore running(const std::vector<std::int64_t>& accounts) {
  EventSettings s;
  s.name = "Tuesday pairs";
  s.kind = MovementKind::kMitchell;
  s.rules.options.trump = whist::ClassicTrump::kRotateNt;
  s.rules.options.honours = whist::Honours::kOn;
  REQUIRE_FALSE(whist::finalize(s.rules));
  s.boards_per_round = 2;
  s.start_unix = kNow + 100;
  s.fee = 30;
  s.seed = 0xFEEDFACECAFEBEEFULL;
  EventCore e(9, s, someone(accounts[0]));
  for (size_t i = 0; i + 1 < accounts.size(); i += 2) {
    REQUIRE(e.enter(someone(accounts[i]), accounts[i + 1], kNow) == EventError::kNone);
    REQUIRE(e.enter(someone(accounts[i + 1]), accounts[i], kNow) == EventError::kNone);
  }
  e.tick(kNow + 100);
  REQUIRE(e.state() == EventState::kRunning);
  REQUIRE(e.board_finished(1, 2, 3, 1, 2, kNow + 200) == EventError::kNone);
  return e;
}

}  // namespace

TEST_CASE("a stored event reads back whole, and the core goes on from it", "[storage][events]") {
  std::vector<std::int64_t> accounts;
  for (std::int64_t a = 11; a <= 22; ++a) accounts.push_back(a);
  const EventCore e = running(accounts);
  const std::string text = encode_event(e.data());
  const EventData back = decode_event(text);
  CHECK(encode_event(back) == text);
  CHECK(back.settings.seed == 0xFEEDFACECAFEBEEFULL);
  CHECK(back.settings.rules.options.trump == whist::ClassicTrump::kRotateNt);
  CHECK(back.paid.size() == 12);
  EventCore restored(back);
  REQUIRE(restored.movement());
  CHECK(restored.movement()->rounds.size() == e.movement()->rounds.size());
  CHECK(restored.round() == 1);
  CHECK(restored.tables().size() == 3);
  CHECK(restored.tables()[1].done == std::set<int>{3});
  // It plays on: the round's clock runs out and round 2 opens.
  restored.tick(restored.round_ends());
  CHECK(restored.round() == 2);
  CHECK(restored.effects().open.size() == 3);
}

TEST_CASE("a stored event is read strictly", "[storage][events]") {
  std::vector<std::int64_t> accounts;
  for (std::int64_t a = 1; a <= 12; ++a) accounts.push_back(a);
  const std::string text = encode_event(running(accounts).data());
  auto broken = [&](const std::string& from, const std::string& to) {
    std::string t = text;
    const auto at = t.find(from);
    REQUIRE(at != std::string::npos);
    t.replace(at, from.size(), to);
    return t;
  };
  CHECK_THROWS_AS(decode_event("{"), StorageError);
  CHECK_THROWS_WITH(decode_event(broken("\"paused\":false", "\"paused\":0")),
                    "stored event: event's paused is not true or false");
  CHECK_THROWS_WITH(decode_event(broken("\"state\":\"running\"", "\"state\":\"sleeping\"")),
                    "stored event: unknown state 'sleeping'");
  CHECK_THROWS_WITH(decode_event(broken("\"chip_batches\"", "\"chips_batches\"")),
                    "stored event: event has an unknown key 'chips_batches'");
  CHECK_THROWS_WITH(decode_event(broken("\"kind\":\"mitchell\"", "\"kind\":\"swiss\"")),
                    "stored event: unknown event kind 'swiss'");
  CHECK_THROWS_WITH(decode_event(broken("\"entry\":\"open\"", "\"entry\":\"members\"")),
                    "stored event: unknown entry rule 'members'");
}

TEST_CASE("who may enter and the tables made are stored; an older event reads as open",
          "[storage][events]") {
  std::vector<std::int64_t> accounts;
  for (std::int64_t a = 1; a <= 12; ++a) accounts.push_back(a);
  EventData d = running(accounts).data();
  d.settings.entry = EntryRule::kInvited;
  d.settings.invited = {someone(40), someone(41)};
  d.table_ids = {{{1, 1}, 77}, {{1, 2}, 78}};
  const std::string text = encode_event(d);
  const EventData back = decode_event(text);
  CHECK(back.table_ids == d.table_ids);
  CHECK(back.settings.entry == EntryRule::kInvited);
  CHECK(back.settings.invited == d.settings.invited);
  CHECK(encode_event(back) == text);
  // Before entries could be limited, neither key was stored.
  auto old = nlohmann::json::parse(text);
  REQUIRE(old["settings"].erase("entry") == 1);
  REQUIRE(old["settings"].erase("invited") == 1);
  REQUIRE(old.erase("table_ids") == 1);
  const EventData older = decode_event(old.dump());
  CHECK(older.settings.entry == EntryRule::kOpen);
  CHECK(older.settings.invited.empty());
}

TEST_CASE("a bid whist event's rules are stored with their variant; older ones are classic",
          "[storage][events]") {
  std::vector<std::int64_t> accounts;
  for (std::int64_t a = 1; a <= 12; ++a) accounts.push_back(a);
  EventData d = running(accounts).data();
  CHECK(nlohmann::json::parse(encode_event(d))["settings"]["rules"].count("variant") == 0);
  d.settings.rules = whist::Rules{};
  d.settings.rules.variant = whist::Variant::kBid;
  d.settings.rules.options.jokers = 0;
  d.settings.rules.options.defensive_scoring = true;
  REQUIRE_FALSE(whist::finalize(d.settings.rules));
  const std::string text = encode_event(d);
  CHECK(nlohmann::json::parse(text)["settings"]["rules"]["variant"] == "bid");
  const EventData back = decode_event(text);
  CHECK(back.settings.rules.variant == whist::Variant::kBid);
  CHECK(back.settings.rules.options.jokers == 0);
  CHECK(back.settings.rules.options.defensive_scoring);
  CHECK(encode_event(back) == text);
  // How each board was played: the contract and the trump named.
  REQUIRE_FALSE(d.results.empty());
  BoardPlay play;
  play.tricks = {9, 4};
  play.contract = {2, 3, whist::BidMode::kDowntown};
  play.trump = 1;
  d.results[0].play = play;
  const EventData played = decode_event(encode_event(d));
  REQUIRE(played.results[0].play);
  CHECK(*played.results[0].play == play);
  auto no_trump = nlohmann::json::parse(encode_event(d));
  no_trump["results"][0]["play"]["contract"]["mode"] = "sideways";
  CHECK_THROWS_WITH(decode_event(no_trump.dump()), "stored event: unknown bid mode 'sideways'");
  // Results stored before their play was kept have none.
  auto older = nlohmann::json::parse(encode_event(d));
  older["results"][0].erase("play");
  CHECK_FALSE(decode_event(older.dump()).results[0].play);
  // A variant without boards, and a bid option under classic, are refused.
  auto exact = nlohmann::json::parse(text);
  exact["settings"]["rules"]["variant"] = "exact";
  CHECK_THROWS_WITH(decode_event(exact.dump()),
                    "stored event: rules: boards are not played in 'exact'");
  auto classic = nlohmann::json::parse(text);
  classic["settings"]["rules"].erase("variant");
  CHECK_THROWS_AS(decode_event(classic.dump()), StorageError);
}

TEST_CASE("an event's chips go with it to the ledger, once", "[storage][events]") {
  TempDb file;
  std::vector<std::int64_t> accounts;
  {
    Database db(file.path());
    for (int i = 0; i < 12; ++i) {
      std::string name = "p";
      name += std::to_string(i);
      accounts.push_back(make_account(db, name));
      REQUIRE(db.ledger().post("initial:" + std::to_string(accounts.back()),
                               mint(accounts.back(), i == 11 ? 10 : 100),
                               kNow) == PostResult::kApplied);
    }
    // The last player has 10 chips: entering (30) is refused and nothing is
    // kept, neither the entry nor anyone's fee.
    EventSettings s;
    s.name = "Tuesday pairs";
    s.fee = 30;
    s.start_unix = kNow + 100;
    REQUIRE_FALSE(whist::finalize(s.rules));
    EventCore e(0, s, someone(accounts[0]));
    const std::int64_t id = db.events().create_event(accounts[0], s.name, EventState::kOpen,
                                                     s.start_unix, encode_event(e.data()), kNow);
    e = EventCore([&] {
      EventData d = e.data();
      d.id = id;
      return d;
    }());
    std::vector<ChipMove> moves;
    for (size_t i = 0; i < accounts.size(); i += 2) {
      REQUIRE(e.enter(someone(accounts[i]), accounts[i + 1], kNow) == EventError::kNone);
      moves.insert(moves.end(), e.effects().chips.begin(), e.effects().chips.end());
      REQUIRE(e.enter(someone(accounts[i + 1]), accounts[i], kNow) == EventError::kNone);
      moves.insert(moves.end(), e.effects().chips.begin(), e.effects().chips.end());
    }
    const std::vector<EventChips> all = event_chip_batches(id, moves);
    REQUIRE(all.size() == 12);
    CHECK(all[0].key == "event:" + std::to_string(id) + ":1");
    CHECK(store_event(db, id, e.state(), s.start_unix, encode_event(e.data()), all, kNow) ==
          PostResult::kInsufficient);
    CHECK(db.ledger().balance(accounts[0]) == 100);
    CHECK(decode_event(db.events().event(id)->document).entries.empty());
    // Without the last one: eleven fees, each once even when saved twice.
    const std::vector<EventChips> eleven(all.begin(), all.end() - 1);
    CHECK(store_event(db, id, e.state(), s.start_unix, encode_event(e.data()), eleven, kNow) ==
          PostResult::kApplied);
    CHECK(store_event(db, id, e.state(), s.start_unix, encode_event(e.data()), eleven, kNow) ==
          PostResult::kApplied);
    CHECK(db.ledger().balance(accounts[0]) == 70);
    CHECK(db.ledger().balance(kHouse) == 11 * 30);
    CHECK(db.ledger().check_ledger().ok);
    // The director cancels: each fee back, once.
    REQUIRE(e.cancel(accounts[0], kNow + 50) == EventError::kNone);
    auto refunds = event_chip_batches(id, e.effects().chips);
    REQUIRE(refunds.size() == 12);
    refunds.pop_back();  // the last one never paid (above)
    CHECK(store_event(db, id, e.state(), s.start_unix, encode_event(e.data()), refunds,
                      kNow + 50) == PostResult::kApplied);
    CHECK(db.ledger().balance(accounts[0]) == 100);
    CHECK(db.ledger().balance(kHouse) == 0);
    CHECK(db.ledger().check_ledger().ok);
  }
  Database db(file.path());
  CHECK(db.events().events_in_state(EventState::kOpen).empty());
  const auto past = db.events().past_events(10);
  REQUIRE(past.size() == 1);
  CHECK(past[0].name == "Tuesday pairs");
  CHECK(past[0].state == EventState::kCancelled);
  CHECK(past[0].director == accounts[0]);
  CHECK(decode_event(past[0].document).state == EventState::kCancelled);
  CHECK_THROWS_AS(db.events().update_event(999, EventState::kOpen, 0, "{}", kNow), StorageError);
}

TEST_CASE("a stored daily duplicate reads back whole", "[storage][events]") {
  DailySettings s;
  s.name = "Daily duplicate, 28 November";
  s.rules.options.trump = whist::ClassicTrump::kRotate;
  REQUIRE_FALSE(whist::finalize(s.rules));
  s.boards = 8;
  s.opens = kNow;
  s.closes = kNow + 86400;
  s.seed = 18446744073709551615ULL;  // the largest seed
  auto made = DailyCore::make(4, s);
  REQUIRE(std::holds_alternative<DailyCore>(made));
  DailyCore d = std::get<DailyCore>(made);
  REQUIRE(d.enter(31, "ann", kNow + 1) == DailyError::kNone);
  REQUIRE(d.enter(32, "ben", kNow + 2) == DailyError::kNone);
  REQUIRE(d.board_finished(31, 1, 2, 0, kNow + 3) == DailyError::kNone);
  REQUIRE(d.board_finished(31, 2, 0, 1.5, kNow + 4) == DailyError::kNone);
  const std::string text = whist::storage::encode_daily(d.data());
  CHECK(whist::storage::is_daily(text));
  CHECK_FALSE(whist::storage::is_daily(encode_event(EventData{})));
  const DailyData back = whist::storage::decode_daily(text);
  CHECK(whist::storage::encode_daily(back) == text);
  CHECK(back.settings.seed == s.seed);
  REQUIRE(back.entrants.size() == 2);
  CHECK(back.entrants[0].played.size() == 2);
  CHECK(back.entrants[0].played[1].second == 1.5);
  DailyCore again(back);
  CHECK(again.next_board(31) == 3);
  CHECK(again.next_board(32) == 1);
  std::string broken = text;
  broken.replace(broken.find("\"boards\":8"), 10, "\"boards\":\"8\"");
  CHECK_THROWS_WITH(whist::storage::decode_daily(broken),
                    "stored event: settings's boards is not a whole number");
}
