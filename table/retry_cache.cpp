#include "table/retry_cache.hpp"

namespace whist {

void RetryCache::remember(const std::string& id, Reply reply) {
  if (reply) keep(id, std::move(reply));
}

void RetryCache::remember(const std::string& id, Rebuild rebuild) {
  if (rebuild) keep(id, std::move(rebuild));
}

void RetryCache::keep(const std::string& id, Kept kept) {
  if (id.empty()) return;
  if (!replies_.emplace(id, std::move(kept)).second) return;  // the first reply stays
  order_.push_back(id);
  if (order_.size() > kCapacity) {
    replies_.erase(order_.front());
    order_.pop_front();
  }
}

RetryCache::Reply RetryCache::find(const std::string& id) const {
  if (id.empty()) return nullptr;
  const auto it = replies_.find(id);
  if (it == replies_.end()) return nullptr;
  if (const auto* reply = std::get_if<Reply>(&it->second)) return *reply;
  return std::make_shared<const std::string>(std::get<Rebuild>(it->second)());
}

void RetryCache::clear() {
  replies_.clear();
  order_.clear();
}

}  // namespace whist
