// The lobby: who is looking at the table list, and the list itself. Tables
// publish their summaries here, each with who may see it (everyone, or a
// set of users: an invitation-only table's players and invitees); each
// member sees the changes of the tables it may see, and a table that it
// may no longer see goes from its list (lobby.removed). A strand-owned
// service (strand_service.hpp): its state lives on its own strand, and
// every call is posted there.
#pragma once

#include <boost/asio/io_context.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "server/strand_service.hpp"

namespace whist::server {

class WsSession;
class Presence;

class Lobby : public StrandService {
 public:
  using Audience = std::optional<std::set<std::int64_t>>;  // nullopt: everyone

  explicit Lobby(boost::asio::io_context& ioc);
  // Adds a session of `user` to the lobby and answers request `id` with
  // the list of the tables it may see.
  void join(std::shared_ptr<WsSession> s, std::string id, std::int64_t user);
  void leave(WsSession* s);
  // A table's summary (JSON text as dump() writes it, sent as it is) or
  // audience changed, or it went away.
  void update(std::int64_t table, std::string summary_json, Audience audience = std::nullopt);
  void remove(std::int64_t table);
  // Told who sits where with each update, and of each table that goes.
  void set_presence(Presence* p) { presence_ = p; }

 private:
  struct Member {
    std::weak_ptr<WsSession> session;
    std::int64_t user = 0;
    std::set<std::int64_t> seen;  // the tables in its list
  };
  struct Entry {
    std::string summary;
    Audience audience;
  };

  std::shared_ptr<WsSession> live(std::map<WsSession*, Member>::iterator& it);

  std::map<WsSession*, Member> members_;
  std::map<std::int64_t, Entry> tables_;
  Presence* presence_ = nullptr;
};

}  // namespace whist::server
