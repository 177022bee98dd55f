// Watchers (table.watch, table.unwatch: up to kMaxWatchers, where the
// table allows watching; they see the game as a watcher does, no hand) and
// table.sync: the events missed since a version, or the whole state when
// they are no longer kept.
#include "protocol/table_replies.hpp"
#include "table/core.hpp"

namespace whist::table {

void TableCore::on_watch(Conn c, const std::string& id) {
  if (!setup_.settings.watching) return error(c, id, {protocol::Error::kNoWatching});
  if (!watchers_.count(c) && static_cast<int>(watchers_.size()) >= kMaxWatchers)
    return error(c, id,
                 {protocol::Error::kTooManyWatchers,
                  "this table has " + std::to_string(kMaxWatchers) + " already"});
  watchers_.insert(c);
  out_.joined.push_back(c);
  send_state(c, -1, id);
  announce();
}

void TableCore::on_unwatch(Conn c, const std::string& id) {
  if (!watchers_.erase(c)) return error(c, id, {protocol::Error::kNotWatching});
  reply(c, id, protocol::ack_message(id));
  close_if_empty();
}

void TableCore::on_sync(Conn c, const Person& p, const std::string& id, std::int64_t since) {
  const int seat = seat_of(p.id);
  if (seat < 0 && !watchers_.count(c))
    return error(c, id, {protocol::Error::kNotSeated, "sit or watch first"});
  if (seat >= 0) take_back(seat, c);
  // Missed events when we still have them all; otherwise the whole state.
  if (since >= log_start_ - 1 && since <= v_) {
    // Each missed event's message as it was sent: its "d" is spliced in.
    protocol::table_reply::Sync d{id_, v_, {}, view_of(seat), turn_ms_left()};
    const std::string_view log = log_text_;
    for (std::int64_t v = since + 1; v <= v_; ++v) {
      const auto i = static_cast<size_t>(v - log_start_);
      const std::uint32_t begin = i == 0 ? 0 : log_ends_[i - 1];
      d.events.push_back(log.substr(begin, log_ends_[i] - begin));
    }
    reply(c, id, protocol::ack_message(id, std::move(d)));
  } else {
    send_state(c, seat, id);
  }
  arm_timer();
}

}  // namespace whist::table
