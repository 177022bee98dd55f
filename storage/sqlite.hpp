// Internal to storage/: thin RAII helpers over the SQLite C API, shared by
// the .cpp files that implement the SQLite stores. Not part of the public API: nothing outside
// storage/ should include it.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "storage/storage_error.hpp"

namespace whist::storage::detail {

// Throws StorageError with `what` and SQLite's message for `db`. Never pass
// anything secret in `what`: it goes into the message as is.
[[noreturn]] inline void fail(sqlite3* db, std::string_view what) {
  std::string message(what);
  message += ": ";
  message += db != nullptr ? sqlite3_errmsg(db) : "out of memory";
  throw StorageError(message);
}

inline void exec_or_throw(sqlite3* db, const char* sql, std::string_view what) {
  if (sqlite3_exec(db, sql, nullptr, nullptr, nullptr) != SQLITE_OK) fail(db, what);
}

// One prepared statement, finalized on scope exit. Values are bound, never
// spliced into the SQL. `what` names the operation in error messages; it is
// kept as a view, so it must outlive the statement (a literal, usually).
class Statement {
 public:
  Statement(sqlite3* db, std::string_view sql, std::string_view what) : db_(db), what_(what) {
    if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr) !=
        SQLITE_OK)
      fail(db_, what_);
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int i, std::int64_t value) {
    if (sqlite3_bind_int64(stmt_, i, value) != SQLITE_OK) fail(db_, what_);
    return *this;
  }
  Statement& bind(int i, std::string_view value) {
    // A null data() would bind SQL NULL; an empty view is the empty string.
    const char* data = value.data() != nullptr ? value.data() : "";
    if (sqlite3_bind_text64(stmt_, i, data, value.size(), SQLITE_TRANSIENT, SQLITE_UTF8) !=
        SQLITE_OK)
      fail(db_, what_);
    return *this;
  }
  // (Named apart: an int argument would fit bind(int64) and a double alike.)
  Statement& bind_real(int i, double value) {
    if (sqlite3_bind_double(stmt_, i, value) != SQLITE_OK) fail(db_, what_);
    return *this;
  }
  Statement& bind_null(int i) {
    if (sqlite3_bind_null(stmt_, i) != SQLITE_OK) fail(db_, what_);
    return *this;
  }

  // Makes the statement ready to run again; bindings are kept until rebound.
  void reset() { sqlite3_reset(stmt_); }

  // SQLITE_ROW, SQLITE_DONE, or (for callers that handle some) the error code.
  int step_raw() { return sqlite3_step(stmt_); }
  // True for a row, false when done; throws on any error.
  bool step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    fail(db_, what_);
  }
  // Steps a statement expected to return no row (or to the end of its rows).
  void run() {
    while (step()) {
    }
  }

  bool is_null(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  std::int64_t int64(int col) const { return sqlite3_column_int64(stmt_, col); }
  double real(int col) const { return sqlite3_column_double(stmt_, col); }
  std::string text(int col) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    if (p == nullptr) return {};
    return std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col)));
  }

 private:
  sqlite3* db_;
  std::string_view what_;
  sqlite3_stmt* stmt_ = nullptr;
};

// BEGIN IMMEDIATE ... COMMIT, rolled back if left without commit().
//
// If a transaction is already open on the connection (the caller ran BEGIN
// IMMEDIATE itself, to put several operations in one transaction), this one
// is a savepoint inside it instead: commit() releases the savepoint, and
// leaving without commit() rolls back to it, undoing this part only. The
// outer transaction decides what is finally committed.
class Transaction {
 public:
  Transaction(sqlite3* db, std::string_view what)
      : db_(db), what_(what), nested_(sqlite3_get_autocommit(db) == 0) {
    if (sqlite3_exec(db_, nested_ ? "SAVEPOINT whist_tx" : "BEGIN IMMEDIATE", nullptr, nullptr,
                     nullptr) != SQLITE_OK)
      fail(db_, std::string(what_) + " (begin)");
  }
  ~Transaction() {
    if (done_) return;
    sqlite3_exec(db_, nested_ ? "ROLLBACK TO whist_tx; RELEASE whist_tx" : "ROLLBACK", nullptr,
                 nullptr, nullptr);
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  void commit() {
    if (sqlite3_exec(db_, nested_ ? "RELEASE whist_tx" : "COMMIT", nullptr, nullptr, nullptr) !=
        SQLITE_OK)
      fail(db_, std::string(what_) + " (commit)");
    done_ = true;
  }

 private:
  sqlite3* db_;
  std::string_view what_;
  bool nested_;
  bool done_ = false;
};

// A read transaction (BEGIN ... COMMIT), so that several reads see one
// state of the file even while another connection writes; it takes no
// write lock. Inside an already open transaction it does nothing. It ends
// with COMMIT, which for reads is the same as ROLLBACK, because a rollback
// makes the game store rebuild what it keeps of the action log.
class ReadTransaction {
 public:
  ReadTransaction(sqlite3* db, std::string_view what)
      : db_(db), nested_(sqlite3_get_autocommit(db) == 0) {
    if (!nested_ && sqlite3_exec(db_, "BEGIN", nullptr, nullptr, nullptr) != SQLITE_OK)
      fail(db_, std::string(what) + " (begin)");
  }
  ~ReadTransaction() {
    if (!nested_) sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr);
  }
  ReadTransaction(const ReadTransaction&) = delete;
  ReadTransaction& operator=(const ReadTransaction&) = delete;

 private:
  sqlite3* db_;
  bool nested_;
};

}  // namespace whist::storage::detail
