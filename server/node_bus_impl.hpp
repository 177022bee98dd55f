// The node bus's insides (node_bus.hpp), for its two files: node_bus.cpp
// (connecting, what is heard, tables and lobbies across nodes) and
// node_bus_people.cpp (presence, sessions, bans, the leader's events and
// the operator's commands across nodes).
#pragma once

#include <nlohmann/json.hpp>

#include <atomic>
#include <boost/asio/steady_timer.hpp>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/hub.hpp"
#include "server/node_bus.hpp"
#include "server/redis.hpp"
#include "server/strand_service.hpp"

namespace whist::server {

namespace asio = boost::asio;
using json = nlohmann::json;

// Every channel and key starts "whist:DATABASE:", the name of the nodes'
// PostgreSQL database: clusters (a test's, say) that share a redis-server
// do not hear each other. Set once, as the bus starts (one per process).
inline std::string& space() {
  static std::string s = "whist:";
  return s;
}
inline std::string all_channel() { return space() + "all"; }
inline std::string lobby_key() { return space() + "lobby"; }    // a hash: table id -> its entry
inline std::string leader_key() { return space() + "leader"; }  // the node that runs the events
inline std::string channel_of(const std::string& node) { return space() + "node:" + node; }
inline std::string alive_key(const std::string& node) { return space() + "alive:" + node; }
// A set: the users online on the node.
inline std::string online_key(const std::string& node) { return space() + "on:" + node; }

// A message of `kind` to the connection `conn` (its fields added after).
//
// (GCC 12 destroys twice a temporary made in a co_await's expression:
// this file's coroutines name what they pass, a lambda, a key, a text,
// before they await.)
// A player as a message carries them ("p"), and back.
inline json person_json(const table::Person& p) {
  json j = json::object();
  j["id"] = p.id;
  j["name"] = p.name;
  j["guest"] = p.guest;
  return j;
}
inline table::Person person_of(const json& p) {
  return {p.at("id").get<std::int64_t>(), p.at("name").get<std::string>(),
          p.at("guest").get<bool>()};
}

inline json message(const char* kind, std::uint64_t conn) {
  json j = json::object();
  j["k"] = kind;
  j["c"] = conn;
  return j;
}

// Another node's connection, as this node's tables see it: what a table
// sends it goes back to that node.
class RemotePeer final : public Peer {
 public:
  RemotePeer(std::weak_ptr<NodeBus::Impl> bus, std::string node, std::uint64_t conn)
      : Peer(true), bus_(std::move(bus)), node_(std::move(node)), conn_(conn) {}
  void send(Message m) override {
    json j = message("send", conn_);
    j["m"] = *m;
    tell(j);
  }
  void deliver(std::string id, Message m) override {
    json j = message("deliver", conn_);
    j["id"] = std::move(id);
    j["m"] = *m;
    tell(j);
  }
  void send_batch(Message m, std::vector<std::pair<std::string, Message>> replies) override {
    json r = json::array();
    for (auto& [id, text] : replies) {
      json one = json::array();
      one.push_back(id);
      one.push_back(*text);
      r.push_back(std::move(one));
    }
    json j = message("batch", conn_);
    j["m"] = *m;
    j["r"] = std::move(r);
    tell(j);
  }
  void joined_table(std::int64_t table) override {
    {
      std::lock_guard lock(mutex_);
      tables_.insert(table);
    }
    json j = message("joined", conn_);
    j["t"] = table;
    tell(j);
  }
  void server_stopping() override;

  void left(std::int64_t table) {
    std::lock_guard lock(mutex_);
    tables_.erase(table);
  }
  std::set<std::int64_t> tables() const {
    std::lock_guard lock(mutex_);
    return tables_;
  }
  const std::string& node() const { return node_; }
  std::atomic<std::int64_t> user{0};  // the player of its latest request

 private:
  void tell(const json& j);
  std::weak_ptr<NodeBus::Impl> bus_;
  const std::string node_;
  const std::uint64_t conn_;
  mutable std::mutex mutex_;
  std::set<std::int64_t> tables_;  // seated at or watching, here
};

// A table whose home is another node, as this node's sessions reach it.
class RemoteTable final : public TableLink {
 public:
  RemoteTable(std::weak_ptr<NodeBus::Impl> bus, std::int64_t id, std::string home)
      : bus_(std::move(bus)), id_(id), home_(std::move(home)) {}
  std::int64_t id() const override { return id_; }
  void request(std::shared_ptr<Peer> s, table::Person p, std::string id, protocol::ClientMessage,
               std::string_view raw) override;
  void sit_anywhere(std::shared_ptr<Peer> s, table::Person p, std::string id) override;
  boost::asio::awaitable<std::string> chat_for_report() override;
  void disconnected(Peer* s, std::int64_t user) override { tell(s, "gone", user); }
  void left_view(Peer* s, std::int64_t user) override { tell(s, "away", user); }
  void came_back(Peer* s, std::int64_t user) override { tell(s, "back", user); }
  const std::string& home() const { return home_; }
  std::set<std::uint64_t> conns;  // (bus strand) the sessions that reached it

 private:
  void tell(Peer* s, const char* kind, std::int64_t user);
  // A request's message to the table's home, with the session's person.
  void to_home(std::shared_ptr<Peer> s, const table::Person& p, json j);
  std::weak_ptr<NodeBus::Impl> bus_;
  const std::int64_t id_;
  const std::string home_;
};

// A strand-owned service (strand_service.hpp), its ask() and tell() open
// to RemoteTable and NodeBus.
struct NodeBus::Impl : StrandService, std::enable_shared_from_this<NodeBus::Impl> {
  Impl(Hub& h, std::string host_, int port_)
      : StrandService(h.ioc),
        hub(h),
        self(h.ctx.node),
        host(std::move(host_)),
        port(port_),
        ttl(h.ctx.config.lease_ms),
        wake(strand_) {}
  using StrandService::ask;
  using StrandService::tell;
  const Strand& strand() const { return strand_; }

  Hub& hub;
  const std::string self;  // this process's node name
  const std::string host;
  const int port;
  const int ttl;
  asio::steady_timer wake;  // the loop waits on it for what is heard
  bool stopped = false;

  // What is published goes through `pub_` (any thread); the subscriber
  // hears.
  std::mutex pub_mutex;
  std::shared_ptr<Redis> pub_, sub_;
  std::shared_ptr<Redis> pub() {
    std::lock_guard lock(pub_mutex);
    return pub_;
  }
  void publish(const std::string& channel, std::string text) {
    if (auto p = pub()) {
      ++hub.ctx.metrics.bus_published_total;
      p->send("PUBLISH", channel, text);
    }
  }
  void to_node(const std::string& node, const json& j) { publish(channel_of(node), j.dump()); }
  // (On the strand.) A request of session `s` for node `node`: the
  // session is known here before its answer can come back; `unheard` is
  // called (on Redis's strand) if no node listened (it died).
  void request_of(const std::shared_ptr<Peer>& s, const std::string& node, std::string text,
                  std::function<void()> unheard) {
    auto& local = locals[s->conn_id()];
    local.session = s;
    local.nodes.insert(node);
    auto heard = [unheard = std::move(unheard)](const RedisReply& r) {
      if (r.type == RedisReply::Type::kInteger && r.integer == 0) unheard();
    };
    ++hub.ctx.metrics.bus_published_total;
    if (auto p = pub()) p->send_words({"PUBLISH", channel_of(node), std::move(text)}, heard);
  }

  // On the strand.
  std::deque<std::string> inbox;
  struct Local {
    std::weak_ptr<Peer> session;
    std::set<std::string> nodes;  // the homes it reached
  };
  std::unordered_map<std::uint64_t, Local> locals;                         // by conn
  std::unordered_map<std::int64_t, std::shared_ptr<RemoteTable>> remotes;  // by table
  std::map<std::pair<std::string, std::uint64_t>, std::shared_ptr<RemotePeer>> peers;
  std::set<std::string> online_nodes;  // the nodes whose users count online here
  // Questions to other nodes (a table's chat for a report): their answers
  // by question, once heard.
  std::uint64_t last_question = 0;
  std::map<std::uint64_t, std::optional<std::string>> answers;

  asio::awaitable<void> connect();

  // Redis is gone: what went through it is lost. Sessions at tables
  // elsewhere come back; other nodes' connections here end; the bus
  // connects again.
  void lost(const std::string& why);
  asio::awaitable<void> reconnect();
  // Other nodes' connections gone: their seats held, their watching ended.
  asio::awaitable<void> drop(
      std::map<std::pair<std::string, std::uint64_t>, std::shared_ptr<RemotePeer>> gone);

  std::shared_ptr<RemotePeer> peer_of(const std::string& node, std::uint64_t conn) {
    auto& p = peers[{node, conn}];
    if (!p) p = std::make_shared<RemotePeer>(weak_from_this(), node, conn);
    return p;
  }
  std::shared_ptr<Peer> local(std::uint64_t conn) {
    auto it = locals.find(conn);
    return it == locals.end() ? nullptr : it->second.session.lock();
  }

  // What is heard, one message at a time.
  asio::awaitable<void> loop();

  // What is heard: for a session here (from a table's home), about people
  // (presence, sessions, bans, events, the operator), for a table here.
  asio::awaitable<void> handle(const json& j);
  bool for_session(const std::string& kind, const json& j);
  bool about_people(const std::string& kind, const json& j);
  asio::awaitable<void> for_table(const std::string& kind, const json& j);

  asio::awaitable<void> answer_remote_event(std::shared_ptr<RemotePeer> peer, table::Person person,
                                            std::string raw);

  // A lobby entry of another node's table: {"t", "s" (its summary), "a"
  // (its audience, or null for everyone)}, or "unlist".
  void apply_lobby(const json& j);
  // At start: the tables every node lists now.
  asio::awaitable<void> load_lobby();

  // Users gone offline with a dead node: their friends on this node are
  // told (each node tells its own).
  void told_offline(std::vector<std::int64_t> users);

  // At start: who is online on the other nodes.
  asio::awaitable<void> load_presence();

  // Every third of a lease: this node says it lives; every lease, the
  // connections of nodes that no longer say so are dropped.
  asio::awaitable<void> keep_alive();
};

}  // namespace whist::server
