// The SQLite implementation of Database: one connection, opened with WAL
// and foreign keys, its schema brought up to date by numbered migrations at
// open (schema.cpp). Each store is a class of its own over the same
// connection (sqlite_stores.hpp, internal).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "storage/database.hpp"

struct sqlite3;

namespace whist::storage {

namespace detail {
class Statement;
struct SqliteStores;
}  // namespace detail

class SqliteDatabase final : public Database {
 public:
  // Opens (creating if needed) and migrates. ":memory:" works for tests.
  explicit SqliteDatabase(const std::string& path);
  ~SqliteDatabase() override;
  SqliteDatabase(const SqliteDatabase&) = delete;
  SqliteDatabase& operator=(const SqliteDatabase&) = delete;

  AccountStore& accounts() override;
  TableStore& tables() override;
  GameStore& games() override;
  LedgerStore& ledger() override;
  FriendStore& friends() override;
  ResultStore& results() override;
  AdminStore& admin() override;
  RatingStore& ratings() override;
  SafetyStore& safety() override;
  EventStore& events() override;

  int schema_version() const override;

  // BEGIN IMMEDIATE and COMMIT from statements prepared once (the group
  // commit runs them hundreds of times a second).
  void begin() override;
  void commit() override;
  void rollback() override;
  bool in_transaction() const override;

  // BEGIN IMMEDIATE, or a savepoint inside the open transaction.
  void begin_unit() override;
  void commit_unit() override;
  void rollback_unit() override;

  // Runs `sql` (no results): SQLite's own settings (PRAGMA), and tests.
  void exec(const std::string& sql);
  // How many rows the action log may keep behind its newest one before the
  // logged actions of the games in play that far back are stored as chunks
  // (50,000 by default; tests make it small). See action_log.cpp.
  void set_action_log_span(std::int64_t rows);

 private:
  static void on_rollback(void* self);

  sqlite3* db_ = nullptr;
  std::unique_ptr<detail::SqliteStores> stores_;
  std::unique_ptr<detail::Statement> begin_st_, commit_st_;
  std::vector<bool> units_;  // for each open unit: whether it is a savepoint
};

}  // namespace whist::storage
