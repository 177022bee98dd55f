// Internal to storage/: one SQL connection and its statements, over either
// engine (SQLite: sqlite_connection.cpp; PostgreSQL: postgres_connection.cpp),
// so that each store is written once, in the SQL both accept. Not part of
// the public API: nothing outside storage/ includes it.
//
// The SQL the stores write is the common part of the two dialects:
// parameters numbered ?1, ?2... (the PostgreSQL driver writes them $1,
// $2...), INSERT ... ON CONFLICT ... DO NOTHING / DO UPDATE, COALESCE,
// CASE. A new row's id comes from Statement::insert_id() (SQLite's rowid;
// PostgreSQL's RETURNING id, added by its driver: SQLite's RETURNING costs
// a statement journal and a temporary table each time). A statement that
// differs is chosen by Connection::dialect().
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "storage/storage_error.hpp"

namespace whist::storage::detail {

enum class Dialect { kSqlite, kPostgres };

// How a step ended, for the callers that handle a broken constraint
// themselves (any other error throws). A broken constraint undoes only the
// statement in SQLite, but the whole transaction in PostgreSQL: a caller
// that handles one must be inside a Transaction (a savepoint) and leave it
// without commit().
enum class StepResult { kRow, kDone, kUnique, kForeignKey };

// A prepared statement of one engine (Statement's inside).
class Cursor {
 public:
  virtual ~Cursor() = default;
  virtual void bind_int64(int i, std::int64_t value) = 0;
  virtual void bind_text(int i, std::string_view value) = 0;
  virtual void bind_real(int i, double value) = 0;
  virtual void bind_null(int i) = 0;
  virtual void reset() = 0;
  virtual StepResult step() = 0;
  // Runs an INSERT into a table keyed by `id`: the new row's id, or 0 if it
  // inserted none (ON CONFLICT DO NOTHING).
  virtual std::int64_t insert_id() = 0;
  // The last step's error: the statement's `what` and the engine's message.
  virtual std::string error() const = 0;
  [[noreturn]] void fail() const { throw StorageError(error()); }
  virtual bool is_null(int col) const = 0;
  virtual std::int64_t int64(int col) const = 0;
  virtual double real(int col) const = 0;
  virtual std::string text(int col) const = 0;
};

class Connection {
 public:
  virtual ~Connection() = default;
  virtual Dialect dialect() const = 0;
  // `what` names the operation in errors; it must outlive the statement.
  virtual std::unique_ptr<Cursor> prepare(std::string_view sql, std::string_view what) = 0;
  // Runs statements that return no rows (one or several, separated by ';').
  // (NUL-terminated, as both engines take it: no copy for the savepoints
  // every storage job opens.)
  virtual void exec(const char* sql, std::string_view what) = 0;
  virtual bool in_transaction() const = 0;
  // Rows written by the last INSERT, UPDATE or DELETE run to its end.
  virtual std::int64_t changes() const = 0;
  // Throws StorageError with `what` and the engine's last message. Never
  // pass anything secret in `what`: it goes into the message as is.
  [[noreturn]] virtual void fail(std::string_view what) const = 0;
  // Starts a transaction that will write (SQLite takes its write lock at
  // once), and one that only reads, seeing one state of the database.
  virtual const char* begin_write_sql() const = 0;
  virtual const char* begin_read_sql() const = 0;
  // Called after a whole transaction is rolled back (not a savepoint): the
  // stores' copies of what it wrote may be wrong.
  virtual void on_rollback(std::function<void()> hook) = 0;
};

// One prepared statement. Values are bound, never spliced into the SQL.
class Statement {
 public:
  Statement(Connection* db, std::string_view sql, std::string_view what)
      : cursor_(db->prepare(sql, what)) {}

  Statement& bind(int i, std::int64_t value) {
    cursor_->bind_int64(i, value);
    return *this;
  }
  Statement& bind(int i, std::string_view value) {
    cursor_->bind_text(i, value);
    return *this;
  }
  // (Named apart: an int argument would fit bind(int64) and a double alike.)
  Statement& bind_real(int i, double value) {
    cursor_->bind_real(i, value);
    return *this;
  }
  Statement& bind_null(int i) {
    cursor_->bind_null(i);
    return *this;
  }

  // Makes the statement ready to run again; bindings are kept until rebound.
  void reset() { cursor_->reset(); }

  // A row, the end, or a broken constraint (see StepResult); throws on any
  // other error.
  StepResult try_step() { return cursor_->step(); }
  // True for a row, false when done; throws on any error.
  bool step() {
    const StepResult r = cursor_->step();
    if (r == StepResult::kRow) return true;
    if (r == StepResult::kDone) return false;
    cursor_->fail();
  }
  // Steps a statement expected to return no row (or to the end of its rows).
  void run() {
    while (step()) {
    }
  }

  // Runs an INSERT into a table keyed by `id` (the SQL says no RETURNING):
  // the new row's id, or 0 if it inserted none (ON CONFLICT DO NOTHING).
  std::int64_t insert_id() { return cursor_->insert_id(); }

  bool is_null(int col) const { return cursor_->is_null(col); }
  std::int64_t int64(int col) const { return cursor_->int64(col); }
  double real(int col) const { return cursor_->real(col); }
  std::string text(int col) const { return cursor_->text(col); }

 private:
  std::unique_ptr<Cursor> cursor_;
};

// A write transaction, rolled back if left without commit().
//
// If a transaction is already open on the connection (the caller began
// one, to put several operations in one transaction), this one is a
// savepoint inside it instead: commit() releases the savepoint, and leaving
// without commit() rolls back to it, undoing this part only. The outer
// transaction decides what is finally committed.
class Transaction {
 public:
  Transaction(Connection* db, std::string_view what)
      : db_(db), what_(what), nested_(db->in_transaction()) {
    db_->exec(nested_ ? "SAVEPOINT whist_tx" : db_->begin_write_sql(), what_);
  }
  ~Transaction() {
    if (done_) return;
    try {
      db_->exec(nested_ ? "ROLLBACK TO whist_tx; RELEASE whist_tx" : "ROLLBACK", what_);
    } catch (const StorageError&) {
      // SQLite may have rolled the transaction back itself after an error.
    }
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  void commit() {
    db_->exec(nested_ ? "RELEASE whist_tx" : "COMMIT", what_);
    done_ = true;
  }

 private:
  Connection* db_;
  std::string_view what_;
  bool nested_;
  bool done_ = false;
};

// A read transaction, so that several reads see one state of the database
// even while another connection writes; in SQLite it takes no write lock.
// Inside an already open transaction it does nothing. It ends with COMMIT,
// which for reads is the same as ROLLBACK, because a rollback makes the
// game store rebuild what it keeps of the action log.
class ReadTransaction {
 public:
  ReadTransaction(Connection* db, std::string_view what)
      : db_(db), what_(what), nested_(db->in_transaction()) {
    if (!nested_) db_->exec(db_->begin_read_sql(), what_);
  }
  ~ReadTransaction() {
    if (nested_) return;
    try {
      db_->exec("COMMIT", what_);
    } catch (const StorageError&) {
    }
  }
  ReadTransaction(const ReadTransaction&) = delete;
  ReadTransaction& operator=(const ReadTransaction&) = delete;

 private:
  Connection* db_;
  std::string_view what_;
  bool nested_;
};

// The SQLite connection to `path` (created if missing), with its settings.
std::unique_ptr<Connection> open_sqlite(const std::string& path);
// A PostgreSQL connection, by URI or libpq keywords.
std::unique_ptr<Connection> open_postgres(const std::string& uri);

// The larger and smaller of two values in one row (SQLite's max(a, b),
// PostgreSQL's greatest(a, b)): the function's name.
inline const char* greatest(const Connection* db) {
  return db->dialect() == Dialect::kPostgres ? "greatest" : "max";
}
inline const char* least(const Connection* db) {
  return db->dialect() == Dialect::kPostgres ? "least" : "min";
}
// Where a text is found in another (0: not found), as f(haystack, needle).
inline const char* position_of(const Connection* db) {
  return db->dialect() == Dialect::kPostgres ? "strpos" : "instr";
}

}  // namespace whist::storage::detail
