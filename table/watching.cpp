// Watchers (table.watch, table.unwatch: up to kMaxWatchers, where the
// table allows watching; they see the game as a watcher does, no hand) and
// table.sync: the events missed since a version, or the whole state when
// they are no longer kept.
#include <nlohmann/json.hpp>

#include "protocol/table_json.hpp"
#include "table/core.hpp"

namespace whist::table {

using nlohmann::json;

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
    json missed = json::array();
    for (std::int64_t v = since + 1; v <= v_; ++v)
      missed.push_back(json::parse(*log_[static_cast<size_t>(v - log_start_)])["d"]);
    json d = {{"table", id_}, {"v", v_}, {"events", missed}};
    if (game_)
      d["view"] = protocol::observation_json(seat >= 0 ? game_->observation(seat)
                                                       : game_->observation_for_watcher());
    const auto left = turn_ms_left();
    d["turn_ms_left"] = left ? json(*left) : json(nullptr);
    reply(c, id, protocol::ack_message(id, d.dump()));
  } else {
    send_state(c, seat, id);
  }
  arm_timer();
}

}  // namespace whist::table
