// Who owns the live tables of a database file: the whistd running on it
// holds an exclusive lock (flock) on the file FILE.lock beside it, for as
// long as it runs; the kernel drops it when whistd exits, even by SIGKILL.
// whistctl tries the same lock: if it gets it, no whistd runs on the file,
// and it changes the file itself (holding the lock, so a whistd starting
// meanwhile waits); if not, it asks the running whistd (storage/admin.cpp).
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace whist::storage {

class DaemonLock {
 public:
  // The lock file of a database file ("" for ":memory:": no lock).
  static std::string path_for(const std::string& database);
  // Takes the lock, waiting up to `wait_ms` for another holder to let go;
  // nullopt if it is still held then. Throws std::runtime_error if the
  // lock file cannot be opened.
  static std::optional<DaemonLock> take(const std::string& database, int wait_ms);

  DaemonLock(DaemonLock&& o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
  DaemonLock& operator=(DaemonLock&& o) noexcept {
    std::swap(fd_, o.fd_);
    return *this;
  }
  DaemonLock(const DaemonLock&) = delete;
  ~DaemonLock();

 private:
  explicit DaemonLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace whist::storage
