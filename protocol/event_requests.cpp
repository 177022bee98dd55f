// The events' requests (docs/protocol.md, "Events"): event.create,
// event.get, event.results, event.enter, event.withdraw, event.direct.
#include <algorithm>
#include <type_traits>

#include "protocol/request_fields.hpp"

namespace whist::protocol::request_fields {

namespace {

// A request naming an event: {"event": id}.
Why get_event(const json& d, std::int64_t& out) {
  auto it = d.find("event");
  if (it == d.end() || !it->is_number_integer() || it->get<std::int64_t>() < 1)
    return std::string("event must be an event id");
  out = it->get<std::int64_t>();
  return std::nullopt;
}

template <typename M>
Parsed parse_at_event(const std::string& type, json& d) {
  M m;
  if (auto e = get_event(d, m.event)) return bad(type, *e);
  if constexpr (std::is_same_v<M, EventEnter>)
    if (auto e = get_optional_string(d, "partner", m.partner)) return bad(type, *e);
  return m;
}

}  // namespace

Parsed parse_event_create(const std::string& type, json& d) {
  EventCreate m;
  if (auto e = get_string(d, "name", m.name)) return bad(type, *e);
  if (m.name.empty() || m.name.size() > 60) return bad(type, "name must be 1 to 60 bytes");
  if (auto e = get_string(d, "kind", m.kind)) return bad(type, *e);
  if (m.kind != "mitchell" && m.kind != "howell" && m.kind != "drive")
    return bad(type, "kind must be mitchell, howell or drive");
  if (auto e = get_optional_string(d, "variant", m.variant)) return bad(type, *e);
  if (m.variant != "classic" && m.variant != "bid")
    return bad(type, "variant must be classic or bid (exact-bid whist has no boards)");
  if (auto o = d.find("options"); o != d.end() && !o->is_null()) {
    if (!o->is_object()) return bad(type, "options must be an object");
    for (const auto& [name, value] : o->items()) {
      if (value.is_boolean())
        m.options.emplace_back(name, value.get<bool>());
      else if (value.is_number_integer())
        m.options.emplace_back(name, value.get<std::int64_t>());
      else if (value.is_string())
        m.options.emplace_back(name, value.get<std::string>());
      else
        return bad(type, "option " + name + " must be true, false, a number or a word");
    }
  }
  if (auto e = get_optional_string(d, "scoring", m.scoring)) return bad(type, *e);
  if (m.scoring != "matchpoints" && m.scoring != "total")
    return bad(type, "scoring must be matchpoints or total");
  std::int64_t rounds = 0, per_round = 3, minutes = 20, fee = 0, start = 0;
  if (auto e = get_int(d, "rounds", 0, 300, rounds)) return bad(type, *e);
  if (auto e = get_int(d, "boards_per_round", 1, 16, per_round)) return bad(type, *e);
  if (auto e = get_int(d, "round_minutes", 5, 120, minutes)) return bad(type, *e);
  if (auto e = get_int(d, "fee", 0, 10000, fee)) return bad(type, *e);
  if (auto e = get_int(d, "start_at", 0, kMaxId, start)) return bad(type, *e);
  m.rounds = static_cast<int>(rounds);
  m.boards_per_round = static_cast<int>(per_round);
  m.round_minutes = static_cast<int>(minutes);
  m.fee = static_cast<int>(fee);
  m.start_at = start;
  if (auto e = get_optional_string(d, "entry", m.entry)) return bad(type, *e);
  if (m.entry != "open" && m.entry != "friends" && m.entry != "invited")
    return bad(type, "entry must be open, friends or invited");
  if (auto e = get_users(d, "invited", 0, 100, m.invited)) return bad(type, *e);
  return m;
}

Parsed parse_event_at(const std::string& type, json& d) {
  return parse_at_event<EventGet>(type, d);
}

Parsed parse_event_results(const std::string& type, json& d) {
  return parse_at_event<EventResults>(type, d);
}

Parsed parse_event_enter(const std::string& type, json& d) {
  return parse_at_event<EventEnter>(type, d);
}

Parsed parse_event_withdraw(const std::string& type, json& d) {
  return parse_at_event<EventWithdraw>(type, d);
}

Parsed parse_event_direct(const std::string& type, json& d) {
  EventDirect m;
  if (auto e = get_event(d, m.event)) return bad(type, *e);
  if (auto e = get_string(d, "action", m.action)) return bad(type, *e);
  static constexpr std::string_view kActions[] = {"start", "pause",  "resume",  "extend",
                                                  "end",   "cancel", "replace", "invite"};
  if (std::find(std::begin(kActions), std::end(kActions), m.action) == std::end(kActions))
    return bad(type, "action must be start, pause, resume, extend, end, cancel, replace or invite");
  std::int64_t minutes = 0;
  if (auto e = get_int(d, "minutes", 1, 120, minutes)) return bad(type, *e);
  if (m.action == "extend" && minutes == 0) return bad(type, "extend needs minutes");
  m.minutes = static_cast<int>(minutes);
  if (m.action == "replace") {
    if (auto e = get_string(d, "who", m.who)) return bad(type, *e);
    if (auto e = get_optional_string(d, "by", m.by)) return bad(type, *e);
  }
  if (m.action == "invite")
    if (auto e = get_users(d, "users", 1, 100, m.users)) return bad(type, *e);
  return m;
}

}  // namespace whist::protocol::request_fields
