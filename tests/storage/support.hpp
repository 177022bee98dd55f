// Helpers for the storage tests: a temporary database file, and a raw
// sqlite3 connection that checks (or tampers with) what a Database wrote,
// independently of its own reads.
#pragma once

#include <catch2/catch.hpp>

#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>

namespace whist::storage::test {

// A unique database path in the temporary directory; removes the file and
// its -wal and -shm companions when done.
class TempDb {
 public:
  TempDb() {
    static std::atomic<int> counter{0};
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() /
            ("whist_storage_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) +
             "_" + std::to_string(rd()) + ".sqlite");
    remove_all();
  }
  ~TempDb() { remove_all(); }
  TempDb(const TempDb&) = delete;
  TempDb& operator=(const TempDb&) = delete;

  std::string path() const { return path_.string(); }
  std::filesystem::path wal() const { return std::filesystem::path(path_.string() + "-wal"); }

 private:
  void remove_all() {
    std::error_code ec;
    std::filesystem::remove(path_, ec);
    std::filesystem::remove(path_.string() + "-wal", ec);
    std::filesystem::remove(path_.string() + "-shm", ec);
    std::filesystem::remove(path_.string() + "-journal", ec);
  }
  std::filesystem::path path_;
};

// A second, independent connection for checking what is in the file.
class Raw {
 public:
  explicit Raw(const std::string& path) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
        SQLITE_OK)
      FAIL("raw open: " << sqlite3_errmsg(db_));
    sqlite3_busy_timeout(db_, 5000);
  }
  ~Raw() { sqlite3_close_v2(db_); }
  Raw(const Raw&) = delete;
  Raw& operator=(const Raw&) = delete;

  void exec(const std::string& sql) {
    char* err = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
      std::string msg = err != nullptr ? err : "?";
      sqlite3_free(err);
      FAIL("raw exec: " << msg);
    }
  }
  // The first column of the first row, as text ("" if no row or NULL).
  std::string text(const std::string& sql) {
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &st, nullptr) != SQLITE_OK)
      FAIL("raw prepare: " << sqlite3_errmsg(db_));
    std::string out;
    const int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
      const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
      if (p != nullptr) out = p;
    } else if (rc != SQLITE_DONE) {
      std::string msg = sqlite3_errmsg(db_);
      sqlite3_finalize(st);
      FAIL("raw step: " << msg);
    }
    sqlite3_finalize(st);
    return out;
  }
  std::int64_t integer(const std::string& sql) { return std::stoll(text(sql)); }

 private:
  sqlite3* db_ = nullptr;
};

}  // namespace whist::storage::test
