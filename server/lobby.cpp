#include "server/lobby.hpp"

#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

#include "protocol/messages.hpp"
#include "server/presence.hpp"
#include "server/ws_session.hpp"

namespace whist::server {

using nlohmann::json;

Lobby::Lobby(boost::asio::io_context& ioc) : strand_(boost::asio::make_strand(ioc)) {}

void Lobby::join(std::shared_ptr<WsSession> s, std::string id) {
  boost::asio::post(strand_, [this, s = std::move(s), id = std::move(id)] {
    members_[s.get()] = s;
    json list = json::array();
    for (const auto& [table, summary] : tables_) list.push_back(json::parse(summary));
    s->deliver(id, protocol::ack_message(id, json{{"tables", list}}.dump()));
  });
}

void Lobby::leave(WsSession* s) {
  boost::asio::post(strand_, [this, s] { members_.erase(s); });
}

void Lobby::update(std::int64_t table, std::string summary_json) {
  boost::asio::post(strand_, [this, table, summary = std::move(summary_json)] {
    json d = json::parse(summary);
    if (presence_ != nullptr) {
      // Every seating change of a table is announced here: presence follows.
      std::vector<std::pair<std::int64_t, int>> taken;
      for (const auto& s : d.value("seats", json::array()))
        if (s.contains("user") && s["user"].is_number_integer())
          taken.emplace_back(s["user"].get<std::int64_t>(), s.value("seat", -1));
      presence_->seats(table, taken);
    }
    auto m = std::make_shared<const std::string>(json{{"t", "lobby.table"}, {"d", d}}.dump());
    tables_[table] = summary;
    broadcast(m);
  });
}

void Lobby::remove(std::int64_t table) {
  boost::asio::post(strand_, [this, table] {
    if (presence_ != nullptr) presence_->table_gone(table);
    if (tables_.erase(table) == 0) return;
    broadcast(std::make_shared<const std::string>(
        json{{"t", "lobby.removed"}, {"d", {{"table", table}}}}.dump()));
  });
}

void Lobby::broadcast(const std::shared_ptr<const std::string>& m) {
  for (auto it = members_.begin(); it != members_.end();) {
    if (auto s = it->second.lock()) {
      s->send(m);
      ++it;
    } else {
      it = members_.erase(it);
    }
  }
}

}  // namespace whist::server
