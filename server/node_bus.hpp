// Messages between whistd nodes over Redis (issue 25): a player connected
// to one node plays at a table whose home is another.
//
// Each node subscribes to a channel of its own, "whist:DB:node:NAME/PID.START"
// (its process's name, Context::node), and to "whist:DB:all" (DB: the name of
// the nodes' PostgreSQL database, so that clusters sharing a redis-server
// do not hear each other). A session whose
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
  // RedisError (server/redis.hpp), saying why, if it cannot. Its channels
  // and keys are named in `space` (the nodes' database's name).
  static boost::asio::awaitable<std::unique_ptr<NodeBus>> start(Hub& hub, std::string host,
                                                                int port, std::string space);
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

  // A user's first session on this node began (on), or its last ended:
  // the other nodes count them online (Presence::elsewhere). The users
  // online here are also kept in Redis ("whist:on:NODE"), for a node that
  // starts.
  void presence(std::int64_t user, bool on);
  // Ends these sessions of `user` on the other nodes (a password changed,
  // an account deleted, a session ended from another device).
  void end_sessions(std::int64_t user, const std::vector<std::string>& token_hashes,
                    const std::string& reason);
  // Closes the connections of `account` on the other nodes (whistctl ban).
  void kick(std::int64_t account, const std::string& reason);

  // A login failed (or succeeded) here: every node counts it toward the
  // name's and the address's limits (Abuse), as if made there.
  void login_failed(const std::string& name, const std::string& address);
  void login_succeeded(const std::string& name);
  // whistctl close-table, for table `table` at node `home`: closed there,
  // which stores the result of operator command `command`.
  void close_table(const std::string& home, std::int64_t table, const std::string& reason,
                   std::int64_t command);

  struct Impl;

 private:
  explicit NodeBus(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<Impl> impl_;
};

// A message for every connection of these people: this node's, and the
// other nodes' when nodes talk.
void send_to_users(Hub& hub, const std::vector<std::int64_t>& users, const Message& m);
// A login failed (succeeded), counted here and on the other nodes.
void note_login_failed(Hub& hub, const std::string& name, const std::string& address);
void note_login_succeeded(Hub& hub, const std::string& name);
// Ends these sessions of `user` everywhere (Presence::end_sessions).
void end_sessions(Hub& hub, std::int64_t user, std::vector<std::string> token_hashes,
                  std::string reason);

}  // namespace whist::server
