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

}  // namespace

DaemonLock::DaemonLock(std::shared_ptr<detail::Connection> pg) : pg_(std::move(pg)) {}

std::string DaemonLock::path_for(const std::string& database) {
  if (is_postgres_uri(database)) return "the owner lock of " + redacted(database);
  if (database.empty() || database == ":memory:") return "";
  // The same lock however the file is named (a relative path, a symlink).
  std::error_code ec;
  const auto real = std::filesystem::weakly_canonical(database, ec);
  return (ec ? database : real.string()) + ".lock";
}

std::optional<DaemonLock> DaemonLock::take(const std::string& database, int wait_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(wait_ms);
  if (is_postgres_uri(database)) {
    auto pg = detail::open_postgres(database);
    for (;;) {
      detail::Statement st(pg.get(), kOwnerLockSql, "taking the owner lock");
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

DaemonLock::~DaemonLock() {
  if (fd_ >= 0) ::close(fd_);  // closing drops the lock (and pg_'s end, its lock)
}

}  // namespace whist::storage
