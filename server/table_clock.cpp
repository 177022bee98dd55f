// The turn clock as the players see it: how long the seat to act has now,
// and how much of it is left, for the views and the state answers (so a
// page loaded again in the middle of a turn shows the right countdown).
#include <algorithm>
#include <chrono>

#include "server/table.hpp"

namespace whist::server {

int Table::turn_limit() const {
  if (!game_ || game_->is_over() || state_ != State::kPlaying || game_->current_seat() < 0)
    return 0;
  const int seat = game_->current_seat();
  int limit =
      game_->phase() == Phase::kPlay ? setup_.settings.timer_play : setup_.settings.timer_bid;
  // An absent player (dropped, or away) without a table timer has the
  // reconnect grace.
  if (!present(seats_[static_cast<size_t>(seat)]) && limit == 0)
    limit = ctx_.config.reconnect_grace;
  return limit;
}

nlohmann::json Table::turn_ms_left() const {
  // The computer's own turns, and turns without a limit, have no clock.
  if (computer_turn()) return nullptr;
  const int limit = turn_limit();
  if (limit == 0) return nullptr;
  // The clock as arm_timer() keeps it: the same turn under the same limit
  // goes on; otherwise it starts now with the whole limit.
  const size_t turn_index = game_->history().size();
  if (!timer_armed_ || armed_idle_ || armed_turn_ != turn_index || armed_limit_ != limit)
    return std::int64_t{limit} * 1000;
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                        deadline_ - std::chrono::steady_clock::now())
                        .count();
  return std::max<std::int64_t>(0, left);
}

}  // namespace whist::server
