// Group commit on the storage thread (see StorageThread::store in storage_thread.hpp).
#include <spdlog/spdlog.h>

#include <chrono>

#include "server/storage_thread.hpp"

namespace whist::server {

void StorageThread::open_batch() {
  if (batch_open_) return;
  try {
    db->begin();
  } catch (const std::exception& e) {
    // This job then writes on its own, as without grouping.
    spdlog::error("storage: opening the shared transaction: {}", e.what());
    return;
  }
  batch_open_ = true;
  // Behind every job already queued: they all share this transaction.
  asio::post(pool, [this] { commit_batch(); });
}

void StorageThread::commit_batch() {
  if (!batch_open_) return;
  batch_open_ = false;
  const auto began = std::chrono::steady_clock::now();
  try {
    if (db->in_transaction())
      db->commit();
    else
      spdlog::error("storage: SQLite rolled back the shared transaction after an error");
  } catch (const std::exception& e) {
    spdlog::error("storage: committing: {}", e.what());
    try {
      db->rollback();
    } catch (const std::exception&) {
    }
  }
  ++metrics_.storage_commits_total;
  const std::int64_t us = std::chrono::duration_cast<std::chrono::microseconds>(
                              std::chrono::steady_clock::now() - began)
                              .count();
  metrics_.storage_commit_us_total += us;
  for (auto max = metrics_.storage_commit_us_max.load();
       us > max && !metrics_.storage_commit_us_max.compare_exchange_weak(max, us);) {
  }
  auto ready = std::move(committed_);
  committed_.clear();
  for (auto& fn : ready) fn();
}

void StorageThread::after_commit(std::function<void()> fn) {
  if (batch_open_)
    committed_.push_back(std::move(fn));
  else
    fn();
}

}  // namespace whist::server
