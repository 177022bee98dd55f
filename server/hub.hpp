// The lobby, the tables and the services of a running server, shared by
// every session. The table map is a strand-owned service
// (strand_service.hpp): found by awaiting it, changed by posting to it. A
// session keeps the tables it found (WsSession::table), so that an action,
// most of what comes, goes to its table with no trip to this strand.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>

#include "server/abuse.hpp"
#include "server/context.hpp"
#include "server/lobby.hpp"
#include "server/presence.hpp"
#include "server/strand_service.hpp"

namespace whist::server {

class Table;

struct Hub : public StrandService {
  Hub(Context& c, asio::io_context& io)
      : StrandService(io), ctx(c), ioc(io), presence(io), lobby(io), abuse(io, c.config) {
    lobby.set_presence(&presence);
  }
  Context& ctx;
  asio::io_context& ioc;
  Presence presence;  // who is online and where (friends)
  Lobby lobby;
  Abuse abuse;  // limits shared by every connection

  // The live table `id`, or null.
  asio::awaitable<std::shared_ptr<Table>> find(std::int64_t id) {
    co_return co_await ask([this, id] { return table(id); });
  }
  // Quick play: the forming Play table of a variant and size (a key such
  // as "classic/4"), or null.
  asio::awaitable<std::shared_ptr<Table>> forming(std::string key) {
    auto job = [this, key = std::move(key)] {
      auto it = forming_.find(key);
      return it == forming_.end() ? nullptr : table(it->second);
    };
    co_return co_await ask(std::move(job));
  }

  // A new table; a quick_key registers it as that key's forming table.
  void add(std::int64_t id, std::shared_ptr<Table> t, std::string quick_key = {}) {
    tell([this, id, t = std::move(t), key = std::move(quick_key)]() mutable {
      tables_[id] = std::move(t);
      if (!key.empty()) forming_[key] = id;
    });
  }
  void remove(std::int64_t id) {
    tell([this, id] { tables_.erase(id); });
  }
  void set_forming(const std::string& key, std::int64_t id) {
    tell([this, key, id] { forming_[key] = id; });
  }
  // The table started or closed: it is forming no more.
  void clear_forming(std::int64_t id) {
    tell([this, id] {
      for (auto it = forming_.begin(); it != forming_.end();)
        it = it->second == id ? forming_.erase(it) : std::next(it);
    });
  }

 private:
  std::shared_ptr<Table> table(std::int64_t id) const {
    auto it = tables_.find(id);
    return it == tables_.end() ? nullptr : it->second;
  }
  // On the strand.
  std::unordered_map<std::int64_t, std::shared_ptr<Table>> tables_;
  std::map<std::string, std::int64_t> forming_;
};

}  // namespace whist::server
