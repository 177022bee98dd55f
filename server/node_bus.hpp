// Messages between whistd nodes over Redis (issue 25): a player connected
// to one node plays at a table whose home is another.
//
// Each node subscribes to a channel of its own, "whist:node:NAME/PID.START"
// (its process's name, Context::node), and to "whist:all". A session whose
// table lives elsewhere reaches it through a RemoteTable: each request goes
// to the table's home as the client wrote it, with the connection's number
// and the player; there the table sees a RemotePeer, a connection like any
// other, and what it sends that connection (events, views, answers,
// batches) comes back the same way and is handed to the session. Redis
// keeps the order of what one node publishes to a channel, and each node
// handles what it hears in that order: a connection gets its table's
// messages, versions and answers in the order the table sent them, as on
// one node.
//
// A table's home is its lease's holder (server/homes.hpp). When a node
// takes a table over, it says so on "whist:all": sessions elsewhere that
// were at the table are told the server restarts, and come back to it at
// its new home. The lobby's list is every node's tables: a table's
// summary goes to every node as its home publishes it. Each node keeps a key
// "whist:alive:NAME/PID.START" that lives a lease's length and is renewed three times in it; the
// home of a table drops the connections of a node whose key is gone (their seats are held, as for a
// connection that ended).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <boost/asio/awaitable.hpp>

#include "server/peer.hpp"
#include "server/table_link.hpp"

namespace whist::server {

struct Hub;

class NodeBus {
 public:
  // Connects to redis-server at `host`:`port` and subscribes; throws
  // RedisError (server/redis.hpp), saying why, if it cannot.
  static boost::asio::awaitable<std::unique_ptr<NodeBus>> start(Hub& hub, std::string host,
                                                                int port);
  ~NodeBus();
  NodeBus(const NodeBus&) = delete;
  NodeBus& operator=(const NodeBus&) = delete;

  // The way to table `id`, already known to be at another node's, or null.
  boost::asio::awaitable<std::shared_ptr<TableLink>> known_table(std::int64_t id);
  // The way to table `id` at `home` (its lease's holder), or null if that
  // node no longer listens (it was killed, and its lease has yet to expire).
  boost::asio::awaitable<std::shared_ptr<TableLink>> remote_table(std::int64_t id,
                                                                  const std::string& home);
  // An event request of a session here, for the node that leads (it runs
  // the events): its answer comes back as a table's do. False if no node
  // leads now (the leader died, and another is taking its place). A
  // leader that no longer listens answers `id` "the server restarts".
  boost::asio::awaitable<bool> to_leader(std::shared_ptr<Peer> session, table::Person p,
                                         std::string id, std::string raw);
  // This node (draining) gave these tables up: the other nodes take them
  // over at once.
  void gave_up(const std::vector<std::int64_t>& tables);
  // A message for every connection of these people, on every other node
  // (this node's own are reached through its presence).
  void to_users(const std::vector<std::int64_t>& users, const Message& text);
  // This node took table `id` over: the nodes drop their way to its
  // former home, and their sessions that were at it come back.
  void took_over(std::int64_t id);
  // A session of this node ended: the nodes whose tables it reached
  // forget its connection.
  void session_ended(Peer* session);
  // A table of this node is listed in the lobby with this summary and
  // audience (Lobby::update), or listed no more (closed): every node's
  // lobby shows it so. The list is also kept in Redis ("whist:lobby"), for
  // a node that starts.
  void listed(std::int64_t table, const std::string& summary,
              const std::optional<std::set<std::int64_t>>& audience);
  void unlisted(std::int64_t table);

  struct Impl;

 private:
  explicit NodeBus(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<Impl> impl_;
};

}  // namespace whist::server
