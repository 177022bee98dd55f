#include "server/presence.hpp"

#include "server/ws_session.hpp"

namespace whist::server {

asio::awaitable<Presence::Change> Presence::online(std::int64_t user,
                                                   std::shared_ptr<WsSession> s) {
  auto job = [this, user, s = std::move(s)] {
    User& u = users_[user];
    const bool first = u.sessions.empty();
    u.sessions[s.get()] = s;
    return Change{first, first && !elsewhere_.count(user)};
  };
  co_return co_await ask(std::move(job));
}

asio::awaitable<Presence::Change> Presence::offline(std::int64_t user, const WsSession* s) {
  auto job = [this, user, s] {
    auto it = users_.find(user);
    if (it == users_.end() || it->second.sessions.erase(s) == 0) return Change{};
    it->second.watching.erase(s);
    if (!it->second.sessions.empty()) return Change{};
    users_.erase(it);
    return Change{true, !elsewhere_.count(user)};
  };
  co_return co_await ask(std::move(job));
}

void Presence::elsewhere(std::int64_t user, std::string node, bool on) {
  tell([this, user, node = std::move(node), on] {
    if (on) {
      elsewhere_[user].insert(node);
      return;
    }
    auto it = elsewhere_.find(user);
    if (it == elsewhere_.end()) return;
    it->second.erase(node);
    if (it->second.empty()) elsewhere_.erase(it);
  });
}

asio::awaitable<std::vector<std::int64_t>> Presence::node_gone(std::string node) {
  auto job = [this, node = std::move(node)] {
    std::vector<std::int64_t> gone;
    for (auto it = elsewhere_.begin(); it != elsewhere_.end();) {
      if (it->second.erase(node) && it->second.empty()) {
        if (!users_.count(it->first)) gone.push_back(it->first);
        it = elsewhere_.erase(it);
      } else {
        ++it;
      }
    }
    return gone;
  };
  co_return co_await ask(std::move(job));
}

void Presence::kick(std::int64_t account, std::string reason) {
  tell([this, account, reason = std::move(reason)] {
    auto it = users_.find(account);
    if (it == users_.end()) return;
    for (const auto& [raw, weak] : it->second.sessions)
      if (auto s = weak.lock()) s->kick_banned(account, reason);
  });
}

asio::awaitable<std::vector<Presence::Status>> Presence::status(std::vector<std::int64_t> users,
                                                                std::int64_t viewer) {
  auto job = [this, users = std::move(users), viewer] {
    std::vector<Status> out;
    out.reserve(users.size());
    for (const std::int64_t u : users)
      out.push_back(Status{users_.count(u) != 0 || elsewhere_.count(u) != 0, where(u, viewer)});
    return out;
  };
  co_return co_await ask(std::move(job));
}

void Presence::send(std::int64_t user, Message m) {
  tell([this, user, m = std::move(m)] {
    auto it = users_.find(user);
    if (it == users_.end()) return;
    for (const auto& [raw, weak] : it->second.sessions)
      if (auto s = weak.lock()) WsSession::send(std::move(s), m);
  });
}

void Presence::end_sessions(std::int64_t user, std::vector<std::string> token_hashes,
                            std::string reason) {
  tell([this, user, hashes = std::move(token_hashes), reason = std::move(reason)] {
    auto it = users_.find(user);
    if (it == users_.end()) return;
    for (const auto& [raw, weak] : it->second.sessions)
      if (auto s = weak.lock()) s->session_ended(hashes, reason);
  });
}

void Presence::watching(std::int64_t user, const WsSession* s, std::int64_t table, bool on) {
  tell([this, user, s, table, on] {
    auto it = users_.find(user);
    if (it == users_.end() || it->second.sessions.count(s) == 0) return;
    auto& set = it->second.watching[s];
    if (on)
      set.insert(table);
    else
      set.erase(table);
  });
}

void Presence::seats(std::int64_t table, std::vector<std::pair<std::int64_t, int>> taken,
                     std::optional<std::set<std::int64_t>> audience) {
  tell([this, table, taken = std::move(taken), audience = std::move(audience)] {
    set_seats(table, taken, audience);
  });
}

void Presence::set_seats(std::int64_t table, const std::vector<std::pair<std::int64_t, int>>& taken,
                         const std::optional<std::set<std::int64_t>>& audience) {
  if (audience)
    audiences_[table] = *audience;
  else
    audiences_.erase(table);
  auto& now = tables_[table];
  for (const auto& [user, seat] : now) {
    auto it = seated_.find(user);
    if (it == seated_.end()) continue;
    it->second.erase(table);
    if (it->second.empty()) seated_.erase(it);
  }
  now.clear();
  for (const auto& [user, seat] : taken) {
    if (user == 0) continue;
    now[user] = seat;
    seated_[user][table] = seat;
  }
  if (now.empty()) tables_.erase(table);
}

void Presence::table_gone(std::int64_t table) {
  tell([this, table] {
    set_seats(table, {}, std::nullopt);
    for (auto& [id, u] : users_)
      for (auto& [s, set] : u.watching) set.erase(table);
  });
}

bool Presence::visible(std::int64_t table, std::int64_t viewer) const {
  auto it = audiences_.find(table);
  return it == audiences_.end() || it->second.count(viewer) != 0;
}

std::optional<Presence::Place> Presence::where(std::int64_t user, std::int64_t viewer) const {
  if (auto it = seated_.find(user); it != seated_.end()) {
    // The newest table (highest id) if somehow seated at several.
    for (auto t = it->second.rbegin(); t != it->second.rend(); ++t)
      if (visible(t->first, viewer)) return Place{t->first, t->second};
  }
  auto it = users_.find(user);
  if (it == users_.end()) return std::nullopt;
  for (const auto& [s, set] : it->second.watching)
    for (auto t = set.rbegin(); t != set.rend(); ++t)
      if (visible(*t, viewer)) return Place{*t, -1};
  return std::nullopt;
}

}  // namespace whist::server
