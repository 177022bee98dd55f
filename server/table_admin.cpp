// The operator closes a live table (whistctl close-table, through
// server/admin.cpp). On the table's strand: everyone seated or watching gets
// the event {"type": "closed", "reason"}, the table leaves the lobby and the
// hub and is stored closed; then, on the storage thread and after every
// write the table queued before, its game in progress is stored as
// abandoned and a Compete game's buy-ins are refunded (admin_ops.cpp). The
// event goes out once that is written.
#include <spdlog/spdlog.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>
#include <exception>

#include "server/admin_ops.hpp"
#include "server/table.hpp"
#include "table/clock.hpp"

namespace whist::server {

namespace asio = boost::asio;

asio::awaitable<std::string> Table::admin_close(std::string reason) {
  auto self = shared_from_this();
  auto job = close_by_operator(std::move(reason));
  std::string done = co_await asio::co_spawn(strand_, std::move(job), asio::use_awaitable);
  co_return done;
}

asio::awaitable<std::string> Table::close_by_operator(std::string reason) {
  auto self = shared_from_this();  // alive until the end, though out of the hub
  const std::string name = "table " + std::to_string(id_);
  if (closed_) co_return name + " was already closed: nothing changed";
  int told = static_cast<int>(watchers_.size());
  for (const Seat& st : seats_) told += st.connected && !st.computer;
  broadcast(protocol::event::Closed{reason});
  if (state_ == State::kPlaying) --ctx_.metrics.tables_playing;
  // Nothing more happens here: no clock, no computer's move, no start.
  state_ = State::kFinished;
  ++game_generation_;
  thinking_ = false;
  timer_armed_ = false;
  close();
  const std::int64_t table = id_;
  const int buy_in = setup_.settings.buy_in;
  const auto now = unix_now();
  auto abandon = [table, buy_in, now](storage::Database& db) {
    return abandon_table_games(db, table, buy_in, now);
  };
  std::string games;
  std::exception_ptr failed;
  try {
    games = co_await ctx_.on_storage(std::move(abandon));
  } catch (...) {
    failed = std::current_exception();
  }
  flush();
  if (failed) std::rethrow_exception(failed);
  spdlog::info("{} closed by the operator ({}){}", name, reason, games.empty() ? "" : ": " + games);
  std::string done = name + " closed; " + std::to_string(told) + " player(s) and watcher(s) told";
  if (!games.empty()) done += "; " + games;
  co_return done;
}

}  // namespace whist::server
