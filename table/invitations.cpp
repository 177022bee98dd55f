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

// Invite links: the creator of an invitation-only table gets a token (made
// once, from 128 random bits, until revoked) to put in a link; sitting or
// watching with it makes its holder an invitee. A wrong or revoked token
// is no invitation (the table stays unseen: no_table); nobody whom a
// person seated blocked gets in with one either (may_enter).
void TableCore::redeem_invite(const Person& p, const protocol::ClientMessage& m) {
  const std::string* token = nullptr;
  if (const auto* sit = std::get_if<protocol::TableSit>(&m)) token = &sit->invite;
  if (const auto* watch = std::get_if<protocol::TableWatch>(&m)) token = &watch->invite;
  if (!token || token->empty() || invite_token_.empty() || !setup_.settings.invite_only) return;
  if (*token != invite_token_ || p.id <= 0 || invited_.count(p.id) || seat_of(p.id) >= 0) return;
  invited_.insert(p.id);
  store_table();
  announce();
}

void TableCore::on_invite_link(Conn c, const Person& p, const std::string& id, bool revoke) {
  using protocol::Error;
  if (p.name != creator_)
    return error(c, id, {Error::kNotCreator, "only the creator has the link"});
  if (!setup_.settings.invite_only)
    return error(c, id, {Error::kNotInviteOnly, "only invitation-only tables have an invite link"});
  if (revoke) {
    invite_token_.clear();
  } else if (invite_token_.empty()) {
    static constexpr char kDigits[] = "abcdefghijklmnopqrstuvwxyz234567";  // base32
    for (int half = 0; half < 2; ++half) {
      std::uint64_t bits = config_.seeds();
      for (int i = 0; i < 13; ++i, bits >>= 5) invite_token_ += kDigits[bits & 31];
    }
  }
  store_table();
  protocol::table_reply::InviteLink d;
  if (!invite_token_.empty()) d.token = invite_token_;
  reply(c, id, protocol::ack_message(id, std::move(d)));
}

void TableCore::on_decline(Conn c, const Person& p, const std::string& id) {
  if (seat_of(p.id) >= 0) return error(c, id, {protocol::Error::kSeated});
  if (!invited_.erase(p.id)) return error(c, id, {protocol::Error::kNotInvited});
  reply(c, id, protocol::ack_message(id));
  store_table();
  announce();
}

}  // namespace whist::table
