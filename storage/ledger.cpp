// Chips: balances and the ledger (see ledger_store.hpp for the API and the
// schema comment in schema.cpp for the tables and their invariants).
//
// post() applies a batch in one transaction (BEGIN IMMEDIATE, or a savepoint
// inside the caller's transaction). Its entries are inserted first: the
// UNIQUE key of the first entry already posted makes the insert fail, and
// that failure (not a read before it) is what says the batch was applied
// before, so two connections posting the same batch at once cannot both
// apply it. Then each balance changes by the net of its entries, and a
// balance below zero at the end rolls the whole batch back.

#include <limits>
#include <map>
#include <string>

#include "storage/sql.hpp"
#include "storage/sql_stores.hpp"

namespace whist::storage::detail {

namespace {

[[noreturn]] void bad_batch(std::string_view batch_key, const std::string& why) {
  throw StorageError("post: batch '" + std::string(batch_key) + "' " + why);
}

// Throws StorageError for a batch that breaks the rules (see ledger_store.hpp).
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
    if (static_cast<int>(e.kind) > static_cast<int>(LedgerKind::kClosure))
      bad_batch(batch_key, entry + " has an unknown kind");
    if (is_minting(e.kind)) {
      minting = true;
      if (e.account == 0) bad_batch(batch_key, entry + " mints chips for the house");
      if (e.delta <= 0) bad_batch(batch_key, entry + " mints a delta that is not positive");
    } else {
      moving = true;
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

}  // namespace

PostResult SqlLedger::post(std::string_view batch_key, const std::vector<LedgerEntry>& entries,
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
      insert.bind(4, e.delta).bind(5, name(e.kind));
      if (e.game == 0) {
        insert.bind_null(6);
      } else {
        insert.bind(6, e.game);
      }
      const StepResult step = insert.try_step();
      if (step == StepResult::kDone) continue;
      // Leaving without commit() rolls back what this batch inserted.
      if (step == StepResult::kUnique) return PostResult::kAlreadyApplied;
      if (step == StepResult::kForeignKey)
        bad_batch(batch_key, "entry " + std::to_string(i) + " is for account " +
                                 std::to_string(e.account) + ", which does not exist");
      db_->fail("post");
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

std::int64_t SqlLedger::balance(std::int64_t account) const {
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
    row.kind = ledger_kind_from(st.text(3), "ledger entry '" + row.key + "'");
    row.game = st.int64(4);
    row.created_at = st.int64(5);
    row.batch = st.text(6);
    out.push_back(std::move(row));
  }
  return out;
}

}  // namespace

// An account's entries (0: the house's) with an id below `before`, newest
// first, at most `limit`. Two statements rather than
// "account_id IS ?1", so that both use the index on account_id (which also
// orders by id).
std::vector<LedgerRow> SqlLedger::entries(std::int64_t account, std::int64_t before,
                                          std::int64_t limit, const char* what) const {
  Statement st(db_,
               std::string(kLedgerColumns) +
                   (account == 0 ? "WHERE account_id IS NULL AND id < ?2 ORDER BY id DESC LIMIT ?3"
                                 : "WHERE account_id = ?1 AND id < ?2 ORDER BY id DESC LIMIT ?3"),
               what);
  if (account != 0) st.bind(1, account);
  st.bind(2, before > 0 ? before : std::numeric_limits<std::int64_t>::max()).bind(3, limit);
  return read_ledger_rows(st);
}

std::vector<LedgerRow> SqlLedger::ledger_of(std::int64_t account, int limit) const {
  return entries(account, 0, limit > 0 ? limit : std::numeric_limits<std::int64_t>::max(),
                 "ledger_of");
}

std::vector<LedgerRow> SqlLedger::ledger_page(std::int64_t account, std::int64_t before,
                                              int limit) const {
  if (limit < 1 || limit > 1000) throw StorageError("ledger_page: limit out of range");
  return entries(account, before, limit, "ledger_page");
}

bool SqlLedger::batch_posted(std::string_view batch_key) const {
  Statement st(db_, "SELECT EXISTS (SELECT 1 FROM ledger WHERE batch = ?1)", "batch_posted");
  st.bind(1, batch_key);
  return st.step() && st.int64(0) != 0;
}

}  // namespace whist::storage::detail
