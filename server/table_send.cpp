// How a table's outbox goes out: one WebSocket message per session. A
// session with several messages from one flush (the events of an action,
// its view, the answer to its request) gets them in one batch, in order:
// {"d":[message, message, ...],"t":"batch"}. Fewer messages cost the
// server and the clients less than the same messages one by one. It runs
// on the storage thread, once the table's writes are committed
// (Table::flush), and touches nothing of the table's.
#include <algorithm>

#include "server/table.hpp"
#include "server/ws_session.hpp"

namespace whist::server {

namespace {

std::string batch_text(const std::vector<const std::string*>& parts) {
  size_t size = 20;
  for (const std::string* p : parts) size += p->size() + 1;
  std::string text;
  text.reserve(size);
  text += R"({"d":[)";
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i) text += ',';
    text += *parts[i];
  }
  text += R"(],"t":"batch"})";
  return text;
}

}  // namespace

void Table::send_all(std::vector<Outgoing>& out) {
  struct Group {
    std::shared_ptr<WsSession> session;
    std::vector<const Outgoing*> parts;
  };
  std::vector<Group> groups;
  // Sessions given the same messages (the seats that see only an action's
  // events, the watchers) share one batch's text.
  std::vector<std::pair<std::vector<const std::string*>, Message>> made;
  auto send_groups = [&] {
    for (Group& g : groups) {
      if (g.parts.size() == 1) {
        const Outgoing& o = *g.parts[0];
        if (o.reply)
          g.session->deliver(o.reply_id, o.text);
        else
          g.session->send(o.text);
        continue;
      }
      std::vector<const std::string*> key;
      std::vector<std::pair<std::string, Message>> replies;
      for (const Outgoing* o : g.parts) {
        key.push_back(o->text.get());
        if (o->reply && !o->reply_id.empty()) replies.emplace_back(o->reply_id, o->text);
      }
      auto it =
          std::find_if(made.begin(), made.end(), [&](const auto& m) { return m.first == key; });
      if (it == made.end())
        it = made.emplace(made.end(), key, std::make_shared<const std::string>(batch_text(key)));
      g.session->send_batch(it->second, std::move(replies));
    }
    groups.clear();
  };
  for (const Outgoing& o : out) {
    if (o.run) {
      send_groups();  // what came before goes first
      o.run();
      continue;
    }
    auto s = o.to.lock();
    if (!s) continue;
    auto g =
        std::find_if(groups.begin(), groups.end(), [&](const Group& x) { return x.session == s; });
    if (g == groups.end())
      groups.push_back(Group{std::move(s), {&o}});
    else
      g->parts.push_back(&o);
  }
  send_groups();
}

}  // namespace whist::server
