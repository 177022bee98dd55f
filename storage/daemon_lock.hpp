// Who owns the live tables of a database: the whistd running on it holds
// an exclusive lock for as long as it runs, dropped when whistd exits, even
// by SIGKILL. For a SQLite file, a lock (flock) on the file FILE.lock
// beside it (the kernel drops it); for PostgreSQL, an advisory lock held by
// a connection of its own (the server drops it when the connection ends).
// whistctl tries the same lock: if it gets it, no whistd runs on the
// database, and it changes it itself (holding the lock, so a whistd
// starting meanwhile waits); if not, it asks the running whistd
// (storage/admin.cpp).
//
// Several whistd nodes on one PostgreSQL database (issue 25) each take the
// owner lock shared, so that none of them, whistctl or a single whistd
// takes it alone, and a lock of their node's name alone: one process per
// node name.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace whist::storage {

namespace detail {
class Connection;
}

class DaemonLock {
 public:
  // The lock file of a database file ("" for ":memory:": no lock); for
  // PostgreSQL, the lock's name in words (the URI without its password).
  // A node's (`node` not empty): its name's lock, in words.
  static std::string path_for(const std::string& database, const std::string& node = {});
  // Takes the lock, waiting up to `wait_ms` for another holder to let go;
  // nullopt if it is still held then. Throws std::runtime_error if the
  // lock file cannot be opened. A node's (PostgreSQL only): the owner lock
  // shared and the node name's lock.
  static std::optional<DaemonLock> take(const std::string& database, int wait_ms,
                                        const std::string& node = {});

  // A node's: takes, if no other node holds it, the lock of the node that
  // runs what one node runs for all (the events' clock), held until this
  // process ends. Whether it holds it.
  bool lead();

  DaemonLock(DaemonLock&& o) noexcept : fd_(o.fd_), pg_(std::move(o.pg_)) { o.fd_ = -1; }
  DaemonLock& operator=(DaemonLock&& o) noexcept {
    std::swap(fd_, o.fd_);
    std::swap(pg_, o.pg_);
    return *this;
  }
  DaemonLock(const DaemonLock&) = delete;
  ~DaemonLock();

 private:
  explicit DaemonLock(int fd) : fd_(fd) {}
  explicit DaemonLock(std::shared_ptr<detail::Connection> pg);
  int fd_ = -1;
  // Holding the advisory lock (shared: its type stays unknown here).
  std::shared_ptr<detail::Connection> pg_;
};

}  // namespace whist::storage
