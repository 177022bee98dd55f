// The storage of whistd: one object that owns the connection, the schema
// and its migrations and the transactions, and hands out the stores, each
// behind a small interface of its own (accounts and sessions, tables,
// games, the chip ledger, friends, results, the operator's side, ratings,
// safety between players, events, tables' leases between nodes). The
// implementations, on SQLite or PostgreSQL, are sql_database.hpp's; the
// server sees only this.
//
// Not thread-safe: the server uses it from its one storage thread only.
// Failures of the store throw StorageError; expected outcomes (a username
// taken, no such session) are return values.
#pragma once

#include "storage/account_store.hpp"
#include "storage/admin_store.hpp"
#include "storage/event_store.hpp"
#include "storage/friend_store.hpp"
#include "storage/game_store.hpp"
#include "storage/lease_store.hpp"
#include "storage/ledger_store.hpp"
#include "storage/rating_store.hpp"
#include "storage/result_store.hpp"
#include "storage/safety_store.hpp"
#include "storage/states.hpp"
#include "storage/storage_error.hpp"
#include "storage/table_store.hpp"

namespace whist::storage {

class Database {
 public:
  virtual ~Database() = default;

  virtual AccountStore& accounts() = 0;
  virtual TableStore& tables() = 0;
  virtual GameStore& games() = 0;
  virtual LedgerStore& ledger() = 0;
  virtual FriendStore& friends() = 0;
  virtual ResultStore& results() = 0;
  virtual AdminStore& admin() = 0;
  virtual RatingStore& ratings() = 0;
  virtual SafetyStore& safety() = 0;
  virtual EventStore& events() = 0;
  virtual LeaseStore& leases() = 0;

  // The schema version after migrations.
  virtual int schema_version() const = 0;

  // The storage thread's group commit (server/storage_thread.hpp): one transaction
  // that many jobs write in, committed at once. Throw StorageError.
  virtual void begin() = 0;
  virtual void commit() = 0;
  virtual void rollback() = 0;
  // Whether a transaction is open (the store may have ended one itself
  // after an error).
  virtual bool in_transaction() const = 0;

  // A unit of work that commits or undoes as one: a transaction of its own,
  // or a part of the open one (which then decides what is finally kept).
  // Units nest; each begin_unit() is ended by one commit_unit() or
  // rollback_unit().
  virtual void begin_unit() = 0;
  virtual void commit_unit() = 0;
  virtual void rollback_unit() = 0;
};

}  // namespace whist::storage
