// The results of a finished game, seat by seat, as storage keeps them
// (GameStore::finish_game with results; queried by session_results.cpp).

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <chrono>
#include <csignal>
#include <nlohmann/json.hpp>

#include "server/compete.hpp"
#include "server/table.hpp"
#include "table/clock.hpp"

namespace whist::server {

storage::GameResults Table::game_results() const {
  storage::GameResults r;
  r.variant = std::string(variant_name(setup_.rules.variant));
  if (!game_) return r;
  const auto scores = game_->scores();
  const auto winners = game_->winners();
  // Scores are per team (seat % 2) in classic and bid whist, per seat in
  // exact whist; `winners` names the sides with the best score.
  const bool teams = setup_.rules.variant != Variant::kExact;
  for (size_t i = 0; i < seats_.size(); ++i) {
    storage::SeatResult s;
    s.seat = static_cast<int>(i);
    s.account = seats_[i].user;
    s.name = seats_[i].name;
    s.side = teams ? s.seat % 2 : s.seat;
    s.won = std::find(winners.begin(), winners.end(), s.side) != winners.end();
    s.score = static_cast<size_t>(s.side) < scores.size() ? scores[static_cast<size_t>(s.side)] : 0;
    r.seats.push_back(std::move(s));
  }
  // Compete: each winner is paid a share of the pot, everyone paid the
  // buy-in.
  if (const int buy_in = setup_.settings.buy_in; buy_in > 0) {
    const int players = static_cast<int>(seats_.size());
    const auto paid = winning_seats(winners, static_cast<int>(scores.size()), players);
    const std::int64_t share =
        payout_share(buy_in, players, static_cast<int>(paid.size()), ctx_.config.house_fee_percent);
    for (storage::SeatResult& s : r.seats) {
      const bool won = std::find(paid.begin(), paid.end(), s.seat) != paid.end();
      s.chips_delta = (won ? share : 0) - buy_in;
    }
  }
  return r;
}

void Table::store_result() {
  const std::string result =
      nlohmann::json{{"scores", game_->scores()}, {"winners", game_->winners()}}.dump();
  std::vector<std::int64_t> users;
  std::vector<int> winners;
  const int buy_in = setup_.settings.buy_in;
  const int fee = ctx_.config.house_fee_percent;
  if (buy_in > 0) {
    for (const Seat& st : seats_) users.push_back(st.user);
    winners = winning_seats(game_->winners(), static_cast<int>(game_->scores().size()),
                            static_cast<int>(seats_.size()));
  }
  const auto now = unix_now();
  ctx_.store([&ctx = ctx_, db = ctx_.db.get(), gid = game_id_, result, users, winners, buy_in, fee,
              results = game_results(), now, kill = ctx_.config.test_kill_before_result] {
    if (kill) {
      // Tests only: the crash after the last action is stored, before the
      // result.
      ctx.commit_batch();
      std::raise(SIGKILL);
    }
    try {
      if (buy_in > 0)
        finish_game_with_payout(*db, *gid, result, results, users, winners, buy_in, fee, now);
      else
        db->games().finish_game(*gid, storage::GameState::kFinished, result, now, results);
    } catch (const std::exception& e) {
      spdlog::error("storing the result of game {}: {}", gid->load(), e.what());
    }
  });
}

}  // namespace whist::server
