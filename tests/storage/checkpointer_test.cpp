// The checkpoint thread: it copies the write-ahead log into the database
// file while the writer goes on, and stops when destroyed.
#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

#include "storage/checkpointer.hpp"
#include "storage/sql_database.hpp"
#include "tests/storage/support.hpp"

using namespace whist::storage;
using whist::storage::test::TempDb;

namespace {

// Waits up to 20 s for `pred`.
template <typename Pred>
bool eventually(Pred pred) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!pred()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

}  // namespace

TEST_CASE("the checkpoint thread copies the log into the database file", "[checkpointer][sqlite]") {
  TempDb tmp;
  SqliteDatabase db(tmp.path());
  const auto size0 = std::filesystem::file_size(tmp.path());
  // Far fewer pages than SQLite's own checkpoint waits for (1,000): only
  // the checkpoint thread can move them into the file.
  for (int i = 0; i < 40; ++i) {
    REQUIRE(db.tables().create_table(std::string(2000, 'x'), TableState::kOpen, i) > 0);
  }
  CHECK(std::filesystem::file_size(tmp.path()) == size0);
  std::atomic<int> done{0};
  {
    Checkpointer ckpt(tmp.path(), std::chrono::milliseconds(10), [&] { ++done; });
    REQUIRE(eventually([&] { return done.load() >= 2; }));
    CHECK(std::filesystem::file_size(tmp.path()) > size0 + 40 * 2000);
    // The writer goes on meanwhile; what it writes is read back.
    const auto id = db.tables().create_table("{}", TableState::kOpen, 99);
    REQUIRE(db.tables().table(id).has_value());
  }
  // Stopped: no more checkpoints after the destructor returned.
  const int after = done.load();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(done.load() == after);
}

TEST_CASE("a checkpoint thread for a file that cannot be opened throws", "[checkpointer][sqlite]") {
  CHECK_THROWS_AS(Checkpointer("/nonexistent-dir/whist.sqlite", std::chrono::milliseconds(10)),
                  StorageError);
}
