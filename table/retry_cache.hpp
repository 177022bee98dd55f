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
// - How: the reply's text, or, for a large reply made from little (the
//   welcome, with the rules), the means to make exactly that text again,
//   or, for the ack of a table.act (most of what is kept), the version it
//   gave: the ack is made again from the id and the version, byte for byte
//   (a seat keeps 64 of them, about 100 bytes each rather than 220).
//
// An asker is a connection (WsSession: every request it sends, but for
// the answers below) or, for a table.act that reached its game (its ack,
// or its refusal by the rules), a seat for the game being played
// (TableCore: whatever connection its player sends from, and across a
// restart, the table bringing the stored acks back). Each answer is kept
// by one of them, never both.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include "protocol/table_replies.hpp"

namespace whist {

class RetryCache {
 public:
  using Reply = std::shared_ptr<const std::string>;
  // Makes a reply's text again, byte for byte.
  using Rebuild = std::function<std::string()>;
  static constexpr std::size_t kCapacity = 64;

  RetryCache() = default;
  // Moved, never copied: the ring points into the map's nodes.
  RetryCache(RetryCache&&) = default;
  RetryCache& operator=(RetryCache&&) = default;
  RetryCache(const RetryCache&) = delete;
  RetryCache& operator=(const RetryCache&) = delete;

  // Keeps `reply` for `id` (a non-empty id), unless the id has one already.
  void remember(const std::string& id, Reply reply);
  // The same, keeping the means to make the reply again instead of its text.
  void remember(const std::string& id, Rebuild rebuild);
  // The same, for the ack of a table.act that gave version `v`.
  void remember(const std::string& id, protocol::table_reply::Acted acted);
  // The reply kept for `id` (made again if so kept), or null.
  Reply find(const std::string& id) const;
  // Whether `id` has a reply kept (nothing made or copied: each table.act
  // asks this on its way in).
  bool contains(const std::string& id) const { return !id.empty() && replies_.count(id) != 0; }
  void clear();
  std::size_t size() const { return replies_.size(); }

 private:
  using Kept = std::variant<Reply, Rebuild, protocol::table_reply::Acted>;
  void keep(const std::string& id, Kept kept);
  std::unordered_map<std::string, Kept> replies_;
  // The ids kept (the keys of replies_, whose nodes do not move), as a
  // ring: the oldest at `oldest_` once it holds kCapacity. Not a
  // std::deque, which takes 576 bytes even empty: one for each connection
  // and each seat.
  std::vector<const std::string*> order_;
  std::size_t oldest_ = 0;
};

}  // namespace whist
