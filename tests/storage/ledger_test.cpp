#include <catch2/catch.hpp>

// Chips (storage/ledger.cpp): posting batches, retries, insufficient funds,
// a Compete game's buy-in and payout, concurrent posts from two connections,
// the ledger check, and the migration of a version-1 file to version 2. On
// real files; a raw sqlite3 connection checks and tampers independently.

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "storage/sqlite_database.hpp"
#include "tests/storage/support.hpp"

using Catch::Matchers::Contains;
using Database = whist::storage::SqliteDatabase;
using whist::storage::GameState;
using whist::storage::LedgerEntry;
using whist::storage::LedgerKind;
using whist::storage::PostResult;
using whist::storage::StorageError;
using whist::storage::TableState;
using whist::storage::test::Raw;
using whist::storage::test::TempDb;

namespace {

constexpr std::int64_t kNow = 1'700'000'000;
constexpr std::int64_t kHouse = 0;

std::int64_t make_account(Database& db, const std::string& name) {
  return db.accounts().create_account(name, "hash", false, kNow).value();
}

// One player's buy-in into the pot, which the house holds.
std::vector<LedgerEntry> buyin(std::int64_t account, std::int64_t amount, std::int64_t game = 0) {
  return {{account, -amount, LedgerKind::kBuyin, game}, {kHouse, amount, LedgerKind::kBuyin, game}};
}

std::vector<LedgerEntry> mint(std::int64_t account, std::int64_t amount,
                              LedgerKind kind = LedgerKind::kInitial) {
  return {{account, amount, kind, 0}};
}

std::string problems_of(const whist::storage::LedgerCheck& check) {
  std::string out;
  for (const auto& p : check.problems) out += p + "\n";
  return out;
}

}  // namespace

TEST_CASE("minting batches give chips to accounts", "[storage][ledger]") {
  TempDb file;
  Database db(file.path());
  const auto alice = make_account(db, "alice");
  const auto bob = make_account(db, "bob");
  CHECK(db.ledger().balance(alice) == 0);
  CHECK(db.ledger().balance(kHouse) == 0);
  CHECK(db.ledger().check_ledger().ok);

  CHECK(db.ledger().post("initial:alice", mint(alice, 1000), kNow) == PostResult::kApplied);
  CHECK(db.ledger().post("initial:bob", mint(bob, 1000), kNow + 1) == PostResult::kApplied);
  CHECK(db.ledger().post("grant:1",
                         {{alice, 50, LedgerKind::kGrant}, {bob, 25, LedgerKind::kGrant}},
                         kNow + 2) == PostResult::kApplied);
  CHECK(db.ledger().post("topup:bob:2023-11-14", mint(bob, 5, LedgerKind::kTopup), kNow + 3) ==
        PostResult::kApplied);

  CHECK(db.ledger().balance(alice) == 1050);
  CHECK(db.ledger().balance(bob) == 1030);
  CHECK(db.ledger().balance(kHouse) == 0);
  Raw raw(file.path());
  CHECK(raw.integer("SELECT chips FROM accounts WHERE id = " + std::to_string(alice)) == 1050);
  CHECK(raw.integer("SELECT count(*) FROM ledger WHERE batch = 'grant:1'") == 2);
  CHECK(raw.text("SELECT group_concat(key, ' ') FROM ledger WHERE batch = 'grant:1'") ==
        "grant:1:0 grant:1:1");

  const auto rows = db.ledger().ledger_of(alice, 10);
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].key == "grant:1:0");
  CHECK(rows[0].delta == 50);
  CHECK(rows[0].kind == LedgerKind::kGrant);
  CHECK(rows[0].batch == "grant:1");
  CHECK(rows[0].created_at == kNow + 2);
  CHECK(rows[1].key == "initial:alice:0");
  CHECK(rows[1].delta == 1000);
  CHECK(rows[1].kind == LedgerKind::kInitial);
  CHECK(rows[1].game == 0);
  CHECK(rows[1].created_at == kNow);
  CHECK(db.ledger().ledger_of(kHouse, 10).empty());

  CHECK(db.ledger().batch_posted("initial:alice"));
  CHECK(db.ledger().batch_posted("grant:1"));
  CHECK_FALSE(db.ledger().batch_posted("initial:carol"));
  CHECK_FALSE(db.ledger().batch_posted("grant:1:0"));  // a key of an entry is not a batch

  const auto check = db.ledger().check_ledger();
  INFO(problems_of(check));
  CHECK(check.ok);
  CHECK(check.problems.empty());
  CHECK(check.minted == 2080);
  CHECK(check.balances == 2080);
}

TEST_CASE("moving batches move chips between accounts and the house", "[storage][ledger]") {
  TempDb file;
  Database db(file.path());
  const auto alice = make_account(db, "alice");
  const auto bob = make_account(db, "bob");
  db.ledger().post("initial:alice", mint(alice, 500), kNow);
  db.ledger().post("initial:bob", mint(bob, 500), kNow);

  CHECK(db.ledger().post("game:7:buyin", buyin(alice, 110, 7), kNow + 10) == PostResult::kApplied);
  CHECK(db.ledger().balance(alice) == 390);
  CHECK(db.ledger().balance(kHouse) == 110);
  const auto house = db.ledger().ledger_of(kHouse, 0);
  REQUIRE(house.size() == 1);
  CHECK(house[0].key == "game:7:buyin:1");
  CHECK(house[0].delta == 110);
  CHECK(house[0].game == 7);
  CHECK(house[0].kind == LedgerKind::kBuyin);

  // Account to account, with no house entry.
  CHECK(db.ledger().post("refund:x",
                         {{bob, -20, LedgerKind::kRefund}, {alice, 20, LedgerKind::kRefund}},
                         kNow + 11) == PostResult::kApplied);
  CHECK(db.ledger().balance(alice) == 410);
  CHECK(db.ledger().balance(bob) == 480);

  // A balance may dip within a batch; only where it ends counts. The house
  // pays out first and is paid second, ending at 110 again.
  CHECK(db.ledger().post("swap",
                         {{kHouse, -200, LedgerKind::kPayout},
                          {bob, 200, LedgerKind::kPayout},
                          {bob, -200, LedgerKind::kBuyin},
                          {kHouse, 200, LedgerKind::kBuyin}},
                         kNow + 12) == PostResult::kApplied);
  CHECK(db.ledger().balance(kHouse) == 110);
  CHECK(db.ledger().balance(bob) == 480);

  const auto check = db.ledger().check_ledger();
  INFO(problems_of(check));
  CHECK(check.ok);
  CHECK(check.minted == 1000);
  CHECK(check.balances == 1000);
}

TEST_CASE("a retried batch key is a no-op", "[storage][ledger]") {
  TempDb file;
  Database db(file.path());
  const auto alice = make_account(db, "alice");
  REQUIRE(db.ledger().post("initial:alice", mint(alice, 1000), kNow) == PostResult::kApplied);
  REQUIRE(db.ledger().post("game:1:buyin", buyin(alice, 110, 1), kNow) == PostResult::kApplied);
  Raw raw(file.path());
  const auto rows = raw.integer("SELECT count(*) FROM ledger");

  CHECK(db.ledger().post("initial:alice", mint(alice, 1000), kNow + 1) ==
        PostResult::kAlreadyApplied);
  CHECK(db.ledger().post("game:1:buyin", buyin(alice, 110, 1), kNow + 1) ==
        PostResult::kAlreadyApplied);
  // Different entries under the same key are not applied either.
  CHECK(db.ledger().post("game:1:buyin", buyin(alice, 300, 1), kNow + 1) ==
        PostResult::kAlreadyApplied);
  CHECK(db.ledger().post("initial:alice", mint(alice, 5), kNow + 1) == PostResult::kAlreadyApplied);

  CHECK(db.ledger().balance(alice) == 890);
  CHECK(db.ledger().balance(kHouse) == 110);
  CHECK(raw.integer("SELECT count(*) FROM ledger") == rows);

  // Also from another connection, and after reopening.
  {
    Database other(file.path());
    CHECK(other.ledger().post("game:1:buyin", buyin(alice, 110, 1), kNow + 2) ==
          PostResult::kAlreadyApplied);
  }
  CHECK(db.ledger().balance(alice) == 890);
  CHECK(db.ledger().check_ledger().ok);
}

TEST_CASE("insufficient funds roll back the whole batch", "[storage][ledger]") {
  TempDb file;
  Database db(file.path());
  std::vector<std::int64_t> players;
  for (const char* name : {"north", "east", "south", "west"})
    players.push_back(make_account(db, name));
  for (std::size_t i = 0; i < 3; ++i)
    db.ledger().post("initial:" + std::to_string(players[i]), mint(players[i], 1000), kNow);
  db.ledger().post("initial:" + std::to_string(players[3]), mint(players[3], 100),
                   kNow);  // short of 110

  std::vector<LedgerEntry> entries;
  for (const auto p : players) entries.push_back({p, -110, LedgerKind::kBuyin, 9});
  entries.push_back({kHouse, 440, LedgerKind::kBuyin, 9});
  Raw raw(file.path());
  const auto rows = raw.integer("SELECT count(*) FROM ledger");

  CHECK(db.ledger().post("game:9:buyin", entries, kNow + 1) == PostResult::kInsufficient);
  for (std::size_t i = 0; i < 3; ++i) CHECK(db.ledger().balance(players[i]) == 1000);
  CHECK(db.ledger().balance(players[3]) == 100);
  CHECK(db.ledger().balance(kHouse) == 0);
  CHECK(raw.integer("SELECT count(*) FROM ledger") == rows);
  CHECK_FALSE(db.ledger().batch_posted("game:9:buyin"));
  CHECK(db.ledger().check_ledger().ok);

  // The key was not used up: once west can pay, the same batch applies.
  REQUIRE(db.ledger().post("topup:west", mint(players[3], 10, LedgerKind::kTopup), kNow + 2) ==
          PostResult::kApplied);
  CHECK(db.ledger().post("game:9:buyin", entries, kNow + 3) == PostResult::kApplied);
  CHECK(db.ledger().balance(players[3]) == 0);
  CHECK(db.ledger().balance(kHouse) == 440);

  // The house cannot pay out more than it holds.
  CHECK(db.ledger().post(
            "game:9:payout",
            {{kHouse, -441, LedgerKind::kPayout, 9}, {players[0], 441, LedgerKind::kPayout, 9}},
            kNow + 4) == PostResult::kInsufficient);
  CHECK(db.ledger().balance(kHouse) == 440);
  CHECK(db.ledger().balance(players[0]) == 890);
  const auto check = db.ledger().check_ledger();
  INFO(problems_of(check));
  CHECK(check.ok);
}

TEST_CASE("a batch that breaks the rules throws and changes nothing", "[storage][ledger]") {
  TempDb file;
  Database db(file.path());
  const auto alice = make_account(db, "alice");
  const auto bob = make_account(db, "bob");
  db.ledger().post("initial:alice", mint(alice, 1000), kNow);
  Raw raw(file.path());
  const auto rows = raw.integer("SELECT count(*) FROM ledger");

  using Entries = std::vector<LedgerEntry>;
  const std::vector<std::pair<const char*, Entries>> bad = {
      {"no entries", {}},
      {"unknown kind",
       {{alice, -10, static_cast<LedgerKind>(99)}, {kHouse, 10, static_cast<LedgerKind>(99)}}},
      {"minting to the house", {{kHouse, 10, LedgerKind::kGrant}}},
      {"negative mint", {{alice, -10, LedgerKind::kGrant}}},
      {"zero mint", {{alice, 0, LedgerKind::kTopup}}},
      {"zero move", {{alice, 0, LedgerKind::kBuyin}, {kHouse, 0, LedgerKind::kBuyin}}},
      {"moving not summing to zero",
       {{alice, -110, LedgerKind::kBuyin}, {kHouse, 100, LedgerKind::kBuyin}}},
      {"one-sided move", {{kHouse, 44, LedgerKind::kFee}}},
      {"mixed kinds",
       {{alice, -10, LedgerKind::kBuyin},
        {kHouse, 10, LedgerKind::kBuyin},
        {bob, 5, LedgerKind::kGrant}}},
      {"huge delta", {{alice, whist::storage::kMaxLedgerDelta + 1, LedgerKind::kGrant}}},
      {"negative account", {{-3, 10, LedgerKind::kGrant}}},
      {"unknown account", {{alice, -10, LedgerKind::kBuyin}, {bob + 100, 10, LedgerKind::kBuyin}}},
      {"unknown account minted", {{bob + 100, 10, LedgerKind::kInitial}}},
  };
  for (const auto& [what, entries] : bad) {
    INFO(what);
    CHECK_THROWS_AS(db.ledger().post("bad", entries, kNow), StorageError);
    CHECK_FALSE(db.ledger().batch_posted("bad"));
  }
  CHECK_THROWS_AS(db.ledger().post("", mint(alice, 5), kNow), StorageError);
  CHECK_THROWS_WITH(
      db.ledger().post(
          "bad", {{alice, -110, LedgerKind::kBuyin}, {kHouse, 100, LedgerKind::kBuyin}}, kNow),
      Contains("bad") && Contains("sums to -10"));
  CHECK_THROWS_WITH(
      db.ledger().post(
          "bad", {{alice, -10, LedgerKind::kBuyin}, {bob + 100, 10, LedgerKind::kBuyin}}, kNow),
      Contains("does not exist"));

  CHECK(raw.integer("SELECT count(*) FROM ledger") == rows);
  CHECK(db.ledger().balance(alice) == 1000);
  CHECK(db.ledger().balance(bob) == 0);
  CHECK(db.ledger().balance(kHouse) == 0);
  CHECK(db.ledger().check_ledger().ok);
  // The connection is still usable: no transaction was left open.
  CHECK(db.ledger().post("bad", buyin(alice, 10), kNow) == PostResult::kApplied);

  CHECK_THROWS_AS(db.ledger().balance(bob + 100), StorageError);
  CHECK_THROWS_WITH(db.ledger().balance(bob + 100), Contains("no account"));
}

TEST_CASE("a Compete game: buy-ins, payout and fee keep the ledger balanced", "[storage][ledger]") {
  TempDb file;
  Database db(file.path());
  std::vector<std::int64_t> seats;
  for (const char* name : {"north", "east", "south", "west"}) {
    seats.push_back(make_account(db, name));
    REQUIRE(db.ledger().post(std::string("initial:") + name, mint(seats.back(), 1000), kNow) ==
            PostResult::kApplied);
  }
  constexpr std::int64_t kGame = 42;
  constexpr std::int64_t kBuyIn = 110;
  std::vector<LedgerEntry> buyins;
  for (const auto s : seats) buyins.push_back({s, -kBuyIn, LedgerKind::kBuyin, kGame});
  buyins.push_back({kHouse, 4 * kBuyIn, LedgerKind::kBuyin, kGame});
  REQUIRE(db.ledger().post("game:42:buyin", buyins, kNow + 60) == PostResult::kApplied);
  CHECK(db.ledger().balance(kHouse) == 440);
  for (const auto s : seats) CHECK(db.ledger().balance(s) == 890);
  CHECK(db.ledger().check_ledger().ok);

  SECTION("north and south win: 198 each, the house keeps the fee of 44") {
    const std::int64_t pot = 4 * kBuyIn;
    const std::int64_t fee = pot * 10 / 100;
    const std::int64_t share = (pot - fee) / 2;
    REQUIRE(fee == 44);
    REQUIRE(share == 198);
    // The pot leaves the house whole; the fee comes back to it as a 'fee'.
    const std::vector<LedgerEntry> payout = {{kHouse, -pot, LedgerKind::kPayout, kGame},
                                             {seats[0], share, LedgerKind::kPayout, kGame},
                                             {seats[2], share, LedgerKind::kPayout, kGame},
                                             {kHouse, fee, LedgerKind::kFee, kGame}};
    REQUIRE(db.ledger().post("game:42:payout", payout, kNow + 900) == PostResult::kApplied);
    CHECK(db.ledger().balance(seats[0]) == 1088);
    CHECK(db.ledger().balance(seats[2]) == 1088);
    CHECK(db.ledger().balance(seats[1]) == 890);
    CHECK(db.ledger().balance(seats[3]) == 890);
    CHECK(db.ledger().balance(kHouse) == 44);

    // A retried payout (the daemon restarted before it knew) pays nothing.
    CHECK(db.ledger().post("game:42:payout", payout, kNow + 901) == PostResult::kAlreadyApplied);
    CHECK(db.ledger().balance(seats[0]) == 1088);
    CHECK(db.ledger().balance(kHouse) == 44);

    const auto check = db.ledger().check_ledger();
    INFO(problems_of(check));
    CHECK(check.ok);
    CHECK(check.minted == 4000);
    CHECK(check.balances == 4000);

    // North's chip history, newest first.
    const auto history = db.ledger().ledger_of(seats[0], 10);
    REQUIRE(history.size() == 3);
    CHECK(history[0].kind == LedgerKind::kPayout);
    CHECK(history[0].delta == 198);
    CHECK(history[0].game == kGame);
    CHECK(history[1].kind == LedgerKind::kBuyin);
    CHECK(history[1].delta == -110);
    CHECK(history[2].kind == LedgerKind::kInitial);
    CHECK(db.ledger().ledger_of(seats[0], 2).size() == 2);
    const auto house = db.ledger().ledger_of(kHouse, 1);
    REQUIRE(house.size() == 1);
    CHECK(house[0].kind == LedgerKind::kFee);
    CHECK(house[0].delta == 44);
  }

  SECTION("a game abandoned by a fault is refunded in full") {
    std::vector<LedgerEntry> refund;
    refund.push_back({kHouse, -4 * kBuyIn, LedgerKind::kRefund, kGame});
    for (const auto s : seats) refund.push_back({s, kBuyIn, LedgerKind::kRefund, kGame});
    REQUIRE(db.ledger().post("game:42:refund", refund, kNow + 100) == PostResult::kApplied);
    for (const auto s : seats) CHECK(db.ledger().balance(s) == 1000);
    CHECK(db.ledger().balance(kHouse) == 0);
    const auto check = db.ledger().check_ledger();
    INFO(problems_of(check));
    CHECK(check.ok);
    CHECK(check.balances == 4000);
  }
}

TEST_CASE("concurrent buy-ins from two connections never overdraw", "[storage][ledger]") {
  TempDb file;
  std::int64_t alice = 0;
  {
    Database db(file.path());
    alice = make_account(db, "alice");
  }

  // Each thread has its own connection; a post is one BEGIN IMMEDIATE
  // transaction, waiting for the other's lock through busy_timeout.
  struct Outcome {
    std::vector<PostResult> results;
    std::string error;
  };
  const auto race = [&](std::int64_t chips, int posts, bool same_keys, std::int64_t amount) {
    {
      Database db(file.path());
      REQUIRE(db.ledger().post("initial:alice", mint(alice, chips), kNow) !=
              PostResult::kInsufficient);
    }
    std::atomic<int> ready{0};
    std::vector<Outcome> outcomes(2);
    std::vector<std::thread> threads;
    for (int t = 0; t < 2; ++t) {
      threads.emplace_back([&, t] {
        try {
          Database db(file.path());
          ready.fetch_add(1);
          while (ready.load() < 2) std::this_thread::yield();
          for (int i = 0; i < posts; ++i) {
            std::string key = same_keys ? "same" : (t == 0 ? "t0" : "t1");
            key += ':';
            key += std::to_string(i);
            outcomes[t].results.push_back(db.ledger().post(key, buyin(alice, amount), kNow + i));
          }
        } catch (const std::exception& e) {
          outcomes[t].error = e.what();
        }
      });
    }
    for (auto& th : threads) th.join();
    for (const auto& o : outcomes) REQUIRE(o.error.empty());
    return outcomes;
  };
  const auto count = [](const std::vector<Outcome>& outcomes, PostResult r) {
    int n = 0;
    for (const auto& o : outcomes)
      for (const auto x : o.results) n += x == r ? 1 : 0;
    return n;
  };

  SECTION("distinct buy-ins: exactly as many as the balance pays for") {
    const auto outcomes = race(1000, 30, false, 110);
    CHECK(count(outcomes, PostResult::kApplied) == 9);
    CHECK(count(outcomes, PostResult::kInsufficient) == 51);
    Database db(file.path());
    CHECK(db.ledger().balance(alice) == 10);
    CHECK(db.ledger().balance(kHouse) == 990);
    const auto check = db.ledger().check_ledger();
    INFO(problems_of(check));
    CHECK(check.ok);
  }

  SECTION("the same batch keys from both: each applied exactly once") {
    const auto outcomes = race(100000, 50, true, 10);
    for (int i = 0; i < 50; ++i) {
      INFO("batch " << i);
      const bool first = outcomes[0].results[i] == PostResult::kApplied;
      const bool second = outcomes[1].results[i] == PostResult::kApplied;
      CHECK(first != second);
      CHECK((first ? outcomes[1] : outcomes[0]).results[i] == PostResult::kAlreadyApplied);
    }
    Database db(file.path());
    CHECK(db.ledger().balance(alice) == 100000 - 500);
    CHECK(db.ledger().balance(kHouse) == 500);
    CHECK(db.ledger().check_ledger().ok);
  }
}

TEST_CASE("a post joins the caller's open transaction", "[storage][ledger]") {
  TempDb file;
  Database db(file.path());
  const auto alice = make_account(db, "alice");
  db.ledger().post("initial:alice", mint(alice, 100), kNow);

  SECTION("rolled back with it") {
    db.exec("BEGIN IMMEDIATE");
    const auto table = db.tables().create_table("{}", TableState::kPlaying, kNow);
    CHECK(db.ledger().post("game:1:buyin", buyin(alice, 30, 1), kNow) == PostResult::kApplied);
    CHECK(db.ledger().balance(alice) == 70);  // seen inside the transaction
    db.exec("ROLLBACK");
    CHECK_FALSE(db.tables().table(table).has_value());
    CHECK_FALSE(db.ledger().batch_posted("game:1:buyin"));
    CHECK(db.ledger().balance(alice) == 100);
  }

  SECTION("a refused batch undoes itself only") {
    db.exec("BEGIN IMMEDIATE");
    const auto table = db.tables().create_table("{}", TableState::kPlaying, kNow);
    CHECK(db.ledger().post("game:1:buyin", buyin(alice, 30, 1), kNow) == PostResult::kApplied);
    CHECK(db.ledger().post("game:2:buyin", buyin(alice, 80, 2), kNow) == PostResult::kInsufficient);
    CHECK(db.ledger().post("game:1:buyin", buyin(alice, 30, 1), kNow) ==
          PostResult::kAlreadyApplied);
    CHECK_THROWS_AS(db.ledger().post("game:3:buyin", {{alice, -1, LedgerKind::kBuyin}}, kNow),
                    StorageError);
    db.exec("COMMIT");
    CHECK(db.tables().table(table).has_value());
    CHECK(db.ledger().batch_posted("game:1:buyin"));
    CHECK_FALSE(db.ledger().batch_posted("game:2:buyin"));
    CHECK(db.ledger().balance(alice) == 70);
    CHECK(db.ledger().balance(kHouse) == 30);
    CHECK(db.ledger().check_ledger().ok);
  }
}

TEST_CASE("check_ledger reports a tampered ledger", "[storage][ledger]") {
  TempDb file;
  Database db(file.path());
  const auto alice = make_account(db, "alice");
  const auto bob = make_account(db, "bob");
  db.ledger().post("initial:alice", mint(alice, 1000), kNow);
  db.ledger().post("initial:bob", mint(bob, 1000), kNow);
  db.ledger().post("game:1:buyin", buyin(alice, 110, 1), kNow);
  REQUIRE(db.ledger().check_ledger().ok);
  Raw raw(file.path());
  const std::string a = std::to_string(alice);

  SECTION("a balance raised by hand") {
    raw.exec("UPDATE accounts SET chips = chips + 5 WHERE id = " + a);
    const auto check = db.ledger().check_ledger();
    CHECK_FALSE(check.ok);
    CHECK(check.balances == 2005);
    CHECK(check.minted == 2000);
    const auto all = problems_of(check);
    CHECK_THAT(all, Contains("account " + a +
                             " (alice) holds 895 chips but its ledger entries sum "
                             "to 890"));
    CHECK_THAT(all, Contains("2005") && Contains("2000 were minted"));
    CHECK_THAT(all, !Contains("bob"));
  }

  SECTION("the house's balance changed by hand") {
    raw.exec("UPDATE house SET chips = 0");
    const auto check = db.ledger().check_ledger();
    CHECK_FALSE(check.ok);
    CHECK_THAT(problems_of(check),
               Contains("the house holds 0 chips but its ledger entries sum to 110"));
  }

  SECTION("a ledger entry changed by hand") {
    raw.exec("UPDATE ledger SET delta = 111 WHERE key = 'game:1:buyin:1'");
    const auto check = db.ledger().check_ledger();
    CHECK_FALSE(check.ok);
    const auto all = problems_of(check);
    CHECK_THAT(all, Contains("moving batch 'game:1:buyin' sums to 1, not 0"));
    CHECK_THAT(all, Contains("the house holds 110 chips but its ledger entries sum to 111"));
  }

  SECTION("chips minted for the house, balance and all") {
    raw.exec(
        "INSERT INTO ledger(key, batch, account_id, delta, kind, created_at) "
        "VALUES ('x:0', 'x', NULL, 50, 'grant', 0); UPDATE house SET chips = chips + 50");
    const auto check = db.ledger().check_ledger();
    CHECK_FALSE(check.ok);
    CHECK_THAT(problems_of(check), Contains("minting entry 'x:0' mints chips for the house"));
  }

  SECTION("a balance gone negative, ledger and all") {
    raw.exec(
        "INSERT INTO ledger(key, batch, account_id, delta, kind, created_at) VALUES "
        "('y:0', 'y', " +
        a +
        ", -2000, 'buyin', 0), ('y:1', 'y', NULL, 2000, 'buyin', 0); "
        "UPDATE accounts SET chips = chips - 2000 WHERE id = " +
        a + "; UPDATE house SET chips = chips + 2000");
    const auto check = db.ledger().check_ledger();
    CHECK_FALSE(check.ok);
    CHECK_THAT(problems_of(check), Contains("(alice) has a negative balance of -1110"));
  }
}

// The schema of migration 1 exactly as it shipped, to make a version-1 file.
constexpr const char* kMigration1 = R"sql(
CREATE TABLE accounts (
  id            INTEGER PRIMARY KEY,
  username      TEXT    NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT    NOT NULL DEFAULT '',
  guest         INTEGER NOT NULL CHECK (guest IN (0, 1)),
  created_at    INTEGER NOT NULL
);
CREATE TABLE sessions (
  token_hash   TEXT    NOT NULL PRIMARY KEY,
  account_id   INTEGER NOT NULL REFERENCES accounts(id),
  created_at   INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL,
  revoked      INTEGER NOT NULL DEFAULT 0 CHECK (revoked IN (0, 1))
) WITHOUT ROWID;
CREATE INDEX sessions_account_id ON sessions(account_id);
CREATE TABLE tables (
  id         INTEGER PRIMARY KEY,
  settings   TEXT    NOT NULL,
  state      TEXT    NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX tables_state ON tables(state);
CREATE TABLE games (
  id          INTEGER PRIMARY KEY,
  table_id    INTEGER NOT NULL REFERENCES tables(id),
  setup       TEXT    NOT NULL,
  seats       TEXT    NOT NULL,
  state       TEXT    NOT NULL,
  result      TEXT    NOT NULL DEFAULT '',
  started_at  INTEGER NOT NULL,
  finished_at INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX games_state ON games(state);
CREATE INDEX games_table_id ON games(table_id);
CREATE TABLE game_deals (
  game_id INTEGER NOT NULL REFERENCES games(id),
  idx     INTEGER NOT NULL,
  deal    TEXT    NOT NULL,
  PRIMARY KEY (game_id, idx)
) WITHOUT ROWID;
CREATE TABLE game_actions (
  game_id INTEGER NOT NULL REFERENCES games(id),
  idx     INTEGER NOT NULL,
  action  TEXT    NOT NULL,
  PRIMARY KEY (game_id, idx)
) WITHOUT ROWID;
)sql";

TEST_CASE("a version-1 file migrates to version 2 keeping its data", "[storage][ledger]") {
  TempDb file;
  {
    Raw raw(file.path());
    raw.exec(std::string("BEGIN;") + kMigration1 +
             "INSERT INTO accounts VALUES (1, 'Alice', 'hash-a', 0, 100), (2, 'guest-1', '', 1, "
             "200);"
             "INSERT INTO sessions VALUES ('tok-a', 1, 100, 100, " +
             std::to_string(kNow + 3600) +
             ", 0);"
             "INSERT INTO tables VALUES (1, '{\"v\":1}', 'playing', 300);"
             "INSERT INTO games VALUES (1, 1, 'setup', 'seats', 'playing', '', 300, 0);"
             "INSERT INTO game_actions VALUES (1, 0, 'a0');"
             "PRAGMA user_version = 1; COMMIT;");
  }
  {
    Database db(file.path());
    CHECK(db.schema_version() >= 2);  // later migrations apply too
    const auto alice = db.accounts().account_by_name("alice");
    REQUIRE(alice.has_value());
    CHECK(alice->id == 1);
    CHECK(alice->password_hash == "hash-a");
    CHECK(alice->created_at == 100);
    CHECK(db.accounts().account_by_id(2)->guest);
    const auto session = db.accounts().account_for_session("tok-a", kNow);
    REQUIRE(session.has_value());
    CHECK(session->id == 1);
    CHECK(db.games().game_actions(1) == std::vector<std::string>{"a0"});
    db.games().append_action(1, 1, "a1");

    // Existing accounts start with no chips and an empty, balanced ledger.
    CHECK(db.ledger().balance(1) == 0);
    CHECK(db.ledger().balance(2) == 0);
    CHECK(db.ledger().balance(kHouse) == 0);
    const auto check = db.ledger().check_ledger();
    CHECK(check.ok);
    CHECK(check.minted == 0);
    CHECK(db.ledger().post("initial:1", mint(1, 1000), kNow) == PostResult::kApplied);
    CHECK(db.friends().request_friend(1, 2, kNow) == whist::storage::FriendResult::kRequested);
  }
  Raw raw(file.path());
  CHECK(raw.integer("PRAGMA user_version") >= 2);
  CHECK(raw.integer("SELECT chips FROM accounts WHERE id = 1") == 1000);
  CHECK(raw.integer("SELECT count(*) FROM house") == 1);
  CHECK(raw.integer("SELECT count(*) FROM sessions") == 1);
  for (const char* index : {"ledger_account_id", "ledger_batch", "friends_b"}) {
    INFO(index);
    CHECK(raw.integer(std::string("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND "
                                  "name = '") +
                      index + "'") == 1);
  }
  CHECK(raw.text("PRAGMA foreign_key_check").empty());
  CHECK(raw.text("PRAGMA integrity_check") == "ok");
}

TEST_CASE("check_ledger proves each game's pot: held, paid out or refunded, once",
          "[storage][ledger]") {
  TempDb file;
  Database db(file.path());
  const auto alice = make_account(db, "alice");
  db.ledger().post("initial:alice", mint(alice, 1000), kNow);
  const auto table = db.tables().create_table("{}", TableState::kPlaying, kNow);
  const auto game = db.games().create_game(table, "{}", "[]", kNow);
  const std::string g = std::to_string(game);
  REQUIRE(db.ledger().post("game:" + g + ":buyin", buyin(alice, 110, game), kNow) ==
          PostResult::kApplied);
  const std::vector<LedgerEntry> payout = {{kHouse, -110, LedgerKind::kPayout, game},
                                           {alice, 99, LedgerKind::kPayout, game},
                                           {kHouse, 11, LedgerKind::kFee, game}};
  const std::vector<LedgerEntry> refund = {{kHouse, -110, LedgerKind::kRefund, game},
                                           {alice, 110, LedgerKind::kRefund, game}};
  // In progress: the house holds the pot.
  CHECK(db.ledger().check_ledger().ok);

  SECTION("finished and paid out; not paid out; paid out and refunded") {
    db.games().finish_game(game, GameState::kFinished, "{}", kNow + 1);
    CHECK_THAT(problems_of(db.ledger().check_ledger()),
               Contains("game " + g + " finished but its pot was not paid out"));
    db.ledger().post("game:" + g + ":payout", payout, kNow + 1);
    CHECK(db.ledger().check_ledger().ok);
    // Another pot in the house, out of which a wrong refund could be paid.
    REQUIRE(db.ledger().post("other:buyin", buyin(alice, 200), kNow + 2) == PostResult::kApplied);
    REQUIRE(db.ledger().post("game:" + g + ":refund", refund, kNow + 2) == PostResult::kApplied);
    CHECK_THAT(problems_of(db.ledger().check_ledger()),
               Contains("game " + g + " was both paid out and refunded"));
  }
  SECTION("abandoned: refunded, or not") {
    db.games().finish_game(game, GameState::kAbandoned, "{}", kNow + 1);
    CHECK_THAT(problems_of(db.ledger().check_ledger()),
               Contains("game " + g + " was abandoned but its buy-ins were not refunded"));
    db.ledger().post("game:" + g + ":refund", refund, kNow + 1);
    CHECK(db.ledger().check_ledger().ok);
  }
  SECTION("paid out while still in progress") {
    db.ledger().post("game:" + g + ":payout", payout, kNow + 1);
    CHECK_THAT(problems_of(db.ledger().check_ledger()),
               Contains("game " + g + " is in progress but its pot was paid out"));
  }
}
