#include "table/retry_cache.hpp"

namespace whist {

void RetryCache::remember(const std::string& id, Reply reply) {
  if (reply) keep(id, std::move(reply));
}

void RetryCache::remember(const std::string& id, Rebuild rebuild) {
  if (rebuild) keep(id, std::move(rebuild));
}

void RetryCache::remember(const std::string& id, protocol::table_reply::Acted acted) {
  keep(id, acted);
}

void RetryCache::keep(const std::string& id, Kept kept) {
  if (id.empty()) return;
  const auto [it, added] = replies_.emplace(id, std::move(kept));
  if (!added) return;  // the first reply stays
  if (order_.size() < kCapacity) {
    order_.push_back(&it->first);
    return;
  }
  replies_.erase(replies_.find(*order_[oldest_]));
  order_[oldest_] = &it->first;
  oldest_ = (oldest_ + 1) % kCapacity;
}

RetryCache::Reply RetryCache::find(const std::string& id) const {
  if (id.empty()) return nullptr;
  const auto it = replies_.find(id);
  if (it == replies_.end()) return nullptr;
  if (const auto* reply = std::get_if<Reply>(&it->second)) return *reply;
  if (const auto* acted = std::get_if<protocol::table_reply::Acted>(&it->second))
    return std::make_shared<const std::string>(protocol::ack_message(id, *acted));
  return std::make_shared<const std::string>(std::get<Rebuild>(it->second)());
}

void RetryCache::clear() {
  replies_.clear();
  order_.clear();
  oldest_ = 0;
}

}  // namespace whist
