#include "table/retry_cache.hpp"

namespace whist {

void RetryCache::remember(const std::string& id, Reply reply) {
  if (id.empty() || !reply) return;
  if (!replies_.emplace(id, std::move(reply)).second) return;  // the first reply stays
  order_.push_back(id);
  if (order_.size() > kCapacity) {
    replies_.erase(order_.front());
    order_.pop_front();
  }
}

RetryCache::Reply RetryCache::find(const std::string& id) const {
  if (id.empty()) return nullptr;
  const auto it = replies_.find(id);
  return it == replies_.end() ? nullptr : it->second;
}

void RetryCache::clear() {
  replies_.clear();
  order_.clear();
}

}  // namespace whist
