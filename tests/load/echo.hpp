// The floor to compare whistd with: a bare WebSocket echo server on Beast
// (the same library, threads and machine), and a closed-loop load on it.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <cstdint>
#include <memory>

namespace whist::load {

// Serves until killed: every text message is sent back. Returns on error.
int run_echo_server(unsigned short port, int threads);

struct EchoResult {
  std::uint64_t round_trips = 0;
  int connected = 0;
  std::uint64_t errors = 0;
  // CPU seconds used while measuring: the echo server's and this program's.
  double server_cpu = 0, client_cpu = 0;
};

// `connections` clients, each sending a `size`-byte message and waiting for
// its echo, again and again, while measure() runs; between measurements
// they are idle. Runs on `ioc` (run by the caller, on this thread).
class EchoLoad {
 public:
  EchoLoad(boost::asio::io_context& ioc, const boost::asio::ip::tcp::endpoint& ep, int connections,
           std::size_t size);
  ~EchoLoad();
  EchoLoad(const EchoLoad&) = delete;
  EchoLoad& operator=(const EchoLoad&) = delete;
  // Connects every client (up to 30 s); returns how many are connected.
  int connect();
  // Measures for `seconds`, adding the round trips and the CPU (the echo
  // server's, `server_pid`, and this program's) to `into`; then lets the
  // echoes still on their way come back, uncounted.
  void measure(double seconds, int server_pid, EchoResult& into);
  void close();

 private:
  struct State;
  std::unique_ptr<State> s_;
};

}  // namespace whist::load
