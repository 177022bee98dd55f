#include "server/compete.hpp"

#include <nlohmann/json.hpp>

namespace whist::server {

namespace {

// BEGIN IMMEDIATE ... COMMIT, rolled back if anything throws or the caller
// says so; a savepoint inside the storage thread's shared transaction
// (StorageThread::store).
class Tx {
 public:
  explicit Tx(storage::Database& db) : db_(db) { db_.begin_unit(); }
  ~Tx() {
    if (!done_) {
      try {
        undo();
      } catch (...) {
      }
    }
  }
  void commit() {
    db_.commit_unit();
    done_ = true;
  }
  void rollback() {
    undo();
    done_ = true;
  }

 private:
  void undo() { db_.rollback_unit(); }
  storage::Database& db_;
  bool done_ = false;
};

std::string key(std::int64_t game, const char* what) {
  return "game:" + std::to_string(game) + ":" + what;
}

}  // namespace

BuyIn create_game_with_buyin(storage::Database& db, std::int64_t table, const std::string& setup,
                             const std::string& seats, const std::string& first_deal,
                             const std::vector<std::int64_t>& users, int buy_in, std::int64_t now) {
  BuyIn out;
  Tx tx(db);
  const std::int64_t game = db.games().create_game(table, setup, seats, now, first_deal);
  std::vector<storage::LedgerEntry> entries;
  for (const std::int64_t u : users)
    entries.push_back({u, -buy_in, storage::LedgerKind::kBuyin, game});
  entries.push_back({0, static_cast<std::int64_t>(buy_in) * static_cast<std::int64_t>(users.size()),
                     storage::LedgerKind::kBuyin, game});
  if (db.ledger().post(key(game, "buyin"), entries, now) == storage::PostResult::kInsufficient) {
    tx.rollback();
    for (size_t i = 0; i < users.size(); ++i)
      if (db.ledger().balance(users[i]) < buy_in) out.short_seats.push_back(static_cast<int>(i));
    return out;
  }
  tx.commit();
  out.game = game;
  return out;
}

void finish_game_with_payout(storage::Database& db, std::int64_t game, const std::string& result,
                             const storage::GameResults& results,
                             const std::vector<std::int64_t>& users,
                             const std::vector<int>& winning_seats, int buy_in, int fee_percent,
                             std::int64_t now) {
  Tx tx(db);
  // A game refunded as abandoned is never paid out as well; one finished
  // before (a retry) keeps its first result and payout.
  const auto row = db.games().game(game);
  if (!row || row->state == storage::GameState::kAbandoned ||
      db.ledger().batch_posted(key(game, "refund")))
    return;
  if (row->state == storage::GameState::kPlaying)
    db.games().finish_game(game, storage::GameState::kFinished, result, now, results);
  const std::int64_t pot =
      static_cast<std::int64_t>(buy_in) * static_cast<std::int64_t>(users.size());
  if (!winning_seats.empty() && pot > 0) {
    const std::int64_t share = payout_share(buy_in, static_cast<int>(users.size()),
                                            static_cast<int>(winning_seats.size()), fee_percent);
    std::vector<storage::LedgerEntry> entries{{0, -pot, storage::LedgerKind::kPayout, game}};
    std::int64_t paid = 0;
    for (const int s : winning_seats) {
      entries.push_back({users[static_cast<size_t>(s)], share, storage::LedgerKind::kPayout, game});
      paid += share;
    }
    if (pot - paid > 0) entries.push_back({0, pot - paid, storage::LedgerKind::kFee, game});
    db.ledger().post(key(game, "payout"), entries, now);  // applied once, whatever retries
  }
  tx.commit();
}

void abandon_game(storage::Database& db, const storage::GameRow& game, int buy_in,
                  std::int64_t now) {
  Tx tx(db);
  // Only a game in progress is abandoned: a finished one was paid out,
  // and one abandoned before was refunded (the refund's key is posted once).
  const auto row = db.games().game(game.id);
  if (!row || row->state != storage::GameState::kPlaying) return;
  db.games().finish_game(game.id, storage::GameState::kAbandoned,
                         nlohmann::json{{"abandoned", true}}.dump(), now);
  if (buy_in > 0 && db.ledger().batch_posted(key(game.id, "buyin")) &&
      !db.ledger().batch_posted(key(game.id, "payout"))) {
    const auto seats = nlohmann::json::parse(game.seats);
    std::vector<storage::LedgerEntry> entries;
    std::int64_t pot = 0;
    for (const auto& s : seats) {
      entries.push_back(
          {s.at("user").get<std::int64_t>(), buy_in, storage::LedgerKind::kRefund, game.id});
      pot += buy_in;
    }
    entries.insert(entries.begin(), {0, -pot, storage::LedgerKind::kRefund, game.id});
    db.ledger().post(key(game.id, "refund"), entries, now);
  }
  tx.commit();
}

}  // namespace whist::server
