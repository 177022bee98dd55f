// What every part of the running server shares: the configuration, the
// executors (I/O, storage, password hashing, computer players), the database (used on the
// storage executor only) and the metrics. Included by server .cpp files.
#pragma once

#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <exception>
#include <memory>
#include <type_traits>

#include "server/abuse.hpp"
#include "server/bots.hpp"
#include "server/config.hpp"
#include "server/metrics.hpp"
#include "storage/database.hpp"

namespace whist::server {

namespace asio = boost::asio;

struct Hub;

struct Context {
  Config config;
  Metrics metrics;
  asio::thread_pool storage_pool{1};  // one thread: the only user of `db`
  asio::thread_pool crypto_pool{1};   // password hashing, off the I/O threads
  std::unique_ptr<storage::Database> db;
  std::unique_ptr<BotPool> bots;  // the computer players' thinking threads
  Hub* hub = nullptr;             // the lobby and the tables
  // Set on SIGTERM: no new connections or tables; clients are told to go.
  std::atomic<bool> draining{false};
  Abuse abuse;  // limits shared by every connection

  // Runs fn(db) on the storage thread and resumes the calling coroutine
  // with its result (or its exception) on the caller's own executor.
  template <typename F>
  auto on_storage(F fn) {
    return run_on(storage_pool.get_executor(), [this, fn = std::move(fn)] { return fn(*db); });
  }
  // Runs fn() on the hashing thread, the same way.
  template <typename F>
  auto on_crypto(F fn) {
    return run_on(crypto_pool.get_executor(), std::move(fn));
  }

 private:
  // Posts fn to `where`, and its outcome back to the awaiting coroutine's
  // executor. A void fn completes with 0.
  template <typename Executor, typename F>
  static auto run_on(Executor where, F fn) {
    using Raw = decltype(fn());
    using R = std::conditional_t<std::is_void_v<Raw>, int, Raw>;
    return asio::async_initiate<decltype(asio::use_awaitable), void(std::exception_ptr, R)>(
        [where](auto handler, F fn) {
          auto back = asio::get_associated_executor(handler);
          auto work = asio::make_work_guard(back);
          asio::post(where, [handler = std::move(handler), fn = std::move(fn), back,
                             work = std::move(work)]() mutable {
            std::exception_ptr error;
            R result{};
            try {
              if constexpr (std::is_void_v<Raw>)
                fn();
              else
                result = fn();
            } catch (...) {
              error = std::current_exception();
            }
            asio::post(back,
                       [handler = std::move(handler), error, result = std::move(result)]() mutable {
                         std::move(handler)(error, std::move(result));
                       });
          });
        },
        asio::use_awaitable, std::move(fn));
  }
};

}  // namespace whist::server
