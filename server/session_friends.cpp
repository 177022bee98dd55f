// Friends over the protocol (docs/protocol.md, Friends): requests by
// username, accepting, declining, removing, the list with each friend's
// online status and table, and the messages pushed to the other person.
// Registered accounts only: guests cannot have friends.

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <chrono>
#include "protocol/pushes.hpp"
#include "protocol/replies.hpp"
#include "server/hub.hpp"
#include "server/node_bus.hpp"
#include "server/ws_session.hpp"
#include "table/clock.hpp"

namespace whist::server {

using protocol::FriendInfo;
using protocol::UserRef;
namespace reply = protocol::reply;

namespace {

// A friend as the list and the notices show them: online or not, and the
// table they sit at (and their seat) or watch (no seat), if the viewer may
// see that table (Presence::status).
FriendInfo friend_info(const Presence::Status& status, std::int64_t id, const std::string& name) {
  FriendInfo f;
  f.user = UserRef{id, name};
  f.online = status.online;
  if (const auto& place = status.place) {
    f.table = place->table;
    if (place->seat >= 0) f.seat = place->seat;
  }
  return f;
}

// A friend notice: {"user": ...} or {"friend": ...}.
template <typename About>
Message push(std::string_view type, const About& about) {
  return std::make_shared<const std::string>(protocol::push::push_text(
      protocol::push::Friend{std::string(type), protocol::friend_notice_text(about)}));
}

enum class Op { kRequest, kAccept, kDecline, kRemove };

Op friend_op(const protocol::ClientMessage& m) {
  return std::holds_alternative<protocol::FriendRequest>(m)   ? Op::kRequest
         : std::holds_alternative<protocol::FriendAccept>(m)  ? Op::kAccept
         : std::holds_alternative<protocol::FriendDecline>(m) ? Op::kDecline
                                                              : Op::kRemove;
}

struct FriendOutcome {
  std::optional<storage::Account> other;
  storage::FriendResult request = storage::FriendResult::kNoSuchAccount;
  bool done = false;       // accept, decline, remove: whether it happened
  bool blocked = false;    // a request between a blocker and whom they blocked
  bool i_blocked = false;  // ... and the asker is the blocker
};

// On the storage thread: the request applied, if the other is a registered user.
FriendOutcome apply_friend(storage::Database& db, Op op, std::int64_t me, const std::string& name,
                           std::int64_t now) {
  FriendOutcome out;
  out.other = db.accounts().account_by_name(name);
  if (!out.other || out.other->guest) return out;
  const std::int64_t other = out.other->id;
  if (op == Op::kRequest) {
    out.i_blocked = db.safety().blocks(me, other);
    out.blocked = out.i_blocked || db.safety().blocks(other, me);
    if (out.blocked) return out;
  }
  switch (op) {
    case Op::kRequest: out.request = db.friends().request_friend(me, other, now); break;
    case Op::kAccept: out.done = db.friends().accept_friend(me, other); break;
    case Op::kDecline: out.done = db.friends().decline_friend(me, other); break;
    case Op::kRemove: out.done = db.friends().remove_friend(me, other); break;
  }
  return out;
}

const char* kGuestFriends = "guests cannot have friends; register an account first";

}  // namespace

asio::awaitable<void> WsSession::came_online() {
  if (!user_) co_return;
  // Guests are present too (a scheduled table tells them it opened), but
  // have no friends to tell.
  // (GCC 12: nothing awaited inside a && or ||, nor with a temporary.)
  auto online = hub_.presence.online(user_->id, shared_from_this());
  const Presence::Change change = co_await std::move(online);
  if (change.here && hub_.bus) hub_.bus->presence(user_->id, true);  // the other nodes know
  if (change.alone && !user_->guest) notify_friends("friend.online");
}

asio::awaitable<void> WsSession::went_offline() {
  if (!user_) co_return;
  // Not watching anything any more, whatever the tables say later.
  auto offline = hub_.presence.offline(user_->id, this);
  const Presence::Change change = co_await std::move(offline);
  if (change.here && hub_.bus) hub_.bus->presence(user_->id, false);
  if (change.alone && !user_->guest) notify_friends("friend.offline");
}

void WsSession::notify_friends(std::string_view type) {
  // The friends are read on the storage thread, and told from there (send
  // only queues); jobs run in order, so "online" and "offline" keep theirs.
  auto m = push(type, UserRef{user_->id, user_->name});
  storage_.store([&storage = storage_, &hub = hub_, me = user_->id, m] {
    try {
      send_to_users(hub, storage.db->friends().friends_of(me), m);
    } catch (const std::exception& e) {
      spdlog::error("telling the friends of {}: {}", me, e.what());
    }
  });
}

asio::awaitable<std::string> WsSession::on_friend(const std::string& id,
                                                  const protocol::ClientMessage& m) {
  if (user_->guest) co_return reply_error(id, {protocol::Error::kGuest, kGuestFriends});
  const std::int64_t me = user_->id;
  const Op op = friend_op(m);
  auto job = [me, op, name = protocol::username_of(m), now = unix_now()](storage::Database& db) {
    return apply_friend(db, op, me, name, now);
  };
  const FriendOutcome out = co_await storage_.on_storage(std::move(job));
  if (!out.other) co_return reply_error(id, {protocol::Error::kNoUser});
  if (out.other->guest)
    co_return reply_error(
        id, {protocol::Error::kGuest, "that user is a guest, and guests have no friends"});
  if (out.blocked)
    co_return reply_error(id, {protocol::Error::kBlocked,
                               out.i_blocked ? "you blocked that player; unblock them first"
                                             : "that player does not take your requests"});
  const std::int64_t other = out.other->id;
  const std::string& other_name = out.other->username;
  Presence& presence = hub_.presence;
  const UserRef me_ref{me, user_->name};
  // Each as the other sees them, for the answers that show a friend.
  // (GCC 12: what is awaited is a named local.)
  auto ask_other = presence.status({me}, other);
  const auto seen = co_await std::move(ask_other);
  auto ask_me = presence.status({other}, me);
  const auto seen_by_me = co_await std::move(ask_me);
  const FriendInfo me_for_other = friend_info(seen[0], me, user_->name);
  const FriendInfo other_for_me = friend_info(seen_by_me[0], other, other_name);

  switch (op) {
    case Op::kRequest:
      switch (out.request) {
        case storage::FriendResult::kRequested:
          send_to_users(hub_, {other}, push("friend.incoming", me_ref));
          co_return protocol::ack_message(id, reply::FriendRequested{UserRef{other, other_name}});
        case storage::FriendResult::kAccepted:
          // They had asked us: now friends, and they are told so.
          send_to_users(hub_, {other}, push("friend.accepted", me_for_other));
          co_return protocol::ack_message(id, reply::FriendsNow{other_for_me});
        case storage::FriendResult::kAlreadyFriends:
          co_return reply_error(id, {protocol::Error::kAlreadyFriends});
        case storage::FriendResult::kAlreadyRequested:
          co_return reply_error(id, {protocol::Error::kAlreadyRequested});
        case storage::FriendResult::kSelf: co_return reply_error(id, {protocol::Error::kSelf});
        case storage::FriendResult::kNoSuchAccount:
          co_return reply_error(id, {protocol::Error::kNoUser});
      }
      break;
    case Op::kAccept:
      if (!out.done) co_return reply_error(id, {protocol::Error::kNoRequest});
      send_to_users(hub_, {other}, push("friend.accepted", me_for_other));
      co_return protocol::ack_message(id, reply::FriendAccepted{other_for_me});
    case Op::kDecline:
      if (!out.done) co_return reply_error(id, {protocol::Error::kNoRequest});
      co_return protocol::ack_message(id);
    case Op::kRemove:
      if (!out.done) co_return reply_error(id, {protocol::Error::kNotFriends});
      send_to_users(hub_, {other}, push("friend.removed", me_ref));
      co_return protocol::ack_message(id);
  }
  co_return reply_error(id, {protocol::Error::kInternal, "unknown friend request"});
}

asio::awaitable<std::string> WsSession::on_friends_list(const std::string& id) {
  if (user_->guest) co_return reply_error(id, {protocol::Error::kGuest, kGuestFriends});
  struct Lists {
    std::vector<storage::Account> friends, incoming, outgoing;
  };
  auto job = [me = user_->id](storage::Database& db) {
    Lists l;
    const auto load = [&db](const std::vector<std::int64_t>& ids,
                            std::vector<storage::Account>& out) {
      for (std::int64_t i : ids)
        if (auto a = db.accounts().account_by_id(i)) out.push_back(std::move(*a));
    };
    load(db.friends().friends_of(me), l.friends);
    load(db.friends().requests_to(me), l.incoming);
    load(db.friends().requests_from(me), l.outgoing);
    return l;
  };
  const Lists l = co_await storage_.on_storage(std::move(job));
  std::vector<std::int64_t> ids;
  for (const auto& a : l.friends) ids.push_back(a.id);
  auto ask = hub_.presence.status(std::move(ids), user_->id);
  const auto seen = co_await std::move(ask);
  reply::FriendsList list;
  for (std::size_t i = 0; i < l.friends.size(); ++i)
    list.friends.push_back(friend_info(seen[i], l.friends[i].id, l.friends[i].username));
  for (const auto& a : l.incoming) list.incoming.push_back(UserRef{a.id, a.username});
  for (const auto& a : l.outgoing) list.outgoing.push_back(UserRef{a.id, a.username});
  co_return protocol::ack_message(id, list);
}

}  // namespace whist::server
