// Messages between nodes (see node_bus.hpp): connecting, what is heard,
// tables and lobbies across nodes. Everything the bus keeps is on its
// strand; what it hears is handled there one message at a time, in the
// order heard.
#include <spdlog/spdlog.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>

#include "server/node_bus_impl.hpp"
#include "server/table.hpp"

namespace whist::server {

asio::awaitable<void> NodeBus::Impl::connect() {
  auto ex = hub.ioc.get_executor();
  auto p = co_await Redis::connect(ex, host, port);
  auto s = co_await Redis::connect(ex, host, port);
  if (const std::string& password = hub.ctx.config.redis_password; !password.empty()) {
    std::vector<std::shared_ptr<Redis>> both;  // (named: see redis.hpp)
    both.push_back(p);
    both.push_back(s);
    for (const auto& r : both) {
      const RedisReply ok = co_await r->command("AUTH", password);
      // (Its words, not the password.)
      if (ok.error()) throw RedisError("redis: AUTH refused: " + ok.str);
    }
  }
  std::weak_ptr<Impl> weak = shared_from_this();
  auto heard = [weak](const std::string&, std::string payload) {
    if (auto self = weak.lock())
      self->tell([self, payload = std::move(payload)]() mutable {
        ++self->hub.ctx.metrics.bus_heard_total;
        ++self->hub.ctx.metrics.bus_waiting;
        self->inbox.push_back(std::move(payload));
        self->wake.cancel();
      });
  };
  std::vector<std::string> channels;
  channels.push_back(channel_of(self));
  channels.push_back(all_channel());
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
void NodeBus::Impl::lost(const std::string& why) {
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

asio::awaitable<void> NodeBus::Impl::reconnect() {
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
asio::awaitable<void> NodeBus::Impl::drop(
    std::map<std::pair<std::string, std::uint64_t>, std::shared_ptr<RemotePeer>> gone) {
  for (auto& [key, peer] : gone)
    for (const std::int64_t t : peer->tables())
      if (auto table = co_await hub.find(t)) table->disconnected(peer.get(), peer->user);
}

// What is heard, one message at a time.
asio::awaitable<void> NodeBus::Impl::loop() {
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
    --hub.ctx.metrics.bus_waiting;
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

asio::awaitable<void> NodeBus::Impl::handle(const json& j) {
  const std::string kind = j.at("k").get<std::string>();
  if (for_session(kind, j) || about_people(kind, j)) co_return;
  if (kind == "lobby" || kind == "unlist") {
    if (j.at("from").get<std::string>() == self) co_return;
    apply_lobby(j);
    co_return;
  }
  if (kind == "form" || kind == "unform") {  // quick play's forming tables elsewhere
    if (j.at("from").get<std::string>() == self) co_return;
    const auto t = j.at("t").get<std::int64_t>();
    if (kind == "form")
      hub.forming_elsewhere(j.at("q").get<std::string>(), t, j.at("r").get<int>(),
                            j.at("w").get<std::int64_t>());
    else
      hub.formed_elsewhere(t);
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
  co_await for_table(kind, j);
}

bool NodeBus::Impl::for_session(const std::string& kind, const json& j) {
  // For this node's sessions, from a table's home.
  if (kind != "send" && kind != "deliver" && kind != "batch" && kind != "joined" && kind != "stop")
    return false;
  auto s = local(j.at("c").get<std::uint64_t>());
  if (!s) return true;
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
  return true;
}

asio::awaitable<void> NodeBus::Impl::for_table(const std::string& kind, const json& j) {
  // For this node's tables, from another node's connection.
  const std::string from = j.at("from").get<std::string>();
  const auto conn = j.at("c").get<std::uint64_t>();
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
  if (kind == "qsit") {  // quick play's seat, at a table forming here
    table::Person person = person_of(j.at("p"));
    peer->user = person.id;
    const std::string id = j.at("id").get<std::string>();
    if (table)
      table->sit_anywhere(peer, std::move(person), id);
    else
      peer->server_stopping();
    co_return;
  }
  if (kind == "req") {
    table::Person person = person_of(j.at("p"));
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

// A lobby entry of another node's table: {"t", "s" (its summary), "a"
// (its audience, or null for everyone)}, or "unlist".
void NodeBus::Impl::apply_lobby(const json& j) {
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
asio::awaitable<void> NodeBus::Impl::load_lobby() {
  auto p = pub();
  if (!p) co_return;
  const std::string lobby = lobby_key();
  const RedisReply all = co_await p->command("HGETALL", lobby);
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
asio::awaitable<void> NodeBus::Impl::keep_alive() {
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
      const auto sent = std::chrono::steady_clock::now();
      co_await p->command("SET", key, "1", "PX", ms);
      hub.ctx.metrics.bus_round_trip_us = std::chrono::duration_cast<std::chrono::microseconds>(
                                              std::chrono::steady_clock::now() - sent)
                                              .count();
      const std::string online = online_key(self);
      co_await p->command("PEXPIRE", online, ms);
      const std::string leader = leader_key();
      if (hub.leads && hub.events_running && !hub.ctx.draining)
        co_await p->command("SET", leader, self, "PX", ms);
      if (++round % 3) continue;
      std::set<std::string> nodes = online_nodes;
      for (const auto& [key, peer] : peers) nodes.insert(key.first);
      for (const auto& node : nodes) {
        const std::string its = alive_key(node);
        const RedisReply r = co_await p->command("EXISTS", its);
        if (r.integer != 0) continue;
        if (online_nodes.erase(node)) {
          // Its users, online there only, are offline: their friends
          // here are told.
          const std::string gone_node = node;
          auto gone = co_await hub.presence.node_gone(gone_node);
          if (!gone.empty()) told_offline(std::move(gone));
        }
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
  (void)id;  // (in the text)
  json j = message("req", s->conn_id());
  j["raw"] = std::string(raw);
  to_home(std::move(s), p, std::move(j));
}

void RemoteTable::sit_anywhere(std::shared_ptr<Peer> s, table::Person p, std::string id) {
  // A table.sit of any seat, which the client did not write (play.quick):
  // its home makes it.
  json j = message("qsit", s->conn_id());
  j["id"] = std::move(id);
  to_home(std::move(s), p, std::move(j));
}

void RemoteTable::to_home(std::shared_ptr<Peer> s, const table::Person& p, json j) {
  auto bus = bus_.lock();
  if (!bus) return;
  j["t"] = id_;
  j["from"] = bus->self;
  j["p"] = person_json(p);
  bus->tell([bus, s = std::move(s), home = home_, id = id_, text = j.dump()]() mutable {
    if (auto it = bus->remotes.find(id); it != bus->remotes.end())
      it->second->conns.insert(s->conn_id());
    // Heard by nobody: the home was killed. The session is told the
    // server restarts, and finds the table at its next home.
    std::weak_ptr<NodeBus::Impl> weak = bus;
    std::weak_ptr<Peer> session = s;
    auto unheard = [weak, session, home, id] {
      auto bus = weak.lock();
      if (!bus) return;
      bus->tell([bus, session, home, id] {
        if (auto it = bus->remotes.find(id); it != bus->remotes.end() && it->second->home() == home)
          bus->remotes.erase(it);
        if (auto s = session.lock()) s->server_stopping();
      });
    };
    bus->request_of(s, home, std::move(text), std::move(unheard));
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

asio::awaitable<std::unique_ptr<NodeBus>> NodeBus::start(Hub& hub, std::string host, int port,
                                                         std::string space_name) {
  space() = "whist:" + space_name + ":";
  auto impl = std::make_shared<Impl>(hub, std::move(host), port);
  co_await impl->connect();
  co_await impl->load_lobby();
  std::weak_ptr<Impl> weak = impl;
  hub.tell_forming = [weak](const std::string& key, std::int64_t id, int rating,
                            std::int64_t waited_ms) {
    auto impl = weak.lock();
    if (!impl) return;
    json j = message("form", 0);
    j["from"] = impl->self;
    j["q"] = key;
    j["t"] = id;
    j["r"] = rating;
    j["w"] = waited_ms;
    impl->publish(all_channel(), j.dump());
  };
  hub.tell_formed = [weak](std::int64_t id) {
    auto impl = weak.lock();
    if (!impl) return;
    json j = message("unform", 0);
    j["from"] = impl->self;
    j["t"] = id;
    impl->publish(all_channel(), j.dump());
  };
  co_await impl->load_presence();
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

void NodeBus::gave_up(const std::vector<std::int64_t>& tables) {
  json j = message("free", 0);
  j["from"] = impl_->self;
  j["ts"] = tables;
  impl_->publish(all_channel(), j.dump());
}

void NodeBus::to_users(const std::vector<std::int64_t>& users, const Message& text) {
  json j = message("users", 0);
  j["from"] = impl_->self;
  j["u"] = users;
  j["m"] = *text;
  impl_->publish(all_channel(), j.dump());
}

void NodeBus::took_over(std::int64_t id) {
  json j = message("moved", 0);
  j["t"] = id;
  j["to"] = impl_->self;
  impl_->publish(all_channel(), j.dump());
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
  if (auto p = impl_->pub()) p->send("HSET", lobby_key(), id, entry.dump());
  entry["k"] = "lobby";
  entry["t"] = table;
  entry["from"] = impl_->self;
  impl_->publish(all_channel(), entry.dump());
}

void NodeBus::unlisted(std::int64_t table) {
  if (auto p = impl_->pub()) p->send("HDEL", lobby_key(), std::to_string(table));
  json j = message("unlist", 0);
  j["t"] = table;
  j["from"] = impl_->self;
  impl_->publish(all_channel(), j.dump());
}

}  // namespace whist::server
