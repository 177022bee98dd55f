// The SQLite database of whistd (see sqlite_database.hpp): the connection,
// its settings, the migrations (schema.cpp) and the transactions; the
// stores are sqlite_stores.hpp's.
//
// The connection sets journal_mode=WAL (persistent in the file),
// synchronous=NORMAL, foreign_keys=ON, busy_timeout=5000 and a page cache
// of up to 16 MiB.
#include "storage/sqlite_database.hpp"

#include <sqlite3.h>

#include "storage/sqlite.hpp"
#include "storage/sqlite_stores.hpp"

namespace whist::storage {

namespace {

using detail::exec_or_throw;
using detail::Statement;

void run_cached(sqlite3* db, std::unique_ptr<Statement>& cached, const char* sql,
                const char* what) {
  if (!cached) cached = std::make_unique<Statement>(db, sql, what);
  cached->reset();
  try {
    cached->run();
  } catch (...) {
    cached->reset();
    throw;
  }
  cached->reset();
}

}  // namespace

SqliteDatabase::SqliteDatabase(const std::string& path) {
  const int rc =
      sqlite3_open_v2(path.c_str(), &db_,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = "opening database '" + path + "': ";
    message += db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close_v2(db_);
    db_ = nullptr;
    throw StorageError(message);
  }
  try {
    sqlite3_extended_result_codes(db_, 1);
    // busy_timeout first, so that the journal-mode switch and the migrations
    // wait for another connection's lock rather than fail at once.
    exec_or_throw(db_, "PRAGMA busy_timeout=5000", "opening database: setting busy_timeout");
    exec_or_throw(db_, "PRAGMA journal_mode=WAL", "opening database: setting journal_mode");
    exec_or_throw(db_, "PRAGMA synchronous=NORMAL", "opening database: setting synchronous");
    exec_or_throw(db_, "PRAGMA foreign_keys=ON", "opening database: setting foreign_keys");
    // Up to 16 MiB of pages (the default is 2 MiB): every game in play
    // appends to its own page, and 2,500 of them at once would otherwise
    // read pages back from the file all the time. Grows only as used.
    exec_or_throw(db_, "PRAGMA cache_size=-16384", "opening database: setting cache_size");
    detail::migrate(db_);
    stores_ = std::make_unique<detail::SqliteStores>(db_);
    // A rollback may undo rows the action log's entries name.
    sqlite3_rollback_hook(db_, &SqliteDatabase::on_rollback, this);
  } catch (...) {
    stores_.reset();
    sqlite3_close_v2(db_);
    db_ = nullptr;
    throw;
  }
}

SqliteDatabase::~SqliteDatabase() {
  // Statements first: the connection closes only once they are finalized.
  stores_.reset();
  begin_st_.reset();
  commit_st_.reset();
  sqlite3_close_v2(db_);
}

void SqliteDatabase::on_rollback(void* self) {
  static_cast<SqliteDatabase*>(self)->stores_->games.forget_action_log();
}

AccountStore& SqliteDatabase::accounts() { return stores_->accounts; }
TableStore& SqliteDatabase::tables() { return stores_->tables; }
GameStore& SqliteDatabase::games() { return stores_->games; }
LedgerStore& SqliteDatabase::ledger() { return stores_->ledger; }
FriendStore& SqliteDatabase::friends() { return stores_->friends; }
ResultStore& SqliteDatabase::results() { return stores_->results; }
AdminStore& SqliteDatabase::admin() { return stores_->admin; }
RatingStore& SqliteDatabase::ratings() { return stores_->ratings; }
SafetyStore& SqliteDatabase::safety() { return stores_->safety; }
EventStore& SqliteDatabase::events() { return stores_->events; }

int SqliteDatabase::schema_version() const { return detail::read_user_version(db_); }

void SqliteDatabase::exec(const std::string& sql) { exec_or_throw(db_, sql.c_str(), "exec"); }

void SqliteDatabase::set_action_log_span(std::int64_t rows) {
  stores_->games.set_action_log_span(rows);
}

bool SqliteDatabase::in_transaction() const { return sqlite3_get_autocommit(db_) == 0; }

void SqliteDatabase::begin() { run_cached(db_, begin_st_, "BEGIN IMMEDIATE", "begin"); }

void SqliteDatabase::commit() { run_cached(db_, commit_st_, "COMMIT", "commit"); }

void SqliteDatabase::rollback() { exec_or_throw(db_, "ROLLBACK", "rollback"); }

void SqliteDatabase::begin_unit() {
  const bool nested = in_transaction();
  exec_or_throw(db_, nested ? "SAVEPOINT whist_unit" : "BEGIN IMMEDIATE", "begin_unit");
  units_.push_back(nested);
}

void SqliteDatabase::commit_unit() {
  if (units_.empty()) throw StorageError("commit_unit: no unit is open");
  const bool nested = units_.back();
  units_.pop_back();
  exec_or_throw(db_, nested ? "RELEASE whist_unit" : "COMMIT", "commit_unit");
}

void SqliteDatabase::rollback_unit() {
  if (units_.empty()) throw StorageError("rollback_unit: no unit is open");
  const bool nested = units_.back();
  units_.pop_back();
  // SQLite may have rolled the whole transaction back itself after an error.
  if (!in_transaction()) return;
  exec_or_throw(db_, nested ? "ROLLBACK TO whist_unit; RELEASE whist_unit" : "ROLLBACK",
                "rollback_unit");
}

}  // namespace whist::storage
