#include "server/abuse.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>

#include "protocol/messages.hpp"

namespace whist::server {

Credits::Credits(double capacity, double window_s)
    : capacity_(capacity), per_s_(capacity / window_s), left_(capacity) {}

void Credits::refill(Clock::time_point now) {
  if (at_ != Clock::time_point{}) {
    const double dt = std::chrono::duration<double>(now - at_).count();
    if (dt > 0) left_ = std::min(capacity_, left_ + dt * per_s_);
  }
  at_ = now;
}

bool Credits::take(Clock::time_point now) {
  refill(now);
  if (left_ < 1) return false;
  left_ -= 1;
  return true;
}

double Credits::wait_s(Clock::time_point now) const {
  double left = left_;
  if (at_ != Clock::time_point{})
    left = std::min(capacity_, left + std::chrono::duration<double>(now - at_).count() * per_s_);
  return left >= 1 ? 0 : (1 - left) / per_s_;
}

void Abuse::configure(const Config& c) {
  std::lock_guard lock(mutex_);
  config_ = c;
}

bool Abuse::connect(const std::string& address) {
  std::lock_guard lock(mutex_);
  int& n = connections_[address];
  if (config_.max_connections_per_address > 0 && n >= config_.max_connections_per_address) {
    if (n == 0) connections_.erase(address);
    return false;
  }
  ++n;
  return true;
}

void Abuse::release(const std::string& address) {
  std::lock_guard lock(mutex_);
  auto it = connections_.find(address);
  if (it != connections_.end() && --it->second <= 0) connections_.erase(it);
}

void Abuse::prune(Clock::time_point now) {
  // At most once a minute: accounts idle for ten minutes (their credits
  // are full again) and failures older than the window are forgotten.
  if (now - pruned_ < std::chrono::minutes(1)) return;
  pruned_ = now;
  std::erase_if(accounts_,
                [&](const auto& kv) { return now - kv.second.used > std::chrono::minutes(10); });
  const auto window = std::chrono::seconds(config_.login_window);
  for (auto* m : {&failed_names_, &failed_addresses_})
    std::erase_if(
        *m, [&](const auto& kv) { return kv.second.empty() || now - kv.second.back() > window; });
}

std::optional<Refusal> Abuse::account_message(std::int64_t user, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  prune(now);
  auto [it, fresh] = accounts_.try_emplace(user);
  Account& a = it->second;
  if (fresh) {
    // An account may use two connections' worth of messages.
    a.messages = Credits(2.0 * config_.rate_messages, config_.rate_window);
    a.chat = Credits(config_.chat_lines, config_.chat_window);
  }
  a.used = now;
  if (a.messages.take(now)) return std::nullopt;
  return Refusal{protocol::Error::kRateLimited, "this account's connections together send too many",
                 a.messages.wait_s(now)};
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

std::optional<Refusal> Abuse::chat(std::int64_t user, const std::string& text,
                                   Clock::time_point now) {
  std::lock_guard lock(mutex_);
  auto [it, fresh] = accounts_.try_emplace(user);
  Account& a = it->second;
  if (fresh) {
    a.messages = Credits(2.0 * config_.rate_messages, config_.rate_window);
    a.chat = Credits(config_.chat_lines, config_.chat_window);
  }
  a.used = now;
  const std::string line = folded(text);
  if (config_.chat_repeat > 0 && !line.empty() && line == a.last_line &&
      now - a.last_line_at < std::chrono::seconds(config_.chat_repeat)) {
    const double wait =
        config_.chat_repeat - std::chrono::duration<double>(now - a.last_line_at).count();
    return Refusal{protocol::Error::kChatRepeated, "", wait};
  }
  if (!a.chat.take(now))
    return Refusal{protocol::Error::kChatTooFast,
                   "at most " + std::to_string(config_.chat_lines) + " in " +
                       std::to_string(config_.chat_window) + " seconds",
                   a.chat.wait_s(now)};
  a.last_line = line;
  a.last_line_at = now;
  return std::nullopt;
}

std::optional<Refusal> Abuse::check_failures(Failures& f, int limit, Clock::time_point now,
                                             const char* what) {
  const auto window = std::chrono::seconds(config_.login_window);
  while (!f.empty() && now - f.front() >= window) f.pop_front();
  if (limit <= 0 || static_cast<int>(f.size()) < limit) return std::nullopt;
  // Allowed again when the oldest failure leaves the window.
  const double wait = std::chrono::duration<double>(f.front() + window - now).count();
  return Refusal{protocol::Error::kTooManyAttempts, std::string(what) + "; try again later", wait};
}

std::optional<Refusal> Abuse::login_allowed(const std::string& name, const std::string& address,
                                            Clock::time_point now) {
  std::lock_guard lock(mutex_);
  prune(now);
  if (auto it = failed_names_.find(folded(name)); it != failed_names_.end())
    if (auto r = check_failures(it->second, config_.login_failures, now, "for this account"))
      return r;
  if (auto it = failed_addresses_.find(address); it != failed_addresses_.end())
    if (auto r = check_failures(it->second, config_.login_failures_per_address, now,
                                "from this address"))
      return r;
  return std::nullopt;
}

void Abuse::login_failed(const std::string& name, const std::string& address,
                         Clock::time_point now) {
  std::lock_guard lock(mutex_);
  failed_names_[folded(name)].push_back(now);
  failed_addresses_[address].push_back(now);
}

void Abuse::login_succeeded(const std::string& name) {
  std::lock_guard lock(mutex_);
  failed_names_.erase(folded(name));
}

std::string refusal_message(const std::string& id, const Refusal& r) {
  return protocol::error_message(id, {r.code, r.detail},
                                 std::max(1, static_cast<int>(std::ceil(r.retry_after))));
}

}  // namespace whist::server
