// Scheduled tables: a table with start_at (Join or Compete, within 24
// hours) starts at that time, not before, when every seat is taken. At
// that time a table whose seats are not all taken is cancelled (nothing is
// charged), unless its creator allowed computer players to fill it.
#include <spdlog/spdlog.h>

#include <boost/asio/bind_executor.hpp>
#include <chrono>

#include "protocol/pushes.hpp"
#include "server/table.hpp"
#include "server/ws_session.hpp"
#include "table/clock.hpp"

namespace whist::server {

namespace asio = boost::asio;

void Table::start_when_due() {
  // Before its time a full scheduled table waits (only its first game).
  if (setup_.settings.start_at > unix_now() && !game_) return;
  start_game();
}

void Table::arm_schedule() {
  if (!setup_.settings.start_at || game_ || closed_) return;
  const std::int64_t left = std::max<std::int64_t>(0, setup_.settings.start_at - unix_now());
  fill_timer_.expires_after(std::chrono::seconds(left));
  fill_timer_.async_wait(asio::bind_executor(
      strand_, [self = shared_from_this()](const boost::system::error_code& ec) {
        if (ec) return;
        self->on_start_time();
        self->flush();
      }));
}

void Table::on_start_time() {
  if (closed_ || game_ || state_ != State::kOpen || starting_) return;
  // The first game's start (perhaps after its buy-ins) is told to everyone seated.
  opening_ = true;
  if (seated_count() == static_cast<int>(seats_.size())) return start_game();
  if (setup_.settings.computers_fill && people_count() > 0) {
    for (size_t i = 0; i < seats_.size(); ++i)
      if (seats_[i].user == 0) seat_computer(static_cast<int>(i));
    store_table();
    start_game();
    return announce();
  }
  spdlog::info("table {}: not full at its start time; cancelled", id_);
  broadcast(protocol::event::Cancelled{});
  notify_opened(false);
  close();
}

void Table::notify_opened(bool started) {
  opening_ = false;
  auto m = std::make_shared<const std::string>(
      protocol::push::push_text(protocol::push::TableOpened{id_, started}));
  std::vector<std::int64_t> people;
  for (const Seat& st : seats_)
    if (st.user > 0) people.push_back(st.user);
  // After the start or cancellation itself (the outbox keeps the order).
  outbox_.push_back(Outgoing{{},
                             nullptr,
                             {},
                             false,
                             [hub = &hub_, m, people] {
                               for (const std::int64_t u : people) hub->presence.send(u, m);
                             },
                             {}});
}

}  // namespace whist::server
