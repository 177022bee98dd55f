// The turn clock: the seat to act has its table timer (bid or play), an
// absent player without one has the reconnect grace, and a present player
// at an untimed table who lets turn_idle seconds go by is away. When it
// runs out the computer acts for the seat (and stands in for one away).
// The views and state answers carry what is left of it, so a page loaded
// again mid-turn shows the right countdown.
#include <algorithm>

#include "table/core.hpp"

namespace whist::table {

void TableCore::arm_timer() {
  // While a claim waits for its answers nobody's clock runs (claims.cpp).
  if (claim_ || undo_) {
    if (timer_armed_) set_clock(Clock::kTurn, std::nullopt);
    timer_armed_ = false;
    return;
  }
  if (computer_turn()) {
    // The computer plays this turn: no clock.
    if (timer_armed_) set_clock(Clock::kTurn, std::nullopt);
    timer_armed_ = false;
    return drive_computer();
  }
  int limit = turn_limit();
  // A person present at a table without timers: after turn_idle seconds
  // of their turn they count as away (on_timeout). No clock is shown.
  bool idle = false;
  if (limit == 0 && config_.turn_idle > 0 && !own_pace() && game_ && state_ == State::kPlaying &&
      !game_->is_over() && game_->current_seat() >= 0 &&
      !seats_[static_cast<size_t>(game_->current_seat())].computer) {
    limit = config_.turn_idle;
    idle = true;
  }
  // The same turn under the same limit keeps its clock: a chat line, a sync
  // or a return does not start it again.
  const size_t turn_index = game_ ? game_->history().size() : 0;
  if (limit > 0 && timer_armed_ && armed_turn_ == turn_index && armed_limit_ == limit &&
      armed_idle_ == idle)
    return;
  if (timer_armed_ && limit == 0) set_clock(Clock::kTurn, std::nullopt);
  timer_armed_ = false;
  if (limit == 0) return;
  timer_armed_ = true;
  armed_turn_ = turn_index;
  armed_limit_ = limit;
  armed_idle_ = idle;
  deadline_ms_ = now_.mono_ms + std::int64_t{limit} * 1000;
  set_clock(Clock::kTurn, deadline_ms_);
}

void TableCore::on_timeout() {
  if (!game_ || game_->is_over() || game_->current_seat() < 0) return;
  // The computer acts for the seat; a player who is away is stood in for
  // until they come back.
  const int seat = game_->current_seat();
  Seat& st = seats_[static_cast<size_t>(seat)];
  // Idle at an untimed turn for turn_idle seconds: away, as if dropped,
  // and the computer stands in at once (go_away's arm_timer starts it).
  if (armed_idle_ && present(st)) {
    st.standin = true;
    return go_away(seat, "idle");
  }
  if (!present(st)) st.standin = true;
  if (thinking_ && same_turn(think_game_, think_turn_)) return;
  start_thinking(Why::kTimeout);
}

int TableCore::turn_limit() const {
  if (!game_ || game_->is_over() || state_ != State::kPlaying || game_->current_seat() < 0)
    return 0;
  // The daily duplicate goes at its player's pace: no clock on their turn,
  // present or not (the table's timer included), so no stand-in.
  if (own_pace()) return 0;
  const int seat = game_->current_seat();
  int limit =
      game_->phase() == Phase::kPlay ? setup_.settings.timer_play : setup_.settings.timer_bid;
  // An absent player (dropped, or away) without a table timer has the
  // reconnect grace.
  if (!present(seats_[static_cast<size_t>(seat)]) && limit == 0) limit = config_.reconnect_grace;
  return limit;
}

std::optional<std::int64_t> TableCore::turn_ms_left() const {
  // The computer's own turns, and turns without a limit, have no clock.
  if (computer_turn()) return std::nullopt;
  const int limit = turn_limit();
  if (limit == 0) return std::nullopt;
  // The clock as arm_timer() keeps it: the same turn under the same limit
  // goes on; otherwise it starts now with the whole limit.
  const size_t turn_index = game_->history().size();
  if (!timer_armed_ || armed_idle_ || armed_turn_ != turn_index || armed_limit_ != limit)
    return std::int64_t{limit} * 1000;
  return std::max<std::int64_t>(0, deadline_ms_ - now_.mono_ms);
}

}  // namespace whist::table
