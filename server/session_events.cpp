// Events over the protocol (docs/protocol.md#events): event.create,
// event.list, event.get, event.results, event.enter, event.withdraw, event.direct,
// daily.get and daily.play, each answered by the event service
// (server/events.hpp).
#include "server/events.hpp"
#include "server/hub.hpp"
#include "server/node_bus.hpp"
#include "server/ws_session.hpp"

namespace whist::server {

asio::awaitable<EventReply> answer_event(EventService& events, table::Person me, std::string id,
                                         protocol::ClientMessage m, bool draining) {
  using namespace protocol;
  EventAnswer a;
  if (const auto* c = std::get_if<EventCreate>(&m)) {
    if (draining) co_return EventReply{error_message(id, {Error::kServerRestarting}), true};
    a = co_await events.create(me, *c);
  } else if (std::holds_alternative<EventList>(m)) {
    a = co_await events.list(me);
  } else if (const auto* g = std::get_if<EventGet>(&m)) {
    a = co_await events.get(me, g->event);
  } else if (const auto* r = std::get_if<EventResults>(&m)) {
    a = co_await events.results(me, r->event);
  } else if (const auto* e = std::get_if<EventEnter>(&m)) {
    a = co_await events.enter(me, *e);
  } else if (const auto* w = std::get_if<EventWithdraw>(&m)) {
    a = co_await events.withdraw(me, w->event);
  } else if (const auto* d = std::get_if<EventDirect>(&m)) {
    a = co_await events.direct(me, *d);
  } else if (std::holds_alternative<DailyGet>(m)) {
    a = co_await events.daily_get(me);
  } else {
    if (draining) co_return EventReply{error_message(id, {Error::kServerRestarting}), true};
    a = co_await events.daily_play(me);
  }
  if (a.error) co_return EventReply{error_message(id, *a.error), true};
  co_return EventReply{ack_message(id, a.data), false};
}

asio::awaitable<std::string> WsSession::on_event(const std::string& id,
                                                 const protocol::ClientMessage& m) {
  const table::Person me = player();
  if (!hub_.leads) {
    // Events run on the leading node (issue 25): the request goes there,
    // and its answer comes back as a table's do.
    std::shared_ptr<Peer> self = shared_from_this();
    if (hub_.bus && co_await hub_.bus->to_leader(self, me, id, raw_)) co_return std::string();
    co_return reply_error(id, {protocol::Error::kServerRestarting,
                               "the events are moving to another server; try again in a moment"});
  }
  EventReply r = co_await answer_event(*hub_.events, me, id, m, draining_);
  if (r.error) ++metrics_.errors_total;
  co_return std::move(r.text);
}

}  // namespace whist::server
