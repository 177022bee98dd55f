// Helpers for the storage tests: a temporary database, and a raw
// connection that checks (or tampers with) what a Database wrote,
// independently of its own reads.
//
// The tests run against SQLite (a file each), or, when the environment has
// WHIST_TEST_DATABASE=postgres, against PostgreSQL (a database each, on a
// server the process starts: postgres_server.hpp). Tests of what only
// SQLite has (its file, WAL, PRAGMA, its migrations) are tagged [sqlite].
#pragma once

#include <catch2/catch.hpp>

#include <libpq-fe.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cstdlib>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>

#include "tests/storage/postgres_server.hpp"

namespace whist::storage::test {

// Whether these tests run against PostgreSQL.
inline bool postgres_mode() {
  const char* e = std::getenv("WHIST_TEST_DATABASE");
  return e != nullptr && std::string(e) == "postgres";
}

// A new database: a unique path in the temporary directory (its file and
// the -wal and -shm companions removed when done), or a new PostgreSQL
// database's URI.
class TempDb {
 public:
  TempDb() {
    if (postgres_mode()) {
      path_ = PostgresServer::get().new_database();
      return;
    }
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
  bool postgres() const { return postgres_mode(); }
  std::filesystem::path wal() const { return std::filesystem::path(path_.string() + "-wal"); }

 private:
  void remove_all() {
    if (postgres_mode()) return;
    std::error_code ec;
    std::filesystem::remove(path_, ec);
    std::filesystem::remove(path_.string() + "-wal", ec);
    std::filesystem::remove(path_.string() + "-shm", ec);
    std::filesystem::remove(path_.string() + "-journal", ec);
  }
  std::filesystem::path path_;
};

// A second, independent connection for checking what is in the database.
class Raw {
 public:
  explicit Raw(const std::string& path) {
    if (postgres_mode()) {
      pg_ = PQconnectdb(path.c_str());
      if (PQstatus(pg_) != CONNECTION_OK) FAIL("raw connect: " << PQerrorMessage(pg_));
      return;
    }
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
        SQLITE_OK)
      FAIL("raw open: " << sqlite3_errmsg(db_));
    sqlite3_busy_timeout(db_, 5000);
  }
  ~Raw() {
    if (pg_ != nullptr) PQfinish(pg_);
    sqlite3_close_v2(db_);
  }
  Raw(const Raw&) = delete;
  Raw& operator=(const Raw&) = delete;

  void exec(const std::string& sql) {
    if (pg_ != nullptr) {
      PGresult* r = PQexec(pg_, sql.c_str());
      const auto status = PQresultStatus(r);
      const std::string msg = PQresultErrorMessage(r);
      PQclear(r);
      if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) FAIL("raw exec: " << msg);
      return;
    }
    char* err = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
      std::string msg = err != nullptr ? err : "?";
      sqlite3_free(err);
      FAIL("raw exec: " << msg);
    }
  }
  // The first column of the first row, as text ("" if no row or NULL).
  std::string text(const std::string& sql) {
    if (pg_ != nullptr) return pg_text(sql);
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
  std::int64_t integer(const std::string& sql) {
    const std::string t = text(sql);
    if (t == "t" || t == "f") return t == "t" ? 1 : 0;  // PostgreSQL's booleans
    return std::stoll(t);
  }

 private:
  std::string pg_text(const std::string& sql) {
    PGresult* r = PQexec(pg_, sql.c_str());
    const auto status = PQresultStatus(r);
    if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
      const std::string msg = PQresultErrorMessage(r);
      PQclear(r);
      FAIL("raw query: " << msg);
    }
    std::string out;
    if (status == PGRES_TUPLES_OK && PQntuples(r) > 0 && !PQgetisnull(r, 0, 0))
      out = PQgetvalue(r, 0, 0);
    PQclear(r);
    return out;
  }

  sqlite3* db_ = nullptr;
  PGconn* pg_ = nullptr;
};

}  // namespace whist::storage::test
