// One WebSocket client connection for the load generator: a read loop
// that hands each message to a callback, a write queue with one write in
// flight, and request() that waits for the reply with an id.
// Single-threaded: everything runs on one io_context thread.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/basic_stream_socket.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace whist::load {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using nlohmann::json;

// Runs `ioc` for `seconds`: run() until a timer stops it (io_context::
// run_for waits for one handler at a time, reading the clock for each: a
// cost of the generator's that every figure it prints would carry). Both
// the full-speed phase and the echo floor are driven this way.
inline void run_for_seconds(asio::io_context& ioc, double seconds) {
  asio::steady_timer stop_at(ioc);
  stop_at.expires_after(std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(seconds)));
  stop_at.async_wait([&ioc](boost::system::error_code ec) {
    if (!ec) ioc.stop();
  });
  ioc.restart();
  ioc.run();
}

class Client : public std::enable_shared_from_this<Client> {
 public:
  // A plain socket typed on the io_context's executor: no timed stream and
  // no type-erased executor between Beast and the socket (the generator's
  // own cost is part of every latency it prints).
  using Socket = asio::basic_stream_socket<tcp, asio::io_context::executor_type>;

  explicit Client(asio::io_context& ioc) : ws_(ioc.get_executor()) {}
  // Messages without a waiter (a batch's one by one, its bytes counted with
  // the first).
  std::function<void(const json&, std::size_t bytes)> on_message;
  // If set: messages while no request waits go here as text instead, to be
  // parsed only when needed. The text lives until the callback returns.
  std::function<void(std::string_view, std::size_t bytes)> on_text;
  std::function<void(const std::string&)> on_close;

  // TCP connect and the WebSocket handshake; false on failure.
  asio::awaitable<bool> connect(const tcp::endpoint& ep, const std::string& path = "/ws") {
    boost::system::error_code ec;
    co_await ws_.next_layer().async_connect(ep, asio::redirect_error(asio::use_awaitable, ec));
    if (ec) co_return false;
    ws_.next_layer().set_option(tcp::no_delay(true), ec);
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
    co_await ws_.async_handshake("127.0.0.1", path, asio::redirect_error(asio::use_awaitable, ec));
    if (ec) co_return false;
    read_next();
    co_return true;
  }

  void send(std::string text) {
    queue_.push_back(std::move(text));
    if (!writing_) write_next();
  }

  // Sends {"t","d","id"} and waits for the reply carrying the id (or a
  // null json after `seconds`).
  asio::awaitable<json> request(const std::string& t, json d, int seconds = 60) {
    const std::string id = "r" + std::to_string(++next_id_);
    auto& w = waiters_[id];
    w.timer = std::make_unique<asio::steady_timer>(ws_.get_executor());
    w.timer->expires_after(std::chrono::seconds(seconds));
    send(json{{"t", t}, {"d", std::move(d)}, {"id", id}}.dump());
    boost::system::error_code ec;
    co_await w.timer->async_wait(asio::redirect_error(asio::use_awaitable, ec));
    json out = std::move(waiters_[id].reply);
    waiters_.erase(id);
    co_return out;
  }

  void close() {
    if (closed_) return;
    closed_ = true;
    auto self = shared_from_this();
    ws_.async_close(websocket::close_code::normal, [self](boost::system::error_code) {});
  }
  bool open() const { return !closed_ && !failed_; }

 private:
  // One read in flight; each completion hands its message on and reads the
  // next (a callback, not a coroutine: no frame resumed per message).
  void read_next() {
    ws_.async_read(buffer_, [self = shared_from_this()](boost::system::error_code ec,
                                                        std::size_t n) { self->on_read(ec, n); });
  }

  void on_read(boost::system::error_code ec, std::size_t n) {
    if (ec) {
      if (!closed_) {
        failed_ = true;
        if (on_close) on_close(ec.message());
      }
      for (auto& [id, w] : waiters_) w.timer->cancel();
      return;
    }
    const auto data = buffer_.cdata();
    const std::string_view text(static_cast<const char*>(data.data()), data.size());
    if (on_text && waiters_.empty()) {
      on_text(text, n);
    } else {
      json m = json::parse(text, nullptr, false);
      if (m.is_object() && m.value("t", "") == "batch" && m["d"].is_array()) {
        // A batch: its messages one by one (the bytes counted once).
        for (json& part : m["d"]) {
          dispatch(std::move(part), n);
          n = 0;
        }
      } else {
        dispatch(std::move(m), n);
      }
    }
    buffer_.consume(buffer_.size());
    read_next();
  }

  // A message to its waiter (the reply carrying its id), or on_message.
  void dispatch(json m, std::size_t bytes) {
    if (auto id = m.find("id"); id != m.end() && id->is_string()) {
      if (auto w = waiters_.find(id->get<std::string>()); w != waiters_.end()) {
        w->second.reply = std::move(m);
        w->second.timer->cancel();
        return;
      }
    }
    if (on_message) on_message(m, bytes);
  }

  // One write in flight; each completion starts the next queued one.
  void write_next() {
    if (queue_.empty()) {
      writing_ = false;
      return;
    }
    writing_ = true;
    ws_.async_write(asio::buffer(queue_.front()),
                    [self = shared_from_this()](boost::system::error_code ec, std::size_t) {
                      if (ec) {
                        self->writing_ = false;
                        return;
                      }
                      self->queue_.pop_front();
                      self->write_next();
                    });
  }

  struct Waiter {
    std::unique_ptr<asio::steady_timer> timer;
    json reply;
  };
  websocket::stream<Socket> ws_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  bool writing_ = false, closed_ = false, failed_ = false;
  std::map<std::string, Waiter> waiters_;
  std::uint64_t next_id_ = 0;
};

}  // namespace whist::load
