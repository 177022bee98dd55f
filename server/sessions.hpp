// Every open WebSocket session, so that a stopping server can tell each one
// and wait for them to close, the operator's ban can find an account's
// connections, and one heartbeat pings them all. A strand-owned service
// (strand_service.hpp): sessions come and go on their own strands and post
// it; the drain and the ban await it.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstddef>
#include <deque>
#include <map>
#include <memory>
#include <vector>

#include "server/strand_service.hpp"

namespace whist::server {

class WsSession;

class Sessions : public StrandService {
 public:
  explicit Sessions(asio::io_context& ioc) : StrandService(ioc) {}

  void add(const std::shared_ptr<WsSession>& s) {
    tell([this, w = std::weak_ptr<WsSession>(s), raw = s.get()] {
      all_[raw] = w;
      if (every_.count() > 0) beats_.push_back({std::chrono::steady_clock::now() + every_, w});
    });
  }
  void remove(const WsSession* s) {
    tell([this, s] { all_.erase(s); });
  }
  asio::awaitable<std::size_t> size() {
    co_return co_await ask([this] { return all_.size(); });
  }
  asio::awaitable<std::vector<std::shared_ptr<WsSession>>> snapshot() {
    auto job = [this] {
      std::vector<std::shared_ptr<WsSession>> out;
      out.reserve(all_.size());
      for (auto& [p, w] : all_)
        if (auto s = w.lock()) out.push_back(std::move(s));
      return out;
    };
    co_return co_await ask(std::move(job));
  }
  // The connections' heartbeat (sessions.cpp), until the event loop stops:
  // each connection added after this is told once every `every`, the
  // first time `every` after it came (WsSession::heartbeat: a peer silent
  // too long is dropped, the others pinged). One timer for them all, not
  // one each, set for the first one due.
  void start_heartbeat(std::chrono::seconds every);

 private:
  asio::awaitable<void> heartbeat();
  std::map<const WsSession*, std::weak_ptr<WsSession>> all_;  // on the strand
  // The heartbeat's queue, by when each connection is due (every
  // connection waits as long, so the order they came in is that order).
  struct Beat {
    std::chrono::steady_clock::time_point due;
    std::weak_ptr<WsSession> who;
  };
  std::deque<Beat> beats_;                       // on the strand
  std::chrono::steady_clock::duration every_{};  // set before the first connection
};

}  // namespace whist::server
