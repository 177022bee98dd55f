// The tables a session knows: those it found (an action goes to its table
// with no trip to the hub's strand, server/README.md) and those it sits at
// or watches.
#include <boost/asio/dispatch.hpp>

#include "server/homes.hpp"
#include "server/hub.hpp"
#include "server/node_bus.hpp"
#include "server/table.hpp"
#include "server/ws_session.hpp"

namespace whist::server {

asio::awaitable<std::shared_ptr<TableLink>> WsSession::table(std::int64_t id) {
  if (auto t = known_table(id)) co_return t;
  std::shared_ptr<TableLink> t = co_await hub_.find(id);
  // Not here: at another node, or between two (server/homes.hpp).
  if (!t && hub_.bus) t = co_await hub_.bus->known_table(id);
  if (!t && !hub_.ctx.node.empty()) t = co_await find_home(hub_, id);
  if (found_.size() >= 64) std::erase_if(found_, [](auto& kv) { return kv.second.expired(); });
  if (t) found_[id] = t;
  co_return t;
}

std::shared_ptr<TableLink> WsSession::known_table(std::int64_t id) {
  // The table of the last action first, kept in the session itself: no
  // lookup in found_, whose bucket and node are two cache misses per
  // message when thousands of connections take turns.
  if (last_found_.first != id) {
    auto it = found_.find(id);
    if (it == found_.end()) return nullptr;
    last_found_ = *it;
  }
  return last_found_.second.lock();
}

void WsSession::joined_table(std::int64_t table) {
  asio::dispatch(ws_.get_executor(), [self = shared_from_this(), table] {
    self->tables_.insert(table);
    // Seated or watching: presence tells seats from the tables' summaries.
    if (self->user_) self->hub_.presence.watching(self->user_->id, self.get(), table, true);
  });
}

}  // namespace whist::server
