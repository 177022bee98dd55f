// What goes out of a connection: the messages other strands hand it (send,
// deliver, send_batch), its queue, and the writer: a coroutine on the
// connection's strand that writes one thing at a time (a message, a ping,
// the close frame) and waits, idle, for the next; and a second coroutine
// that times the pings and drops a peer silent too long.
#include <spdlog/spdlog.h>

#include <boost/asio/async_result.hpp>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>
#include <type_traits>

#include "protocol/pushes.hpp"
#include "server/spawn.hpp"
#include "server/ws_session.hpp"

namespace whist::server {

namespace {

using clock = std::chrono::steady_clock;

}  // namespace

void WsSession::deliver(std::string id, Message reply) {
  deliver(shared_from_this(), std::move(id), std::move(reply));
}

void WsSession::deliver(std::shared_ptr<WsSession> self, std::string id, Message reply) {
  const auto loop = self->ws_.get_executor();
  asio::dispatch(loop,
                 [self = std::move(self), id = std::move(id), reply = std::move(reply)]() mutable {
                   self->answered_.remember(id, reply);
                   self->enqueue(std::move(reply));
                 });
}

void WsSession::send_batch(Message m, std::vector<std::pair<std::string, Message>> replies) {
  send_batch(shared_from_this(), std::move(m), std::move(replies));
}

void WsSession::send_batch(std::shared_ptr<WsSession> self, Message m,
                           std::vector<std::pair<std::string, Message>> replies) {
  const auto loop = self->ws_.get_executor();
  asio::dispatch(
      loop, [self = std::move(self), m = std::move(m), replies = std::move(replies)]() mutable {
        for (const auto& [id, reply] : replies) self->answered_.remember(id, reply);
        self->enqueue(std::move(m));
      });
}

void WsSession::kick_banned(std::int64_t account, std::string reason) {
  asio::dispatch(ws_.get_executor(),
                 [self = shared_from_this(), account, reason = std::move(reason)] {
                   if (self->closing_ || !self->user_ || self->user_->id != account) return;
                   spdlog::info("closing a connection of {}: banned", self->user_->name);
                   self->enqueue(std::make_shared<const std::string>(
                       protocol::push::push_text(protocol::push::Banned{reason})));
                   self->close_soon(websocket::close_code::policy_error, "banned");
                 });
}

void WsSession::server_stopping() {
  asio::dispatch(ws_.get_executor(), [self = shared_from_this()] {
    if (self->closing_) return;
    self->enqueue(std::make_shared<const std::string>(
        protocol::push::push_text(protocol::push::ServerRestarting{})));
    self->close_soon(websocket::close_code::going_away);
  });
}

void WsSession::send(Message m) { send(shared_from_this(), std::move(m)); }

void WsSession::send(std::shared_ptr<WsSession> self, Message m) {
  const auto loop = self->ws_.get_executor();
  asio::dispatch(
      loop, [self = std::move(self), m = std::move(m)]() mutable { self->enqueue(std::move(m)); });
}

void WsSession::enqueue(Message m) {
  if (closing_) return;
  if (static_cast<int>(queue_.size()) >= config_.max_queue) {
    // A client that cannot keep up is dropped, not buffered without end.
    ++metrics_.slow_clients_dropped_total;
    spdlog::info("dropping a client that does not keep up ({} messages queued)", queue_.size());
    end_writing();
    return;
  }
  queue_.push_back(std::move(m));
  wake_writer();
}

void WsSession::close_soon(websocket::close_code code, std::string why) {
  close_code_ = code;
  close_why_ = std::move(why);
  closing_ = true;
  wake_writer();
}

// The one writer: one operation at a time on the stream (a message, a
// ping, the close frame), the next started when the last completes. The
// messages go in order; a ping waits for the message being written.
asio::awaitable<void> WsSession::write_loop() {
  boost::system::error_code ec;
  auto token = asio::redirect_error(asio::use_awaitable, ec);
  while (!writer_done_) {
    // Held while an operation is under way, not while idle: a session that
    // ends then goes, and the idle writer with it (writer_waiting_).
    std::shared_ptr<WsSession> self = shared_from_this();
    if (!queue_.empty()) {
      const Message m = queue_.front();  // end_writing() may clear the queue meanwhile
      co_await ws_.async_write(asio::buffer(*m), token);
      if (ec || writer_done_) break;
      queue_.pop_front();
      ++metrics_.messages_out_total;
    } else if (closing_) {
      if (close_code_ != websocket::close_code::none)
        co_await ws_.async_close(websocket::close_reason(close_code_, close_why_), token);
      break;
    } else if (ping_due_) {
      ping_due_ = false;
      co_await ws_.async_ping({}, token);
      if (ec) break;
    } else {
      self.reset();
      co_await writer_idle();
    }
  }
  end_writing();
}

asio::awaitable<void> WsSession::writer_idle() {
  return asio::async_initiate<decltype(asio::use_awaitable), void()>(
      [this](auto handler) {
        static_assert(std::is_same_v<decltype(handler), WriterResume>);
        writer_waiting_.emplace(std::move(handler));
      },
      asio::use_awaitable);
}

void WsSession::start_writing() {
  spawn(ws_.get_executor(), write_loop(), "a connection's writer");
  spawn(ws_.get_executor(), ping_loop(), "a connection's pings");
}

void WsSession::wake_writer() {
  if (!writer_waiting_) return;  // busy (it looks again when done), or not started
  // Called on the connection's strand only: the writer resumes here, at
  // once, and starts its write (no trip through an executor per message).
  WriterResume writer = std::move(*writer_waiting_);
  writer_waiting_.reset();
  writer();
}

asio::awaitable<void> WsSession::ping_loop() {
  const auto self = shared_from_this();
  boost::system::error_code ec;
  for (;;) {
    ping_timer_.expires_after(std::chrono::seconds(config_.ping_interval));
    co_await ping_timer_.async_wait(asio::redirect_error(asio::use_awaitable, ec));
    if (ec || writer_done_) co_return;
    // Drop a peer silent too long; otherwise ping it.
    if (clock::now() - last_heard_ > std::chrono::seconds(config_.idle_timeout)) {
      spdlog::debug("dropping a silent peer");
      end_writing();
      co_return;
    }
    ping_due_ = true;
    wake_writer();
  }
}

// Nothing more is written; the reader's pending read is cancelled, which
// ends the connection.
void WsSession::end_writing() {
  if (writer_done_) return;
  writer_done_ = true;
  closing_ = true;
  queue_.clear();
  ping_timer_.cancel();
  wake_writer();
  boost::system::error_code ec;
  ws_.next_layer().cancel(ec);  // closed already after a close handshake
}

}  // namespace whist::server
