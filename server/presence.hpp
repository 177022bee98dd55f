// Who is online, and where: the logged-in sessions of each user, the table
// each one sits at (from the tables' summaries, as the lobby gets them) and
// the tables each session watches. Used for friends: their online status,
// their table, and the messages pushed to them. A strand-owned service
// (strand_service.hpp): its maps are touched on its strand only; what a
// session must know is awaited, the rest is posted.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "server/strand_service.hpp"

namespace whist::server {

class WsSession;
using Message = std::shared_ptr<const std::string>;

class Presence : public StrandService {
 public:
  struct Place {
    std::int64_t table = 0;
    int seat = -1;  // -1: watching
  };
  // A user as another sees them: online or not, and where.
  struct Status {
    bool online = false;
    std::optional<Place> place;
  };

  explicit Presence(asio::io_context& ioc) : StrandService(ioc) {}

  // What online() and offline() found: whether the session is the user's
  // first here (or the last), and whether the user is on no other node.
  struct Change {
    bool here = false;   // first (last) session on this node
    bool alone = false;  // and none on any other node: online (offline) anywhere
  };
  // A session logged in as `user`.
  asio::awaitable<Change> online(std::int64_t user, std::shared_ptr<WsSession> s);
  // The session logged out or ended.
  asio::awaitable<Change> offline(std::int64_t user, const WsSession* s);
  // Several nodes (node_bus.hpp): `user` came online on node `node`, or
  // went offline there.
  void elsewhere(std::int64_t user, std::string node, bool on);
  // Node `node` died: the users online only there, now offline.
  asio::awaitable<std::vector<std::int64_t>> node_gone(std::string node);
  // Closes every connection of `account` here (whistctl ban).
  void kick(std::int64_t account, std::string reason);
  // Each of `users` as `viewer` may know them: online or not, and the
  // table they sit at, else one they watch, among the tables the viewer
  // may see (a table the viewer is not invited to is never named).
  asio::awaitable<std::vector<Status>> status(std::vector<std::int64_t> users, std::int64_t viewer);

  // Queues `m` on every session of `user` (none if offline).
  void send(std::int64_t user, Message m);
  // Tells every connection of `user` logged in with one of the sessions
  // `token_hashes` that its session ended: it says why and closes.
  void end_sessions(std::int64_t user, std::vector<std::string> token_hashes, std::string reason);
  // A session of `user` started or stopped watching `table`.
  void watching(std::int64_t user, const WsSession* s, std::int64_t table, bool on);
  // A table's seats changed: (user, seat) for each taken seat, and who may
  // see the table (nullopt: everyone; else an invitation-only or
  // friends-only table's audience).
  void seats(std::int64_t table, std::vector<std::pair<std::int64_t, int>> taken,
             std::optional<std::set<std::int64_t>> audience = std::nullopt);
  // The table closed.
  void table_gone(std::int64_t table);

 private:
  struct User {
    std::map<const WsSession*, std::weak_ptr<WsSession>> sessions;
    std::map<const WsSession*, std::set<std::int64_t>> watching;
  };
  std::map<std::int64_t, User> users_;  // online users only
  // Users online on other nodes: the nodes.
  std::map<std::int64_t, std::set<std::string>> elsewhere_;
  // Seats by table: user -> seat, and the reverse by user.
  std::map<std::int64_t, std::map<std::int64_t, int>> tables_;
  std::map<std::int64_t, std::map<std::int64_t, int>> seated_;  // user -> table -> seat
  // The tables not seen by everyone, with who may see them.
  std::map<std::int64_t, std::set<std::int64_t>> audiences_;

  // On the strand.
  void set_seats(std::int64_t table, const std::vector<std::pair<std::int64_t, int>>& taken,
                 const std::optional<std::set<std::int64_t>>& audience);
  bool visible(std::int64_t table, std::int64_t viewer) const;
  std::optional<Place> where(std::int64_t user, std::int64_t viewer) const;
};

}  // namespace whist::server
