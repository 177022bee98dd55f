#include "server/lobby.hpp"

#include <nlohmann/json.hpp>

#include "protocol/messages.hpp"
#include "protocol/pushes.hpp"
#include "protocol/replies.hpp"
#include "server/presence.hpp"
#include "server/ws_session.hpp"

namespace whist::server {

using nlohmann::json;

namespace {

bool may_see(const Lobby::Audience& a, std::int64_t user) { return !a || a->count(user); }

}  // namespace

Lobby::Lobby(boost::asio::io_context& ioc) : StrandService(ioc) {}

void Lobby::join(std::shared_ptr<WsSession> s, std::string id, std::int64_t user) {
  tell([this, s = std::move(s), id = std::move(id), user] {
    Member& m = members_[s.get()];
    m.session = s;
    m.user = user;
    m.seen.clear();
    protocol::reply::LobbyList list;
    for (const auto& [table, entry] : tables_) {
      if (!may_see(entry.audience, user)) continue;
      list.tables.push_back(entry.summary);
      m.seen.insert(table);
    }
    s->deliver(id, protocol::ack_message(id, list));
  });
}

void Lobby::leave(WsSession* s) {
  tell([this, s] { members_.erase(s); });
}

std::shared_ptr<WsSession> Lobby::live(std::map<WsSession*, Member>::iterator& it) {
  auto s = it->second.session.lock();
  if (!s) it = members_.erase(it);
  return s;
}

void Lobby::update(std::int64_t table, std::string summary_json, Audience audience) {
  tell([this, table, summary = std::move(summary_json), audience = std::move(audience)]() mutable {
    json d = json::parse(summary);
    if (presence_ != nullptr) {
      // Every seating change of a table is announced here: presence follows.
      std::vector<std::pair<std::int64_t, int>> taken;
      for (const auto& s : d.value("seats", json::array()))
        if (s.contains("user") && s["user"].is_number_integer())
          taken.emplace_back(s["user"].get<std::int64_t>(), s.value("seat", -1));
      presence_->seats(table, taken, audience);
    }
    // Each message is serialized once, for all who receive it.
    auto changed = std::make_shared<const std::string>(
        protocol::push::push_text(protocol::push::LobbyTable{summary}));
    auto gone = std::make_shared<const std::string>(
        protocol::push::push_text(protocol::push::LobbyRemoved{table}));
    for (auto it = members_.begin(); it != members_.end();) {
      auto s = live(it);
      if (!s) continue;
      Member& m = it->second;
      if (may_see(audience, m.user)) {
        s->send(changed);
        m.seen.insert(table);
      } else if (m.seen.erase(table)) {
        s->send(gone);
      }
      ++it;
    }
    tables_[table] = Entry{std::move(summary), std::move(audience)};
  });
}

void Lobby::remove(std::int64_t table) {
  tell([this, table] {
    if (presence_ != nullptr) presence_->table_gone(table);
    if (tables_.erase(table) == 0) return;
    auto gone = std::make_shared<const std::string>(
        protocol::push::push_text(protocol::push::LobbyRemoved{table}));
    for (auto it = members_.begin(); it != members_.end();) {
      auto s = live(it);
      if (!s) continue;
      if (it->second.seen.erase(table)) s->send(gone);
      ++it;
    }
  });
}

}  // namespace whist::server
