// A table's storage jobs (table/effects.hpp), carried out on the storage
// thread in the order the core gave them, inside the shared transaction
// (group commit). A read's answer goes back to the table's strand as a
// command, once what was written before it is committed.
#include <spdlog/spdlog.h>

#include <csignal>

#include "protocol/record_json.hpp"
#include "protocol/table_events.hpp"
#include "server/compete.hpp"
#include "server/rating_view.hpp"
#include "server/table.hpp"
#include "storage/table_codec.hpp"
#include "table/clock.hpp"

namespace whist::server {

namespace store = table::store;
using table::TableCore;

// On the storage thread: each job, by its type.
struct Table::JobRunner {
  Table& t;
  StorageSide& side;
  storage::Database& db;

  // The game's row id: known to the job, or made by this table's CreateGame.
  std::int64_t game_id(const table::GameKey& g) const {
    return g.id ? g.id : side.game_number == g.number ? side.game_id : 0;
  }
  // An answer goes back to the table once what came before is committed.
  template <typename F>
  void answer(F fn) {
    t.storage_.after_commit([self = t.shared_from_this(), fn = std::move(fn)]() mutable {
      self->command(std::move(fn));
    });
  }

  // A new game's texts, as the store keeps them (protocol/record_json.hpp).
  struct GameTexts {
    std::string setup, seats, first_deal;
    explicit GameTexts(const store::NewGame& g)
        : setup(protocol::game_setup_text(g.rules, g.dealer, g.seed)),
          seats(protocol::record_seats_text(g.seats)),
          first_deal(protocol::deal_text(g.first_deal)) {}
  };

  void operator()(const store::SaveTable& j) {
    db.tables().update_table(t.id_, storage::encode_table(j.row), j.state);
  }
  void operator()(const store::CreateGame& j) {
    side.game_number = j.game.number;
    const GameTexts g(j.row);
    side.game_id = db.games().create_game(t.id_, g.setup, g.seats, unix_now(), g.first_deal);
    answer([number = j.game.number, gid = side.game_id](TableCore& c, table::Now) {
      c.game_stored(number, gid);
    });
  }
  void operator()(const store::ChargeBuyIns& j) {
    BuyIn paid;
    bool failed = false;
    try {
      const GameTexts g(j.row);
      paid = create_game_with_buyin(db, t.id_, g.setup, g.seats, g.first_deal, j.users, j.buy_in,
                                    unix_now());
    } catch (const std::exception& e) {
      spdlog::error("table {}: charging the buy-ins: {}", t.id_, e.what());
      failed = true;
    }
    if (paid.game) {
      side.game_number = j.game.number;
      side.game_id = paid.game;
    }
    answer([j, paid, failed](TableCore& c, table::Now n) {
      c.buy_ins_charged(j, paid.game, paid.short_seats, failed, n);
    });
  }
  void operator()(const store::AppendProgress& j) {
    const std::int64_t gid = game_id(j.game);
    for (size_t i = 0; i < j.deals.size(); ++i)
      db.games().append_deal(gid, static_cast<int>(j.first_deal + i),
                             protocol::deal_text(j.deals[i]));
    for (size_t i = 0; i < j.actions.size(); ++i)
      db.games().append_action(
          gid, static_cast<int>(j.first_action + i), protocol::action_text(j.actions[i], j.variant),
          i + 1 == j.actions.size() ? std::string_view(j.request) : std::string_view());
  }
  void operator()(const store::FinishGame& j) {
    if (t.settings_.test_kill_before_result) {
      // Tests only: the crash after the last action is stored, before the result.
      t.storage_.commit_batch();
      std::raise(SIGKILL);
    }
    const std::int64_t gid = game_id(j.game);
    const std::string result = protocol::game_result_text(j.scores, j.winners);
    if (j.buy_in > 0)
      finish_game_with_payout(db, gid, result, j.results, j.users, j.winning_seats, j.buy_in,
                              j.fee_percent, j.now);
    else
      db.games().finish_game(gid, storage::GameState::kFinished, result, j.now, j.results);
    if (j.rated) rate(gid, j);
  }
  // A rated game's ratings change in the result's transaction (once: a
  // game rated before gives its stored changes again); the table tells
  // its players after the commit.
  void rate(std::int64_t gid, const store::FinishGame& j) {
    storage::GameRating rated;
    try {
      rated = db.ratings().rate_game(gid, j.now);
    } catch (const std::exception& e) {
      spdlog::error("table {}: rating game {}: {}", t.id_, gid, e.what());
      return;
    }
    protocol::event::Rated event{gid, rated.pool, {}};
    for (const storage::SeatResult& s : j.results.seats)
      for (const storage::RatingChange& c : rated.changes)
        if (c.account == s.account) event.seats.push_back(seat_rating(s.seat, c));
    answer([event](TableCore& c, table::Now n) { c.game_rated(event, n); });
  }
  static protocol::event::SeatRating seat_rating(int seat, const storage::RatingChange& c) {
    const auto r = rating_change(c.before, c.after);
    return {seat, r.rating, r.change, r.provisional};
  }
  void operator()(const store::ReadBalance& j) {
    std::int64_t balance = -1;
    try {
      balance = db.ledger().balance(j.who.id);
    } catch (const std::exception& e) {
      spdlog::error("balance of user {}: {}", j.who.id, e.what());
    }
    answer([j, balance](TableCore& c, table::Now n) { c.balance_read(j, balance, n); });
  }
  void operator()(const store::ReadFriends& j) {
    std::vector<std::int64_t> list, blocked;
    try {
      list = db.friends().friends_of(j.user);
      blocked = db.safety().blocked_ids(j.user);
    } catch (const std::exception& e) {
      spdlog::error("table {}: reading the friends of {}: {}", t.id_, j.user, e.what());
    }
    answer([user = j.user, list, blocked](TableCore& c, table::Now n) {
      c.friends_read(user, list, blocked, n);
    });
  }
  void operator()(const store::ReadRating& j) {
    std::optional<protocol::ShownRating> shown;
    try {
      shown = shown_rating(db, j.user, j.pool);
    } catch (const std::exception& e) {
      spdlog::error("table {}: reading the rating of {}: {}", t.id_, j.user, e.what());
    }
    answer([user = j.user, shown](TableCore& c, table::Now n) { c.rating_read(user, shown, n); });
  }
  void operator()(const store::FindAccounts& j) {
    std::vector<std::pair<std::string, std::int64_t>> found;
    std::vector<std::string> unknown;
    try {
      for (const auto& name : j.names) {
        if (auto a = db.accounts().account_by_name(name); a && !db.safety().blocks(a->id, j.by))
          found.emplace_back(a->username, a->id);
        else
          unknown.push_back(name);
      }
    } catch (const std::exception& e) {
      spdlog::error("table {}: looking up invitees: {}", t.id_, e.what());
    }
    answer([j, found, unknown](TableCore& c, table::Now n) {
      c.accounts_found(j, found, unknown, n);
    });
  }
};

void Table::run_job(StorageSide& side, table::StoreJob& job) {
  try {
    std::visit(JobRunner{*this, side, *storage_.db}, job);
  } catch (const std::exception& e) {
    spdlog::error("table {}: storing: {}", id_, e.what());
  }
}

}  // namespace whist::server
