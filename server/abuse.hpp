// Limits against abuse, shared by every connection: message credits per
// account, connections per address, chat bursts and repeats per account,
// and login attempts per account name and per address. Thread-safe (one
// mutex; every call is a few map operations). Each connection also keeps
// its own Credits for its messages (ws_session.cpp).
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "protocol/errors.hpp"
#include "server/config.hpp"

namespace whist::server {

using Clock = std::chrono::steady_clock;

// A token bucket: `capacity` credits, refilled at capacity per `window`.
class Credits {
 public:
  Credits() = default;
  Credits(double capacity, double window_s);
  // Takes one credit if there is one.
  bool take(Clock::time_point now);
  // Seconds until a credit is there again.
  double wait_s(Clock::time_point now) const;

 private:
  void refill(Clock::time_point now);
  double capacity_ = 1, per_s_ = 1, left_ = 1;
  Clock::time_point at_{};
};

// Why something was refused: an error code, what its message leaves out,
// and when to try again.
struct Refusal {
  protocol::Error code;
  std::string detail;
  double retry_after = 0;  // seconds
};

class Abuse {
 public:
  // Takes the limits (call before serving).
  void configure(const Config& c);

  // A new WebSocket connection from `address`: false when the address has
  // max_connections_per_address open already. release() when it ends.
  bool connect(const std::string& address);
  void release(const std::string& address);

  // One message from a logged-in account (every connection of it counts).
  std::optional<Refusal> account_message(std::int64_t user, Clock::time_point now);
  // A chat line (text: as sent; phrases pass the text "#N"): a burst over
  // chat_lines per chat_window, or the same line again within chat_repeat
  // seconds, is refused.
  std::optional<Refusal> chat(std::int64_t user, const std::string& text, Clock::time_point now);

  // Before checking a password: refused while the name or the address has
  // too many recent failures.
  std::optional<Refusal> login_allowed(const std::string& name, const std::string& address,
                                       Clock::time_point now);
  void login_failed(const std::string& name, const std::string& address, Clock::time_point now);
  void login_succeeded(const std::string& name);

 private:
  struct Account {
    Credits messages;
    Credits chat;
    std::string last_line;
    Clock::time_point last_line_at{};
    Clock::time_point used{};
  };
  // Failures within the window, oldest first.
  using Failures = std::deque<Clock::time_point>;
  void prune(Clock::time_point now);
  std::optional<Refusal> check_failures(Failures& f, int limit, Clock::time_point now,
                                        const char* what);

  std::mutex mutex_;
  Config config_;
  std::map<std::string, int> connections_;
  std::unordered_map<std::int64_t, Account> accounts_;  // looked up for every message
  std::map<std::string, Failures> failed_names_, failed_addresses_;
  Clock::time_point pruned_{};
};

// {"t":"error","id":..,"d":{"code","message","retry_after"}}: an error with
// the seconds to wait (rounded up, at least 1). id: JSON text or "".
std::string refusal_message(const std::string& id, const Refusal& r);

}  // namespace whist::server
