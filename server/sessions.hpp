// Every open WebSocket session, so that a stopping server can tell each one
// and wait for them to close, and the operator's ban can find an account's
// connections. A strand-owned service (strand_service.hpp): sessions come
// and go on their own strands and post it; the drain and the ban await it.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <cstddef>
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
    tell([this, w = std::weak_ptr<WsSession>(s), raw = s.get()] { all_[raw] = w; });
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

 private:
  std::map<const WsSession*, std::weak_ptr<WsSession>> all_;  // on the strand
};

}  // namespace whist::server
