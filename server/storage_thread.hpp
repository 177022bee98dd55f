// The one storage thread and the database it alone uses, with its group
// commit: what a part that stores needs, and nothing else of the server.
#pragma once

#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <functional>
#include <memory>
#include <vector>

#include "server/metrics.hpp"
#include "server/run_on.hpp"
#include "storage/database.hpp"

namespace whist::server {

class StorageThread {
 public:
  // `metrics` counts the commits.
  explicit StorageThread(Metrics& metrics) : metrics_(metrics) {}

  asio::thread_pool pool{1};              // one thread: the only user of `db`
  std::unique_ptr<storage::Database> db;  // set before the first job

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
    asio::post(pool, [this, job = std::move(job)]() mutable {
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
        pool.get_executor(),
        [this, fn = std::move(fn)] {
          open_batch();
          return fn(*db);
        },
        [this](std::function<void()> deliver) { after_commit(std::move(deliver)); });
  }

 private:
  void open_batch();
  Metrics& metrics_;
  bool batch_open_ = false;                       // storage thread only
  std::vector<std::function<void()>> committed_;  // storage thread only: waiting for the COMMIT
};

// The password hashing thread, off the I/O threads.
class HashingThread {
 public:
  asio::thread_pool pool{1};

  // Runs fn() on the hashing thread and resumes the calling coroutine with
  // its result (or its exception) on the caller's own executor.
  template <typename F>
  auto on_crypto(F fn) {
    return run_on(pool.get_executor(), std::move(fn),
                  [](std::function<void()> deliver) { deliver(); });
  }
};

}  // namespace whist::server
