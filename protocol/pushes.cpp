#include "protocol/pushes.hpp"

#include "protocol/json_text.hpp"

namespace whist::protocol::push {

namespace {

struct Writer {
  JsonText& out;
  void operator()(const Banned& p) const {
    data().key("reason").value(std::string_view(p.reason)).end_object();
    type("banned");
  }
  void operator()(const SessionEnded& p) const {
    data().key("reason").value(std::string_view(p.reason)).end_object();
    type("session.ended");
  }
  void operator()(const ServerRestarting&) const {
    data().key("message").value("the server is restarting; reconnect in a few seconds to carry on");
    out.end_object();
    type("server.restarting");
  }
  void operator()(const TableOpened& p) const {
    data().key("started").value(p.started).key("table").value(p.table).end_object();
    type("table.opened");
  }
  void operator()(const LobbyTable& p) const {
    out.key("d").raw(p.summary);
    type("lobby.table");
  }
  void operator()(const LobbyRemoved& p) const {
    data().key("table").value(p.table).end_object();
    type("lobby.removed");
  }
  void operator()(const WatcherChat& p) const {
    data().key("from").value(std::string_view(p.from));
    if (p.phrase) out.key("phrase").value(*p.phrase);
    out.key("table").value(p.table).key("text").value(std::string_view(p.text)).end_object();
    type("table.watcher_chat");
  }
  void operator()(const Friend& p) const { raw(p.type, p.data); }
  void operator()(const EventNews& p) const { raw(p.type, p.data); }
  void raw(std::string_view t, const std::string& d) const {
    out.key("d").raw(d);
    out.key("t").value(t);
  }
  JsonText& data() const { return out.key("d").begin_object(); }
  void type(std::string_view t) const { out.key("t").plain(t); }
};

}  // namespace

std::string push_text(const Push& p) {
  JsonText out(128);
  out.begin_object();
  std::visit(Writer{out}, p);
  out.end_object();
  return out.take();
}

}  // namespace whist::protocol::push
