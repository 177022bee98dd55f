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

namespace whist::storage {

std::string DaemonLock::path_for(const std::string& database) {
  if (database.empty() || database == ":memory:") return "";
  // The same lock however the file is named (a relative path, a symlink).
  std::error_code ec;
  const auto real = std::filesystem::weakly_canonical(database, ec);
  return (ec ? database : real.string()) + ".lock";
}

std::optional<DaemonLock> DaemonLock::take(const std::string& database, int wait_ms) {
  const std::string path = path_for(database);
  if (path.empty()) return DaemonLock(-1);
  // Read-only: flock needs no write access, so a lock file that whistctl
  // made as root still serves a whistd running as its own user.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    throw std::runtime_error("cannot open the lock file " + path + ": " + std::strerror(errno));
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(wait_ms);
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
  if (fd_ >= 0) ::close(fd_);  // closing drops the lock
}

}  // namespace whist::storage
