// Messages between nodes about people (see node_bus.hpp): who is online
// where, sessions ended, bans and failed logins on every node, event
// requests for the node that leads, the operator's close-table for a
// table's home, and a table's chat for a report made on another node.
#include <spdlog/spdlog.h>

#include <chrono>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "protocol/pushes.hpp"
#include "protocol/replies.hpp"
#include "server/admin.hpp"
#include "server/events.hpp"
#include "server/node_bus_impl.hpp"
#include "server/table.hpp"

namespace whist::server {

asio::awaitable<void> NodeBus::Impl::answer_remote_event(std::shared_ptr<RemotePeer> peer,
                                                         table::Person person, std::string raw) {
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

bool NodeBus::Impl::about_people(const std::string& kind, const json& j) {
  if (kind == "users") {
    if (j.at("from").get<std::string>() == self) return true;
    auto text = std::make_shared<const std::string>(j.at("m").get<std::string>());
    for (const auto& u : j.at("u")) hub.presence.send(u.get<std::int64_t>(), text);
    return true;
  }
  if (kind == "on" || kind == "off") {
    const std::string from = j.at("from").get<std::string>();
    if (from == self) return true;
    const auto user = j.at("u").get<std::int64_t>();
    hub.presence.elsewhere(user, from, kind == "on");
    if (kind == "on") online_nodes.insert(from);
    return true;
  }
  if (kind == "endsess" || kind == "kick") {
    if (j.at("from").get<std::string>() == self) return true;
    const auto user = j.at("u").get<std::int64_t>();
    if (kind == "kick")
      hub.presence.kick(user, j.at("why").get<std::string>());
    else
      hub.presence.end_sessions(user, j.at("h").get<std::vector<std::string>>(),
                                j.at("why").get<std::string>());
    return true;
  }
  if (kind == "lfail" || kind == "lok") {
    if (j.at("from").get<std::string>() == self) return true;
    if (kind == "lfail")
      hub.abuse.login_failed(j.at("n").get<std::string>(), j.at("a").get<std::string>(),
                             std::chrono::steady_clock::now());
    else
      hub.abuse.login_succeeded(j.at("n").get<std::string>());
    return true;
  }
  if (kind == "chatq") {  // a report at another node about a table here
    auto answer = [](std::shared_ptr<Impl> impl, std::int64_t t, std::string to,
                     std::uint64_t q) -> asio::awaitable<void> {
      std::string chat = "[]";
      if (auto table = co_await impl->hub.find(t)) chat = co_await table->chat_for_report();
      json a = message("chata", 0);
      a["q"] = q;
      a["chat"] = std::move(chat);
      impl->to_node(to, a);
    };
    asio::co_spawn(hub.ioc,
                   answer(shared_from_this(), j.at("t").get<std::int64_t>(),
                          j.at("from").get<std::string>(), j.at("q").get<std::uint64_t>()),
                   asio::detached);
    return true;
  }
  if (kind == "chata") {
    if (auto it = answers.find(j.at("q").get<std::uint64_t>()); it != answers.end())
      it->second = j.at("chat").get<std::string>();
    return true;
  }
  if (kind == "close") {  // whistctl close-table, for a table here
    asio::co_spawn(
        hub.ioc,
        close_table_here(hub, j.at("t").get<std::int64_t>(), j.at("why").get<std::string>(),
                         j.at("cmd").get<std::int64_t>()),
        asio::detached);
    return true;
  }
  if (kind == "ereq") {
    // An event request, for this node that leads: answered apart, so
    // that the bus does not wait for the storage thread.
    auto peer = peer_of(j.at("from").get<std::string>(), j.at("c").get<std::uint64_t>());
    table::Person person = person_of(j.at("p"));
    peer->user = person.id;
    asio::co_spawn(hub.ioc,
                   answer_remote_event(peer, std::move(person), j.at("raw").get<std::string>()),
                   asio::detached);
    return true;
  }
  return false;
}

// Users gone offline with a dead node: their friends on this node are
// told (each node tells its own).
void NodeBus::Impl::told_offline(std::vector<std::int64_t> users) {
  hub.ctx.storage.store([&hub = hub, users = std::move(users)] {
    for (const std::int64_t u : users) {
      try {
        const auto account = hub.ctx.db->accounts().account_by_id(u);
        if (!account || account->guest) continue;
        const protocol::UserRef ref{u, account->username};
        auto m = std::make_shared<const std::string>(protocol::push::push_text(
            protocol::push::Friend{"friend.offline", protocol::friend_notice_text(ref)}));
        for (const std::int64_t f : hub.ctx.db->friends().friends_of(u)) hub.presence.send(f, m);
      } catch (const std::exception& e) {
        spdlog::error("telling the friends of {}: {}", u, e.what());
      }
    }
  });
}

// At start: who is online on the other nodes.
asio::awaitable<void> NodeBus::Impl::load_presence() {
  auto p = pub();
  if (!p) co_return;
  std::string cursor = "0";
  const std::string prefix = online_key(""), pattern = prefix + "*";
  do {
    const RedisReply r = co_await p->command("SCAN", cursor, "MATCH", pattern, "COUNT", "100");
    if (r.elements.size() != 2) co_return;
    cursor = r.elements[0].str;
    for (const auto& key : r.elements[1].elements) {
      const std::string node = key.str.substr(prefix.size());
      if (node == self) continue;
      const RedisReply users = co_await p->command("SMEMBERS", key.str);
      for (const auto& u : users.elements) hub.presence.elsewhere(std::stoll(u.str), node, true);
      online_nodes.insert(node);
    }
  } while (cursor != "0");
}

asio::awaitable<bool> NodeBus::to_leader(std::shared_ptr<Peer> session, table::Person p,
                                         std::string id, std::string raw) {
  auto impl = impl_;
  auto pub = impl->pub();
  if (!pub) co_return false;
  const std::string key = leader_key();
  const RedisReply leader = co_await pub->command("GET", key);
  if (leader.type != RedisReply::Type::kString || leader.str.empty()) co_return false;
  json j = message("ereq", session->conn_id());
  j["from"] = impl->self;
  j["p"] = person_json(p);
  j["raw"] = std::move(raw);
  impl->tell([impl, session = std::move(session), home = leader.str, id = std::move(id),
              text = j.dump()]() mutable {
    std::weak_ptr<Peer> weak = session;
    auto unheard = [weak, id] {
      if (auto s = weak.lock())  // the leader died: its key outlives it a little
        s->deliver(id, std::make_shared<const std::string>(
                           protocol::error_message(id, {protocol::Error::kServerRestarting})));
    };
    impl->request_of(session, home, std::move(text), std::move(unheard));
  });
  co_return true;
}

void NodeBus::presence(std::int64_t user, bool on) {
  json j = message(on ? "on" : "off", 0);
  j["from"] = impl_->self;
  j["u"] = user;
  if (auto p = impl_->pub()) {
    const std::string id = std::to_string(user);
    const std::string key = online_key(impl_->self), ms = std::to_string(impl_->ttl);
    p->send(on ? "SADD" : "SREM", key, id);
    p->send("PEXPIRE", key, ms);  // (a new set: gone with its node)
    ++impl_->hub.ctx.metrics.bus_published_total;
    p->send("PUBLISH", all_channel(), j.dump());
  }
}

void NodeBus::end_sessions(std::int64_t user, const std::vector<std::string>& token_hashes,
                           const std::string& reason) {
  json j = message("endsess", 0);
  j["from"] = impl_->self;
  j["u"] = user;
  j["h"] = token_hashes;
  j["why"] = reason;
  impl_->publish(all_channel(), j.dump());
}

void NodeBus::close_table(const std::string& home, std::int64_t table, const std::string& reason,
                          std::int64_t command) {
  json j = message("close", 0);
  j["from"] = impl_->self;
  j["t"] = table;
  j["why"] = reason;
  j["cmd"] = command;
  impl_->to_node(home, j);
}

void NodeBus::kick(std::int64_t account, const std::string& reason) {
  json j = message("kick", 0);
  j["from"] = impl_->self;
  j["u"] = account;
  j["why"] = reason;
  impl_->publish(all_channel(), j.dump());
}

void send_to_users(Hub& hub, const std::vector<std::int64_t>& users, const Message& m) {
  for (const std::int64_t u : users) hub.presence.send(u, m);
  if (hub.bus && !users.empty()) hub.bus->to_users(users, m);
}

void end_sessions(Hub& hub, std::int64_t user, std::vector<std::string> token_hashes,
                  std::string reason) {
  if (hub.bus) hub.bus->end_sessions(user, token_hashes, reason);
  hub.presence.end_sessions(user, std::move(token_hashes), std::move(reason));
}

void NodeBus::login_failed(const std::string& name, const std::string& address) {
  json j = message("lfail", 0);
  j["from"] = impl_->self;
  j["n"] = name;
  j["a"] = address;
  impl_->publish(all_channel(), j.dump());
}

void NodeBus::login_succeeded(const std::string& name) {
  json j = message("lok", 0);
  j["from"] = impl_->self;
  j["n"] = name;
  impl_->publish(all_channel(), j.dump());
}

void note_login_failed(Hub& hub, const std::string& name, const std::string& address) {
  hub.abuse.login_failed(name, address, std::chrono::steady_clock::now());
  if (hub.bus) hub.bus->login_failed(name, address);
}

void note_login_succeeded(Hub& hub, const std::string& name) {
  hub.abuse.login_succeeded(name);
  if (hub.bus) hub.bus->login_succeeded(name);
}

asio::awaitable<std::string> RemoteTable::chat_for_report() {
  auto bus = bus_.lock();
  if (!bus) co_return "[]";
  auto ask = [bus, id = id_, home = home_]() -> std::uint64_t {
    const std::uint64_t q = ++bus->last_question;
    bus->answers[q] = std::nullopt;
    json j = message("chatq", 0);
    j["from"] = bus->self;
    j["t"] = id;
    j["q"] = q;
    bus->to_node(home, j);
    return q;
  };
  const std::uint64_t q = co_await bus->ask(std::move(ask));
  // Its home answers at once, or not at all (it died): asked again every
  // 20 ms, for 2 s at most.
  asio::steady_timer timer(co_await asio::this_coro::executor);
  std::optional<std::string> chat;
  for (int i = 0; i < 100 && !chat; ++i) {
    timer.expires_after(std::chrono::milliseconds(20));
    co_await timer.async_wait(asio::use_awaitable);
    auto heard = [bus, q] { return bus->answers[q]; };
    chat = co_await bus->ask(std::move(heard));
  }
  auto forget = [bus, q] { bus->answers.erase(q); };
  bus->tell(std::move(forget));
  co_return chat.value_or("[]");
}

}  // namespace whist::server
