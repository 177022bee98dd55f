// Account care over the protocol (docs/protocol.md, Your account): the
// password changed (the old one required; every other session ended), the
// account's sessions listed, and one of them ended; the preferences kept
// with the account (prefs.get, prefs.set); the account deleted
// (the password required; storage/account_care.hpp) and its data
// downloaded; and, before logging in, a new password set with the
// operator's one-time code (whistctl reset-password). A session ended
// this way is revoked in storage, and each connection logged in with it is
// told (session.ended) and closed.

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>

#include "protocol/replies.hpp"
#include "server/auth.hpp"
#include "server/hub.hpp"
#include "server/node_bus.hpp"
#include "server/ws_session.hpp"
#include "storage/account_care.hpp"
#include "table/clock.hpp"

namespace whist::server {

namespace {

// A session's id for its owner: the start of its token's hash (which
// stands for the token in storage, and gives nothing of it away).
constexpr size_t kSessionIdChars = 16;
std::string session_id(const std::string& token_hash) {
  return token_hash.substr(0, kSessionIdChars);
}

}  // namespace

asio::awaitable<std::string> WsSession::on_prefs(const std::string& id,
                                                 const protocol::ClientMessage& m) {
  using P = storage::Prefs;
  std::optional<protocol::PrefsSet> change;
  if (const auto* set = std::get_if<protocol::PrefsSet>(&m)) change = *set;
  // Read, change and keep in one storage job (a guest's too: a guest is an
  // account for as long as its session lasts).
  auto job = [me = user_->id, change](storage::Database& db) {
    P p = db.accounts().prefs(me);
    if (!change) return p;
    const auto& c = *change;
    if (c.card_order)
      p.card_order =
          *c.card_order == "ascending" ? P::CardOrder::kAscending : P::CardOrder::kDescending;
    if (c.alternate_colours) p.alternate_colours = *c.alternate_colours;
    if (c.play) p.play = *c.play == "confirm" ? P::Play::kConfirm : P::Play::kClick;
    if (c.auto_play) p.auto_play = *c.auto_play;
    if (c.sound) p.sound = *c.sound;
    if (c.volume) p.volume = *c.volume;
    if (c.motion) p.motion = *c.motion;
    if (c.theme) p.theme = *c.theme == "dark" ? P::Theme::kDark : P::Theme::kLight;
    db.accounts().set_prefs(me, p);
    return p;
  };
  const P p = co_await storage_.on_storage(std::move(job));
  co_return protocol::ack_message(
      id, protocol::reply::Prefs{
              p.card_order == P::CardOrder::kAscending ? "ascending" : "descending",
              p.alternate_colours, p.play == P::Play::kConfirm ? "confirm" : "click", p.auto_play,
              p.sound, p.volume, p.motion, p.theme == P::Theme::kDark ? "dark" : "light"});
}

// The password again, before changing it or deleting the account; guessing
// it is throttled as logins are. Empty: it was right.
asio::awaitable<std::string> WsSession::password_refused(const std::string& id,
                                                         const std::string& password) {
  using protocol::Error;
  const std::int64_t me = user_->id;
  auto allowed = hub_.abuse.login_allowed(user_->name, address_, std::chrono::steady_clock::now());
  if (auto why = co_await std::move(allowed)) {
    ++metrics_.logins_throttled_total;
    ++metrics_.errors_total;
    co_return refusal_message(id, *why);
  }
  auto find = [me](storage::Database& db) { return db.accounts().account_by_id(me); };
  const auto account = co_await storage_.on_storage(std::move(find));
  if (!account) co_return reply_error(id, {Error::kNoUser});
  auto verify = [pw = password, hash = account->password_hash] {
    return verify_password(pw, hash);
  };
  if (!co_await hashing_.on_crypto(std::move(verify))) {
    note_login_failed(hub_, user_->name, address_);
    co_return reply_error(id, {Error::kWrongPassword});
  }
  co_return std::string();
}

// account.delete: the password, then the account closed (refused while
// seated); the answer first, then every session of it ends.
asio::awaitable<std::string> WsSession::on_account_delete(const std::string& id,
                                                          const protocol::AccountDelete& d) {
  using protocol::Error;
  const std::int64_t me = user_->id;
  if (auto refused = co_await password_refused(id, d.password); !refused.empty()) co_return refused;
  auto close = [me, now = unix_now()](storage::Database& db) {
    return storage::close_account(db, me, now);
  };
  const auto closed = co_await storage_.on_storage(std::move(close));
  if (closed.result == storage::CloseResult::kSeated)
    co_return reply_error(
        id, {Error::kSeated, "leave table " + std::to_string(closed.tables.front()) + " first"});
  if (closed.result != storage::CloseResult::kClosed || !closed.erased)
    co_return reply_error(id, {Error::kNoUser, "this account is deleted already"});
  spdlog::info("account {} deleted (now {}); {} chips back to the house", me,
               closed.erased->new_name, closed.chips);
  // The answer first; then every session of the account (this one too) ends.
  send(std::make_shared<const std::string>(protocol::ack_message(
      id, protocol::reply::AccountDeleted{closed.erased->new_name, closed.chips})));
  if (!closed.erased->ended.empty())
    end_sessions(hub_, me, closed.erased->ended, "your account was deleted");
  co_return std::string();
}

// account.password: the old one, then the new one hashed and stored with
// the other sessions' end, in one transaction.
asio::awaitable<std::string> WsSession::on_password_change(const std::string& id,
                                                           const protocol::AccountPassword& p) {
  using protocol::Error;
  const std::int64_t me = user_->id;
  const std::string mine = user_->token_hash;
  if (auto refused = co_await password_refused(id, p.old_password); !refused.empty())
    co_return refused;
  if (auto why = check_password(p.new_password))
    co_return reply_error(id, {Error::kBadPassword, *why});
  const int mem = config_.password_memory_kib, passes = config_.password_passes;
  auto hasher = [pw = p.new_password, mem, passes] { return hash_password(pw, mem, passes); };
  const std::string hash = co_await hashing_.on_crypto(std::move(hasher));
  // The new password and the other sessions' end, in one transaction.
  auto write = [me, hash, mine](storage::Database& db) {
    db.accounts().set_password(me, hash);
    return db.accounts().revoke_other_sessions(me, mine);
  };
  auto ended = co_await storage_.on_storage(std::move(write));
  spdlog::info("{} changed their password; {} other session(s) ended", user_->name, ended.size());
  const auto count = static_cast<std::int64_t>(ended.size());
  if (!ended.empty()) end_sessions(hub_, me, std::move(ended), "your password was changed");
  co_return protocol::ack_message(id, protocol::reply::PasswordChanged{count});
}

asio::awaitable<std::string> WsSession::on_account(const std::string& id,
                                                   const protocol::ClientMessage& m) {
  using protocol::Error;
  if (user_->guest)
    co_return reply_error(id, {Error::kGuest, "a guest has no password or devices"});
  const std::int64_t me = user_->id;
  const std::string mine = user_->token_hash;

  if (std::holds_alternative<protocol::AccountExport>(m)) {
    auto collect = [me, now = unix_now()](storage::Database& db) {
      return storage::export_account_json(db, me, now);
    };
    std::string data = co_await storage_.on_storage(std::move(collect));
    spdlog::info("{} downloaded their data ({} bytes)", user_->name, data.size());
    co_return protocol::ack_message(id, data);
  }

  if (const auto* d = std::get_if<protocol::AccountDelete>(&m))
    co_return co_await on_account_delete(id, *d);
  if (const auto* p = std::get_if<protocol::AccountPassword>(&m))
    co_return co_await on_password_change(id, *p);

  auto list = [me, now = unix_now()](storage::Database& db) {
    return db.accounts().sessions_of(me, now);
  };
  const auto sessions = co_await storage_.on_storage(std::move(list));

  if (std::holds_alternative<protocol::AccountSessions>(m)) {
    protocol::reply::SessionList out;
    for (const auto& s : sessions)
      out.sessions.push_back(
          {session_id(s.token_hash), s.device, s.created_at, s.last_used_at, s.token_hash == mine});
    co_return protocol::ack_message(id, out);
  }

  // account.end_session: one of the account's live sessions, not this one.
  const auto& end = std::get<protocol::AccountEndSession>(m);
  const auto it = std::find_if(sessions.begin(), sessions.end(), [&](const auto& s) {
    return end.session.size() == kSessionIdChars && session_id(s.token_hash) == end.session;
  });
  if (it == sessions.end()) co_return reply_error(id, {Error::kNoSession});
  if (it->token_hash == mine)
    co_return reply_error(id, {Error::kWrongState, "that is this session: log out instead"});
  auto revoke = [hash = it->token_hash](storage::Database& db) {
    return db.accounts().revoke_session(hash);
  };
  co_await storage_.on_storage(std::move(revoke));
  spdlog::info("{} ended one of their sessions ({})", user_->name, it->device);
  end_sessions(hub_, me, {it->token_hash}, "you ended this session from another device");
  co_return protocol::ack_message(id);
}

asio::awaitable<std::string> WsSession::on_reset(const std::string& id,
                                                 const protocol::AccountReset& r) {
  using protocol::Error;
  if (user_) co_return reply_error(id, {Error::kWrongState, "already logged in; log out first"});
  // A code is guessed no more easily than a password.
  auto allowed = hub_.abuse.login_allowed(r.username, address_, std::chrono::steady_clock::now());
  if (auto why = co_await std::move(allowed)) {
    ++metrics_.logins_throttled_total;
    ++metrics_.errors_total;
    co_return refusal_message(id, *why);
  }
  if (auto why = check_password(r.password)) co_return reply_error(id, {Error::kBadPassword, *why});
  const int mem = config_.password_memory_kib, passes = config_.password_passes;
  auto hasher = [pw = r.password, mem, passes] { return hash_password(pw, mem, passes); };
  const std::string hash = co_await hashing_.on_crypto(std::move(hasher));
  // The code checked, the password set and every session ended, in one unit.
  struct Done {
    std::optional<storage::Account> account;
    std::vector<std::string> ended;
  };
  auto reset = [name = r.username, code = token_hash(r.code), hash,
                now = unix_now()](storage::Database& db) {
    Done out;
    auto a = db.accounts().account_by_name(name);
    if (!a || a->guest) return out;
    db.begin_unit();
    try {
      if (!db.accounts().take_password_reset(a->id, code, now)) {
        db.rollback_unit();
        return out;
      }
      db.accounts().set_password(a->id, hash);
      out.ended = db.accounts().revoke_other_sessions(a->id, "");
      db.commit_unit();
    } catch (...) {
      db.rollback_unit();
      throw;
    }
    out.account = std::move(a);
    return out;
  };
  auto done = co_await storage_.on_storage(std::move(reset));
  if (!done.account) {
    note_login_failed(hub_, r.username, address_);
    spdlog::info("password reset for {} refused: wrong or expired code",
                 check_username(r.username) ? "(bad name)" : r.username);
    co_return reply_error(id, {Error::kBadCode});
  }
  note_login_succeeded(hub_, r.username);
  if (!done.ended.empty())
    end_sessions(hub_, done.account->id, std::move(done.ended), "your password was reset");
  if (done.account->banned) {
    spdlog::info("{} reset their password; banned, so not logged in", done.account->username);
    co_return reply_error(id,
                          {Error::kBanned, "the password is changed, but the account is banned"});
  }
  spdlog::info("{} set a new password with a reset code", done.account->username);
  co_return co_await start_session(id, *done.account);
}

}  // namespace whist::server
