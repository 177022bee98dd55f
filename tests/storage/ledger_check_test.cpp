#include <catch2/catch.hpp>

// Chips (storage/ledger.cpp): the ledger check, on a ledger tampered with
// through a raw sqlite3 connection, and each game's pot held, paid out or
// refunded once.

#include <string>
#include <vector>

#include "tests/storage/ledger_support.hpp"

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
