// What goes out of a connection: the messages other strands hand it (send,
// deliver, send_batch), its queue, and the writer: completion handlers on
// the connection's strand that write one thing at a time (a message, a ping,
// the close frame) while there is one, started when there is; and the
// heartbeat (Sessions::heartbeat) that pings the peer and drops it when
// silent too long.
#include <spdlog/spdlog.h>

#include <boost/asio/dispatch.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include "protocol/pushes.hpp"
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

void WsSession::session_ended(std::vector<std::string> token_hashes, std::string reason) {
  asio::dispatch(ws_.get_executor(), [self = shared_from_this(), hashes = std::move(token_hashes),
                                      reason = std::move(reason)] {
    if (self->closing_ || !self->user_) return;
    if (std::find(hashes.begin(), hashes.end(), self->user_->token_hash) == hashes.end()) return;
    spdlog::info("closing a connection of {}: its session ended", self->user_->name);
    self->enqueue(std::make_shared<const std::string>(
        protocol::push::push_text(protocol::push::SessionEnded{reason})));
    self->close_soon(websocket::close_code::normal, "session ended");
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
//
// It runs while it has something to do and then stops; wake_writer()
// starts it again. It is the server's one loop of completion handlers
// rather than a coroutine (server/README.md): it runs for every message
// of every connection, and a coroutine started for each burst (its
// frames, the type-erased executor, the spawn) cost about 14,000
// instructions a message, 12% of whistd's (docs/operations.md#capacity).
// Nothing in it throws.
void WsSession::write_next() {
  if (writer_done_) return stop_writer();
  if (!queue_.empty()) {
    // The message is held by the handler: end_writing() may clear the
    // queue while it is being written.
    Message m = queue_.front();
    const auto buffer = asio::buffer(*m);
    ws_.async_write(buffer, [self = shared_from_this(), m = std::move(m)](
                                boost::system::error_code ec, std::size_t) {
      if (ec || self->writer_done_) return self->stop_writer();
      self->queue_.pop_front();
      ++self->metrics_.messages_out_total;
      self->write_next();
    });
    return;
  }
  if (closing_) {
    if (close_code_ == websocket::close_code::none) return stop_writer();
    ws_.async_close(
        websocket::close_reason(close_code_, close_why_),
        [self = shared_from_this()](boost::system::error_code) { self->stop_writer(); });
    return;
  }
  if (ping_due_) {
    ping_due_ = false;
    ws_.async_ping({}, [self = shared_from_this()](boost::system::error_code ec) {
      if (ec) return self->stop_writer();
      self->write_next();
    });
    return;
  }
  // Nothing left: the writer stops; the next thing to write starts it.
  writer_running_ = false;
}

void WsSession::stop_writer() {
  writer_running_ = false;
  end_writing();
}

void WsSession::start_writing() {
  writer_started_ = true;
  wake_writer();
}

void WsSession::wake_writer() {
  // Running (it looks again before it ends), not started, or done.
  if (writer_running_ || !writer_started_ || writer_done_) return;
  if (queue_.empty() && !closing_ && !ping_due_) return;
  writer_running_ = true;
  // Called on the connection's strand only: the writer starts its write
  // here, at once.
  write_next();
}

void WsSession::heartbeat(std::shared_ptr<WsSession> self) {
  const auto loop = self->ws_.get_executor();
  asio::dispatch(loop, [self = std::move(self)] {
    if (self->writer_done_ || !self->writer_started_) return;
    // Drop a peer silent too long; otherwise ping it.
    if (clock::now() - self->last_heard_ > std::chrono::seconds(self->config_.idle_timeout)) {
      spdlog::debug("dropping a silent peer");
      self->end_writing();
      return;
    }
    self->ping_due_ = true;
    self->wake_writer();
  });
}

// Nothing more is written; the reader's pending read is cancelled, which
// ends the connection.
void WsSession::end_writing() {
  if (writer_done_) return;
  writer_done_ = true;
  closing_ = true;
  queue_.clear();
  boost::system::error_code ec;
  ws_.next_layer().cancel(ec);  // closed already after a close handshake
}

}  // namespace whist::server
