#include "server/presence.hpp"

#include "server/ws_session.hpp"

namespace whist::server {

bool Presence::online(std::int64_t user, const std::shared_ptr<WsSession>& s) {
  std::lock_guard lock(mutex_);
  User& u = users_[user];
  const bool first = u.sessions.empty();
  u.sessions[s.get()] = s;
  return first;
}

bool Presence::offline(std::int64_t user, const WsSession* s) {
  std::lock_guard lock(mutex_);
  auto it = users_.find(user);
  if (it == users_.end() || it->second.sessions.erase(s) == 0) return false;
  it->second.watching.erase(s);
  if (!it->second.sessions.empty()) return false;
  users_.erase(it);
  return true;
}

bool Presence::is_online(std::int64_t user) const {
  std::lock_guard lock(mutex_);
  return users_.count(user) != 0;
}

void Presence::send(std::int64_t user, const Message& m) const {
  std::vector<std::shared_ptr<WsSession>> to;
  {
    std::lock_guard lock(mutex_);
    auto it = users_.find(user);
    if (it == users_.end()) return;
    for (const auto& [raw, weak] : it->second.sessions)
      if (auto s = weak.lock()) to.push_back(std::move(s));
  }
  for (const auto& s : to) s->send(m);
}

void Presence::watching(std::int64_t user, const WsSession* s, std::int64_t table, bool on) {
  std::lock_guard lock(mutex_);
  auto it = users_.find(user);
  if (it == users_.end() || it->second.sessions.count(s) == 0) return;
  auto& set = it->second.watching[s];
  if (on)
    set.insert(table);
  else
    set.erase(table);
}

void Presence::seats(std::int64_t table, const std::vector<std::pair<std::int64_t, int>>& taken,
                     const std::optional<std::set<std::int64_t>>& audience) {
  std::lock_guard lock(mutex_);
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
  seats(table, {});
  std::lock_guard lock(mutex_);
  audiences_.erase(table);
  for (auto& [id, u] : users_)
    for (auto& [s, set] : u.watching) set.erase(table);
}

bool Presence::visible(std::int64_t table, std::int64_t viewer) const {
  auto it = audiences_.find(table);
  return it == audiences_.end() || it->second.count(viewer) != 0;
}

std::optional<Presence::Place> Presence::where(std::int64_t user, std::int64_t viewer) const {
  std::lock_guard lock(mutex_);
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
