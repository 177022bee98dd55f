#include "server/admin.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <chrono>
#include <nlohmann/json.hpp>

#include "server/admin_ops.hpp"
#include "server/hub.hpp"
#include "server/node_bus.hpp"
#include "server/sessions.hpp"
#include "server/storage_thread.hpp"
#include "server/table.hpp"
#include "server/ws_session.hpp"
#include "table/clock.hpp"

namespace whist::server {

namespace {

using nlohmann::json;

// What carrying out a command uses.
struct Admin {
  StorageThread& storage;
  Hub& hub;
  Sessions& sessions;
};

}  // namespace

asio::awaitable<void> close_table_here(Hub& hub, std::int64_t table, std::string reason,
                                       std::int64_t command) {
  AdminOutcome out{1, "the table was not at this node any more; run the command again"};
  if (auto t = co_await hub.find(table)) {
    auto close = t->admin_close(std::move(reason));
    std::string done = co_await std::move(close);
    out = {0, std::move(done)};
  }
  spdlog::info("operator: close-table {}: {}", table, out.message);
  auto finish = [command, result = outcome_json(out), now = unix_now()](storage::Database& db) {
    db.admin().finish_admin_command(command, result, now);
  };
  try {
    co_await hub.ctx.on_storage(std::move(finish));
  } catch (const std::exception& e) {
    spdlog::error("storing the result of operator command {}: {}", command, e.what());
  }
}

namespace {

asio::awaitable<AdminOutcome> close_table(Admin& a, std::int64_t table, std::string reason,
                                          std::int64_t command) {
  if (auto t = co_await a.hub.find(table)) {
    // (GCC 12: the awaited string is a named local, not a temporary in an
    // initializer.)
    auto close = t->admin_close(std::move(reason));
    std::string done = co_await std::move(close);
    AdminOutcome out;
    out.message = std::move(done);
    co_return out;
  }
  // Live on another node: closed there, which stores the result.
  if (a.hub.bus) {
    auto holder = [table, self = a.hub.ctx.node](storage::Database& db) -> std::string {
      const auto lease = db.leases().lease(table);
      if (!lease || lease->expires_ms <= db.leases().clock_ms() || lease->node == self) return {};
      return lease->node;
    };
    const std::string home = co_await a.storage.on_storage(std::move(holder));
    if (!home.empty()) {
      a.hub.bus->close_table(home, table, reason, command);
      co_return AdminOutcome{0, "handed to node " + home, true};
    }
  }
  // Not live: closed already, or not a table; the database says which.
  const auto now = unix_now();
  auto stored = [table, now](storage::Database& db) { return close_stored_table(db, table, now); };
  co_return co_await a.storage.on_storage(std::move(stored));
}

asio::awaitable<AdminOutcome> ban(Admin& a, std::int64_t account, std::string reason) {
  auto write = [account, reason](storage::Database& db) {
    return ban_account(db, account, true, reason);
  };
  AdminOutcome out = co_await a.storage.on_storage(std::move(write));
  if (out.exit != 0) co_return out;
  // Their connections go; their seats are held as for anyone who drops.
  const auto open = co_await a.sessions.snapshot();
  for (const auto& s : open) s->kick_banned(account, reason);
  if (a.hub.bus) a.hub.bus->kick(account, reason);  // and on the other nodes
  out.message += "; their connections are closed";
  co_return out;
}

asio::awaitable<AdminOutcome> carry_out(Admin& a, const storage::AdminCommand& c) {
  const json args = json::parse(c.args, nullptr, false);
  const auto number = [&](const char* key) -> std::int64_t {
    return args.is_object() && args.contains(key) && args[key].is_number_integer()
               ? args[key].get<std::int64_t>()
               : 0;
  };
  const auto text = [&](const char* key) -> std::string {
    return args.is_object() && args.contains(key) && args[key].is_string()
               ? args[key].get<std::string>()
               : std::string();
  };
  if (c.command == "close-table" && number("table") > 0)
    co_return co_await close_table(a, number("table"), text("reason"), c.id);
  if (c.command == "ban" && number("account") > 0)
    co_return co_await ban(a, number("account"), text("reason"));
  co_return AdminOutcome{2, "whistd does not know the command " + c.command + " " + c.args};
}

}  // namespace

asio::awaitable<void> serve_admin_commands(StorageThread& storage, Hub& hub, Sessions& sessions,
                                           const std::atomic<bool>& draining) {
  Admin a{storage, hub, sessions};
  asio::steady_timer timer(co_await asio::this_coro::executor);
  {
    // Commands a stopped whistd had begun: each is safe to run again.
    const auto now = unix_now();
    const std::string result =
        outcome_json({1, "whistd stopped while doing this; run the command again"});
    auto fail = [result, now](storage::Database& db) {
      return db.admin().fail_running_admin_commands(result, now);
    };
    if (const int n = co_await storage.on_storage(std::move(fail)))
      spdlog::warn("{} operator command(s) interrupted by a stop; whistctl may run them again", n);
  }
  auto take = [](storage::Database& db) { return db.admin().take_admin_commands(); };
  while (!draining) {
    std::vector<storage::AdminCommand> commands;
    try {
      commands = co_await storage.on_storage(take);
    } catch (const std::exception& e) {
      spdlog::error("reading the operator's commands: {}", e.what());
    }
    for (const auto& c : commands) {
      AdminOutcome out;
      try {
        out = co_await carry_out(a, c);
      } catch (const std::exception& e) {
        out = {1, std::string("whistd could not do it: ") + e.what()};
      }
      spdlog::info("operator: {} {}: {}", c.command, c.args, out.message);
      if (out.delegated) continue;
      const auto now = unix_now();
      auto finish = [id = c.id, result = outcome_json(out), now](storage::Database& db) {
        db.admin().finish_admin_command(id, result, now);
      };
      try {
        co_await storage.on_storage(std::move(finish));
      } catch (const std::exception& e) {
        spdlog::error("storing the result of operator command {}: {}", c.id, e.what());
      }
    }
    timer.expires_after(std::chrono::milliseconds(500));
    co_await timer.async_wait(asio::use_awaitable);
  }
}

}  // namespace whist::server
