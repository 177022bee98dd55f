#include <catch2/catch.hpp>

// Chips (storage/ledger.cpp): posting batches that mint or move chips,
// retries, insufficient funds, batches that break the rules, and a post
// inside the caller's transaction. On real files; a raw sqlite3 connection
// checks independently.

#include <string>
#include <vector>

#include "tests/storage/ledger_support.hpp"

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
  CHECK(raw.text("SELECT min(key) || ' ' || max(key) FROM ledger WHERE batch = 'grant:1'") ==
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

TEST_CASE("a post joins the caller's open transaction", "[storage][ledger]") {
  TempDb file;
  Database db(file.path());
  const auto alice = make_account(db, "alice");
  db.ledger().post("initial:alice", mint(alice, 100), kNow);

  SECTION("rolled back with it") {
    db.begin();
    const auto table = db.tables().create_table("{}", TableState::kPlaying, kNow);
    CHECK(db.ledger().post("game:1:buyin", buyin(alice, 30, 1), kNow) == PostResult::kApplied);
    CHECK(db.ledger().balance(alice) == 70);  // seen inside the transaction
    db.exec("ROLLBACK");
    CHECK_FALSE(db.tables().table(table).has_value());
    CHECK_FALSE(db.ledger().batch_posted("game:1:buyin"));
    CHECK(db.ledger().balance(alice) == 100);
  }

  SECTION("a refused batch undoes itself only") {
    db.begin();
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
