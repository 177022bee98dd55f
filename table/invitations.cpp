// Invitations: the players seated at an invitation-only table invite
// people by username; only the invitees (and those seated) see the table
// in the lobby and may sit or watch there; for everyone else it does not
// exist (no_table). An invitee accepts by sitting down, or declines. The
// invitations expire when the game starts or the table closes. A
// friends-only table is seen by the friends of those seated. Nobody a
// person seated has blocked may see, sit at or watch a private table, or
// be invited by them (they are told the name is unknown).
#include <algorithm>
#include "protocol/table_replies.hpp"

#include "table/core.hpp"

namespace whist::table {

bool TableCore::may_enter(const Person& p) const {
  const auto who = audience();
  if (!who) return true;
  // Someone seated here blocked them: for them the table does not exist.
  for (const Seat& st : seats_)
    if (auto it = seated_blocked_.find(st.user);
        st.user > 0 && it != seated_blocked_.end() &&
        std::binary_search(it->second.begin(), it->second.end(), p.id))
      return false;
  return p.name == creator_ || who->count(p.id);
}

std::optional<std::set<std::int64_t>> TableCore::audience() const {
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

void TableCore::load_friends(std::int64_t user) { store(store::ReadFriends{user}); }

void TableCore::friends_read(std::int64_t user, std::vector<std::int64_t> friends,
                             std::vector<std::int64_t> blocked, Now now) {
  run(now, [&] {
    seated_friends_[user] = std::move(friends);
    std::sort(blocked.begin(), blocked.end());
    seated_blocked_[user] = std::move(blocked);
    announce();
  });
}

void TableCore::on_invite(Conn c, const Person& p, const std::string& id,
                          const std::vector<std::string>& users) {
  using protocol::Error;
  if (seat_of(p.id) < 0)
    return error(c, id, {Error::kNotSeated, "only those seated invite people"});
  if (!setup_.settings.invite_only && !setup_.settings.friends_only)
    return error(c, id, {Error::kNotInviteOnly});
  if (state_ == State::kPlaying || starting_ || game_)
    return error(c, id, {Error::kGameInProgress, "invitations end when the game starts"});
  // The accounts are looked up in storage (accounts_found).
  store(store::FindAccounts{c, id, users, p.id});
}

void TableCore::accounts_found(const store::FindAccounts& job,
                               const std::vector<std::pair<std::string, std::int64_t>>& found,
                               const std::vector<std::string>& unknown, Now now) {
  run(now, [&] {
    const std::string& id = job.request_id;
    if (closed_ || game_)
      return error(job.conn, id,
                   {protocol::Error::kGameInProgress, "invitations end when the game starts"});
    protocol::table_reply::Invited d{{}, unknown};
    for (const auto& [name, user] : found) {
      if (seat_of(user) < 0) invited_.insert(user);
      d.invited.push_back(name);
    }
    reply(job.conn, id, protocol::ack_message(id, std::move(d)));
    store_table();
    announce();
  });
}

void TableCore::on_decline(Conn c, const Person& p, const std::string& id) {
  if (seat_of(p.id) >= 0) return error(c, id, {protocol::Error::kSeated});
  if (!invited_.erase(p.id)) return error(c, id, {protocol::Error::kNotInvited});
  reply(c, id, protocol::ack_message(id));
  store_table();
  announce();
}

}  // namespace whist::table
