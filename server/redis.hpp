// A client of redis-server on Asio, for messages between whistd nodes
// (issue 25). RESP is read and commands are written by hiredis (Debian's
// libhiredis: its reply reader and its command formatter, no socket of
// its own), the socket is Asio's: hiredis's own asynchronous API wants an
// event library's adapter (libevent, libev...) and none for Asio is
// packaged, while its reader and formatter are the part worth not writing
// again.
//
// A Redis connection does one of two things. Commands: each answered in
// the order sent, several in flight at once (pipelined). Or, once
// subscribed, messages: SUBSCRIBE turns the connection into a subscriber,
// whose every message from then on is handed to its callback. A node uses
// one of each.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace whist::server {

// A reply, as RESP2 has them.
struct RedisReply {
  enum class Type { kString, kArray, kInteger, kNil, kStatus, kError };
  Type type = Type::kNil;
  std::string str;  // a string's, a status's or an error's text
  long long integer = 0;
  std::vector<RedisReply> elements;

  bool error() const { return type == Type::kError; }
};

// The connection failed, or redis-server closed it; every command in
// flight fails so.
class RedisError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Redis {
 public:
  using Executor = boost::asio::any_io_executor;
  // A subscriber's message: its channel and its payload.
  using OnMessage = std::function<void(const std::string& channel, std::string payload)>;

  // Connects to host:port (throws RedisError, saying why).
  static boost::asio::awaitable<std::shared_ptr<Redis>> connect(Executor ex, std::string host,
                                                                int port);
  ~Redis();
  Redis(const Redis&) = delete;
  Redis& operator=(const Redis&) = delete;

  // Sends a command (its words: "PUBLISH", channel, payload) and returns
  // its reply; an error reply is returned, not thrown. Throws RedisError
  // when the connection fails. Safe from any thread; commands sent from
  // one coroutine are sent in its order.
  boost::asio::awaitable<RedisReply> command_words(std::vector<std::string> words);
  // Sends a command whose reply nobody waits for (PUBLISH from a table's
  // strand); still in order with the others.
  // `then`, if given, has the reply (on the connection's strand; not
  // called if the connection fails).
  void send_words(std::vector<std::string> words,
                  std::function<void(const RedisReply&)> then = nullptr);
  // The same, with the words as arguments: command("GET", key). (GCC 12
  // cannot keep a braced list's array across a co_await, and destroys
  // twice a temporary made in a co_await's expression: a coroutine calls
  // these with literals and named strings, never command_words({...}) or
  // command("GET", std::to_string(n)).)
  template <typename... Words>
  boost::asio::awaitable<RedisReply> command(const Words&... words) {
    return command_words(std::vector<std::string>{std::string(words)...});
  }
  template <typename... Words>
  void send(const Words&... words) {
    send_words(std::vector<std::string>{std::string(words)...});
  }
  // Subscribes to `channels` (SUBSCRIBE), once, and from then on hands
  // every message to on_message, on the connection's strand, in the order
  // redis-server sent them. Returns once subscribed. The connection takes
  // no other command after.
  boost::asio::awaitable<void> subscribe(std::vector<std::string> channels, OnMessage on_message);
  // Called once when the connection ends (redis-server gone, closed).
  void on_closed(std::function<void(std::string why)> fn);
  // Closes the connection; what is in flight fails.
  void close();
  bool open() const;

  struct Impl;

 private:
  explicit Redis(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<Impl> impl_;
};

}  // namespace whist::server
