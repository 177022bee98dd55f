// Messages between nodes (see node_bus.hpp). Everything the bus keeps is
// on its strand; what it hears is handled there one message at a time, in
// the order heard.
#include "server/node_bus.hpp"

#include <spdlog/spdlog.h>

#include <nlohmann/json.hpp>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <unordered_map>

#include "server/events.hpp"
#include "server/hub.hpp"
#include "server/redis.hpp"
#include "server/strand_service.hpp"
#include "server/table.hpp"

namespace whist::server {

namespace asio = boost::asio;
using json = nlohmann::json;

namespace {

constexpr const char* kAll = "whist:all";
constexpr const char* kLobby = "whist:lobby";    // a hash: table id -> its entry
constexpr const char* kLeader = "whist:leader";  // the node that runs the events
std::string channel_of(const std::string& node) { return "whist:node:" + node; }
std::string alive_key(const std::string& node) { return "whist:alive:" + node; }

// A message of `kind` to the connection `conn` (its fields added after).
//
// (GCC 12 destroys twice a temporary made in a co_await's expression:
// this file's coroutines name what they pass, a lambda, a key, a text,
// before they await.)
json message(const char* kind, std::uint64_t conn) {
  json j = json::object();
  j["k"] = kind;
  j["c"] = conn;
  return j;
}

}  // namespace

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
  void disconnected(Peer* s, std::int64_t user) override { tell(s, "gone", user); }
  void left_view(Peer* s, std::int64_t user) override { tell(s, "away", user); }
  void came_back(Peer* s, std::int64_t user) override { tell(s, "back", user); }
  const std::string& home() const { return home_; }
  std::set<std::uint64_t> conns;  // (bus strand) the sessions that reached it

 private:
  void tell(Peer* s, const char* kind, std::int64_t user);
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
    if (auto p = pub()) p->send("PUBLISH", channel, text);
  }
  void to_node(const std::string& node, const json& j) { publish(channel_of(node), j.dump()); }

  // On the strand.
  std::deque<std::string> inbox;
  struct Local {
    std::weak_ptr<Peer> session;
    std::set<std::string> nodes;  // the homes it reached
  };
  std::unordered_map<std::uint64_t, Local> locals;                         // by conn
  std::unordered_map<std::int64_t, std::shared_ptr<RemoteTable>> remotes;  // by table
  std::map<std::pair<std::string, std::uint64_t>, std::shared_ptr<RemotePeer>> peers;

  asio::awaitable<void> connect() {
    auto ex = hub.ioc.get_executor();
    auto p = co_await Redis::connect(ex, host, port);
    auto s = co_await Redis::connect(ex, host, port);
    std::weak_ptr<Impl> weak = shared_from_this();
    auto heard = [weak](const std::string&, std::string payload) {
      if (auto self = weak.lock())
        self->tell([self, payload = std::move(payload)]() mutable {
          self->inbox.push_back(std::move(payload));
          self->wake.cancel();
        });
    };
    std::vector<std::string> channels;
    channels.push_back(channel_of(self));
    channels.push_back(kAll);
    co_await s->subscribe(std::move(channels), heard);
    auto lost = [weak](std::string why) {
      if (auto self = weak.lock()) self->tell([self, why] { self->lost(why); });
    };
    p->on_closed(lost);
    s->on_closed(lost);
    {
      std::lock_guard lock(pub_mutex);
      pub_ = p;
    }
    sub_ = s;
    const std::string key = alive_key(self), ms = std::to_string(ttl);
    co_await p->command("SET", key, "1", "PX", ms);
  }

  // Redis is gone: what went through it is lost. Sessions at tables
  // elsewhere come back; other nodes' connections here end; the bus
  // connects again.
  void lost(const std::string& why) {
    if (stopped || !sub_) return;
    spdlog::error("node bus: {}; connecting again", why);
    {
      std::lock_guard lock(pub_mutex);
      if (pub_) pub_->close();
      pub_.reset();
    }
    sub_->close();
    sub_.reset();
    for (auto& [conn, local] : locals)
      if (auto s = local.session.lock()) s->server_stopping();
    locals.clear();
    remotes.clear();
    auto dropped = std::move(peers);
    peers.clear();
    asio::co_spawn(strand_, drop(std::move(dropped)), asio::detached);
    asio::co_spawn(strand_, reconnect(), asio::detached);
  }
  asio::awaitable<void> reconnect() {
    asio::steady_timer t(strand_);
    while (!stopped) {
      t.expires_after(std::chrono::seconds(1));
      co_await t.async_wait(asio::use_awaitable);
      try {
        co_await connect();
        spdlog::info("node bus: connected to redis {}:{} again", host, port);
        co_return;
      } catch (const std::exception& e) {
        spdlog::warn("node bus: {}", e.what());
      }
    }
  }
  // Other nodes' connections gone: their seats held, their watching ended.
  asio::awaitable<void> drop(
      std::map<std::pair<std::string, std::uint64_t>, std::shared_ptr<RemotePeer>> gone) {
    for (auto& [key, peer] : gone)
      for (const std::int64_t t : peer->tables())
        if (auto table = co_await hub.find(t)) table->disconnected(peer.get(), peer->user);
  }

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
  asio::awaitable<void> loop() {
    auto keep = shared_from_this();
    while (!stopped) {
      if (inbox.empty()) {
        boost::system::error_code ec;
        wake.expires_at(asio::steady_timer::time_point::max());
        co_await wake.async_wait(asio::redirect_error(asio::use_awaitable, ec));
        continue;
      }
      const std::string text = std::move(inbox.front());
      inbox.pop_front();
      try {
        const json message = json::parse(text);
        co_await handle(message);
      } catch (const std::exception& e) {
        // (Not the text: a seat's view holds its hand.)
        spdlog::error("node bus: a message of {} bytes that cannot be handled: {}", text.size(),
                      e.what());
      }
    }
  }

  asio::awaitable<void> handle(const json& j) {
    const std::string kind = j.at("k").get<std::string>();
    // For this node's sessions, from a table's home.
    if (kind == "send" || kind == "deliver" || kind == "batch" || kind == "joined" ||
        kind == "stop") {
      auto s = local(j.at("c").get<std::uint64_t>());
      if (!s) co_return;
      if (kind == "send") {
        s->send(std::make_shared<const std::string>(j.at("m").get<std::string>()));
      } else if (kind == "deliver") {
        s->deliver(j.at("id").get<std::string>(),
                   std::make_shared<const std::string>(j.at("m").get<std::string>()));
      } else if (kind == "batch") {
        std::vector<std::pair<std::string, Message>> replies;
        for (const auto& r : j.at("r"))
          replies.emplace_back(r.at(0).get<std::string>(),
                               std::make_shared<const std::string>(r.at(1).get<std::string>()));
        s->send_batch(std::make_shared<const std::string>(j.at("m").get<std::string>()),
                      std::move(replies));
      } else if (kind == "joined") {
        s->joined_table(j.at("t").get<std::int64_t>());
      } else {
        // The session comes back to its table: not at this home, whose
        // tables it may no longer hold (it drains, or lost a lease).
        const std::string from = j.value("from", "");
        std::erase_if(remotes, [&from](const auto& kv) { return kv.second->home() == from; });
        s->server_stopping();
      }
      co_return;
    }
    if (kind == "users") {
      if (j.at("from").get<std::string>() == self) co_return;
      auto text = std::make_shared<const std::string>(j.at("m").get<std::string>());
      for (const auto& u : j.at("u")) hub.presence.send(u.get<std::int64_t>(), text);
      co_return;
    }
    if (kind == "lobby" || kind == "unlist") {
      if (j.at("from").get<std::string>() == self) co_return;
      apply_lobby(j);
      co_return;
    }
    if (kind == "free") {
      // Another node gave tables up (it drains): taken over now.
      if (j.at("from").get<std::string>() != self) hub.wake_keeper = true;
      co_return;
    }
    if (kind == "moved") {
      const auto t = j.at("t").get<std::int64_t>();
      auto it = remotes.find(t);
      // (Sessions that found it at its new home already stay.)
      if (it == remotes.end() || it->second->home() == j.at("to").get<std::string>()) co_return;
      for (const std::uint64_t c : it->second->conns)
        if (auto s = local(c)) s->server_stopping();
      remotes.erase(it);
      co_return;
    }
    // For this node's tables, from another node's connection.
    const std::string from = j.at("from").get<std::string>();
    const auto conn = j.at("c").get<std::uint64_t>();
    if (kind == "ereq") {
      // An event request, for this node that leads: answered apart, so
      // that the bus does not wait for the storage thread.
      auto peer = peer_of(from, conn);
      const auto& p = j.at("p");
      table::Person person{p.at("id").get<std::int64_t>(), p.at("name").get<std::string>(),
                           p.at("guest").get<bool>()};
      peer->user = person.id;
      asio::co_spawn(hub.ioc,
                     answer_remote_event(peer, std::move(person), j.at("raw").get<std::string>()),
                     asio::detached);
      co_return;
    }
    if (kind == "end") {
      auto it = peers.find({from, conn});
      if (it == peers.end()) co_return;
      auto peer = it->second;
      peers.erase(it);
      for (const std::int64_t t : peer->tables())
        if (auto table = co_await hub.find(t)) table->disconnected(peer.get(), peer->user);
      co_return;
    }
    const auto t = j.at("t").get<std::int64_t>();
    auto peer = peer_of(from, conn);
    auto table = co_await hub.find(t);
    if (kind == "req") {
      const auto& p = j.at("p");
      table::Person person{p.at("id").get<std::int64_t>(), p.at("name").get<std::string>(),
                           p.at("guest").get<bool>()};
      peer->user = person.id;
      auto parsed = protocol::parse_request(j.at("raw").get<std::string>());
      auto* req = std::get_if<protocol::Request>(&parsed);
      if (!req) {
        peer->send(std::make_shared<const std::string>(
            protocol::error_message(std::get<protocol::ParseError>(parsed))));
      } else if (!table) {
        // Gone from here meanwhile: the session comes back, and finds the
        // table at its new home (or that it closed).
        peer->server_stopping();
      } else {
        table->request(peer, std::move(person), req->id, std::move(req->message));
      }
      co_return;
    }
    if (!table) co_return;
    const auto user = j.at("u").get<std::int64_t>();
    if (kind == "gone") {
      table->disconnected(peer.get(), user);
      peer->left(t);
    } else if (kind == "away") {
      table->left_view(peer.get(), user);
    } else if (kind == "back") {
      table->came_back(peer.get(), user);
    }
  }

  asio::awaitable<void> answer_remote_event(std::shared_ptr<RemotePeer> peer, table::Person person,
                                            std::string raw) {
    auto keep = shared_from_this();
    auto parsed = protocol::parse_request(raw);
    auto* req = std::get_if<protocol::Request>(&parsed);
    if (!req) {
      peer->send(std::make_shared<const std::string>(
          protocol::error_message(std::get<protocol::ParseError>(parsed))));
      co_return;
    }
    if (!hub.leads || !hub.events_running) {  // no longer (drained meanwhile)
      peer->deliver(req->id, std::make_shared<const std::string>(protocol::error_message(
                                 req->id, {protocol::Error::kServerRestarting})));
      co_return;
    }
    const bool draining = hub.ctx.draining;
    EventReply r = co_await answer_event(*hub.events, person, req->id, req->message, draining);
    peer->deliver(req->id, std::make_shared<const std::string>(std::move(r.text)));
  }

  // A lobby entry of another node's table: {"t", "s" (its summary), "a"
  // (its audience, or null for everyone)}, or "unlist".
  void apply_lobby(const json& j) {
    const auto t = j.at("t").get<std::int64_t>();
    if (j.at("k").get<std::string>() == "unlist") {
      hub.lobby.remove(t);
      return;
    }
    Lobby::Audience audience;
    if (!j.at("a").is_null()) audience = j.at("a").get<std::set<std::int64_t>>();
    hub.lobby.update(t, j.at("s").get<std::string>(), std::move(audience));
  }
  // At start: the tables every node lists now.
  asio::awaitable<void> load_lobby() {
    auto p = pub();
    if (!p) co_return;
    const RedisReply all = co_await p->command("HGETALL", kLobby);
    for (size_t i = 0; i + 1 < all.elements.size(); i += 2) {
      try {
        json j = json::parse(all.elements[i + 1].str);
        j["k"] = "lobby";
        j["t"] = std::stoll(all.elements[i].str);
        apply_lobby(j);
      } catch (const std::exception& e) {
        spdlog::warn("node bus: a lobby entry that cannot be read: {}", e.what());
      }
    }
  }

  // Every third of a lease: this node says it lives; every lease, the
  // connections of nodes that no longer say so are dropped.
  asio::awaitable<void> keep_alive() {
    auto keep = shared_from_this();
    asio::steady_timer t(strand_);
    int round = 0;
    while (!stopped) {
      t.expires_after(std::chrono::milliseconds(ttl / 3));
      co_await t.async_wait(asio::use_awaitable);
      auto p = pub();
      if (!p) continue;
      try {
        const std::string key = alive_key(self), ms = std::to_string(ttl);
        co_await p->command("SET", key, "1", "PX", ms);
        if (hub.leads && hub.events_running && !hub.ctx.draining)
          co_await p->command("SET", kLeader, self, "PX", ms);
        if (++round % 3) continue;
        std::set<std::string> nodes;
        for (const auto& [key, peer] : peers) nodes.insert(key.first);
        for (const auto& node : nodes) {
          const std::string its = alive_key(node);
          const RedisReply r = co_await p->command("EXISTS", its);
          if (r.integer != 0) continue;
          spdlog::warn("node bus: node {} is gone; its connections here end", node);
          std::map<std::pair<std::string, std::uint64_t>, std::shared_ptr<RemotePeer>> gone;
          for (auto it = peers.begin(); it != peers.end();)
            if (it->first.first == node) {
              gone.insert(*it);
              it = peers.erase(it);
            } else {
              ++it;
            }
          co_await drop(std::move(gone));
        }
      } catch (const std::exception& e) {
        spdlog::warn("node bus: {}", e.what());
      }
    }
  }
};

void RemotePeer::server_stopping() {
  json j = message("stop", conn_);
  if (auto bus = bus_.lock()) j["from"] = bus->self;
  tell(j);
}

void RemotePeer::tell(const json& j) {
  if (auto bus = bus_.lock()) bus->to_node(node_, j);
}

void RemoteTable::request(std::shared_ptr<Peer> s, table::Person p, std::string id,
                          protocol::ClientMessage, std::string_view raw) {
  auto bus = bus_.lock();
  if (!bus) return;
  (void)id;  // (in the text)
  json j = message("req", s->conn_id());
  j["t"] = id_;
  j["from"] = bus->self;
  json person = json::object();
  person["id"] = p.id;
  person["name"] = p.name;
  person["guest"] = p.guest;
  j["p"] = std::move(person);
  j["raw"] = std::string(raw);
  // On the bus's strand: the session is known there before its answer
  // can come back.
  bus->tell([bus, s = std::move(s), home = home_, id = id_, text = j.dump()]() mutable {
    auto& local = bus->locals[s->conn_id()];
    local.session = s;
    local.nodes.insert(home);
    if (auto it = bus->remotes.find(id); it != bus->remotes.end())
      it->second->conns.insert(s->conn_id());
    // Heard by nobody: the home was killed. The session is told the
    // server restarts, and finds the table at its next home.
    std::weak_ptr<NodeBus::Impl> weak = bus;
    std::weak_ptr<Peer> session = s;
    auto heard = [weak, session, home, id](const RedisReply& r) {
      if (r.type != RedisReply::Type::kInteger || r.integer != 0) return;
      auto bus = weak.lock();
      if (!bus) return;
      bus->tell([bus, session, home, id] {
        if (auto it = bus->remotes.find(id); it != bus->remotes.end() && it->second->home() == home)
          bus->remotes.erase(it);
        if (auto s = session.lock()) s->server_stopping();
      });
    };
    if (auto p = bus->pub()) p->send_words({"PUBLISH", channel_of(home), std::move(text)}, heard);
  });
}

void RemoteTable::tell(Peer* s, const char* kind, std::int64_t user) {
  auto bus = bus_.lock();
  if (!bus) return;
  json j = message(kind, s->conn_id());
  j["t"] = id_;
  j["from"] = bus->self;
  j["u"] = user;
  bus->tell([bus, home = home_, text = j.dump()]() mutable {
    bus->publish(channel_of(home), std::move(text));
  });
}

asio::awaitable<std::unique_ptr<NodeBus>> NodeBus::start(Hub& hub, std::string host, int port) {
  auto impl = std::make_shared<Impl>(hub, std::move(host), port);
  co_await impl->connect();
  co_await impl->load_lobby();
  asio::co_spawn(impl->strand(), impl->loop(), asio::detached);
  asio::co_spawn(impl->strand(), impl->keep_alive(), asio::detached);
  co_return std::unique_ptr<NodeBus>(new NodeBus(impl));
}

NodeBus::~NodeBus() {
  impl_->tell([impl = impl_] {
    impl->stopped = true;
    impl->wake.cancel();
    if (impl->sub_) impl->sub_->close();
    if (auto p = impl->pub()) p->close();
  });
}

asio::awaitable<std::shared_ptr<TableLink>> NodeBus::known_table(std::int64_t id) {
  auto impl = impl_;
  auto known = [impl, id]() -> std::shared_ptr<TableLink> {
    auto it = impl->remotes.find(id);
    return it == impl->remotes.end() ? nullptr : it->second;
  };
  co_return co_await impl->ask(std::move(known));
}

asio::awaitable<std::shared_ptr<TableLink>> NodeBus::remote_table(std::int64_t id,
                                                                  const std::string& home) {
  auto impl = impl_;
  if (home == impl->self) co_return nullptr;
  auto known = [impl, id, home]() -> std::shared_ptr<TableLink> {
    auto it = impl->remotes.find(id);
    return it == impl->remotes.end() || it->second->home() != home ? nullptr : it->second;
  };
  if (auto cached = co_await impl->ask(std::move(known))) co_return cached;
  // Whether its home listens: a node killed does not, though its leases
  // last until they expire.
  auto p = impl->pub();
  if (!p) co_return nullptr;
  const std::string channel = channel_of(home);
  const RedisReply r = co_await p->command("PUBSUB", "NUMSUB", channel);
  if (r.elements.size() != 2 || r.elements[1].integer == 0) co_return nullptr;
  auto remember = [impl, id, home]() -> std::shared_ptr<TableLink> {
    auto& link = impl->remotes[id];
    if (!link || link->home() != home) link = std::make_shared<RemoteTable>(impl, id, home);
    return link;
  };
  co_return co_await impl->ask(std::move(remember));
}

asio::awaitable<bool> NodeBus::to_leader(std::shared_ptr<Peer> session, table::Person p,
                                         std::string id, std::string raw) {
  auto impl = impl_;
  auto pub = impl->pub();
  if (!pub) co_return false;
  const RedisReply leader = co_await pub->command("GET", kLeader);
  if (leader.type != RedisReply::Type::kString || leader.str.empty()) co_return false;
  json j = message("ereq", session->conn_id());
  j["from"] = impl->self;
  json person = json::object();
  person["id"] = p.id;
  person["name"] = p.name;
  person["guest"] = p.guest;
  j["p"] = std::move(person);
  j["raw"] = std::move(raw);
  // On the bus's strand: the session is known there before its answer
  // can come back.
  impl->tell([impl, session = std::move(session), home = leader.str, id = std::move(id),
              text = j.dump()]() mutable {
    auto& local = impl->locals[session->conn_id()];
    local.session = session;
    local.nodes.insert(home);
    std::weak_ptr<Peer> weak = session;
    auto heard = [weak, id](const RedisReply& r) {
      if (r.type != RedisReply::Type::kInteger || r.integer != 0) return;
      if (auto s = weak.lock())  // the leader died: its key outlives it a little
        s->deliver(id, std::make_shared<const std::string>(
                           protocol::error_message(id, {protocol::Error::kServerRestarting})));
    };
    if (auto p = impl->pub()) p->send_words({"PUBLISH", channel_of(home), std::move(text)}, heard);
  });
  co_return true;
}

void NodeBus::gave_up(const std::vector<std::int64_t>& tables) {
  json j = message("free", 0);
  j["from"] = impl_->self;
  j["ts"] = tables;
  impl_->publish(kAll, j.dump());
}

void NodeBus::to_users(const std::vector<std::int64_t>& users, const Message& text) {
  json j = message("users", 0);
  j["from"] = impl_->self;
  j["u"] = users;
  j["m"] = *text;
  impl_->publish(kAll, j.dump());
}

void NodeBus::took_over(std::int64_t id) {
  json j = message("moved", 0);
  j["t"] = id;
  j["to"] = impl_->self;
  impl_->publish(kAll, j.dump());
}

void NodeBus::session_ended(Peer* session) {
  impl_->tell([impl = impl_, conn = session->conn_id()] {
    auto it = impl->locals.find(conn);
    if (it == impl->locals.end()) return;
    for (const auto& node : it->second.nodes) {
      json j = message("end", conn);
      j["from"] = impl->self;
      impl->to_node(node, j);
    }
    impl->locals.erase(it);
    for (auto& [id, r] : impl->remotes) r->conns.erase(conn);
  });
}

void NodeBus::listed(std::int64_t table, const std::string& summary,
                     const std::optional<std::set<std::int64_t>>& audience) {
  json entry = json::object();
  entry["s"] = summary;
  entry["a"] = audience ? json(*audience) : json();
  const std::string id = std::to_string(table);
  if (auto p = impl_->pub()) p->send("HSET", kLobby, id, entry.dump());
  entry["k"] = "lobby";
  entry["t"] = table;
  entry["from"] = impl_->self;
  impl_->publish(kAll, entry.dump());
}

void NodeBus::unlisted(std::int64_t table) {
  if (auto p = impl_->pub()) p->send("HDEL", kLobby, std::to_string(table));
  json j = message("unlist", 0);
  j["t"] = table;
  j["from"] = impl_->self;
  impl_->publish(kAll, j.dump());
}

}  // namespace whist::server
