#include "storage/checkpointer.hpp"

#include <sqlite3.h>

#include "storage/storage_error.hpp"

namespace whist::storage {

Checkpointer::Checkpointer(const std::string& path, std::chrono::milliseconds every,
                           std::function<void()> done)
    : every_(every), done_(std::move(done)) {
  const int rc =
      sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = "opening database '" + path + "' for checkpoints: ";
    message += db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close_v2(db_);
    throw StorageError(message);
  }
  // This connection never writes: it must not checkpoint on close either
  // (the writer's connection does, when it closes last).
  sqlite3_db_config(db_, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
  // A first read opens the log: until then the connection does not know
  // the file is in WAL mode, and a checkpoint does nothing.
  sqlite3_busy_timeout(db_, 5000);
  if (sqlite3_exec(db_, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr) !=
      SQLITE_OK) {
    std::string message = "reading database '" + path + "' for checkpoints: ";
    message += sqlite3_errmsg(db_);
    sqlite3_close_v2(db_);
    throw StorageError(message);
  }
  thread_ = std::thread([this] { run(); });
}

Checkpointer::~Checkpointer() {
  {
    std::lock_guard lock(m_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
  sqlite3_close_v2(db_);
}

void Checkpointer::run() {
  std::unique_lock lock(m_);
  while (!wake_.wait_for(lock, every_, [this] { return stop_; })) {
    lock.unlock();
    // Passive: copies what no reader still needs, waits for no one. A busy
    // result (the writer checkpointing) is tried again next time.
    const int rc =
        sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
    if (rc == SQLITE_OK && done_) done_();
    lock.lock();
  }
}

}  // namespace whist::storage
