// The implementations of Database: one connection to SQLite (a file, the
// embedded default) or to PostgreSQL (a server), its schema brought up to
// date by numbered migrations at open (schema.cpp, postgres_schema.cpp).
// Each store is a class of its own over the same connection, in SQL both
// engines run (sql_stores.hpp and sql.hpp, internal).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "storage/database.hpp"

namespace whist::storage {

namespace detail {
class Connection;
class Statement;
struct SqlStores;
}  // namespace detail

class SqlDatabase : public Database {
 public:
  // The database `where` names: a PostgreSQL URI (postgresql://...), or a
  // SQLite file's path. Migrates it.
  explicit SqlDatabase(const std::string& where);
  ~SqlDatabase() override;
  SqlDatabase(const SqlDatabase&) = delete;
  SqlDatabase& operator=(const SqlDatabase&) = delete;

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
  LeaseStore& leases() override;

  int schema_version() const override;

  // The group commit's BEGIN and COMMIT, from statements prepared once (it
  // runs them hundreds of times a second).
  void begin() override;
  void commit() override;
  void rollback() override;
  bool in_transaction() const override;

  // BEGIN, or a savepoint inside the open transaction.
  void begin_unit() override;
  void commit_unit() override;
  void rollback_unit() override;

  // Runs `sql` (no results): the engine's own settings, and tests.
  void exec(const std::string& sql);
  // How many rows the action log may keep behind its newest one before the
  // logged actions of the games in play that far back are stored as chunks
  // (50,000 by default; tests make it small). See action_log.cpp.
  void set_action_log_span(std::int64_t rows);

  // Whether this is PostgreSQL (else SQLite).
  bool postgres() const;

 protected:
  // Migrates the database behind `connection` and opens its stores.
  explicit SqlDatabase(std::unique_ptr<detail::Connection> connection);

 private:
  std::unique_ptr<detail::Connection> db_;
  std::unique_ptr<detail::SqlStores> stores_;
  std::unique_ptr<detail::Statement> begin_st_, commit_st_;
  std::vector<bool> units_;  // for each open unit: whether it is a savepoint
};

// A SQLite file, opened in WAL mode (created if missing). ":memory:" works
// for tests.
class SqliteDatabase final : public SqlDatabase {
 public:
  explicit SqliteDatabase(const std::string& path);
};

// A PostgreSQL database, by its connection URI (postgresql://user@host:port/db
// or a libpq keyword string); its schema is created at the first open.
class PostgresDatabase final : public SqlDatabase {
 public:
  explicit PostgresDatabase(const std::string& uri);
};

// Whether `where` names a PostgreSQL database (postgresql:// or postgres://)
// rather than a SQLite file.
bool is_postgres_uri(const std::string& where);

// `where` as it may be shown or logged: a URI's password (user:PASSWORD@,
// or password=... among its parameters) replaced by ***.
std::string redacted(const std::string& where);

}  // namespace whist::storage
