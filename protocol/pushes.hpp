// The messages the server sends unasked, besides table.event and
// table.view (docs/protocol.md): a closed set, one struct each, and one
// writer, push_text(), that writes the whole message {"d":..,"t":..} (keys
// in dump()'s order). Those that carry a summary or a friend carry it as
// JSON text already written.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

namespace whist::protocol::push {

// The operator banned this connection's account; the connection closes.
struct Banned {
  std::string reason;
};
// This connection's session was ended (the password changed, or the
// player ended it from another device); the connection closes with 1000.
struct SessionEnded {
  std::string reason;
};
// The server is stopping; the connection closes with 1001.
struct ServerRestarting {};
// A scheduled table one sits at opened: its game started, or it was cancelled.
struct TableOpened {
  std::int64_t table = 0;
  bool started = false;
};
// A table as the lobby shows it (its summary), new or changed.
struct LobbyTable {
  std::string summary;  // JSON text
};
struct LobbyRemoved {
  std::int64_t table = 0;
};
// A watcher's chat line during a game at a rated table, for the table's
// watchers only (table.watcher_chat: outside the table's versions).
struct WatcherChat {
  std::int64_t table = 0;
  std::string from;
  std::optional<int> phrase;
  std::string text;
};
// friend.request, friend.accepted, friend.removed, friend.online,
// friend.offline: `type` and its data as JSON text.
struct Friend {
  std::string type;
  std::string data;
};

// event.update (an event one is in changed: its summary and a notice) and
// event.table (one's table of a round opened): `type` and its data as JSON
// text (protocol/event_wire.hpp).
struct EventNews {
  std::string type;
  std::string data;
};

using Push = std::variant<Banned, SessionEnded, ServerRestarting, TableOpened, LobbyTable,
                          LobbyRemoved, WatcherChat, Friend, EventNews>;

std::string push_text(const Push& p);

}  // namespace whist::protocol::push
