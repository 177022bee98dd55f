// Play tables: quick play. The server opens them (play.quick), with 15 s
// timers and suggestions; the first person waits quick_fill_seconds for
// others, then computer players take the free seats and the game starts.
#include <boost/asio/bind_executor.hpp>
#include <chrono>

#include "server/table.hpp"

namespace whist::server {

namespace asio = boost::asio;

std::string Table::quick_key(const protocol::TableSetup& setup) {
  return std::string(variant_name(setup.rules.variant)) + "/" + std::to_string(setup.rules.players);
}

void Table::arm_fill() {
  if (fill_armed_ || state_ != State::kOpen) return;
  fill_armed_ = true;
  // The fill comes at a whole second, fill_at (what the table object says):
  // quick_fill_seconds from now, rounded up.
  const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  fill_at_ = (now + 999) / 1000 + ctx_.config.quick_fill_seconds;
  fill_timer_.expires_after(std::chrono::milliseconds(fill_at_ * 1000 - now));
  fill_timer_.async_wait(asio::bind_executor(
      strand_, [self = shared_from_this()](const boost::system::error_code& ec) {
        if (ec) return;
        self->fill_armed_ = false;
        self->fill_with_computers();
        self->flush();
      }));
}

void Table::fill_with_computers() {
  if (closed_ || state_ == State::kPlaying || starting_ || people_count() == 0) return;
  for (size_t i = 0; i < seats_.size(); ++i)
    if (seats_[i].user == 0) seat_computer(static_cast<int>(i));
  if (state_ == State::kFinished) state_ = State::kOpen;
  store_table();
  start_game();
  announce();
}

}  // namespace whist::server
