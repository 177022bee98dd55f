#include <catch2/catch.hpp>

// Chips (storage/ledger.cpp): a Compete game's buy-ins, payout and fee,
// and concurrent buy-ins from two connections. On real files.

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "tests/storage/ledger_support.hpp"

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
