// Checkpoints from a thread of their own. In WAL mode SQLite copies the
// log back into the database file (a checkpoint, two fsyncs) inside the
// commit that takes the log past 1,000 pages: the connection that writes
// stops for that, 10 ms and more on a busy disk, and so does everything
// waiting for its commit (whistd's messages wait for the commit of what
// they announce). A Checkpointer copies the log every `every` on its own
// connection instead (a passive checkpoint: it never blocks the writer),
// so the writer's own checkpoint finds almost nothing left to copy.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

struct sqlite3;

namespace whist::storage {

class Checkpointer {
 public:
  // Opens its connection to the database at `path` (in WAL mode already;
  // opened by a Database first) and starts; throws StorageError if the
  // file cannot be opened. `done` is called (on its thread) after each
  // checkpoint.
  Checkpointer(const std::string& path, std::chrono::milliseconds every,
               std::function<void()> done = {});
  // Stops the thread and closes the connection.
  ~Checkpointer();
  Checkpointer(const Checkpointer&) = delete;
  Checkpointer& operator=(const Checkpointer&) = delete;

 private:
  void run();

  sqlite3* db_ = nullptr;
  const std::chrono::milliseconds every_;
  const std::function<void()> done_;
  std::mutex m_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace whist::storage
