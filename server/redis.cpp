// The Redis client (see redis.hpp): one strand per connection, on which
// the socket is read and written and the replies are matched, in order,
// with the commands waiting for them.
#include "server/redis.hpp"

#include <hiredis/hiredis.h>

#include <atomic>
#include <boost/asio/async_result.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <deque>
#include <exception>

namespace whist::server {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {

RedisReply convert(const redisReply& r) {
  RedisReply out;
  switch (r.type) {
    case REDIS_REPLY_STRING: out.type = RedisReply::Type::kString; break;
    case REDIS_REPLY_ARRAY: out.type = RedisReply::Type::kArray; break;
    case REDIS_REPLY_INTEGER: out.type = RedisReply::Type::kInteger; break;
    case REDIS_REPLY_STATUS: out.type = RedisReply::Type::kStatus; break;
    case REDIS_REPLY_ERROR: out.type = RedisReply::Type::kError; break;
    default: out.type = RedisReply::Type::kNil;
  }
  if (r.str) out.str.assign(r.str, r.len);
  out.integer = r.integer;
  out.elements.reserve(r.elements);
  for (size_t i = 0; i < r.elements; ++i) out.elements.push_back(convert(*r.element[i]));
  return out;
}

// A command in RESP, as hiredis writes it.
std::string format(const std::vector<std::string>& words) {
  std::vector<const char*> argv;
  std::vector<size_t> lens;
  for (const auto& w : words) {
    argv.push_back(w.data());
    lens.push_back(w.size());
  }
  char* cmd = nullptr;
  const int n =
      redisFormatCommandArgv(&cmd, static_cast<int>(words.size()), argv.data(), lens.data());
  if (n < 0 || !cmd) throw RedisError("redis: the command cannot be formatted");
  std::string out(cmd, static_cast<size_t>(n));
  redisFreeCommand(cmd);
  return out;
}

}  // namespace

struct Redis::Impl : std::enable_shared_from_this<Redis::Impl> {
  using Done = std::function<void(std::exception_ptr, RedisReply)>;

  explicit Impl(tcp::socket s) : socket(std::move(s)), reader(redisReaderCreate()) {}
  ~Impl() { redisReaderFree(reader); }

  tcp::socket socket;  // its executor is the connection's strand
  redisReader* reader;
  std::deque<Done> waiting;  // in the order sent
  std::string out, writing;  // to write; being written
  std::atomic<bool> closed{false};
  OnMessage on_message;  // once subscribed
  std::function<void(std::string)> on_closed;

  // On the strand.
  void queue(const std::vector<std::string>& words, Done done) {
    if (closed) {
      done(std::make_exception_ptr(RedisError("redis: the connection is closed")), {});
      return;
    }
    out += format(words);
    waiting.push_back(std::move(done));
    start_write();
  }
  void start_write() {
    if (!writing.empty() || out.empty() || closed) return;
    writing.swap(out);
    asio::async_write(socket, asio::buffer(writing),
                      [self = shared_from_this()](boost::system::error_code ec, size_t) {
                        self->writing.clear();
                        if (ec) return self->fail("redis: writing: " + ec.message());
                        self->start_write();
                      });
  }
  void fail(const std::string& why) {
    if (closed) return;
    closed = true;
    boost::system::error_code ec;
    socket.close(ec);
    auto left = std::move(waiting);
    waiting.clear();
    for (auto& done : left) done(std::make_exception_ptr(RedisError(why)), {});
    if (on_closed) on_closed(why);
  }
  void deliver(RedisReply r) {
    // A subscriber's message: ["message", channel, payload].
    if (on_message && r.type == RedisReply::Type::kArray && r.elements.size() == 3 &&
        r.elements[0].str == "message") {
      on_message(r.elements[1].str, std::move(r.elements[2].str));
      return;
    }
    if (waiting.empty()) return fail("redis: a reply nobody asked for");
    Done done = std::move(waiting.front());
    waiting.pop_front();
    done(nullptr, std::move(r));
  }

  asio::awaitable<void> read_loop() {
    auto self = shared_from_this();
    std::vector<char> buf(16384);
    for (;;) {
      boost::system::error_code ec;
      const size_t n = co_await socket.async_read_some(
          asio::buffer(buf), asio::redirect_error(asio::use_awaitable, ec));
      if (ec) {
        fail(ec == asio::error::eof ? "redis: the server closed the connection"
                                    : "redis: reading: " + ec.message());
        co_return;
      }
      if (redisReaderFeed(reader, buf.data(), n) != REDIS_OK) {
        fail("redis: the reply cannot be read");
        co_return;
      }
      for (;;) {
        void* reply = nullptr;
        if (redisReaderGetReply(reader, &reply) != REDIS_OK) {
          fail(std::string("redis: the reply cannot be read: ") + reader->errstr);
          co_return;
        }
        if (!reply) break;
        RedisReply r = convert(*static_cast<redisReply*>(reply));
        freeReplyObject(reply);
        deliver(std::move(r));
        if (closed) co_return;
      }
    }
  }
};

asio::awaitable<std::shared_ptr<Redis>> Redis::connect(Executor ex, std::string host, int port) {
  auto strand = asio::make_strand(ex);
  tcp::resolver resolver(strand);
  boost::system::error_code ec;
  const std::string service = std::to_string(port);  // (named: see redis.hpp)
  const auto found =
      co_await resolver.async_resolve(host, service, asio::redirect_error(asio::use_awaitable, ec));
  if (ec) throw RedisError("redis: " + host + ": " + ec.message());
  tcp::socket socket(strand);
  co_await asio::async_connect(socket, found, asio::redirect_error(asio::use_awaitable, ec));
  if (ec)
    throw RedisError("redis: cannot connect to " + host + ":" + std::to_string(port) + ": " +
                     ec.message());
  socket.set_option(tcp::no_delay(true), ec);
  auto impl = std::make_shared<Impl>(std::move(socket));
  asio::co_spawn(impl->socket.get_executor(), impl->read_loop(), asio::detached);
  co_return std::shared_ptr<Redis>(new Redis(impl));
}

Redis::~Redis() { close(); }

asio::awaitable<RedisReply> Redis::command_words(std::vector<std::string> words) {
  auto impl = impl_;
  auto start = [impl, words = std::move(words)](auto handler) mutable {
    // (The handler moves only; std::function copies.)
    auto h = std::make_shared<decltype(handler)>(std::move(handler));
    asio::dispatch(impl->socket.get_executor(), [impl, h, words = std::move(words)] {
      impl->queue(words, [h](std::exception_ptr e, RedisReply r) {
        auto ex = asio::get_associated_executor(*h);
        asio::post(ex, [h, e, r = std::move(r)]() mutable { std::move (*h)(e, std::move(r)); });
      });
    });
  };
  co_return co_await asio::async_initiate<decltype(asio::use_awaitable),
                                          void(std::exception_ptr, RedisReply)>(
      std::move(start), asio::use_awaitable);
}

void Redis::send_words(std::vector<std::string> words,
                       std::function<void(const RedisReply&)> then) {
  asio::dispatch(impl_->socket.get_executor(),
                 [impl = impl_, words = std::move(words), then = std::move(then)]() mutable {
                   impl->queue(words, [then = std::move(then)](std::exception_ptr e, RedisReply r) {
                     if (then && !e) then(r);
                   });
                 });
}

asio::awaitable<void> Redis::subscribe(std::vector<std::string> channels, OnMessage on_message) {
  auto impl = impl_;
  const size_t n = channels.size();
  std::vector<std::string> words{"SUBSCRIBE"};
  for (auto& c : channels) words.push_back(std::move(c));
  // Each channel is confirmed by a reply of its own; the command waits
  // for the last.
  auto start = [impl, n, words = std::move(words),
                on_message = std::move(on_message)](auto handler) mutable {
    auto h = std::make_shared<decltype(handler)>(std::move(handler));
    asio::dispatch(impl->socket.get_executor(), [impl, h, n, words = std::move(words),
                                                 on_message = std::move(on_message)]() mutable {
      impl->on_message = std::move(on_message);
      struct Count {
        size_t confirmed = 0;
        bool done = false;
      };
      auto count = std::make_shared<Count>();
      auto done = [h, n, count](std::exception_ptr e, RedisReply r) {
        if (count->done) return;  // failed already
        if (!e && r.error()) e = std::make_exception_ptr(RedisError("redis: " + r.str));
        if (!e && ++count->confirmed < n) return;
        count->done = true;
        auto ex = asio::get_associated_executor(*h);
        asio::post(ex, [h, e]() mutable { std::move (*h)(e); });
      };
      impl->queue(words, done);
      for (size_t i = 1; i < n; ++i) impl->waiting.push_back(done);
    });
  };
  co_await asio::async_initiate<decltype(asio::use_awaitable), void(std::exception_ptr)>(
      std::move(start), asio::use_awaitable);
}

void Redis::on_closed(std::function<void(std::string why)> fn) {
  asio::dispatch(impl_->socket.get_executor(),
                 [impl = impl_, fn = std::move(fn)]() mutable { impl->on_closed = std::move(fn); });
}

void Redis::close() {
  asio::dispatch(impl_->socket.get_executor(),
                 [impl = impl_] { impl->fail("redis: the connection is closed"); });
}

bool Redis::open() const { return !impl_->closed; }

}  // namespace whist::server
