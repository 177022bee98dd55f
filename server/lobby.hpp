// The lobby: who is looking at the table list, and the list itself. Tables
// publish their summaries here; everyone in the lobby sees each change.
// Its state lives on its own strand.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

namespace whist::server {

class WsSession;
class Presence;

class Lobby {
 public:
  explicit Lobby(boost::asio::io_context& ioc);
  // Adds a session to the lobby and answers request `id` with the list.
  void join(std::shared_ptr<WsSession> s, std::string id);
  void leave(WsSession* s);
  // A table's summary (JSON text) changed, or it went away.
  void update(std::int64_t table, std::string summary_json);
  void remove(std::int64_t table);
  // Told who sits where with each update, and of each table that goes.
  void set_presence(Presence* p) { presence_ = p; }

 private:
  void broadcast(const std::shared_ptr<const std::string>& m);

  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  std::map<WsSession*, std::weak_ptr<WsSession>> members_;
  std::map<std::int64_t, std::string> tables_;
  Presence* presence_ = nullptr;
};

}  // namespace whist::server
