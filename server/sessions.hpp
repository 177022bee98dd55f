// Every open WebSocket session, so that a stopping server can tell each one
// and wait for them to close. Guarded by a mutex (sessions come and go on
// their own strands); only the server's accept path and its drain use it.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace whist::server {

class WsSession;

class Sessions {
 public:
  void add(const std::shared_ptr<WsSession>& s) {
    std::lock_guard lock(mutex_);
    all_[s.get()] = s;
  }
  void remove(const WsSession* s) {
    std::lock_guard lock(mutex_);
    all_.erase(s);
  }
  std::size_t size() {
    std::lock_guard lock(mutex_);
    return all_.size();
  }
  std::vector<std::shared_ptr<WsSession>> snapshot() {
    std::lock_guard lock(mutex_);
    std::vector<std::shared_ptr<WsSession>> out;
    out.reserve(all_.size());
    for (auto& [p, w] : all_)
      if (auto s = w.lock()) out.push_back(std::move(s));
    return out;
  }

 private:
  std::mutex mutex_;
  std::map<const WsSession*, std::weak_ptr<WsSession>> all_;
};

}  // namespace whist::server
