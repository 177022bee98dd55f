// A connection as a table sees it: a WebSocket session of this process
// (WsSession), or one of another node's, whose messages go back to it over
// Redis (server/node_bus.hpp). A table sends to either the same way; a
// local session keeps its fast path (WsSession's own, given the caller's
// reference), a remote one forwards.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace whist::server {

using Message = std::shared_ptr<const std::string>;

class Peer {
 public:
  explicit Peer(bool remote) : remote_(remote), conn_id_(next_conn_id()) {}
  virtual ~Peer() = default;
  Peer(const Peer&) = delete;
  Peer& operator=(const Peer&) = delete;

  bool remote() const { return remote_; }
  // The connection's number, unique in this process (tables know it by it).
  std::uint64_t conn_id() const { return conn_id_; }

  // Queues a message.
  virtual void send(Message m) = 0;
  // The answer to request `id`: sent, and kept so that a retry of the same
  // id gets it again.
  virtual void deliver(std::string id, Message reply) = 0;
  // Several messages in one (a table's batch), with the answers among
  // them (request id, answer) remembered as deliver() remembers them.
  virtual void send_batch(Message m, std::vector<std::pair<std::string, Message>> replies) = 0;
  // The connection is seated at or watching a table (told when it goes).
  virtual void joined_table(std::int64_t table) = 0;
  // Told the server restarts, and closed: it comes back (to the table's
  // new home).
  virtual void server_stopping() = 0;

 private:
  static std::uint64_t next_conn_id() {
    static std::atomic<std::uint64_t> last{0};
    return ++last;
  }
  const bool remote_;
  const std::uint64_t conn_id_;
};

}  // namespace whist::server
