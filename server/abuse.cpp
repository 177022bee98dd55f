#include "server/abuse.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>

#include "protocol/messages.hpp"

namespace whist::server {

namespace {

std::int64_t ns(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
}

}  // namespace

Credits::Credits(double capacity, double window_s)
    : interval_ns_(static_cast<std::int64_t>(window_s / capacity * 1e9)),
      burst_ns_(static_cast<std::int64_t>(window_s * 1e9)) {}

Credits::Credits(const Credits& o)
    : interval_ns_(o.interval_ns_),
      burst_ns_(o.burst_ns_),
      full_at_(o.full_at_.load(std::memory_order_relaxed)) {}

Credits& Credits::operator=(const Credits& o) {
  interval_ns_ = o.interval_ns_;
  burst_ns_ = o.burst_ns_;
  full_at_.store(o.full_at_.load(std::memory_order_relaxed), std::memory_order_relaxed);
  return *this;
}

bool Credits::take(Clock::time_point now) {
  // A credit taken moves the time it is full again by one interval; there
  // is none to take when that time would be more than a full bucket away.
  const std::int64_t t = ns(now);
  std::int64_t full_at = full_at_.load(std::memory_order_relaxed);
  for (;;) {
    const std::int64_t next = std::max(full_at, t) + interval_ns_;
    if (next - t > burst_ns_) return false;
    if (full_at_.compare_exchange_weak(full_at, next, std::memory_order_relaxed)) return true;
  }
}

double Credits::wait_s(Clock::time_point now) const {
  const std::int64_t t = ns(now);
  const std::int64_t next = std::max(full_at_.load(std::memory_order_relaxed), t) + interval_ns_;
  return std::max<std::int64_t>(0, next - burst_ns_ - t) / 1e9;
}

bool Credits::full(Clock::time_point now) const {
  return full_at_.load(std::memory_order_relaxed) <= ns(now);
}

std::optional<Refusal> take_account_message(Credits& account, Clock::time_point now) {
  if (account.take(now)) return std::nullopt;
  return Refusal{protocol::Error::kRateLimited, "this account's connections together send too many",
                 account.wait_s(now)};
}

Abuse::Abuse(asio::io_context& ioc, const AbuseLimits& limits)
    : StrandService(ioc), limits_(limits) {}

asio::awaitable<bool> Abuse::connect(std::string address) {
  auto job = [this, address = std::move(address)] {
    int& n = connections_[address];
    if (limits_.max_connections_per_address > 0 && n >= limits_.max_connections_per_address) {
      if (n == 0) connections_.erase(address);
      return false;
    }
    ++n;
    return true;
  };
  co_return co_await ask(std::move(job));
}

void Abuse::release(std::string address) {
  tell([this, address = std::move(address)] {
    auto it = connections_.find(address);
    if (it != connections_.end() && --it->second <= 0) connections_.erase(it);
  });
}

void Abuse::prune(Clock::time_point now) {
  // At most once a minute: buckets no connection holds that are full
  // again, chat idle for ten minutes (its credits are full again) and
  // failures older than the window are forgotten.
  if (now - pruned_ < std::chrono::minutes(1)) return;
  pruned_ = now;
  std::erase_if(messages_,
                [&](const auto& kv) { return kv.second.use_count() == 1 && kv.second->full(now); });
  std::erase_if(chatters_,
                [&](const auto& kv) { return now - kv.second.used > std::chrono::minutes(10); });
  const auto window = std::chrono::seconds(limits_.login_window);
  for (auto* m : {&failed_names_, &failed_addresses_})
    std::erase_if(
        *m, [&](const auto& kv) { return kv.second.empty() || now - kv.second.back() > window; });
}

asio::awaitable<std::shared_ptr<Credits>> Abuse::account(std::int64_t user) {
  auto job = [this, user] {
    prune(Clock::now());
    auto& credits = messages_[user];
    // An account may use two connections' worth of messages.
    if (!credits)
      credits = std::make_shared<Credits>(2.0 * limits_.rate_messages, limits_.rate_window);
    return credits;
  };
  co_return co_await ask(std::move(job));
}

namespace {

// Lines compared without case and spaces: "Hi" and " hi " are the same line.
std::string folded(const std::string& text) {
  std::string out;
  for (unsigned char c : text)
    if (!std::isspace(c)) out += static_cast<char>(std::tolower(c));
  return out;
}

}  // namespace

asio::awaitable<std::optional<Refusal>> Abuse::chat(std::int64_t user, std::string text,
                                                    Clock::time_point now) {
  auto job = [this, user, text = std::move(text), now] { return check_chat(user, text, now); };
  co_return co_await ask(std::move(job));
}

std::optional<Refusal> Abuse::check_chat(std::int64_t user, const std::string& text,
                                         Clock::time_point now) {
  prune(now);
  auto [it, fresh] = chatters_.try_emplace(user);
  Chatter& a = it->second;
  if (fresh) a.lines = Credits(limits_.chat_lines, limits_.chat_window);
  a.used = now;
  const std::string line = folded(text);
  if (limits_.chat_repeat > 0 && !line.empty() && line == a.last_line &&
      now - a.last_line_at < std::chrono::seconds(limits_.chat_repeat)) {
    const double wait =
        limits_.chat_repeat - std::chrono::duration<double>(now - a.last_line_at).count();
    return Refusal{protocol::Error::kChatRepeated, "", wait};
  }
  if (!a.lines.take(now))
    return Refusal{protocol::Error::kChatTooFast,
                   "at most " + std::to_string(limits_.chat_lines) + " in " +
                       std::to_string(limits_.chat_window) + " seconds",
                   a.lines.wait_s(now)};
  a.last_line = line;
  a.last_line_at = now;
  return std::nullopt;
}

std::optional<Refusal> Abuse::check_failures(Failures& f, int limit, Clock::time_point now,
                                             const char* what) {
  const auto window = std::chrono::seconds(limits_.login_window);
  while (!f.empty() && now - f.front() >= window) f.pop_front();
  if (limit <= 0 || static_cast<int>(f.size()) < limit) return std::nullopt;
  // Allowed again when the oldest failure leaves the window.
  const double wait = std::chrono::duration<double>(f.front() + window - now).count();
  return Refusal{protocol::Error::kTooManyAttempts, std::string(what) + "; try again later", wait};
}

asio::awaitable<std::optional<Refusal>> Abuse::login_allowed(std::string name, std::string address,
                                                             Clock::time_point now) {
  auto job = [this, name = std::move(name), address = std::move(address), now] {
    return check_login(name, address, now);
  };
  co_return co_await ask(std::move(job));
}

std::optional<Refusal> Abuse::check_login(const std::string& name, const std::string& address,
                                          Clock::time_point now) {
  prune(now);
  if (auto it = failed_names_.find(folded(name)); it != failed_names_.end())
    if (auto r = check_failures(it->second, limits_.login_failures, now, "for this account"))
      return r;
  if (auto it = failed_addresses_.find(address); it != failed_addresses_.end())
    if (auto r = check_failures(it->second, limits_.login_failures_per_address, now,
                                "from this address"))
      return r;
  return std::nullopt;
}

void Abuse::login_failed(std::string name, std::string address, Clock::time_point now) {
  tell([this, name = std::move(name), address = std::move(address), now] {
    failed_names_[folded(name)].push_back(now);
    failed_addresses_[address].push_back(now);
  });
}

void Abuse::login_succeeded(std::string name) {
  tell([this, name = std::move(name)] { failed_names_.erase(folded(name)); });
}

std::string refusal_message(const std::string& id, const Refusal& r) {
  return protocol::error_message(id, {r.code, r.detail},
                                 std::max(1, static_cast<int>(std::ceil(r.retry_after))));
}

}  // namespace whist::server
