// Limits against abuse, shared by every connection: message credits per
// account, connections per address, chat bursts and repeats per account,
// and login attempts per account name and per address. A strand-owned
// service (strand_service.hpp): its maps are touched on its strand only.
// The one check made for every message, an account's message credits, is
// not a trip to that strand: each connection of the account holds the
// account's Credits (one atomic) and takes from it on its own strand. Each
// connection also keeps its own Credits for its messages (ws_session.cpp).
#pragma once

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include "protocol/errors.hpp"
#include "server/config.hpp"
#include "server/strand_service.hpp"

namespace whist::server {

using Clock = std::chrono::steady_clock;

// A token bucket of `capacity` credits, refilled at capacity per `window`,
// kept as the time at which it is full again (the generic cell rate
// algorithm): one atomic, so that connections on different strands may
// take from the same bucket without a lock.
class Credits {
 public:
  Credits() = default;
  Credits(double capacity, double window_s);
  Credits(const Credits& o);
  Credits& operator=(const Credits& o);
  // Takes one credit if there is one.
  bool take(Clock::time_point now);
  // Seconds until a credit is there again.
  double wait_s(Clock::time_point now) const;
  // Every credit is there (a new bucket would be the same).
  bool full(Clock::time_point now) const;

 private:
  std::int64_t interval_ns_ = 1'000'000'000;  // one credit comes back in this time
  std::int64_t burst_ns_ = 1'000'000'000;     // capacity * interval
  std::atomic<std::int64_t> full_at_{0};      // ns on Clock; full at and after it
};

// Why something was refused: an error code, what its message leaves out,
// and when to try again.
struct Refusal {
  protocol::Error code;
  std::string detail;
  double retry_after = 0;  // seconds
};

// The refusal for a message over the account's credits (nullopt: taken).
std::optional<Refusal> take_account_message(Credits& account, Clock::time_point now);

class Abuse : public StrandService {
 public:
  Abuse(asio::io_context& ioc, const AbuseLimits& limits);

  // A new WebSocket connection from `address`: false when the address has
  // max_connections_per_address open already. release() when it ends.
  asio::awaitable<bool> connect(std::string address);
  void release(std::string address);

  // The message credits of `user`'s account, shared by each of its
  // connections (take_account_message, on the connection's strand).
  asio::awaitable<std::shared_ptr<Credits>> account(std::int64_t user);
  // A chat line (text: as sent; phrases pass the text "#N"): a burst over
  // chat_lines per chat_window, or the same line again within chat_repeat
  // seconds, is refused.
  asio::awaitable<std::optional<Refusal>> chat(std::int64_t user, std::string text,
                                               Clock::time_point now);

  // Before checking a password: refused while the name or the address has
  // too many recent failures.
  asio::awaitable<std::optional<Refusal>> login_allowed(std::string name, std::string address,
                                                        Clock::time_point now);
  void login_failed(std::string name, std::string address, Clock::time_point now);
  void login_succeeded(std::string name);

 private:
  struct Chatter {
    Credits lines;
    std::string last_line;
    Clock::time_point last_line_at{};
    Clock::time_point used{};
  };
  // Failures within the window, oldest first.
  using Failures = std::deque<Clock::time_point>;

  // On the strand.
  void prune(Clock::time_point now);
  std::optional<Refusal> check_chat(std::int64_t user, const std::string& text,
                                    Clock::time_point now);
  std::optional<Refusal> check_login(const std::string& name, const std::string& address,
                                     Clock::time_point now);
  std::optional<Refusal> check_failures(Failures& f, int limit, Clock::time_point now,
                                        const char* what);

  const AbuseLimits limits_;
  std::map<std::string, int> connections_;
  // Held by the account's connections; forgotten once none holds it and
  // it is full again.
  std::unordered_map<std::int64_t, std::shared_ptr<Credits>> messages_;
  std::unordered_map<std::int64_t, Chatter> chatters_;
  std::map<std::string, Failures> failed_names_, failed_addresses_;
  Clock::time_point pruned_{};
};

// {"t":"error","id":..,"d":{"code","message","retry_after"}}: an error with
// the seconds to wait (rounded up, at least 1). id: JSON text or "".
std::string refusal_message(const std::string& id, const Refusal& r);

}  // namespace whist::server
