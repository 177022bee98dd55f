// How a table's outbox goes out: one WebSocket message per session. A
// session with several messages from one flush (the events of an action,
// its view, the answer to its request) gets them in one batch, in order:
// {"d":[message, message, ...],"t":"batch"}. Fewer messages cost the
// server and the clients less than the same messages one by one. It runs
// on the storage thread, once the table's writes are committed
// (Table::post_storage), and touches nothing of the table's.
#include <algorithm>

#include "server/node_bus.hpp"
#include "server/table.hpp"
#include "server/ws_session.hpp"

namespace whist::server {

namespace {

// (Templates on Table::Outgoing, which is the table's own.)
template <typename Part>
const std::string& text_of(const Part& o) {
  return o.text ? *o.text : o.own;
}

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

// The batch of `parts`, written around parts[k]'s own text, in its buffer
// (a view is most of a batch: no second buffer, no copy of it).
template <typename Part>
std::string batch_around(const std::vector<Part*>& parts, size_t k) {
  static constexpr std::string_view kOpen = R"({"d":[)", kClose = R"(],"t":"batch"})";
  std::string text = std::move(parts[k]->own);
  size_t before = kOpen.size(), after = kClose.size();
  for (size_t i = 0; i < parts.size(); ++i)
    if (i != k) (i < k ? before : after) += text_of(*parts[i]).size() + 1;
  text.reserve(text.size() + before + after);
  text.insert(0, before, ' ');
  char* at = text.data();
  auto put = [&at](std::string_view part) { at = std::copy(part.begin(), part.end(), at); };
  put(kOpen);
  for (size_t i = 0; i < k; ++i) {
    put(text_of(*parts[i]));
    put(",");
  }
  for (size_t i = k + 1; i < parts.size(); ++i) {
    text += ',';
    text += text_of(*parts[i]);
  }
  text += kClose;
  return text;
}

}  // namespace

namespace {

// A local session takes the caller's reference (its fast path); another
// node's connection forwards.
void send_to(std::shared_ptr<Peer> p, Message m) {
  if (p->remote())
    p->send(std::move(m));
  else
    WsSession::send(std::static_pointer_cast<WsSession>(std::move(p)), std::move(m));
}
void deliver_to(std::shared_ptr<Peer> p, std::string id, Message m) {
  if (p->remote())
    p->deliver(std::move(id), std::move(m));
  else
    WsSession::deliver(std::static_pointer_cast<WsSession>(std::move(p)), std::move(id),
                       std::move(m));
}
void batch_to(std::shared_ptr<Peer> p, Message m,
              std::vector<std::pair<std::string, Message>> replies) {
  if (p->remote())
    p->send_batch(std::move(m), std::move(replies));
  else
    WsSession::send_batch(std::static_pointer_cast<WsSession>(std::move(p)), std::move(m),
                          std::move(replies));
}

}  // namespace

void Table::send_all(Hub& hub, std::vector<Outgoing>& out) {
  struct Group {
    const std::weak_ptr<Peer>* to;  // the first part's
    std::vector<Outgoing*> parts;
  };
  std::vector<Group> groups;
  // Sessions given the same messages (the seats that see only an action's
  // events, the watchers) share one batch's text.
  std::vector<std::pair<std::vector<const std::string*>, Message>> made;
  auto send_groups = [&] {
    for (Group& g : groups) {
      // One reference taken per session, handed on to it.
      auto session = g.to->lock();
      if (!session) continue;
      if (g.parts.size() == 1) {
        Outgoing& o = *g.parts[0];
        Message m = o.text ? o.text : std::make_shared<const std::string>(std::move(o.own));
        if (o.reply)
          deliver_to(std::move(session), o.reply_id, std::move(m));
        else
          send_to(std::move(session), std::move(m));
        continue;
      }
      std::vector<std::pair<std::string, Message>> replies;
      for (const Outgoing* o : g.parts)
        if (o->reply && !o->reply_id.empty() && o->text) replies.emplace_back(o->reply_id, o->text);
      const auto own =
          std::find_if(g.parts.begin(), g.parts.end(), [](const Outgoing* o) { return !o->text; });
      if (own != g.parts.end()) {
        batch_to(std::move(session),
                 std::make_shared<const std::string>(
                     batch_around(g.parts, static_cast<size_t>(own - g.parts.begin()))),
                 std::move(replies));
        continue;
      }
      std::vector<const std::string*> key;
      for (const Outgoing* o : g.parts) key.push_back(o->text.get());
      auto it =
          std::find_if(made.begin(), made.end(), [&](const auto& m) { return m.first == key; });
      if (it == made.end())
        it = made.emplace(made.end(), key, std::make_shared<const std::string>(batch_text(key)));
      batch_to(std::move(session), it->second, std::move(replies));
    }
    groups.clear();
  };
  for (Outgoing& o : out) {
    if (!o.users.empty()) {
      send_groups();  // what came before goes first
      for (const std::int64_t u : o.users) hub.presence.send(u, o.text);
      if (hub.bus) hub.bus->to_users(o.users, o.text);  // and on the other nodes
      continue;
    }
    // Grouped by session without taking a reference to it (the same owner:
    // neither is before the other).
    auto g = std::find_if(groups.begin(), groups.end(), [&](const Group& x) {
      return !x.to->owner_before(o.to) && !o.to.owner_before(*x.to);
    });
    if (g == groups.end())
      groups.push_back(Group{&o.to, {&o}});
    else
      g->parts.push_back(&o);
  }
  send_groups();
}

}  // namespace whist::server
