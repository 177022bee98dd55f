// When a full table's game starts. A scheduled table (start_at: Join or
// Compete, within 24 hours) starts at that time, not before, when every
// seat is taken; at that time a table whose seats are not all taken is
// cancelled (nothing is charged), unless its creator allowed computer
// players to fill it. Play tables (quick play, opened by play.quick, with
// 15 s timers and suggestions): the first person waits quick_fill_seconds
// for others, then computer players take the free seats and the game
// starts. Both use the table's start clock (Clock::kStart).
#include <algorithm>

#include "protocol/pushes.hpp"
#include "table/core.hpp"

namespace whist::table {

void TableCore::created(Now now) {
  run(now, [&] {
    announce();
    arm_schedule();
  });
}

void TableCore::start_when_due() {
  // Before its time a full scheduled table waits (only its first game).
  if (setup_.settings.start_at > now_.unix_s() && !game_) return;
  start_game();
}

void TableCore::arm_schedule() {
  if (!setup_.settings.start_at || game_ || closed_) return;
  const std::int64_t left =
      std::max<std::int64_t>(0, setup_.settings.start_at * 1000 - now_.unix_ms);
  set_clock(Clock::kStart, now_.mono_ms + left);
}

void TableCore::on_start_time() {
  if (closed_ || game_ || state_ != State::kOpen || starting_) return;
  // The first game's start (perhaps after its buy-ins) is told to everyone seated.
  opening_ = true;
  if (full()) return start_game();
  if (setup_.settings.computers_fill && people_count() > 0) {
    for (size_t i = 0; i < seats_.size(); ++i)
      if (seats_[i].user == 0) seat_computer(static_cast<int>(i));
    store_table();
    start_game();
    return announce();
  }
  log(LogLine::Level::kInfo,
      "table " + std::to_string(id_) + ": not full at its start time; cancelled");
  broadcast(protocol::event::Cancelled{});
  notify_opened(false);
  close();
}

void TableCore::notify_opened(bool started) {
  opening_ = false;
  auto m = std::make_shared<const std::string>(
      protocol::push::push_text(protocol::push::TableOpened{id_, started}));
  std::vector<std::int64_t> people;
  for (const Seat& st : seats_)
    if (st.user > 0) people.push_back(st.user);
  // After the start or cancellation itself (messages keep their order).
  out_.messages.push_back(Message{0, std::move(m), {}, {}, false, std::move(people)});
}

void TableCore::arm_fill() {
  if (fill_armed_ || state_ != State::kOpen) return;
  fill_armed_ = true;
  // The fill comes at a whole second, fill_at (what the table's summary
  // says): quick_fill_seconds from now, rounded up.
  fill_at_ = (now_.unix_ms + 999) / 1000 + config_.quick_fill_seconds;
  set_clock(Clock::kStart, now_.mono_ms + (fill_at_ * 1000 - now_.unix_ms));
}

void TableCore::fill_with_computers() {
  if (closed_ || state_ == State::kPlaying || starting_ || people_count() == 0) return;
  for (size_t i = 0; i < seats_.size(); ++i)
    if (seats_[i].user == 0) seat_computer(static_cast<int>(i));
  if (state_ == State::kFinished) state_ = State::kOpen;
  store_table();
  start_game();
  announce();
}

}  // namespace whist::table
