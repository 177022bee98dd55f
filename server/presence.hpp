// Who is online, and where: the logged-in sessions of each user, the table
// each one sits at (from the tables' summaries, as the lobby gets them) and
// the tables each session watches. Used for friends: their online status,
// their table, and the messages pushed to them. Thread-safe (one mutex
// around small maps); it never calls out while holding it, except to queue
// messages on sessions (WsSession::send only posts).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace whist::server {

class WsSession;
using Message = std::shared_ptr<const std::string>;

class Presence {
 public:
  struct Place {
    std::int64_t table = 0;
    int seat = -1;  // -1: watching
  };

  // A session logged in as `user`; true if the user was offline before.
  bool online(std::int64_t user, const std::shared_ptr<WsSession>& s);
  // The session logged out or ended; true if it was the user's last.
  bool offline(std::int64_t user, const WsSession* s);
  bool is_online(std::int64_t user) const;
  // Queues `m` on every session of `user` (none if offline).
  void send(std::int64_t user, const Message& m) const;

  // A session of `user` started or stopped watching `table`.
  void watching(std::int64_t user, const WsSession* s, std::int64_t table, bool on);
  // A table's seats changed: (user, seat) for each taken seat, and who may
  // see the table (nullopt: everyone; else an invitation-only or
  // friends-only table's audience).
  void seats(std::int64_t table, const std::vector<std::pair<std::int64_t, int>>& taken,
             const std::optional<std::set<std::int64_t>>& audience = std::nullopt);
  // The table closed.
  void table_gone(std::int64_t table);
  // Where the user is, as `viewer` may know it: the table they sit at,
  // else one they watch, among the tables the viewer may see (a table
  // the viewer is not invited to is never named).
  std::optional<Place> where(std::int64_t user, std::int64_t viewer) const;

 private:
  struct User {
    std::map<const WsSession*, std::weak_ptr<WsSession>> sessions;
    std::map<const WsSession*, std::set<std::int64_t>> watching;
  };
  mutable std::mutex mutex_;
  std::map<std::int64_t, User> users_;  // online users only
  // Seats by table: user -> seat, and the reverse by user.
  std::map<std::int64_t, std::map<std::int64_t, int>> tables_;
  std::map<std::int64_t, std::map<std::int64_t, int>> seated_;  // user -> table -> seat
  // The tables not seen by everyone, with who may see them.
  std::map<std::int64_t, std::set<std::int64_t>> audiences_;

  bool visible(std::int64_t table, std::int64_t viewer) const;
};

}  // namespace whist::server
