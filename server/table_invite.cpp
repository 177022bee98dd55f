// Invitations: the players seated at an invitation-only table invite
// people by username; only the invitees (and those seated) see the table
// in the lobby and may sit or watch there; for everyone else it does not
// exist (no_table). An invitee accepts by sitting down, or declines. The
// invitations expire when the game starts or the table closes.
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "server/table.hpp"
#include "server/ws_session.hpp"

namespace whist::server {

using nlohmann::json;
namespace asio = boost::asio;

bool Table::may_enter(const Player& p) const {
  const auto who = audience();
  return !who || p.name == creator_ || who->count(p.id);
}

std::optional<std::set<std::int64_t>> Table::audience() const {
  if (!setup_.settings.invite_only && !setup_.settings.friends_only) return std::nullopt;
  std::set<std::int64_t> who = invited_;
  for (const Seat& st : seats_) {
    if (st.user <= 0) continue;
    who.insert(st.user);
    // Friends of those seated, unless only the invited may come.
    if (auto it = seated_friends_.find(st.user);
        !setup_.settings.invite_only && it != seated_friends_.end())
      who.insert(it->second.begin(), it->second.end());
  }
  return who;
}

void Table::load_friends(std::int64_t user) {
  ctx_.store([self = shared_from_this(), user] {
    std::vector<std::int64_t> friends;
    try {
      friends = self->ctx_.db->friends().friends_of(user);
    } catch (const std::exception& e) {
      spdlog::error("table {}: reading the friends of {}: {}", self->id_, user, e.what());
    }
    self->ctx_.after_commit([self, user, friends = std::move(friends)]() mutable {
      asio::post(self->strand_, [self, user, friends = std::move(friends)] {
        self->seated_friends_[user] = friends;
        self->announce();
      });
    });
  });
}

void Table::on_invite(const std::shared_ptr<WsSession>& s, const Player& p, const std::string& id,
                      const std::vector<std::string>& users) {
  if (seat_of(p.id) < 0)
    return error(s, id, {protocol::Error::kNotSeated, "only those seated invite people"});
  if (!setup_.settings.invite_only && !setup_.settings.friends_only)
    return error(s, id, {protocol::Error::kNotInviteOnly});
  if (state_ == State::kPlaying || starting_ || game_)
    return error(s, id, {protocol::Error::kGameInProgress, "invitations end when the game starts"});
  // The accounts are looked up on the storage thread.
  ctx_.store([self = shared_from_this(), s, id, users] {
    std::vector<std::pair<std::string, std::int64_t>> found;
    std::vector<std::string> unknown;
    try {
      for (const auto& name : users) {
        if (auto a = self->ctx_.db->accounts().account_by_name(name))
          found.emplace_back(a->username, a->id);
        else
          unknown.push_back(name);
      }
    } catch (const std::exception& e) {
      spdlog::error("table {}: looking up invitees: {}", self->id_, e.what());
    }
    self->ctx_.after_commit([self, s, id, found, unknown] {
      asio::post(self->strand_, [self, s, id, found, unknown] {
        if (self->closed_ || self->game_) {
          self->error(s, id,
                      {protocol::Error::kGameInProgress, "invitations end when the game starts"});
          return self->flush();
        }
        json invited = json::array();
        for (const auto& [name, user] : found) {
          if (self->seat_of(user) < 0) self->invited_.insert(user);
          invited.push_back(name);
        }
        self->reply(
            s, id,
            protocol::ack_message(id, json{{"invited", invited}, {"unknown", unknown}}.dump()));
        self->store_table();
        self->announce();
        self->flush();
      });
    });
  });
}

void Table::on_decline(const std::shared_ptr<WsSession>& s, const Player& p,
                       const std::string& id) {
  if (seat_of(p.id) >= 0) return error(s, id, {protocol::Error::kSeated});
  if (!invited_.erase(p.id)) return error(s, id, {protocol::Error::kNotInvited});
  reply(s, id, protocol::ack_message(id));
  store_table();
  announce();
}

}  // namespace whist::server
