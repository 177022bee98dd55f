#include "server/notify.hpp"

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <string>

namespace whist::server {

bool notify_systemd(std::string_view state) {
  const char* path = std::getenv("NOTIFY_SOCKET");
  if (!path || !*path) return false;
  const std::size_t len = std::strlen(path);
  sockaddr_un addr{};
  // A path (absolute) or an abstract name, written with a leading '@'.
  if ((path[0] != '/' && path[0] != '@') || len >= sizeof(addr.sun_path)) return false;
  addr.sun_family = AF_UNIX;
  std::memcpy(addr.sun_path, path, len);
  if (path[0] == '@') addr.sun_path[0] = '\0';
  const auto addr_len = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + len);
  const int fd = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  ssize_t sent;
  do {
    sent = ::sendto(fd, state.data(), state.size(), MSG_NOSIGNAL,
                    reinterpret_cast<const sockaddr*>(&addr), addr_len);
  } while (sent < 0 && errno == EINTR);
  ::close(fd);
  return sent == static_cast<ssize_t>(state.size());
}

std::optional<std::chrono::microseconds> watchdog_interval() {
  const char* usec = std::getenv("WATCHDOG_USEC");
  if (!usec || !*usec) return std::nullopt;
  if (const char* pid = std::getenv("WATCHDOG_PID"); pid && *pid) {
    char* end = nullptr;
    const long long p = std::strtoll(pid, &end, 10);
    if (*end || p != static_cast<long long>(::getpid())) return std::nullopt;
  }
  char* end = nullptr;
  const unsigned long long us = std::strtoull(usec, &end, 10);
  if (*end || us == 0) return std::nullopt;
  return std::chrono::microseconds(us);
}

}  // namespace whist::server
