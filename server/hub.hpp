// The lobby and the tables of a running server, shared by every session.
#pragma once

#include <boost/asio/io_context.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/context.hpp"
#include "server/lobby.hpp"
#include "server/presence.hpp"

namespace whist::server {

class Table;

struct Hub {
  Hub(Context& c, boost::asio::io_context& io) : ctx(c), ioc(io), lobby(io) {
    lobby.set_presence(&presence);
  }
  Context& ctx;
  boost::asio::io_context& ioc;
  Presence presence;  // who is online and where (friends)
  Lobby lobby;

  std::shared_ptr<Table> find(std::int64_t id) {
    std::lock_guard lock(mutex_);
    auto it = tables_.find(id);
    return it == tables_.end() ? nullptr : it->second;
  }
  void add(std::int64_t id, std::shared_ptr<Table> t) {
    std::lock_guard lock(mutex_);
    tables_[id] = std::move(t);
  }
  void remove(std::int64_t id) {
    std::lock_guard lock(mutex_);
    tables_.erase(id);
  }
  // Quick play: the forming Play table of each variant and size (a key
  // such as "classic/4"), 0 if none.
  std::int64_t forming(const std::string& key) {
    std::lock_guard lock(mutex_);
    auto it = forming_.find(key);
    return it == forming_.end() ? 0 : it->second;
  }
  void set_forming(const std::string& key, std::int64_t id) {
    std::lock_guard lock(mutex_);
    forming_[key] = id;
  }
  // The table started or closed: it is forming no more.
  void clear_forming(std::int64_t id) {
    std::lock_guard lock(mutex_);
    for (auto it = forming_.begin(); it != forming_.end();)
      it = it->second == id ? forming_.erase(it) : std::next(it);
  }

 private:
  std::mutex mutex_;  // guards the map only; a table's state is on its strand
  std::unordered_map<std::int64_t, std::shared_ptr<Table>> tables_;  // found for every action
  std::map<std::string, std::int64_t> forming_;
};

}  // namespace whist::server
