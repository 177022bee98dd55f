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
#include <functional>
#include <memory>
#include <type_traits>
#include <vector>

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
  Hub* hub = nullptr;             // the lobby, the tables and the shared services
  // Set on SIGTERM: no new connections or tables; clients are told to go.
  std::atomic<bool> draining{false};

  // Group commit. Every job on the storage thread runs inside one shared
  // transaction: the first job opens it (BEGIN IMMEDIATE) and queues its
  // COMMIT behind every job already waiting, so one commit covers all the
  // writes that queued up meanwhile. Jobs nest their own transactions as
  // savepoints. What a job announces waits for that COMMIT (after_commit),
  // so nobody is told of a write a crash could still lose.
  //
  // Posts job() to the storage thread, inside the shared transaction.
  template <typename F>
  void store(F job) {
    asio::post(storage_pool, [this, job = std::move(job)]() mutable {
      open_batch();
      job();
    });
  }
  // On the storage thread: runs fn once everything written so far is
  // committed (at once when no shared transaction is open).
  void after_commit(std::function<void()> fn);
  // On the storage thread: commits the shared transaction now, then runs
  // what waited for it. The queued COMMIT job then finds nothing to do.
  void commit_batch();

  // Runs fn(db) on the storage thread and resumes the calling coroutine
  // with its result (or its exception) on the caller's own executor, once
  // what fn wrote is committed.
  template <typename F>
  auto on_storage(F fn) {
    return run_on(
        storage_pool.get_executor(),
        [this, fn = std::move(fn)] {
          open_batch();
          return fn(*db);
        },
        [this](std::function<void()> deliver) { after_commit(std::move(deliver)); });
  }
  // Runs fn() on the hashing thread, the same way.
  template <typename F>
  auto on_crypto(F fn) {
    return run_on(crypto_pool.get_executor(), std::move(fn),
                  [](std::function<void()> deliver) { deliver(); });
  }

 private:
  void open_batch();
  bool batch_open_ = false;                       // storage thread only
  std::vector<std::function<void()>> committed_;  // storage thread only: waiting for the COMMIT

  // Posts fn to `where`, and its outcome back to the awaiting coroutine's
  // executor (through `when`, which may hold it back). A void fn completes
  // with 0.
  template <typename Executor, typename F, typename When>
  static auto run_on(Executor where, F fn, When when) {
    using Raw = decltype(fn());
    using R = std::conditional_t<std::is_void_v<Raw>, int, Raw>;
    return asio::async_initiate<decltype(asio::use_awaitable), void(std::exception_ptr, R)>(
        [where, when](auto handler, F fn) {
          auto back = asio::get_associated_executor(handler);
          auto work = asio::make_work_guard(back);
          asio::post(where, [handler = std::move(handler), fn = std::move(fn), back, when,
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
            // std::function needs a copyable callable: the handler is
            // moved into a shared_ptr.
            auto h = std::make_shared<decltype(handler)>(std::move(handler));
            auto r = std::make_shared<R>(std::move(result));
            auto w = std::make_shared<decltype(work)>(std::move(work));
            when(std::function<void()>([back, h, r, w, error] {
              asio::post(back,
                         [h, r, w, error]() mutable { std::move (*h)(error, std::move(*r)); });
            }));
          });
        },
        asio::use_awaitable, std::move(fn));
  }
};

}  // namespace whist::server
