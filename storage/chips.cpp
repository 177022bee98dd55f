// Chips of accounts: the first balance of a new player and the daily
// top-up (see ledger_store.hpp). Every change goes through post(), so it is a ledger entry under a
// unique batch key, and a retry never applies twice.

#include <string>

#include "storage/sql.hpp"
#include "storage/sql_stores.hpp"

namespace whist::storage::detail {

namespace {

std::string initial_key(std::int64_t account) { return "initial:" + std::to_string(account); }

}  // namespace

std::optional<std::int64_t> SqlLedger::create_player(std::string_view username,
                                                     std::string_view password_hash,
                                                     std::int64_t initial_chips, std::int64_t now) {
  // The account and its first chips in one transaction: both or neither.
  Transaction tx(db_, "create_player");
  const auto id = accounts_.create_account(username, password_hash, false, now);
  if (!id) return std::nullopt;
  if (initial_chips > 0) {
    const PostResult r =
        post(initial_key(*id), {{*id, initial_chips, LedgerKind::kInitial, 0}}, now);
    if (r != PostResult::kApplied)
      throw StorageError("create_player: the first chips of account " + std::to_string(*id) +
                         " were posted before");
  }
  tx.commit();
  return id;
}

bool SqlLedger::ensure_initial_chips(std::int64_t account, std::int64_t initial_chips,
                                     std::int64_t now) {
  if (initial_chips <= 0) return false;
  // The usual case, already posted, takes no write lock.
  if (batch_posted(initial_key(account))) return false;
  const auto a = accounts_.account_by_id(account);
  if (!a) throw StorageError("ensure_initial_chips: no account " + std::to_string(account));
  if (a->guest) return false;
  return post(initial_key(account), {{account, initial_chips, LedgerKind::kInitial, 0}}, now) ==
         PostResult::kApplied;
}

TopUp SqlLedger::topup(std::int64_t account, std::int64_t floor, std::int64_t amount,
                       std::string_view date, std::int64_t now) {
  if (amount <= 0) throw StorageError("topup: the amount must be positive");
  // The balance is read and the top-up posted in one transaction: in SQLite
  // under one write lock, so two connections cannot both see a low balance
  // and both decide; in PostgreSQL the batch's unique key lets one post.
  Transaction tx(db_, "topup");
  const auto a = accounts_.account_by_id(account);
  if (!a) throw StorageError("topup: no account " + std::to_string(account));
  TopUp out;
  out.balance = balance(account);
  if (a->guest) {
    out.result = TopUpResult::kGuest;
    return out;
  }
  const std::string key = "topup:" + std::to_string(account) + ":" + std::string(date);
  if (batch_posted(key)) {
    out.result = TopUpResult::kAlreadyToday;
    return out;
  }
  if (out.balance >= floor) {
    out.result = TopUpResult::kNotBelowFloor;
    return out;
  }
  const PostResult posted = post(key, {{account, amount, LedgerKind::kTopup, 0}}, now);
  // Another connection posted it since (PostgreSQL's read committed: its
  // batch's key, unique, made this one wait and then refused it).
  if (posted == PostResult::kAlreadyApplied) {
    out.result = TopUpResult::kAlreadyToday;
    return out;
  }
  if (posted != PostResult::kApplied)
    throw StorageError("topup: the batch " + key + " was not applied");
  tx.commit();
  out.result = TopUpResult::kApplied;
  out.amount = amount;
  out.balance += amount;
  return out;
}

}  // namespace whist::storage::detail
