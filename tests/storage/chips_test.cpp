#include <catch2/catch.hpp>

// Chips of accounts (storage/chips.cpp): a new player's first chips in the
// transaction that creates the account, the first chips of an older
// account given once, the daily top-up (once per account and day, only
// below the floor, never for guests), paging through the history, and the
// operator's list. On real files; a raw connection checks the rows.

#include <string>
#include <thread>
#include <vector>

#include "storage/sql_database.hpp"
#include "tests/storage/support.hpp"

using Database = whist::storage::SqlDatabase;
using whist::storage::LedgerKind;
using whist::storage::PostResult;
using whist::storage::StorageError;
using whist::storage::TopUpResult;
using whist::storage::test::Raw;
using whist::storage::test::TempDb;

namespace {
constexpr std::int64_t kNow = 1'700'000'000;
}  // namespace

TEST_CASE("a new player gets the first chips with the account", "[storage][chips]") {
  TempDb file;
  Database db(file.path());
  const auto alice = db.ledger().create_player("alice", "hash", 1000, kNow);
  REQUIRE(alice);
  CHECK(db.ledger().balance(*alice) == 1000);
  const auto rows = db.ledger().ledger_of(*alice, 0);
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].batch == "initial:" + std::to_string(*alice));
  CHECK(rows[0].kind == LedgerKind::kInitial);
  CHECK(rows[0].delta == 1000);
  CHECK(rows[0].id > 0);

  // A taken name (any case): no account, no chips, nothing written.
  Raw raw(file.path());
  const auto ledger_before = raw.integer("SELECT count(*) FROM ledger");
  CHECK_FALSE(db.ledger().create_player("ALICE", "hash", 1000, kNow));
  CHECK(raw.integer("SELECT count(*) FROM ledger") == ledger_before);
  CHECK(raw.integer("SELECT count(*) FROM accounts") == 1);

  // No first chips configured: an account at 0 and no entry.
  const auto bob = db.ledger().create_player("bob", "hash", 0, kNow);
  REQUIRE(bob);
  CHECK(db.ledger().balance(*bob) == 0);
  CHECK(db.ledger().ledger_of(*bob, 0).empty());
  CHECK(db.ledger().check_ledger().ok);
}

TEST_CASE("the first chips of an older account are given once", "[storage][chips]") {
  TempDb file;
  Database db(file.path());
  const auto old = db.accounts().create_account("old", "hash", false, kNow).value();
  const auto guest = db.accounts().create_account("guest-1", "", true, kNow).value();
  CHECK(db.ledger().ensure_initial_chips(old, 1000, kNow));
  CHECK_FALSE(db.ledger().ensure_initial_chips(old, 1000, kNow));
  CHECK_FALSE(db.ledger().ensure_initial_chips(old, 5000, kNow));  // the key is per account
  CHECK(db.ledger().balance(old) == 1000);
  CHECK_FALSE(db.ledger().ensure_initial_chips(guest, 1000, kNow));
  CHECK(db.ledger().balance(guest) == 0);
  CHECK_FALSE(db.ledger().ensure_initial_chips(old, 0, kNow));
  CHECK_THROWS_AS(db.ledger().ensure_initial_chips(999, 1000, kNow), StorageError);
  CHECK(db.ledger().check_ledger().ok);
}

TEST_CASE("the daily top-up: below the floor, once a day", "[storage][chips]") {
  TempDb file;
  Database db(file.path());
  const auto poor = db.ledger().create_player("poor", "hash", 50, kNow).value();
  const auto rich = db.ledger().create_player("rich", "hash", 1000, kNow).value();
  const auto guest = db.accounts().create_account("guest-2", "", true, kNow).value();

  auto t = db.ledger().topup(poor, 100, 500, "2026-01-01", kNow);
  CHECK(t.result == TopUpResult::kApplied);
  CHECK(t.amount == 500);
  CHECK(t.balance == 550);
  CHECK(db.ledger().balance(poor) == 550);
  CHECK(db.ledger().batch_posted("topup:" + std::to_string(poor) + ":2026-01-01"));

  // The same day again: nothing, even below the floor once more.
  CHECK(db.ledger().post("spend",
                         {{poor, -500, LedgerKind::kBuyin, 0}, {0, 500, LedgerKind::kBuyin, 0}},
                         kNow) == PostResult::kApplied);
  t = db.ledger().topup(poor, 100, 500, "2026-01-01", kNow);
  CHECK(t.result == TopUpResult::kAlreadyToday);
  CHECK(t.amount == 0);
  CHECK(t.balance == 50);
  // The next day: again.
  t = db.ledger().topup(poor, 100, 500, "2026-01-02", kNow);
  CHECK(t.result == TopUpResult::kApplied);
  CHECK(db.ledger().balance(poor) == 550);

  // At or above the floor: nothing, and the day stays open.
  t = db.ledger().topup(rich, 1000, 500, "2026-01-01", kNow);
  CHECK(t.result == TopUpResult::kNotBelowFloor);
  CHECK(t.balance == 1000);
  CHECK_FALSE(db.ledger().batch_posted("topup:" + std::to_string(rich) + ":2026-01-01"));
  CHECK(db.ledger().topup(rich, 1001, 500, "2026-01-01", kNow).result == TopUpResult::kApplied);

  CHECK(db.ledger().topup(guest, 100, 500, "2026-01-01", kNow).result == TopUpResult::kGuest);
  CHECK(db.ledger().balance(guest) == 0);
  CHECK_THROWS_AS(db.ledger().topup(999, 100, 500, "2026-01-01", kNow), StorageError);
  CHECK_THROWS_AS(db.ledger().topup(poor, 100, 0, "2026-01-03", kNow), StorageError);

  const auto check = db.ledger().check_ledger();
  CHECK(check.ok);
  CHECK(check.minted == 50 + 1000 + 500 + 500 + 500);
}

TEST_CASE("two connections topping up at once apply it once", "[storage][chips]") {
  TempDb file;
  std::int64_t poor = 0;
  {
    Database db(file.path());
    poor = db.ledger().create_player("poor", "hash", 10, kNow).value();
  }
  std::vector<TopUpResult> results(8);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < results.size(); ++i)
    threads.emplace_back([&, i] {
      Database db(file.path());
      results[i] = db.ledger().topup(poor, 100, 500, "2026-02-02", kNow).result;
    });
  for (auto& t : threads) t.join();
  int applied = 0;
  for (auto r : results) {
    applied += r == TopUpResult::kApplied;
    CHECK((r == TopUpResult::kApplied || r == TopUpResult::kAlreadyToday));
  }
  CHECK(applied == 1);
  Database db(file.path());
  CHECK(db.ledger().balance(poor) == 510);
  CHECK(db.ledger().check_ledger().ok);
}

TEST_CASE("the history pages newest first", "[storage][chips]") {
  TempDb file;
  Database db(file.path());
  const auto a = db.ledger().create_player("a", "hash", 100, kNow).value();
  const auto b = db.ledger().create_player("b", "hash", 100, kNow).value();
  for (int i = 1; i <= 6; ++i)
    REQUIRE(db.ledger().post("grant:" + std::to_string(i),
                             {{i % 2 ? a : b, i, LedgerKind::kGrant, 0}},
                             kNow + i) == PostResult::kApplied);
  // a has: initial 100, grants 1, 3, 5.
  auto page = db.ledger().ledger_page(a, 0, 2);
  REQUIRE(page.size() == 2);
  CHECK(page[0].delta == 5);
  CHECK(page[1].delta == 3);
  CHECK(page[0].id > page[1].id);
  page = db.ledger().ledger_page(a, page[1].id, 2);
  REQUIRE(page.size() == 2);
  CHECK(page[0].delta == 1);
  CHECK(page[1].delta == 100);
  CHECK(page[1].kind == LedgerKind::kInitial);
  CHECK(db.ledger().ledger_page(a, page[1].id, 2).empty());
  CHECK_THROWS_AS(db.ledger().ledger_page(a, 0, 0), StorageError);
  CHECK_THROWS_AS(db.ledger().ledger_page(a, 0, 1001), StorageError);
}

TEST_CASE("the operator's list of accounts", "[storage][chips]") {
  TempDb file;
  Database db(file.path());
  const auto a = db.ledger().create_player("anna", "hash", 700, kNow).value();
  db.accounts().create_account("guest-x", "", true, kNow);
  auto list = db.admin().accounts(false, 0);
  REQUIRE(list.size() == 1);
  CHECK(list[0].account.id == a);
  CHECK(list[0].account.username == "anna");
  CHECK(list[0].account.password_hash.empty());  // never read out
  CHECK(list[0].chips == 700);
  CHECK(list[0].games == 0);
  CHECK(db.admin().accounts(true, 0).size() == 2);
  CHECK(db.admin().accounts(true, 1).size() == 1);
}
