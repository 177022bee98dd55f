#include <catch2/catch.hpp>

// The Redis client (server/redis.hpp) against a real redis-server of
// Debian's, started here on 127.0.0.1 and a free port, without a disk
// (no save, no append-only file), and stopped by the test: commands and
// their replies in order, many in flight; a subscriber's messages in the
// order published, large and binary ones too; a server that goes away.

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_future.hpp>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "server/redis.hpp"

namespace asio = boost::asio;
using whist::server::Redis;
using whist::server::RedisError;
using whist::server::RedisReply;

namespace {

int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t len = sizeof a;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  ::close(fd);
  return ntohs(a.sin_port);
}

bool accepts(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
  ::close(fd);
  return ok;
}

// A redis-server of its own: started on a free port, stopped (SIGKILL) by
// stop() or at the end.
class RedisServer {
 public:
  RedisServer() : port_(free_port()) {
    if (!std::filesystem::exists("/usr/bin/redis-server"))
      throw std::runtime_error("redis-server is not installed: run scripts/setup");
    pid_ = ::fork();
    if (pid_ == 0) {
      const int null = ::open("/dev/null", O_WRONLY);
      ::dup2(null, 1);
      ::dup2(null, 2);
      const std::string port = std::to_string(port_);
      ::execl("/usr/bin/redis-server", "redis-server", "--port", port.c_str(), "--bind",
              "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no", "--loglevel",
              "warning", "--dir", "/tmp", static_cast<char*>(nullptr));
      ::_exit(127);
    }
    for (int i = 0; i < 500 && !accepts(port_); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (!accepts(port_)) throw std::runtime_error("redis-server did not start");
  }
  ~RedisServer() { stop(); }
  void stop() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  int port() const { return port_; }

 private:
  int port_;
  pid_t pid_ = -1;
};

// Runs a coroutine to its end (one thread: what the callbacks fill, the
// coroutine reads).
template <typename F>
auto run(F body) {
  asio::io_context io;
  auto done = asio::co_spawn(io, body(io.get_executor()), asio::use_future);
  io.run();
  return done.get();
}

}  // namespace

TEST_CASE("commands answered in order, many in flight", "[redis]") {
  RedisServer server;
  const int port = server.port();
  // (Checked outside the coroutine: GCC 12 cannot build Catch's macros
  // inside one.)
  struct Seen {
    RedisReply pong, set, got, none, wrong, n, list, m;
  } seen;
  run([port, &seen](asio::any_io_executor ex) -> asio::awaitable<void> {
    auto r = co_await Redis::connect(ex, "127.0.0.1", port);
    seen.pong = co_await r->command("PING");
    const std::string value("a\0b\r\n", 5);
    seen.set = co_await r->command("SET", "k", value);
    seen.got = co_await r->command("GET", "k");
    seen.none = co_await r->command("GET", "nothing");
    seen.wrong = co_await r->command("NOSUCHCOMMAND");
    // Sent without waiting, then one waited for: every INCR came first.
    for (int i = 0; i < 2000; ++i) r->send("INCR", "n");
    seen.n = co_await r->command("GET", "n");
    co_await r->command("RPUSH", "l", "x", "y");
    seen.list = co_await r->command("LRANGE", "l", "0", "-1");
    seen.m = co_await r->command("INCRBY", "m", "41");
  });
  CHECK(seen.pong.type == RedisReply::Type::kStatus);
  CHECK(seen.pong.str == "PONG");
  CHECK(seen.set.str == "OK");
  CHECK(seen.got.type == RedisReply::Type::kString);
  CHECK(seen.got.str == std::string("a\0b\r\n", 5));
  CHECK(seen.none.type == RedisReply::Type::kNil);
  CHECK(seen.wrong.error());
  CHECK(seen.n.str == "2000");
  REQUIRE(seen.list.type == RedisReply::Type::kArray);
  REQUIRE(seen.list.elements.size() == 2);
  CHECK(seen.list.elements[1].str == "y");
  CHECK(seen.m.integer == 41);
}

TEST_CASE("a subscriber gets every message in the order published", "[redis]") {
  RedisServer server;
  const int port = server.port();
  std::vector<std::pair<std::string, std::string>> got;
  RedisReply heard;
  const std::string big(1 << 20, 'x');
  const std::vector<std::string> channels{"node:a", "all"};
  run([&](asio::any_io_executor ex) -> asio::awaitable<void> {
    auto sub = co_await Redis::connect(ex, "127.0.0.1", port);
    auto pub = co_await Redis::connect(ex, "127.0.0.1", port);
    co_await sub->subscribe(channels, [&got](const std::string& channel, std::string payload) {
      got.emplace_back(channel, std::move(payload));
    });
    for (int i = 0; i < 500; ++i) pub->send("PUBLISH", "node:a", std::to_string(i));
    pub->send("PUBLISH", "node:b", "not ours");
    pub->send("PUBLISH", "all", big);
    // Published to the one subscriber of that channel.
    const std::string last("\0end", 4);
    heard = co_await pub->command("PUBLISH", "node:a", last);
    asio::steady_timer t(ex);
    for (int i = 0; i < 500 && got.size() < 502; ++i) {
      t.expires_after(std::chrono::milliseconds(10));
      co_await t.async_wait(asio::use_awaitable);
    }
  });
  CHECK(heard.integer == 1);
  REQUIRE(got.size() == 502);
  for (int i = 0; i < 500; ++i)
    CHECK(got[i] == std::make_pair(std::string("node:a"), std::to_string(i)));
  CHECK(got[500].first == "all");
  CHECK(got[500].second == big);
  CHECK(got[501].second == std::string("\0end", 4));
}

TEST_CASE("a server gone: what is in flight fails, and the connection says so", "[redis]") {
  RedisServer server;
  const int port = server.port();
  std::string why, in_flight, after, connecting;
  bool open = true;
  RedisReply pong;
  run([&](asio::any_io_executor ex) -> asio::awaitable<void> {
    auto r = co_await Redis::connect(ex, "127.0.0.1", port);
    r->on_closed([&why](std::string w) { why = std::move(w); });
    pong = co_await r->command("PING");
    server.stop();
    try {
      // A blocking pop that the server's end interrupts.
      co_await r->command("BLPOP", "never", "5");
    } catch (const RedisError& e) {
      in_flight = e.what();
    }
    open = r->open();
    try {
      co_await r->command("PING");
    } catch (const RedisError& e) {
      after = e.what();
    }
    // Nothing listens there now.
    try {
      co_await Redis::connect(ex, "127.0.0.1", port);
    } catch (const RedisError& e) {
      connecting = e.what();
    }
  });
  CHECK(pong.str == "PONG");
  CHECK_FALSE(in_flight.empty());
  CHECK_FALSE(open);
  CHECK(after.find("closed") != std::string::npos);
  CHECK(connecting.find("cannot connect") != std::string::npos);
  CHECK_FALSE(why.empty());
}
