// whist-load's processes: starting whistd or the echo server, a free
// port, waiting until a port listens, stopping a process, and the limit
// of open descriptors.
#pragma once

#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <vector>

#include "tests/load/client.hpp"

extern char** environ;

namespace whist::load {

inline int spawn(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ) != 0) return 0;
  return pid;
}

inline int free_port() {
  asio::io_context ioc;
  tcp::acceptor a(ioc, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  return a.local_endpoint().port();
}

inline bool wait_listening(const tcp::endpoint& ep, double seconds) {
  using Clock = std::chrono::steady_clock;
  const auto until = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                        std::chrono::duration<double>(seconds));
  while (Clock::now() < until) {
    asio::io_context ioc;
    tcp::socket s(ioc);
    boost::system::error_code ec;
    s.connect(ep, ec);
    if (!ec) return true;
    ::usleep(50000);
  }
  return false;
}

inline void stop(int pid) {
  if (pid <= 0) return;
  ::kill(pid, SIGTERM);
  int status = 0;
  for (int i = 0; i < 300; ++i) {
    if (::waitpid(pid, &status, WNOHANG) == pid) return;
    ::usleep(50000);
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, &status, 0);
}

// Two descriptors per player in this process and in the server.
inline void raise_descriptor_limit() {
  rlimit lim{};
  if (::getrlimit(RLIMIT_NOFILE, &lim) == 0) {
    lim.rlim_cur = lim.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &lim);
  }
}

}  // namespace whist::load
