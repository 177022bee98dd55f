// A table as a session reaches it: one of this node's (Table), or one whose
// home is another node (RemoteTable, server/node_bus.cpp), reached over
// Redis. A session sends its requests and its comings and goings the same
// way to either.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "protocol/messages.hpp"
#include "server/peer.hpp"
#include "table/effects.hpp"

namespace whist::server {

class TableLink {
 public:
  virtual ~TableLink() = default;
  virtual std::int64_t id() const = 0;
  // A table request of session `s` for player `p`: `m` parsed from `raw`,
  // the client's text, which goes to another node as it came.
  virtual void request(std::shared_ptr<Peer> s, table::Person p, std::string id,
                       protocol::ClientMessage m, std::string_view raw) = 0;
  // Quick play: session `s` takes a free seat here for player `p` (a
  // table.sit of any seat), answering request `id`.
  virtual void sit_anywhere(std::shared_ptr<Peer> s, table::Person p, std::string id) = 0;
  // The session is gone: its seat is held, its watching ends.
  virtual void disconnected(Peer* s, std::int64_t user) = 0;
  // The session joined the lobby (a seat it holds is away), or left it.
  virtual void left_view(Peer* s, std::int64_t user) = 0;
  virtual void came_back(Peer* s, std::int64_t user) = 0;
  // The table's latest chat lines as a JSON array ([{from, seat, text,
  // at}], oldest first), kept with a player's report (safety.report);
  // "[]" if they cannot be had.
  virtual boost::asio::awaitable<std::string> chat_for_report() = 0;
};

}  // namespace whist::server
