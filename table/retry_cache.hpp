// The one rule for retried requests (docs/protocol.md, Request ids and
// retries), and the one place that keeps what it needs.
//
// - What: the reply (ack, welcome or error, as sent) to a request that
//   carried an id, once the request is done or refused. Errors found while
//   reading the envelope are not kept: nothing was done.
// - Who may replay it: the asker the cache belongs to, sending the same id
//   again; it gets the first reply again and the request is not carried
//   out again. A later reply never replaces the first.
// - For how long: the last kCapacity ids of that asker; the oldest goes
//   first.
//
// An asker is a connection (WsSession: every request it sends, but for
// the answers below) or, for a table.act that reached its game (its ack,
// or its refusal by the rules), a seat for the game being played
// (TableCore: whatever connection its player sends from, and across a
// restart, the table bringing the stored acks back). Each answer is kept
// by one of them, never both.
#pragma once

#include <cstddef>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>

namespace whist {

class RetryCache {
 public:
  using Reply = std::shared_ptr<const std::string>;
  static constexpr std::size_t kCapacity = 64;

  // Keeps `reply` for `id` (a non-empty id), unless the id has one already.
  void remember(const std::string& id, Reply reply);
  // The reply kept for `id`, or null.
  Reply find(const std::string& id) const;
  bool contains(const std::string& id) const { return find(id) != nullptr; }
  void clear();
  std::size_t size() const { return replies_.size(); }

 private:
  std::unordered_map<std::string, Reply> replies_;
  std::deque<std::string> order_;  // oldest first
};

}  // namespace whist
