// After a game, a seat is not held for someone gone: a seated person whose
// connection ended and who is not back within reconnect_grace seconds
// (counted from the later of their going and the game's end) leaves the
// seat, as if they had sent table.leave: everyone is told (`leave`), the
// table is open to others again, and it closes when nobody is left. So
// closing the tab at a finished table ends in the same place as leaving it.
// (Before the first game the seat is kept until its player leaves: a
// scheduled table's players need not stay connected until the start.)
#include <algorithm>
#include <boost/asio/bind_executor.hpp>
#include <chrono>
#include <optional>

#include "server/table.hpp"

namespace whist::server {

namespace asio = boost::asio;

namespace {

// Whether the table is between games (one has been played, none is on).
bool after_a_game(bool played, bool playing, bool starting) {
  return played && !playing && !starting;
}

}  // namespace

void Table::arm_release() {
  if (closed_ || !after_a_game(game_.has_value(), state_ == State::kPlaying, starting_)) return;
  const auto grace = std::chrono::seconds(ctx_.config.reconnect_grace);
  std::optional<std::chrono::steady_clock::time_point> first;
  for (const Seat& st : seats_) {
    if (st.user <= 0 || st.connected) continue;
    const auto at = std::max(st.gone_since, ended_at_) + grace;
    if (!first || at < *first) first = at;
  }
  if (!first) return;
  // A wait already set is cancelled (its handler sees the error); a handler
  // already due runs release_absent(), which frees only seats whose time came.
  release_timer_.expires_at(*first);
  release_timer_.async_wait(asio::bind_executor(
      strand_, [self = shared_from_this()](const boost::system::error_code& ec) {
        if (ec) return;
        self->release_absent();
        self->flush();
      }));
}

void Table::release_absent() {
  if (closed_ || !after_a_game(game_.has_value(), state_ == State::kPlaying, starting_)) return;
  const auto now = std::chrono::steady_clock::now();
  const auto grace = std::chrono::seconds(ctx_.config.reconnect_grace);
  bool freed = false;
  for (size_t i = 0; i < seats_.size(); ++i) {
    Seat& st = seats_[i];
    if (st.user <= 0 || st.connected || std::max(st.gone_since, ended_at_) + grace > now) continue;
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

}  // namespace whist::server
