// Chips: balances and the ledger (see database.hpp for the API and the
// schema comment in database.cpp for the tables and their invariants).
//
// post() applies a batch in one transaction (BEGIN IMMEDIATE, or a savepoint
// inside the caller's transaction). Its entries are inserted first: the
// UNIQUE key of the first entry already posted makes the insert fail, and
// that failure (not a read before it) is what says the batch was applied
// before, so two connections posting the same batch at once cannot both
// apply it. Then each balance changes by the net of its entries, and a
// balance below zero at the end rolls the whole batch back.

#include <sqlite3.h>

#include <array>
#include <limits>
#include <map>
#include <string>

#include "storage/database.hpp"
#include "storage/sqlite.hpp"

namespace whist::storage {

namespace {

using detail::ReadTransaction;
using detail::Statement;
using detail::Transaction;

constexpr std::array<std::string_view, 3> kMintingKinds = {"initial", "topup", "grant"};
constexpr std::array<std::string_view, 4> kMovingKinds = {"buyin", "payout", "fee", "refund"};
// The same lists in SQL, for the checks.
constexpr const char* kMintingSql = "('initial', 'topup', 'grant')";
constexpr const char* kMovingSql = "('buyin', 'payout', 'fee', 'refund')";

template <std::size_t N>
bool one_of(const std::array<std::string_view, N>& list, std::string_view kind) {
  for (const auto k : list)
    if (k == kind) return true;
  return false;
}

[[noreturn]] void bad_batch(std::string_view batch_key, const std::string& why) {
  throw StorageError("post: batch '" + std::string(batch_key) + "' " + why);
}

// Throws StorageError for a batch that breaks the rules (see database.hpp).
void validate(std::string_view batch_key, const std::vector<LedgerEntry>& entries) {
  if (batch_key.empty()) bad_batch(batch_key, "has an empty key");
  if (entries.empty()) bad_batch(batch_key, "has no entries");
  bool minting = false;
  bool moving = false;
  std::int64_t sum = 0;
  std::int64_t magnitude = 0;  // the sum of |delta|, which bounds every partial sum
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const LedgerEntry& e = entries[i];
    const std::string entry = "entry " + std::to_string(i);
    if (one_of(kMintingKinds, e.kind)) {
      minting = true;
      if (e.account == 0) bad_batch(batch_key, entry + " mints chips for the house");
      if (e.delta <= 0) bad_batch(batch_key, entry + " mints a delta that is not positive");
    } else if (one_of(kMovingKinds, e.kind)) {
      moving = true;
    } else {
      bad_batch(batch_key, entry + " has an unknown kind '" + e.kind + "'");
    }
    if (e.delta == 0) bad_batch(batch_key, entry + " has a zero delta");
    if (e.delta > kMaxLedgerDelta || e.delta < -kMaxLedgerDelta)
      bad_batch(batch_key, entry + " has a delta out of range");
    if (e.account < 0) bad_batch(batch_key, entry + " has a negative account id");
    if (e.game < 0) bad_batch(batch_key, entry + " has a negative game id");
    if (__builtin_add_overflow(magnitude, e.delta < 0 ? -e.delta : e.delta, &magnitude))
      bad_batch(batch_key, "has deltas too large in total");
    sum += e.delta;
  }
  if (minting && moving) bad_batch(batch_key, "mixes minting and moving kinds");
  if (moving && sum != 0)
    bad_batch(batch_key, "moves chips but sums to " + std::to_string(sum) + ", not 0");
}

std::int64_t single_int(sqlite3* db, const char* sql, const char* what) {
  Statement st(db, sql, what);
  if (!st.step()) throw StorageError(std::string(what) + ": no result");
  return st.int64(0);
}

}  // namespace

PostResult Database::post(std::string_view batch_key, const std::vector<LedgerEntry>& entries,
                          std::int64_t now) {
  validate(batch_key, entries);
  Transaction tx(db_, "post");
  {
    Statement insert(db_,
                     "INSERT INTO ledger(key, batch, account_id, delta, kind, game_id, created_at) "
                     "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                     "post");
    insert.bind(2, batch_key).bind(7, now);
    for (std::size_t i = 0; i < entries.size(); ++i) {
      const LedgerEntry& e = entries[i];
      insert.reset();
      insert.bind(1, std::string(batch_key) + ":" + std::to_string(i));
      if (e.account == 0) {
        insert.bind_null(3);
      } else {
        insert.bind(3, e.account);
      }
      insert.bind(4, e.delta).bind(5, std::string_view(e.kind));
      if (e.game == 0) {
        insert.bind_null(6);
      } else {
        insert.bind(6, e.game);
      }
      if (insert.step_raw() == SQLITE_DONE) continue;
      const int code = sqlite3_extended_errcode(db_);
      // Leaving without commit() rolls back what this batch inserted.
      if (code == SQLITE_CONSTRAINT_UNIQUE) return PostResult::kAlreadyApplied;
      if (code == SQLITE_CONSTRAINT_FOREIGNKEY)
        bad_batch(batch_key, "entry " + std::to_string(i) + " is for account " +
                                 std::to_string(e.account) + ", which does not exist");
      detail::fail(db_, "post");
    }
  }

  // The net change of each balance: only where a balance ends counts.
  std::map<std::int64_t, std::int64_t> net;
  for (const LedgerEntry& e : entries) net[e.account] += e.delta;
  Statement house(db_, "UPDATE house SET chips = chips + ?2 WHERE id = ?1 RETURNING chips", "post");
  Statement account(db_, "UPDATE accounts SET chips = chips + ?2 WHERE id = ?1 RETURNING chips",
                    "post");
  for (const auto& [id, delta] : net) {
    if (delta == 0) continue;
    Statement& st = id == 0 ? house : account;
    st.reset();
    st.bind(1, id == 0 ? 1 : id).bind(2, delta);
    if (!st.step())
      throw StorageError(id == 0 ? std::string("post: the house row is missing")
                                 : "post: no account " + std::to_string(id));
    const std::int64_t chips = st.int64(0);
    st.run();
    if (chips < 0) return PostResult::kInsufficient;
  }
  tx.commit();
  return PostResult::kApplied;
}

std::int64_t Database::balance(std::int64_t account) const {
  if (account == 0) {
    Statement st(db_, "SELECT chips FROM house WHERE id = 1", "balance");
    if (!st.step()) throw StorageError("balance: the house row is missing");
    return st.int64(0);
  }
  Statement st(db_, "SELECT chips FROM accounts WHERE id = ?1", "balance");
  st.bind(1, account);
  if (!st.step()) throw StorageError("balance: no account " + std::to_string(account));
  return st.int64(0);
}

namespace {

constexpr const char* kLedgerColumns =
    "SELECT id, key, delta, kind, coalesce(game_id, 0), created_at, batch FROM ledger ";

std::vector<LedgerRow> read_ledger_rows(Statement& st) {
  std::vector<LedgerRow> out;
  while (st.step()) {
    LedgerRow row;
    row.id = st.int64(0);
    row.key = st.text(1);
    row.delta = st.int64(2);
    row.kind = st.text(3);
    row.game = st.int64(4);
    row.created_at = st.int64(5);
    row.batch = st.text(6);
    out.push_back(std::move(row));
  }
  return out;
}

}  // namespace

std::vector<LedgerRow> Database::ledger_of(std::int64_t account, int limit) const {
  // Two statements rather than "account_id IS ?1", so that both use the
  // index on account_id (which also orders by id).
  Statement st(db_,
               std::string(kLedgerColumns) +
                   (account == 0 ? "WHERE account_id IS NULL ORDER BY id DESC LIMIT ?2"
                                 : "WHERE account_id = ?1 ORDER BY id DESC LIMIT ?2"),
               "ledger_of");
  if (account != 0) st.bind(1, account);
  st.bind(2, static_cast<std::int64_t>(limit > 0 ? limit : -1));
  return read_ledger_rows(st);
}

std::vector<LedgerRow> Database::ledger_page(std::int64_t account, std::int64_t before,
                                             int limit) const {
  if (limit < 1 || limit > 1000) throw StorageError("ledger_page: limit out of range");
  Statement st(db_,
               std::string(kLedgerColumns) +
                   (account == 0 ? "WHERE account_id IS NULL AND id < ?2 ORDER BY id DESC LIMIT ?3"
                                 : "WHERE account_id = ?1 AND id < ?2 ORDER BY id DESC LIMIT ?3"),
               "ledger_page");
  if (account != 0) st.bind(1, account);
  st.bind(2, before > 0 ? before : std::numeric_limits<std::int64_t>::max())
      .bind(3, static_cast<std::int64_t>(limit));
  return read_ledger_rows(st);
}

bool Database::batch_posted(std::string_view batch_key) const {
  Statement st(db_, "SELECT EXISTS (SELECT 1 FROM ledger WHERE batch = ?1)", "batch_posted");
  st.bind(1, batch_key);
  return st.step() && st.int64(0) != 0;
}

LedgerCheck Database::check_ledger() const {
  constexpr const char* kWhat = "check_ledger";
  LedgerCheck out;
  auto& problems = out.problems;
  ReadTransaction read(db_, kWhat);

  const bool have_house = single_int(db_, "SELECT count(*) FROM house WHERE id = 1", kWhat) == 1;
  if (!have_house) problems.push_back("the house row is missing");
  out.balances = single_int(db_,
                            "SELECT (SELECT coalesce(sum(chips), 0) FROM accounts) + "
                            "coalesce((SELECT chips FROM house WHERE id = 1), 0)",
                            kWhat);
  out.minted = single_int(
      db_,
      (std::string("SELECT coalesce(sum(delta), 0) FROM ledger WHERE kind IN ") + kMintingSql)
          .c_str(),
      kWhat);

  {
    Statement st(db_,
                 "SELECT a.id, a.username, a.chips, coalesce(l.total, 0) FROM accounts a "
                 "LEFT JOIN (SELECT account_id, sum(delta) AS total FROM ledger "
                 "WHERE account_id IS NOT NULL GROUP BY account_id) l ON l.account_id = a.id "
                 "WHERE a.chips <> coalesce(l.total, 0) OR a.chips < 0 ORDER BY a.id",
                 kWhat);
    while (st.step()) {
      const std::string who = "account " + std::to_string(st.int64(0)) + " (" + st.text(1) + ")";
      const std::int64_t chips = st.int64(2);
      const std::int64_t total = st.int64(3);
      if (chips != total)
        problems.push_back(who + " holds " + std::to_string(chips) +
                           " chips but its ledger entries sum to " + std::to_string(total));
      if (chips < 0)
        problems.push_back(who + " has a negative balance of " + std::to_string(chips));
    }
  }

  if (have_house) {
    const std::int64_t chips = single_int(db_, "SELECT chips FROM house WHERE id = 1", kWhat);
    const std::int64_t total = single_int(
        db_, "SELECT coalesce(sum(delta), 0) FROM ledger WHERE account_id IS NULL", kWhat);
    if (chips != total)
      problems.push_back("the house holds " + std::to_string(chips) +
                         " chips but its ledger entries sum to " + std::to_string(total));
    if (chips < 0)
      problems.push_back("the house has a negative balance of " + std::to_string(chips));
  }

  {
    Statement st(db_,
                 "SELECT l.key, l.account_id FROM ledger l LEFT JOIN accounts a "
                 "ON a.id = l.account_id WHERE l.account_id IS NOT NULL AND a.id IS NULL "
                 "ORDER BY l.id",
                 kWhat);
    while (st.step())
      problems.push_back("ledger entry '" + st.text(0) + "' is for account " +
                         std::to_string(st.int64(1)) + ", which does not exist");
  }

  if (out.balances != out.minted)
    problems.push_back("all balances together, the house's included, are " +
                       std::to_string(out.balances) + " chips, but " + std::to_string(out.minted) +
                       " were minted");

  {
    Statement st(db_,
                 std::string("SELECT key, account_id IS NULL, delta FROM ledger WHERE kind IN ") +
                     kMintingSql + " AND (account_id IS NULL OR delta <= 0) ORDER BY id",
                 kWhat);
    while (st.step()) {
      problems.push_back("minting entry '" + st.text(0) + "' " +
                         (st.int64(1) != 0 ? std::string("mints chips for the house")
                                           : "mints " + std::to_string(st.int64(2)) + " chips"));
    }
  }
  {
    Statement st(db_,
                 std::string("SELECT batch, sum(delta) FROM ledger WHERE kind IN ") + kMovingSql +
                     " GROUP BY batch HAVING sum(delta) <> 0 ORDER BY min(id)",
                 kWhat);
    while (st.step())
      problems.push_back("moving batch '" + st.text(0) + "' sums to " +
                         std::to_string(st.int64(1)) + ", not 0");
  }
  {
    Statement st(db_,
                 std::string("SELECT batch FROM ledger GROUP BY batch HAVING "
                             "count(DISTINCT kind IN ") +
                     kMintingSql + ") > 1 ORDER BY min(id)",
                 kWhat);
    while (st.step())
      problems.push_back("batch '" + st.text(0) + "' mixes minting and moving entries");
  }

  {
    // Each Compete game's pot: held by the house while the game is played,
    // paid out once it finished, refunded once it was abandoned, never both.
    Statement st(db_,
                 "SELECT g.id, g.state, p.payouts, p.refunds FROM games g JOIN "
                 "(SELECT game_id, sum(kind = 'buyin') AS buyins, sum(kind = 'payout') AS "
                 "payouts, sum(kind = 'refund') AS refunds FROM ledger WHERE game_id IS NOT NULL "
                 "GROUP BY game_id) p ON p.game_id = g.id WHERE p.buyins > 0 ORDER BY g.id",
                 kWhat);
    while (st.step()) {
      const std::string game = "game " + std::to_string(st.int64(0));
      const std::string state = st.text(1);
      const bool paid = st.int64(2) > 0, refunded = st.int64(3) > 0;
      if (paid && refunded)
        problems.push_back(game + " was both paid out and refunded");
      else if (state == "playing" && (paid || refunded))
        problems.push_back(game + " is in progress but its pot was " +
                           (paid ? "paid out" : "refunded"));
      else if (state == "finished" && !paid)
        problems.push_back(game + " finished but its pot was not paid out");
      else if (state == "abandoned" && !refunded)
        problems.push_back(game + " was abandoned but its buy-ins were not refunded");
    }
  }

  out.ok = problems.empty();
  return out;
}

}  // namespace whist::storage
