// The TCP socket under a WebSocket connection: an Asio socket typed on the
// connection's strand, with two corrections to how Beast ends a connection
// (RFC 6455):
//
// - A close frame from the client with a code above 4999 (no such code is
//   defined) is answered with 1002 (protocol error), as Beast does for the
//   undefined codes below 3000; Beast would echo it. The session tells the
//   socket the code it received (refuse_close_code), and Beast's echo of
//   that code goes out as 1002.
// - The TCP connection ends as RFC 6455 7.1.1 asks: the server shuts down
//   its sending side after its close frame, then reads and discards what
//   still comes until the client closes, for at most kLinger, and only then
//   closes the socket. (Beast's own teardown reads once and closes: a client
//   still sending, after a message too big for instance, gets a TCP reset
//   and may lose the close frame.) Found by Beast through argument-dependent
//   lookup: async_teardown below.
#pragma once

#include <array>
#include <boost/asio/async_result.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/compose.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/role.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <utility>

namespace whist::server {

namespace asio = boost::asio;

using Strand = asio::strand<asio::io_context::executor_type>;

class WsSocket : public asio::basic_stream_socket<asio::ip::tcp, Strand> {
 public:
  using Base = asio::basic_stream_socket<asio::ip::tcp, Strand>;
  using Base::Base;
  // How long the end of a connection waits for the client to close.
  static constexpr std::chrono::seconds kLinger{2};

  // A close frame with this code (above 4999) came from the client: its
  // echo goes out as 1002.
  void refuse_close_code(std::uint16_t code) { refused_code_ = code; }

  // Every write goes through here: a close frame that echoes a refused
  // code is replaced by a close frame with 1002 (and no reason); the
  // writer is told that its whole frame was written.
  template <typename Buffers, typename Token>
  auto async_write_some(const Buffers& buffers, Token&& token) {
    return asio::async_initiate<Token, void(boost::system::error_code, std::size_t)>(
        [this](auto handler, const Buffers& b) {
          if (refused_code_ != 0 && is_refused_echo(b)) {
            refused_code_ = 0;
            const std::size_t n = asio::buffer_size(b);
            asio::async_write(
                static_cast<Base&>(*this), asio::buffer(kProtocolError),
                [h = std::move(handler), n](boost::system::error_code ec, std::size_t) mutable {
                  std::move(h)(ec, ec ? 0 : n);
                });
            return;
          }
          Base::async_write_some(b, std::move(handler));
        },
        token, buffers);
  }

 private:
  // A close frame of 1002 (protocol error), unmasked, as a server sends it.
  static constexpr std::array<unsigned char, 4> kProtocolError{0x88, 0x02, 0x03, 0xEA};

  template <typename Buffers>
  bool is_refused_echo(const Buffers& b) const {
    // Beast writes a control frame whole, in one buffer, and echoes a
    // close frame's code alone: 0x88, the payload length 2 (unmasked), the
    // code.
    auto first = asio::buffer_sequence_begin(b);
    if (first == asio::buffer_sequence_end(b)) return false;
    const asio::const_buffer front(*first);
    if (front.size() != 4 || asio::buffer_size(b) != 4) return false;
    const auto* p = static_cast<const unsigned char*>(front.data());
    return p[0] == 0x88 && p[1] == 2 && p[2] == (refused_code_ >> 8) &&
           p[3] == (refused_code_ & 0xFF);
  }

  std::uint16_t refused_code_ = 0;
};

namespace detail {

// The end of the TCP connection after the closing handshake (or a failed
// connection): shut down sending, read and discard until the client
// closes or kLinger passes, close.
struct Linger {
  WsSocket& socket;
  boost::beast::role_type role;
  std::shared_ptr<asio::steady_timer> timer;
  std::unique_ptr<std::array<char, 4096>> buffer;
  bool started = false;

  template <typename Self>
  void operator()(Self& self, boost::system::error_code ec = {}, std::size_t = 0) {
    if (!started) {
      started = true;
      boost::system::error_code ignored;
      if (role == boost::beast::role_type::server)
        socket.shutdown(asio::socket_base::shutdown_send, ignored);
      timer = std::make_shared<asio::steady_timer>(socket.get_executor());
      timer->expires_after(WsSocket::kLinger);
      timer->async_wait([t = timer, s = &socket](boost::system::error_code e) {
        if (e) return;  // the client closed in time
        boost::system::error_code ignored;
        s->cancel(ignored);  // ends the read below
      });
      buffer = std::make_unique<std::array<char, 4096>>();
    } else if (ec) {
      // The client closed (eof), the time ran out (aborted) or the
      // connection failed: in any case it ends here.
      timer->cancel();
      boost::system::error_code ignored;
      socket.close(ignored);
      if (ec == asio::error::eof || ec == asio::error::operation_aborted) ec = {};
      return self.complete(ec);
    }
    socket.Base::async_read_some(asio::buffer(*buffer), std::move(self));
  }
};

}  // namespace detail

// Beast's customization point for ending the connection, for WsSocket.
template <typename Handler>
auto async_teardown(boost::beast::role_type role, WsSocket& socket, Handler&& handler) {
  // (The handler is moved from: async_compose takes it by reference.)
  return asio::async_compose<std::decay_t<Handler>, void(boost::system::error_code)>(
      detail::Linger{socket, role, nullptr, nullptr, false}, handler, socket);
}

}  // namespace whist::server
