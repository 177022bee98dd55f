// An online backup of a whistd database (the SQLite backup API): a
// consistent copy taken while whistd keeps writing, without stopping it.
#pragma once

#include <cstdint>
#include <string>

namespace whist::storage {

struct BackupResult {
  std::int64_t pages = 0;
  std::int64_t bytes = 0;
  int schema_version = 0;
};

// Copies the database at `source` into `dest` as one read transaction (WAL:
// the writer is never blocked, and the copy is the state of one moment),
// checks the copy (PRAGMA integrity_check) and only then renames it into
// place, so `dest` is either the old file or a whole, checked backup.
// Throws StorageError with a clear message on any failure.
BackupResult backup_database(const std::string& source, const std::string& dest);

}  // namespace whist::storage
