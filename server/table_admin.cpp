// The operator closes a live table (whistctl close-table, through
// server/admin.cpp). On the table's strand: everyone seated or watching gets
// the event {"type": "closed", "reason"}, the table leaves the lobby and the
// hub and is stored closed; then, on the storage thread and after every
// write the table queued before, its game in progress is stored as
// abandoned and a Compete game's buy-ins are refunded (admin_ops.cpp). The
// event goes out once that is written. Also the table's chat, read for a
// player's report.
#include <spdlog/spdlog.h>

#include <nlohmann/json.hpp>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>
#include <exception>

#include "server/admin_ops.hpp"
#include "server/table.hpp"
#include "table/clock.hpp"

namespace whist::server {

namespace asio = boost::asio;

asio::awaitable<std::string> Table::chat_for_report() {
  auto self = shared_from_this();
  auto read = [self]() -> asio::awaitable<std::string> {
    nlohmann::json lines = nlohmann::json::array();
    for (const auto& [line, at] : self->core_->recent_chat())
      lines.push_back({{"from", line.from},
                       {"seat", line.seat ? nlohmann::json(*line.seat) : nlohmann::json()},
                       {"text", line.text},
                       {"at", at}});
    co_return lines.dump();
  };
  co_return co_await asio::co_spawn(strand_, read(), asio::use_awaitable);
}

asio::awaitable<std::string> Table::admin_close(std::string reason) {
  auto job = close_by_operator(std::move(reason));
  co_return co_await asio::co_spawn(strand_, std::move(job), asio::use_awaitable);
}

// On the strand.
asio::awaitable<std::string> Table::close_by_operator(std::string reason) {
  auto self = shared_from_this();  // alive until the end, though out of the hub
  const std::string name = "table " + std::to_string(id_);
  const int told = core_->close_by_operator(reason, table_now());
  if (told < 0) co_return name + " was already closed: nothing changed";
  // The event goes out once the game is stored as abandoned.
  std::vector<Outgoing> held;
  carry_out(&held);
  const std::int64_t table = id_;
  const int buy_in = core_->setup().settings.buy_in;
  const auto at = unix_now();
  auto abandon = [table, buy_in, at](storage::Database& db) {
    return abandon_table_games(db, table, buy_in, at);
  };
  std::string games;
  std::exception_ptr failed;
  try {
    games = co_await storage_.on_storage(std::move(abandon));
  } catch (...) {
    failed = std::current_exception();
  }
  if (!held.empty()) post_storage({}, std::move(held));
  if (failed) std::rethrow_exception(failed);
  spdlog::info("{} closed by the operator ({}){}", name, reason, games.empty() ? "" : ": " + games);
  std::string done = name + " closed; " + std::to_string(told) + " player(s) and watcher(s) told";
  if (!games.empty()) done += "; " + games;
  co_return done;
}

}  // namespace whist::server
