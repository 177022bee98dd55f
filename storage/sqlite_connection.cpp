// The SQLite side of sql.hpp: a connection to a file, opened in WAL mode
// with foreign keys, and its statements.
//
// The connection sets journal_mode=WAL (persistent in the file),
// synchronous=NORMAL, foreign_keys=ON, busy_timeout=5000 and a page cache
// of up to 16 MiB.
#include <sqlite3.h>

#include <utility>

#include "storage/sql.hpp"

namespace whist::storage::detail {

namespace {

[[noreturn]] void sqlite_fail(sqlite3* db, std::string_view what) {
  std::string message(what);
  message += ": ";
  message += db != nullptr ? sqlite3_errmsg(db) : "out of memory";
  throw StorageError(message);
}

class SqliteCursor final : public Cursor {
 public:
  SqliteCursor(sqlite3* db, std::string_view sql, std::string_view what) : db_(db), what_(what) {
    if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr) !=
        SQLITE_OK)
      sqlite_fail(db_, what_);
  }
  ~SqliteCursor() override { sqlite3_finalize(stmt_); }
  SqliteCursor(const SqliteCursor&) = delete;
  SqliteCursor& operator=(const SqliteCursor&) = delete;

  void bind_int64(int i, std::int64_t value) override {
    if (sqlite3_bind_int64(stmt_, i, value) != SQLITE_OK) fail();
  }
  void bind_text(int i, std::string_view value) override {
    // A null data() would bind SQL NULL; an empty view is the empty string.
    const char* data = value.data() != nullptr ? value.data() : "";
    if (sqlite3_bind_text64(stmt_, i, data, value.size(), SQLITE_TRANSIENT, SQLITE_UTF8) !=
        SQLITE_OK)
      fail();
  }
  void bind_real(int i, double value) override {
    if (sqlite3_bind_double(stmt_, i, value) != SQLITE_OK) fail();
  }
  void bind_null(int i) override {
    if (sqlite3_bind_null(stmt_, i) != SQLITE_OK) fail();
  }
  void reset() override { sqlite3_reset(stmt_); }
  StepResult step() override {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return StepResult::kRow;
    if (rc == SQLITE_DONE) return StepResult::kDone;
    const int code = sqlite3_extended_errcode(db_);
    if (code == SQLITE_CONSTRAINT_UNIQUE || code == SQLITE_CONSTRAINT_PRIMARYKEY)
      return StepResult::kUnique;
    if (code == SQLITE_CONSTRAINT_FOREIGNKEY) return StepResult::kForeignKey;
    fail();
  }
  std::int64_t insert_id() override {
    if (step() != StepResult::kDone) fail();
    return sqlite3_changes(db_) > 0 ? sqlite3_last_insert_rowid(db_) : 0;
  }
  std::string error() const override { return std::string(what_) + ": " + sqlite3_errmsg(db_); }
  bool is_null(int col) const override { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  std::int64_t int64(int col) const override { return sqlite3_column_int64(stmt_, col); }
  double real(int col) const override { return sqlite3_column_double(stmt_, col); }
  std::string text(int col) const override {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    if (p == nullptr) return {};
    return std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col)));
  }

 private:
  sqlite3* db_;
  std::string_view what_;
  sqlite3_stmt* stmt_ = nullptr;
};

class SqliteConnection final : public Connection {
 public:
  explicit SqliteConnection(const std::string& path) {
    const int rc =
        sqlite3_open_v2(path.c_str(), &db_,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
      std::string message = "opening database '" + path + "': ";
      message += db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
      sqlite3_close_v2(db_);
      throw StorageError(message);
    }
    try {
      sqlite3_extended_result_codes(db_, 1);
      // busy_timeout first, so that the journal-mode switch and the
      // migrations wait for another connection's lock rather than fail.
      exec("PRAGMA busy_timeout=5000", "opening database: setting busy_timeout");
      exec("PRAGMA journal_mode=WAL", "opening database: setting journal_mode");
      exec("PRAGMA synchronous=NORMAL", "opening database: setting synchronous");
      exec("PRAGMA foreign_keys=ON", "opening database: setting foreign_keys");
      // Up to 16 MiB of pages (the default is 2 MiB): every game in play
      // appends to its own page, and 2,500 of them at once would otherwise
      // read pages back from the file all the time. Grows only as used.
      exec("PRAGMA cache_size=-16384", "opening database: setting cache_size");
    } catch (...) {
      sqlite3_close_v2(db_);
      throw;
    }
  }
  // Statements are finalized before (the stores go first), and
  // sqlite3_close_v2 waits for any left.
  ~SqliteConnection() override { sqlite3_close_v2(db_); }
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;

  Dialect dialect() const override { return Dialect::kSqlite; }
  std::unique_ptr<Cursor> prepare(std::string_view sql, std::string_view what) override {
    return std::make_unique<SqliteCursor>(db_, sql, what);
  }
  void exec(const char* sql, std::string_view what) override {
    if (sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) != SQLITE_OK) sqlite_fail(db_, what);
  }
  bool in_transaction() const override { return sqlite3_get_autocommit(db_) == 0; }
  std::int64_t changes() const override { return sqlite3_changes64(db_); }
  [[noreturn]] void fail(std::string_view what) const override { sqlite_fail(db_, what); }
  const char* begin_write_sql() const override { return "BEGIN IMMEDIATE"; }
  const char* begin_read_sql() const override { return "BEGIN"; }
  void on_rollback(std::function<void()> hook) override {
    hook_ = std::move(hook);
    sqlite3_rollback_hook(db_, hook_ ? &SqliteConnection::rolled_back : nullptr, this);
  }

 private:
  static void rolled_back(void* self) { static_cast<SqliteConnection*>(self)->hook_(); }

  sqlite3* db_ = nullptr;
  std::function<void()> hook_;
};

}  // namespace

std::unique_ptr<Connection> open_sqlite(const std::string& path) {
  return std::make_unique<SqliteConnection>(path);
}

}  // namespace whist::storage::detail
