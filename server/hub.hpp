// The lobby, the tables and the services of a running server, shared by
// every session. The table map is a strand-owned service
// (strand_service.hpp): found by awaiting it, changed by posting to it. A
// session keeps the tables it found (WsSession::table), so that an action,
// most of what comes, goes to its table with no trip to this strand.
#pragma once

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/abuse.hpp"
#include "server/context.hpp"
#include "server/lobby.hpp"
#include "server/presence.hpp"
#include "server/strand_service.hpp"
#include "table/quick_match.hpp"

namespace whist::server {

class Table;
class EventService;
class NodeBus;

struct Hub : public StrandService {
  Hub(Context& c, asio::io_context& io)
      : StrandService(io), ctx(c), ioc(io), presence(io), lobby(io), abuse(io, c.config) {
    lobby.set_presence(&presence);
  }
  Context& ctx;
  asio::io_context& ioc;
  Presence presence;  // who is online and where (friends)
  Lobby lobby;
  Abuse abuse;                     // limits shared by every connection
  EventService* events = nullptr;  // events and the daily duplicate (server.cpp sets it)
  // Messages between nodes (node_bus.hpp), when nodes talk over Redis.
  NodeBus* bus = nullptr;
  // Set to have the keeper (homes.hpp) take the tables nobody holds now,
  // rather than at its next round: a node gave its tables up, or a
  // session waits for one.
  std::atomic<bool> wake_keeper{false};
  // Whether the events run here: always for one whistd alone; for a node,
  // once it leads (server.cpp; a node that takes the lead later starts
  // them in the keeper's rounds, homes.cpp). Only the leader takes events'
  // tables, so that an event and its tables are on one node.
  std::atomic<bool> leads{true};
  std::atomic<bool> events_running{false};  // started (the leader's key is kept then)
  std::function<bool()> try_lead;           // a node's: takes the lead if free (storage thread)
  std::function<void()> on_lead;            // a node that took the lead later: what it starts

  // The live table `id`, or null.
  asio::awaitable<std::shared_ptr<Table>> find(std::int64_t id) {
    co_return co_await ask([this, id] { return table(id); });
  }
  // Quick play: a forming Play table of a variant and size (a key such as
  // "classic/4") for a player of `rating`: the nearest in rating within
  // its band (table/quick_match.hpp), here or on another node (its id), or
  // none (a new table opens).
  struct Forming {
    std::shared_ptr<Table> here;
    std::int64_t elsewhere = 0;
  };
  asio::awaitable<Forming> forming(std::string key, int rating = 1500) {
    auto job = [this, key = std::move(key), rating]() -> Forming {
      auto it = forming_.find(key);
      if (it == forming_.end()) return {};
      const auto id = table::pick_forming(it->second, rating, now_ms());
      if (!id) return {};
      if (auto t = table(*id)) return {t, 0};
      return {nullptr, *id};
    };
    co_return co_await ask(std::move(job));
  }
  // Several nodes: what this node's forming tables do is told to the
  // others (node_bus.hpp sets these); a table forming elsewhere (its
  // people's mean rating, how long it has waited) or no longer.
  std::function<void(const std::string& key, std::int64_t id, int rating, std::int64_t waited_ms)>
      tell_forming;
  std::function<void(std::int64_t id)> tell_formed;
  void forming_elsewhere(std::string key, std::int64_t id, int rating, std::int64_t waited_ms) {
    tell([this, key = std::move(key), id, rating, waited_ms] {
      remote_forming_.insert(id);
      auto& list = forming_[key];
      for (auto& f : list)
        if (f.id == id) {
          f.rating = rating;
          return;
        }
      list.push_back({id, now_ms() - waited_ms, rating});
    });
  }
  void formed_elsewhere(std::int64_t id) {
    tell([this, id] {
      if (remote_forming_.erase(id)) drop_forming(id, false);
    });
  }

  // A new table; a quick_key registers it as one of that key's forming
  // tables, with its creator's rating.
  void add(std::int64_t id, std::shared_ptr<Table> t, std::string quick_key = {},
           int rating = 1500) {
    tell([this, id, t = std::move(t), key = std::move(quick_key), rating]() mutable {
      tables_[id] = std::move(t);
      if (key.empty()) return;
      forming_[key].push_back({id, now_ms(), rating});
      if (tell_forming) tell_forming(key, id, rating, 0);
    });
  }
  void remove(std::int64_t id) {
    tell([this, id] {
      tables_.erase(id);
      drop_forming(id);
    });
  }
  // The table `which` goes, if it is still the live table `id` (a table
  // this node no longer holds: one taken back later stays).
  void remove(std::int64_t id, const Table* which) {
    tell([this, id, which] {
      auto it = tables_.find(id);
      if (it == tables_.end() || it->second.get() != which) return;
      tables_.erase(it);
      drop_forming(id);
    });
  }
  // Every live table (the keeper's round, server/homes.hpp).
  asio::awaitable<std::vector<std::shared_ptr<Table>>> all() {
    auto job = [this] {
      std::vector<std::shared_ptr<Table>> out;
      out.reserve(tables_.size());
      for (const auto& [id, t] : tables_) out.push_back(t);
      return out;
    };
    co_return co_await ask(std::move(job));
  }
  // A table forms again (restored): it waits from now.
  void set_forming(const std::string& key, std::int64_t id) {
    tell([this, key, id] {
      auto& list = forming_[key];
      for (const auto& f : list)
        if (f.id == id) return;
      list.push_back({id, now_ms(), 1500});
      if (tell_forming) tell_forming(key, id, 1500, 0);
    });
  }
  // A forming table's people changed: their mean rating.
  void forming_rating(std::int64_t id, int rating) {
    tell([this, id, rating] {
      for (auto& [key, list] : forming_)
        for (auto& f : list)
          if (f.id == id) {
            f.rating = rating;
            if (tell_forming && !remote_forming_.count(id))
              tell_forming(key, id, rating, now_ms() - f.since_ms);
          }
    });
  }
  // The table started or closed: it is forming no more.
  void clear_forming(std::int64_t id) {
    tell([this, id] { drop_forming(id); });
  }

 private:
  std::shared_ptr<Table> table(std::int64_t id) const {
    auto it = tables_.find(id);
    return it == tables_.end() ? nullptr : it->second;
  }
  // (`told`: the other nodes are told, for a table of this node's.)
  void drop_forming(std::int64_t id, bool told = true) {
    bool found = false;
    for (auto it = forming_.begin(); it != forming_.end();) {
      found |= std::erase_if(it->second, [id](const table::FormingTable& f) { return f.id == id; });
      it = it->second.empty() ? forming_.erase(it) : std::next(it);
    }
    if (found && !remote_forming_.erase(id) && told && tell_formed) tell_formed(id);
  }
  static std::int64_t now_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
  }
  // On the strand.
  std::unordered_map<std::int64_t, std::shared_ptr<Table>> tables_;
  std::map<std::string, std::vector<table::FormingTable>> forming_;  // by quick key
  std::set<std::int64_t> remote_forming_;  // those of forming_ on other nodes
};

}  // namespace whist::server
