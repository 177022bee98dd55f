#include "storage/backup.hpp"

#include <unistd.h>

#include <cstdio>
#include <string>

#include <sqlite3.h>

#include "storage/storage_error.hpp"

namespace whist::storage {

namespace {

// Closes a connection on scope exit.
struct Connection {
  sqlite3* db = nullptr;
  ~Connection() { sqlite3_close_v2(db); }
};

void open(Connection& c, const std::string& path, int flags, const char* role) {
  const int rc = sqlite3_open_v2(path.c_str(), &c.db, flags, nullptr);
  if (rc != SQLITE_OK)
    throw StorageError(std::string("opening the ") + role + " '" + path +
                       "': " + (c.db ? sqlite3_errmsg(c.db) : sqlite3_errstr(rc)));
  sqlite3_busy_timeout(c.db, 5000);
}

[[noreturn]] void fail(sqlite3* db, const std::string& what) {
  throw StorageError(what + ": " + sqlite3_errmsg(db));
}

// The first column of the one row `sql` (a PRAGMA) returns, as text.
std::string single_text(sqlite3* db, const char* sql, const char* what) {
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) != SQLITE_OK) fail(db, what);
  std::string out;
  const bool row = sqlite3_step(st) == SQLITE_ROW;
  if (row) {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
    if (p != nullptr) out = p;
  }
  sqlite3_finalize(st);
  if (!row) fail(db, what);
  return out;
}

std::int64_t single_int(sqlite3* db, const char* sql, const char* what) {
  return std::stoll(single_text(db, sql, what));
}

}  // namespace

BackupResult backup_database(const std::string& source, const std::string& dest) {
  // Read-write (never created; read-only when the file is): the last
  // connection to close then removes the -wal and -shm files it had to
  // make while whistd was stopped, so none is left owned by the backup's
  // user.
  Connection src;
  open(src, source, SQLITE_OPEN_READWRITE, "database");
  BackupResult r;
  r.schema_version = static_cast<int>(
      single_int(src.db, "PRAGMA user_version", "reading the schema version of the database"));
  if (r.schema_version == 0)
    throw StorageError("'" + source + "' is not a whistd database (no schema)");

  const std::string tmp = dest + ".part-" + std::to_string(::getpid());
  std::remove(tmp.c_str());
  {
    Connection dst;
    open(dst, tmp, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, "backup file");
    sqlite3_backup* b = sqlite3_backup_init(dst.db, "main", src.db, "main");
    if (!b) fail(dst.db, "starting the backup");
    // All pages in one step: one read transaction, so a writer elsewhere
    // cannot make the copy start over (as it would between small steps).
    int rc;
    for (int tries = 0;; ++tries) {
      rc = sqlite3_backup_step(b, -1);
      if ((rc == SQLITE_BUSY || rc == SQLITE_LOCKED) && tries < 100) {
        sqlite3_sleep(50);
        continue;
      }
      break;
    }
    r.pages = sqlite3_backup_pagecount(b);
    sqlite3_backup_finish(b);
    if (rc != SQLITE_DONE) {
      std::remove(tmp.c_str());
      throw StorageError(std::string("copying the database: ") + sqlite3_errstr(rc));
    }
    const bool ok = single_text(dst.db, "PRAGMA integrity_check", "checking the backup") == "ok";
    if (!ok) {
      std::remove(tmp.c_str());
      throw StorageError("the backup failed its integrity check");
    }
    r.bytes = r.pages * single_int(dst.db, "PRAGMA page_size", "reading the page size");
  }
  if (std::rename(tmp.c_str(), dest.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw StorageError("cannot move the backup into place at '" + dest + "'");
  }
  return r;
}

}  // namespace whist::storage
