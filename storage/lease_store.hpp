// Which whistd node is a table's home, as a lease in the database (issue
// 25: several whistd on one PostgreSQL). A node holds a table's lease while
// it renews it before it expires; another node may take it only once it
// has expired, and each taking raises the table's fencing token. A write of
// the table carries its holder's token: check_lease, in the writing
// transaction, refuses a token that is no longer the table's, so a node
// that paused past its lease, and lost it, cannot write once the new home
// has taken over.
//
// A node's name must be its own for the process's life (host, pid and
// start time, say): a node restarted under an old name would take its old
// leases back with their tokens, as if it had never stopped.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace whist::storage {

struct Lease {
  std::string node;
  std::int64_t token = 0;       // raised by each taking; never 0
  std::int64_t expires_ms = 0;  // Unix milliseconds
};

class LeaseStore {
 public:
  virtual ~LeaseStore() = default;

  // Takes the table's lease for `node` until now_ms + ttl_ms, if it is
  // free, expired (at now_ms or before), or already `node`'s (then renewed,
  // its token kept). The lease it holds after, or nullopt while another
  // node holds it. Throws StorageError for a table that does not exist.
  virtual std::optional<Lease> acquire(std::int64_t table, std::string_view node,
                                       std::int64_t now_ms, std::int64_t ttl_ms) = 0;
  // Renews `node`'s lease with `token` until now_ms + ttl_ms; false if it
  // is no longer held so (taken by another node since it expired). A lease
  // expired but not taken is renewed: nobody wrote meanwhile.
  virtual bool renew(std::int64_t table, std::string_view node, std::int64_t token,
                     std::int64_t now_ms, std::int64_t ttl_ms) = 0;
  // Gives the lease up (a node draining): it expires at once, its token
  // kept, so that the next node to take it raises the token. False if it
  // was not held so.
  virtual bool release(std::int64_t table, std::string_view node, std::int64_t token) = 0;
  virtual std::optional<Lease> lease(std::int64_t table) const = 0;
  // The tables not closed whose leases `node` holds (expired or not), in
  // order.
  virtual std::vector<std::int64_t> leases_of(std::string_view node) const = 0;
  // In a write transaction, before writing the table: whether `token` is
  // still its lease's. In PostgreSQL the lease's row stays locked (FOR
  // SHARE) until the transaction ends, so no node can take the lease before
  // the write commits; SQLite has one writer at a time anyway.
  virtual bool check_lease(std::int64_t table, std::int64_t token) = 0;

  // Renews every lease `node` holds until now_ms + ttl_ms (one statement
  // for a node's round): how many. A lease taken by another node is
  // `node`'s no more, so it is not renewed; nor is a closed table's.
  virtual int renew_all(std::string_view node, std::int64_t now_ms, std::int64_t ttl_ms) = 0;
  // Gives up at once every lease held by a node whose name starts with
  // `prefix`, but `keep`'s: a node draining gives up its own; a node
  // starting, those of its name's former processes ("NAME/"), which are
  // gone since it holds its name's lock. How many.
  virtual int release_all(std::string_view prefix, std::string_view keep) = 0;
  // The tables not closed whose lease is expired at now_ms, or that have
  // none and were made over ttl_ms ago (a new table is its maker's to
  // take): those a node may take (acquire) and bring back. In order of id.
  virtual std::vector<std::int64_t> claimable(std::int64_t now_ms, std::int64_t ttl_ms) const = 0;
  // The time leases are counted in, in Unix milliseconds: the database
  // server's clock for PostgreSQL (one clock for every node), this
  // machine's for SQLite.
  virtual std::int64_t clock_ms() const = 0;
};

}  // namespace whist::storage
