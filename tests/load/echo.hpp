// The floor to compare whistd with: a bare WebSocket echo server on Beast
// (the same library, threads and machine), and a closed-loop load on it.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <cstdint>

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
// `connections` clients each send a `size`-byte message and wait for its
// echo, again and again, for `seconds`, on `ioc` (run by the caller).
// `server_pid`: the echo server, whose CPU is measured over the same time.
EchoResult run_echo_load(boost::asio::io_context& ioc, const boost::asio::ip::tcp::endpoint& ep,
                         int connections, std::size_t size, double seconds, int server_pid);

}  // namespace whist::load
