// The connections' heartbeat (sessions.hpp).
#include "server/sessions.hpp"

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "server/spawn.hpp"
#include "server/ws_session.hpp"

namespace whist::server {

void Sessions::start_heartbeat(std::chrono::seconds every) {
  every_ = every;
  spawn(strand_, heartbeat(), "the connections' heartbeat");
}

asio::awaitable<void> Sessions::heartbeat() {
  // Each connection when it is due, not a batch at a time: the timer is
  // set for the first connection due, so that the pings of 10,000
  // connections (500 writes a second) go out one or two together, as
  // their connections came, and never hold the event loop. (Builds that
  // sent a second's share at once, then 50 ms' share at once, had a
  // higher p99 at one move a second in whist-load; docs/operations.md.)
  // With nobody connected it looks again after `every_`: a connection
  // added meanwhile is not due before then.
  asio::steady_timer timer(strand_);
  for (;;) {
    if (beats_.empty()) {
      timer.expires_after(every_);
    } else {
      timer.expires_at(beats_.front().due);
    }
    co_await timer.async_wait(asio::use_awaitable);
    const auto now = std::chrono::steady_clock::now();
    while (!beats_.empty() && beats_.front().due <= now) {
      Beat beat = std::move(beats_.front());
      beats_.pop_front();
      auto s = beat.who.lock();
      if (!s) continue;  // gone
      WsSession::heartbeat(std::move(s));
      beat.due += every_;
      beats_.push_back(std::move(beat));
    }
  }
}

}  // namespace whist::server
