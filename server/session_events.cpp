// Events over the protocol (docs/protocol.md#events): event.create,
// event.list, event.get, event.results, event.enter, event.withdraw, event.direct,
// daily.get and daily.play, each answered by the event service
// (server/events.hpp).
#include "server/events.hpp"
#include "server/hub.hpp"
#include "server/ws_session.hpp"

namespace whist::server {

asio::awaitable<std::string> WsSession::on_event(const std::string& id,
                                                 const protocol::ClientMessage& m) {
  using namespace protocol;
  EventService& events = *hub_.events;
  const table::Person me = player();
  EventAnswer a;
  if (const auto* c = std::get_if<EventCreate>(&m)) {
    if (draining_) co_return reply_error(id, {Error::kServerRestarting});
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
    if (draining_) co_return reply_error(id, {Error::kServerRestarting});
    a = co_await events.daily_play(me);
  }
  if (a.error) co_return reply_error(id, *a.error);
  co_return ack_message(id, a.data);
}

}  // namespace whist::server
