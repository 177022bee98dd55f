#include "storage/daemon_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <thread>

#include "storage/sql.hpp"
#include "storage/sql_database.hpp"

namespace whist::storage {

namespace {

// Any number, the same in every whistd and whistctl (the migrations' is
// postgres_schema.cpp's); an advisory lock is per database.
constexpr const char* kOwnerLockSql = "SELECT pg_try_advisory_lock(7420918)";
// A node's: the owner lock shared with the other nodes, and its name's
// (a lock of two keys, apart from the one of one key). Both or neither:
// the shared lock taken in a try that fails is given back.
constexpr const char* kNodeLockSql =
    "SELECT CASE WHEN pg_try_advisory_lock_shared(7420918) THEN "
    "CASE WHEN pg_try_advisory_lock(7420918, hashtext(?1)) THEN 1 "
    "ELSE 0 * pg_advisory_unlock_shared(7420918)::int END ELSE 0 END";

}  // namespace

DaemonLock::DaemonLock(std::shared_ptr<detail::Connection> pg) : pg_(std::move(pg)) {}

std::string DaemonLock::path_for(const std::string& database, const std::string& node) {
  if (!node.empty()) return "the lock of node " + node + " on " + redacted(database);
  if (is_postgres_uri(database)) return "the owner lock of " + redacted(database);
  if (database.empty() || database == ":memory:") return "";
  // The same lock however the file is named (a relative path, a symlink).
  std::error_code ec;
  const auto real = std::filesystem::weakly_canonical(database, ec);
  return (ec ? database : real.string()) + ".lock";
}

std::optional<DaemonLock> DaemonLock::take(const std::string& database, int wait_ms,
                                           const std::string& node) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(wait_ms);
  if (!node.empty() && !is_postgres_uri(database))
    throw std::runtime_error("node " + node + ": nodes share a PostgreSQL database, not a file");
  if (is_postgres_uri(database)) {
    auto pg = detail::open_postgres(database);
    for (;;) {
      detail::Statement st(pg.get(), node.empty() ? kOwnerLockSql : kNodeLockSql,
                           "taking the owner lock");
      if (!node.empty()) st.bind(1, node);
      if (st.step() && st.int64(0) == 1) return DaemonLock(std::move(pg));
      if (std::chrono::steady_clock::now() >= deadline) return std::nullopt;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
  const std::string path = path_for(database);
  if (path.empty()) return DaemonLock(-1);
  // Read-only: flock needs no write access, so a lock file that whistctl
  // made as root still serves a whistd running as its own user.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    throw std::runtime_error("cannot open the lock file " + path + ": " + std::strerror(errno));
  for (;;) {
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return DaemonLock(fd);
    if (errno != EWOULDBLOCK && errno != EINTR) {
      const int e = errno;
      ::close(fd);
      throw std::runtime_error("cannot lock " + path + ": " + std::strerror(e));
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      ::close(fd);
      return std::nullopt;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

bool DaemonLock::lead() {
  if (!pg_) return true;
  detail::Statement st(pg_.get(), "SELECT pg_try_advisory_lock(7420919)", "taking the lead");
  return st.step() && st.int64(0) == 1;
}

DaemonLock::~DaemonLock() {
  if (fd_ >= 0) ::close(fd_);  // closing drops the lock (and pg_'s end, its lock)
}

}  // namespace whist::storage
