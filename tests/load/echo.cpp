#include "tests/load/echo.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

#include "tests/load/client.hpp"
#include "tests/load/proc_stats.hpp"

namespace whist::load {

namespace {

asio::awaitable<void> echo_session(tcp::socket socket) {
  websocket::stream<beast::tcp_stream> ws(std::move(socket));
  boost::system::error_code ec;
  beast::get_lowest_layer(ws).socket().set_option(tcp::no_delay(true), ec);
  co_await ws.async_accept(asio::redirect_error(asio::use_awaitable, ec));
  if (ec) co_return;
  beast::flat_buffer buffer;
  for (;;) {
    co_await ws.async_read(buffer, asio::redirect_error(asio::use_awaitable, ec));
    if (ec) co_return;
    ws.text(ws.got_text());
    co_await ws.async_write(buffer.data(), asio::redirect_error(asio::use_awaitable, ec));
    if (ec) co_return;
    buffer.consume(buffer.size());
  }
}

asio::awaitable<void> echo_listen(asio::io_context& ioc, tcp::acceptor& acceptor) {
  for (;;) {
    boost::system::error_code ec;
    tcp::socket s = co_await acceptor.async_accept(asio::make_strand(ioc),
                                                   asio::redirect_error(asio::use_awaitable, ec));
    if (ec) continue;
    auto ex = s.get_executor();
    asio::co_spawn(ex, echo_session(std::move(s)), asio::detached);
  }
}

}  // namespace

int run_echo_server(unsigned short port, int threads) {
  asio::io_context ioc;
  tcp::acceptor acceptor(ioc, tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  acceptor.listen(asio::socket_base::max_listen_connections);
  asio::co_spawn(ioc, echo_listen(ioc, acceptor), asio::detached);
  std::vector<std::thread> pool;
  for (int i = 1; i < threads; ++i) pool.emplace_back([&ioc] { ioc.run(); });
  ioc.run();
  for (auto& t : pool) t.join();
  return 0;
}

struct EchoLoad::State {
  asio::io_context& ioc;
  tcp::endpoint ep;
  int connections;
  std::string payload;
  std::vector<std::shared_ptr<Client>> clients;
  EchoResult r;  // round trips and errors so far
  bool running = false;
};

EchoLoad::EchoLoad(asio::io_context& ioc, const tcp::endpoint& ep, int connections,
                   std::size_t size)
    : s_(std::make_unique<State>(
          State{ioc,
                ep,
                connections,
                json{{"t", "table.act"}, {"pad", std::string(size, 'x')}}.dump(),
                {},
                {},
                false})) {}

EchoLoad::~EchoLoad() = default;

int EchoLoad::connect() {
  State& st = *s_;
  for (int i = 0; i < st.connections; ++i) {
    auto c = std::make_shared<Client>(st.ioc);
    st.clients.push_back(c);
    Client* raw = c.get();
    // The echo as text, unparsed, as whist-load reads whistd's messages.
    c->on_text = [&st, raw](std::string_view, std::size_t) {
      if (!st.running) return;
      ++st.r.round_trips;
      raw->send(st.payload);
    };
    c->on_close = [&st](const std::string&) { ++st.r.errors; };
    asio::co_spawn(
        st.ioc,
        [c, &st]() -> asio::awaitable<void> {
          if (co_await c->connect(st.ep, "/"))
            ++st.r.connected;
          else
            ++st.r.errors;
        },
        asio::detached);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (st.r.connected + static_cast<int>(st.r.errors) < st.connections &&
         std::chrono::steady_clock::now() < deadline)
    run_for_seconds(st.ioc, 0.02);
  return st.r.connected;
}

void EchoLoad::measure(double seconds, int server_pid, EchoResult& into) {
  State& st = *s_;
  const auto trips0 = st.r.round_trips, errors0 = st.r.errors;
  st.running = true;
  const double server0 = cpu_seconds(server_pid), client0 = own_cpu_seconds();
  for (auto& c : st.clients)
    if (c->open()) c->send(st.payload);
  run_for_seconds(st.ioc, seconds);
  st.running = false;
  into.server_cpu += cpu_seconds(server_pid) - server0;
  into.client_cpu += own_cpu_seconds() - client0;
  into.round_trips += st.r.round_trips - trips0;
  // The echoes on their way come back and are not answered.
  run_for_seconds(st.ioc, 0.2);
  into.errors += st.r.errors - errors0;
  into.connected = st.r.connected;
}

void EchoLoad::close() {
  State& st = *s_;
  for (auto& c : st.clients) c->on_close = nullptr;
  for (auto& c : st.clients) c->close();
  run_for_seconds(st.ioc, 0.3);
  for (auto& c : st.clients) c->on_text = nullptr;
}

}  // namespace whist::load
