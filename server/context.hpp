// What the running server is made of: the configuration, the metrics, the
// storage thread with the database, the hashing thread, the computer
// players' threads, the hub, and whether it is stopping. server.cpp owns
// it; each part is given only the pieces it uses (WsSession::Parts,
// answer_http, serve_admin_commands), so that its constructor or signature
// says what it depends on.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>

#include "server/bots.hpp"
#include "server/config.hpp"
#include "server/metrics.hpp"
#include "server/storage_thread.hpp"
#include "storage/database.hpp"

namespace whist::server {

struct Hub;

struct Context {
  Config config;
  // This process's name among several nodes on one PostgreSQL database
  // ("NAME/PID.START", server/homes.hpp), which its tables' leases carry;
  // "" for one whistd alone.
  std::string node;
  Metrics metrics;
  StorageThread storage{metrics};  // the database, used on its thread only
  HashingThread hashing;           // password hashing, off the I/O threads
  std::unique_ptr<BotPool> bots;   // the computer players' thinking threads
  Hub* hub = nullptr;              // the lobby, the tables and the shared services
  // Set on SIGTERM: no new connections or tables; clients are told to go.
  std::atomic<bool> draining{false};

  // The table (server/table*.cpp) reaches the storage thread through
  // Hub::ctx under these names; a new part takes a StorageThread&.
  std::unique_ptr<storage::Database>& db = storage.db;
  template <typename F>
  void store(F job) {
    storage.store(std::move(job));
  }
  void after_commit(std::function<void()> fn) { storage.after_commit(std::move(fn)); }
  void commit_batch() { storage.commit_batch(); }
  template <typename F>
  auto on_storage(F fn) {
    return storage.on_storage(std::move(fn));
  }
};

}  // namespace whist::server
