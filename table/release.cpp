// After a game, a seat is not held for someone gone: a seated person whose
// connection ended and who is not back within reconnect_grace seconds
// (counted from the later of their going and the game's end) leaves the
// seat, as if they had sent table.leave: everyone is told (`leave`), the
// table is open to others again, and it closes when nobody is left. So
// closing the tab at a finished table ends in the same place as leaving it.
// (Before the first game the seat is kept until its player leaves: a
// scheduled table's players need not stay connected until the start.)
#include <algorithm>
#include <optional>

#include "table/core.hpp"

namespace whist::table {

void TableCore::arm_release() {
  // Only between games (one has been played, none is on).
  if (closed_ || !game_ || state_ == State::kPlaying || starting_) return;
  const std::int64_t grace = std::int64_t{config_.reconnect_grace} * 1000;
  std::optional<std::int64_t> first;
  for (const Seat& st : seats_) {
    if (st.user <= 0 || st.connected()) continue;
    const std::int64_t at = std::max(st.gone_since, ended_at_) + grace;
    if (!first || at < *first) first = at;
  }
  if (first) set_clock(Clock::kRelease, *first);
}

void TableCore::release_absent() {
  if (closed_ || !game_ || state_ == State::kPlaying || starting_) return;
  const std::int64_t grace = std::int64_t{config_.reconnect_grace} * 1000;
  bool freed = false;
  for (size_t i = 0; i < seats_.size(); ++i) {
    Seat& st = seats_[i];
    if (st.user <= 0 || st.connected() || std::max(st.gone_since, ended_at_) + grace > now_.mono_ms)
      continue;
    st = Seat{};
    broadcast(protocol::event::Leave{static_cast<int>(i)});
    freed = true;
  }
  if (freed) {
    if (state_ == State::kFinished) state_ = State::kOpen;
    store_table();
    close_if_empty();
  }
  arm_release();
}

}  // namespace whist::table
