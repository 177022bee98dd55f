// Accounts over the protocol (docs/protocol.md, hello and welcome,
// Accounts): hello (with a session's token, resumed), register, login,
// guest and logout, and what follows a login.

#include <spdlog/spdlog.h>

#include "protocol/replies.hpp"
#include "server/auth.hpp"
#include "server/hub.hpp"
#include "server/node_bus.hpp"
#include "server/ws_session.hpp"
#include "table/clock.hpp"

// GCC 12 mishandles a lambda with captured strings written as a temporary
// inside a co_await expression (the copy in the coroutine frame keeps
// pointers into the original): every job below is a named local, moved in.

namespace whist::server {

namespace {

using clock = std::chrono::steady_clock;

// A hash to verify against when a login names no account, so that the
// answer takes as long either way.
const std::string& dummy_hash(const Config& c) {
  static const std::string hash =
      hash_password("not a password of anyone", c.password_memory_kib, c.password_passes);
  return hash;
}

}  // namespace

asio::awaitable<std::string> WsSession::on_hello(const std::string& id, const protocol::Hello& h) {
  if (hello_) co_return reply_error(id, {protocol::Error::kWrongState, "hello was already said"});
  if (h.version != protocol::kVersion)
    co_return reply_error(
        id, {protocol::Error::kUnsupportedVersion,
             "this server speaks protocol version " + std::to_string(protocol::kVersion)});
  hello_ = true;
  protocol::Welcome welcome{"whistd/0.1.0", {}, "none"};
  if (h.token) {
    const std::string hash = token_hash(*h.token);
    const auto now = unix_now();
    struct Found {
      std::optional<storage::Account> account;
      std::optional<std::string> banned;  // the reason, if the account is banned
    };
    auto find = [hash, now](storage::Database& db) {
      Found f;
      f.account = db.accounts().account_for_session(hash, now);
      if (!f.account || f.account->banned) {
        f.account.reset();
        f.banned = db.admin().banned_for_session(hash);
      }
      return f;
    };
    const Found found = co_await storage_.on_storage(std::move(find));
    const auto& account = found.account;
    if (found.banned) {
      // Said again without the token, the hello opens a session as usual.
      hello_ = false;
      co_return reply_error(id, {protocol::Error::kBanned, *found.banned});
    }
    if (account) {
      user_ = User{account->id, account->username, account->guest, hash};
      welcome.session = "resumed";
      spdlog::info("{} is back", account->username);
      co_await logged_in();
    } else {
      welcome.session = "invalid";
    }
  }
  if (user_) welcome.user = protocol::UserInfo{user_->id, user_->name, user_->guest};
  // Kept for a retry as the means to write it again, not as its text: the
  // rules in it are 5 KB a connection (handle() then keeps this first one).
  answered_.remember(
      id, RetryCache::Rebuild([welcome, id] { return protocol::welcome_message(welcome, id); }));
  co_return protocol::welcome_message(welcome, id);
}

asio::awaitable<std::string> WsSession::start_session(const std::string& id,
                                                      const storage::Account& a) {
  const std::string token = new_token();
  const std::string hash = token_hash(token);
  const auto now = unix_now();
  const auto expires = now + std::int64_t{86400} * config_.session_days;
  const auto account_id = a.id;
  auto create = [=, device = device_](storage::Database& db) {
    db.accounts().create_session(account_id, hash, now, expires, device);
  };
  co_await storage_.on_storage(std::move(create));
  user_ = User{a.id, a.username, a.guest, hash};
  co_await logged_in();
  co_return protocol::ack_message(
      id, protocol::reply::Session{protocol::UserInfo{a.id, a.username, a.guest}, token});
}

asio::awaitable<void> WsSession::logged_in() {
  account_credits_ = co_await hub_.abuse.account(user_->id);
  co_await session_chips();
  co_await came_online();
}

asio::awaitable<std::string> WsSession::on_register(const std::string& id,
                                                    const protocol::Register& r) {
  if (user_)
    co_return reply_error(id, {protocol::Error::kWrongState, "already logged in; log out first"});
  if (auto why = check_username(r.username))
    co_return reply_error(id, {protocol::Error::kBadUsername, *why});
  if (auto why = check_password(r.password))
    co_return reply_error(id, {protocol::Error::kBadPassword, *why});
  const int mem = config_.password_memory_kib, passes = config_.password_passes;
  auto hasher = [pw = r.password, mem, passes] { return hash_password(pw, mem, passes); };
  const std::string hash = co_await hashing_.on_crypto(std::move(hasher));
  const auto now = unix_now();
  // The account and its first chips, in one transaction.
  auto create = [name = r.username, hash, now,
                 chips = config_.initial_chips](storage::Database& db) {
    return db.ledger().create_player(name, hash, chips, now);
  };
  auto created = co_await storage_.on_storage(std::move(create));
  if (!created) co_return reply_error(id, {protocol::Error::kUsernameTaken});
  spdlog::info("new account {}", r.username);
  storage::Account a;
  a.id = *created;
  a.username = r.username;
  co_return co_await start_session(id, a);
}

asio::awaitable<std::string> WsSession::on_login(const std::string& id, const protocol::Login& r) {
  if (user_)
    co_return reply_error(id, {protocol::Error::kWrongState, "already logged in; log out first"});
  auto allowed = hub_.abuse.login_allowed(r.username, address_, clock::now());
  if (auto why = co_await std::move(allowed)) {
    ++metrics_.logins_throttled_total;
    ++metrics_.errors_total;
    spdlog::info("login for {} from {} refused: too many failures",
                 check_username(r.username) ? "(bad name)" : r.username, address_);
    co_return refusal_message(id, *why);
  }
  auto find = [name = r.username](storage::Database& db) {
    return db.accounts().account_by_name(name);
  };
  auto account = co_await storage_.on_storage(std::move(find));
  const std::string hash =
      account && !account->guest ? account->password_hash : dummy_hash(config_);
  auto verify = [pw = r.password, hash] { return verify_password(pw, hash); };
  const bool ok = co_await hashing_.on_crypto(std::move(verify));
  if (!account || account->guest || !ok) {
    note_login_failed(hub_, r.username, address_);
    spdlog::info("failed login for {}", check_username(r.username) ? "(bad name)" : r.username);
    co_return reply_error(id, {protocol::Error::kLoginFailed});
  }
  if (account->banned) {
    spdlog::info("login for {} refused: banned", account->username);
    const auto aid = account->id;
    auto reason = [aid](storage::Database& db) { return db.admin().ban_reason(aid).value_or(""); };
    const std::string why = co_await storage_.on_storage(std::move(reason));
    co_return reply_error(id, {protocol::Error::kBanned, why});
  }
  note_login_succeeded(hub_, r.username);
  spdlog::info("{} logged in", account->username);
  co_return co_await start_session(id, *account);
}

asio::awaitable<std::string> WsSession::on_guest(const std::string& id) {
  if (user_)
    co_return reply_error(id, {protocol::Error::kWrongState, "already logged in; log out first"});
  const auto now = unix_now();
  for (int attempt = 0; attempt < 5; ++attempt) {
    const std::string name = guest_name();
    auto create = [name, now](storage::Database& db) {
      return db.accounts().create_account(name, "", true, now);
    };
    auto created = co_await storage_.on_storage(std::move(create));
    if (!created) continue;
    storage::Account a;
    a.id = *created;
    a.username = name;
    a.guest = true;
    spdlog::info("guest {} arrived", name);
    co_return co_await start_session(id, a);
  }
  co_return reply_error(id, {protocol::Error::kInternal, "no guest name was free"});
}

asio::awaitable<std::string> WsSession::on_logout(const std::string& id) {
  if (!user_) co_return reply_error(id, {protocol::Error::kNotLoggedIn});
  const std::string hash = user_->token_hash;
  auto revoke = [hash](storage::Database& db) { return db.accounts().revoke_session(hash); };
  co_await storage_.on_storage(std::move(revoke));
  spdlog::info("{} logged out", user_->name);
  co_await went_offline();
  user_.reset();
  account_credits_.reset();
  co_return protocol::ack_message(id);
}

}  // namespace whist::server
