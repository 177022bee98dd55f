// Friends over the protocol (docs/protocol.md, Friends): requests by
// username, accepting, declining, removing, the list with each friend's
// online status and table, and the messages pushed to the other person.
// Registered accounts only: guests cannot have friends.

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <chrono>
#include <nlohmann/json.hpp>

#include "protocol/pushes.hpp"
#include "server/hub.hpp"
#include "server/ws_session.hpp"
#include "table/clock.hpp"

namespace whist::server {

using nlohmann::json;

namespace {

json user_ref(std::int64_t id, const std::string& name) { return {{"id", id}, {"name", name}}; }

// A friend as the list and the pushes show them: online or not, and the
// table they sit at ("seat": their seat) or watch ("seat": null), if the
// viewer may see that table (Presence::status).
json friend_json(const Presence::Status& status, std::int64_t id, const std::string& name) {
  json j = user_ref(id, name);
  j["online"] = status.online;
  const auto& place = status.place;
  j["table"] = place ? json(place->table) : json(nullptr);
  j["seat"] = place && place->seat >= 0 ? json(place->seat) : json(nullptr);
  return j;
}

Message push(std::string_view type, json d) {
  return std::make_shared<const std::string>(
      protocol::push::push_text(protocol::push::Friend{std::string(type), d.dump()}));
}

const char* kGuestFriends = "guests cannot have friends; register an account first";

}  // namespace

asio::awaitable<void> WsSession::came_online() {
  if (!user_) co_return;
  // Guests are present too (a scheduled table tells them it opened), but
  // have no friends to tell.
  // (GCC 12: nothing awaited inside a && or ||, nor with a temporary.)
  auto online = ctx_.hub->presence.online(user_->id, shared_from_this());
  const bool first = co_await std::move(online);
  if (first && !user_->guest) notify_friends("friend.online");
}

asio::awaitable<void> WsSession::went_offline() {
  if (!user_) co_return;
  // Not watching anything any more, whatever the tables say later.
  const bool last = co_await ctx_.hub->presence.offline(user_->id, this);
  if (last && !user_->guest) notify_friends("friend.offline");
}

void WsSession::notify_friends(std::string_view type) {
  // The friends are read on the storage thread, and told from there (send
  // only queues); jobs run in order, so "online" and "offline" keep theirs.
  auto m = push(type, {{"user", user_ref(user_->id, user_->name)}});
  ctx_.store([&ctx = ctx_, me = user_->id, m] {
    try {
      for (std::int64_t f : ctx.db->friends().friends_of(me)) ctx.hub->presence.send(f, m);
    } catch (const std::exception& e) {
      spdlog::error("telling the friends of {}: {}", me, e.what());
    }
  });
}

asio::awaitable<std::string> WsSession::on_friend(const std::string& id,
                                                  const protocol::ClientMessage& m) {
  if (user_->guest) co_return reply_error(id, {protocol::Error::kGuest, kGuestFriends});
  std::string name;
  std::visit(
      [&](const auto& x) {
        if constexpr (requires { x.username; }) name = x.username;
      },
      m);
  enum class Op { kRequest, kAccept, kDecline, kRemove };
  const Op op = std::holds_alternative<protocol::FriendRequest>(m)   ? Op::kRequest
                : std::holds_alternative<protocol::FriendAccept>(m)  ? Op::kAccept
                : std::holds_alternative<protocol::FriendDecline>(m) ? Op::kDecline
                                                                     : Op::kRemove;
  struct Outcome {
    std::optional<storage::Account> other;
    storage::FriendResult request = storage::FriendResult::kNoSuchAccount;
    bool done = false;  // accept, decline, remove: whether it happened
  };
  const std::int64_t me = user_->id;
  const auto now = unix_now();
  auto job = [me, name, op, now](storage::Database& db) {
    Outcome out;
    out.other = db.accounts().account_by_name(name);
    if (!out.other || out.other->guest) return out;
    const std::int64_t other = out.other->id;
    switch (op) {
      case Op::kRequest: out.request = db.friends().request_friend(me, other, now); break;
      case Op::kAccept: out.done = db.friends().accept_friend(me, other); break;
      case Op::kDecline: out.done = db.friends().decline_friend(me, other); break;
      case Op::kRemove: out.done = db.friends().remove_friend(me, other); break;
    }
    return out;
  };
  const Outcome out = co_await ctx_.on_storage(std::move(job));
  if (!out.other) co_return reply_error(id, {protocol::Error::kNoUser});
  if (out.other->guest)
    co_return reply_error(
        id, {protocol::Error::kGuest, "that user is a guest, and guests have no friends"});
  const std::int64_t other = out.other->id;
  const std::string& other_name = out.other->username;
  Presence& presence = ctx_.hub->presence;
  const json me_ref = user_ref(me, user_->name);
  // Each as the other sees them, for the answers that show a friend.
  // (GCC 12: what is awaited is a named local.)
  auto ask_other = presence.status({me}, other);
  const auto seen = co_await std::move(ask_other);
  auto ask_me = presence.status({other}, me);
  const auto seen_by_me = co_await std::move(ask_me);
  const json me_for_other = friend_json(seen[0], me, user_->name);
  const json other_for_me = friend_json(seen_by_me[0], other, other_name);

  switch (op) {
    case Op::kRequest:
      switch (out.request) {
        case storage::FriendResult::kRequested:
          presence.send(other, push("friend.incoming", {{"user", me_ref}}));
          co_return protocol::ack_message(
              id, json{{"state", "requested"}, {"user", user_ref(other, other_name)}}.dump());
        case storage::FriendResult::kAccepted:
          // They had asked us: now friends, and they are told so.
          presence.send(other, push("friend.accepted", {{"friend", me_for_other}}));
          co_return protocol::ack_message(
              id, json{{"state", "friends"}, {"friend", other_for_me}}.dump());
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
      presence.send(other, push("friend.accepted", {{"friend", me_for_other}}));
      co_return protocol::ack_message(id, json{{"friend", other_for_me}}.dump());
    case Op::kDecline:
      if (!out.done) co_return reply_error(id, {protocol::Error::kNoRequest});
      co_return protocol::ack_message(id);
    case Op::kRemove:
      if (!out.done) co_return reply_error(id, {protocol::Error::kNotFriends});
      presence.send(other, push("friend.removed", {{"user", me_ref}}));
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
  const Lists l = co_await ctx_.on_storage(std::move(job));
  json friends = json::array(), incoming = json::array(), outgoing = json::array();
  std::vector<std::int64_t> ids;
  for (const auto& a : l.friends) ids.push_back(a.id);
  auto ask = ctx_.hub->presence.status(std::move(ids), user_->id);
  const auto seen = co_await std::move(ask);
  for (std::size_t i = 0; i < l.friends.size(); ++i)
    friends.push_back(friend_json(seen[i], l.friends[i].id, l.friends[i].username));
  for (const auto& a : l.incoming) incoming.push_back(user_ref(a.id, a.username));
  for (const auto& a : l.outgoing) outgoing.push_back(user_ref(a.id, a.username));
  co_return protocol::ack_message(
      id, json{{"friends", friends}, {"incoming", incoming}, {"outgoing", outgoing}}.dump());
}

}  // namespace whist::server
