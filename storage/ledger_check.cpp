// The proof of the ledger (LedgerStore::check_ledger, see ledger_store.hpp
// and the schema comment in schema.cpp, version 2): one reading of the file
// in one transaction, each invariant checked by a query of its own that
// returns the rows breaking it, each described in plain words.
#include <string>

#include "storage/sql.hpp"
#include "storage/sql_stores.hpp"

namespace whist::storage::detail {

namespace {

// The minting kinds in SQL (states.hpp's names of is_minting's kinds).
constexpr const char* kMintingSql = "('initial', 'topup', 'grant')";
constexpr const char* kMovingSql = "('buyin', 'payout', 'fee', 'refund', 'closure')";

using Problems = std::vector<std::string>;

std::int64_t single_int(Connection* db, const std::string& sql) {
  Statement st(db, sql, "check_ledger");
  if (!st.step()) throw StorageError("check_ledger: no result");
  return st.int64(0);
}

// Runs `sql` and calls `row` for each row it returns.
template <typename F>
void each_row(Connection* db, const std::string& sql, F row) {
  Statement st(db, sql, "check_ledger");
  while (st.step()) row(st);
}

// Each account's balance is the sum of its entries, and not negative.
void check_accounts(Connection* db, Problems& problems) {
  each_row(db,
           "SELECT a.id, a.username, a.chips, coalesce(l.total, 0) FROM accounts a "
           "LEFT JOIN (SELECT account_id, sum(delta) AS total FROM ledger "
           "WHERE account_id IS NOT NULL GROUP BY account_id) l ON l.account_id = a.id "
           "WHERE a.chips <> coalesce(l.total, 0) OR a.chips < 0 ORDER BY a.id",
           [&](const Statement& st) {
             const std::string who =
                 "account " + std::to_string(st.int64(0)) + " (" + st.text(1) + ")";
             const std::int64_t chips = st.int64(2);
             const std::int64_t total = st.int64(3);
             if (chips != total)
               problems.push_back(who + " holds " + std::to_string(chips) +
                                  " chips but its ledger entries sum to " + std::to_string(total));
             if (chips < 0)
               problems.push_back(who + " has a negative balance of " + std::to_string(chips));
           });
}

// The house's balance is the sum of its entries, and not negative.
void check_house(Connection* db, Problems& problems) {
  const std::int64_t chips = single_int(db, "SELECT chips FROM house WHERE id = 1");
  const std::int64_t total =
      single_int(db, "SELECT coalesce(sum(delta), 0) FROM ledger WHERE account_id IS NULL");
  if (chips != total)
    problems.push_back("the house holds " + std::to_string(chips) +
                       " chips but its ledger entries sum to " + std::to_string(total));
  if (chips < 0) problems.push_back("the house has a negative balance of " + std::to_string(chips));
}

// Every entry is for an account that exists.
void check_orphans(Connection* db, Problems& problems) {
  each_row(db,
           "SELECT l.key, l.account_id FROM ledger l LEFT JOIN accounts a "
           "ON a.id = l.account_id WHERE l.account_id IS NOT NULL AND a.id IS NULL "
           "ORDER BY l.id",
           [&](const Statement& st) {
             problems.push_back("ledger entry '" + st.text(0) + "' is for account " +
                                std::to_string(st.int64(1)) + ", which does not exist");
           });
}

// Each minting entry is a positive delta to an account, each moving batch
// sums to zero, and no batch mixes the two.
void check_entries(Connection* db, Problems& problems) {
  each_row(
      db,
      std::string("SELECT key, account_id IS NULL, delta FROM ledger WHERE kind IN ") +
          kMintingSql + " AND (account_id IS NULL OR delta <= 0) ORDER BY id",
      [&](const Statement& st) {
        problems.push_back("minting entry '" + st.text(0) + "' " +
                           (st.int64(1) != 0 ? std::string("mints chips for the house")
                                             : "mints " + std::to_string(st.int64(2)) + " chips"));
      });
  each_row(db,
           std::string("SELECT batch, sum(delta) FROM ledger WHERE kind IN ") + kMovingSql +
               " GROUP BY batch HAVING sum(delta) <> 0 ORDER BY min(id)",
           [&](const Statement& st) {
             problems.push_back("moving batch '" + st.text(0) + "' sums to " +
                                std::to_string(st.int64(1)) + ", not 0");
           });
  each_row(db,
           std::string("SELECT batch FROM ledger GROUP BY batch HAVING count(DISTINCT kind IN ") +
               kMintingSql + ") > 1 ORDER BY min(id)",
           [&](const Statement& st) {
             problems.push_back("batch '" + st.text(0) + "' mixes minting and moving entries");
           });
}

// Each Compete game's pot: held by the house while the game is played,
// paid out once it finished, refunded once it was abandoned, never both.
void check_pots(Connection* db, Problems& problems) {
  each_row(db,
           "SELECT g.id, g.state, p.payouts, p.refunds FROM games g JOIN "
           "(SELECT game_id, count(CASE WHEN kind = 'buyin' THEN 1 END) AS buyins, "
           "count(CASE WHEN kind = 'payout' THEN 1 END) AS payouts, "
           "count(CASE WHEN kind = 'refund' THEN 1 END) AS refunds FROM ledger "
           "WHERE game_id IS NOT NULL "
           "GROUP BY game_id) p ON p.game_id = g.id WHERE p.buyins > 0 ORDER BY g.id",
           [&](const Statement& st) {
             const std::string game = "game " + std::to_string(st.int64(0));
             const GameState state = game_state_from(st.text(1), game);
             const bool paid = st.int64(2) > 0, refunded = st.int64(3) > 0;
             if (paid && refunded)
               problems.push_back(game + " was both paid out and refunded");
             else if (state == GameState::kPlaying && (paid || refunded))
               problems.push_back(game + " is in progress but its pot was " +
                                  (paid ? "paid out" : "refunded"));
             else if (state == GameState::kFinished && !paid)
               problems.push_back(game + " finished but its pot was not paid out");
             else if (state == GameState::kAbandoned && !refunded)
               problems.push_back(game + " was abandoned but its buy-ins were not refunded");
           });
}

}  // namespace

LedgerCheck SqlLedger::check_ledger() const {
  LedgerCheck out;
  auto& problems = out.problems;
  ReadTransaction read(db_, "check_ledger");

  const bool have_house = single_int(db_, "SELECT count(*) FROM house WHERE id = 1") == 1;
  if (!have_house) problems.push_back("the house row is missing");
  out.balances = single_int(db_,
                            "SELECT (SELECT coalesce(sum(chips), 0) FROM accounts) + "
                            "coalesce((SELECT chips FROM house WHERE id = 1), 0)");
  out.minted = single_int(
      db_, std::string("SELECT coalesce(sum(delta), 0) FROM ledger WHERE kind IN ") + kMintingSql);
  check_accounts(db_, problems);
  if (have_house) check_house(db_, problems);
  check_orphans(db_, problems);
  if (out.balances != out.minted)
    problems.push_back("all balances together, the house's included, are " +
                       std::to_string(out.balances) + " chips, but " + std::to_string(out.minted) +
                       " were minted");
  check_entries(db_, problems);
  check_pots(db_, problems);
  out.ok = problems.empty();
  return out;
}

}  // namespace whist::storage::detail
