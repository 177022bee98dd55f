// The stored table (see table_codec.hpp): written and read with
// nlohmann/json, strictly: every key known, every value of its type.
#include "storage/table_codec.hpp"

#include <limits>
#include <set>

#include "storage/json_codec.hpp"

namespace whist::storage {

namespace {

using namespace codec;

Rules read_rules(const json& s) {
  Rules r;
  const auto variant = parse_variant(text(s, "variant", "setup"));
  if (!variant) bad("unknown variant '" + text(s, "variant", "setup") + "'");
  r.variant = *variant;
  r.players = static_cast<int>(integer(s, "players", "setup", 2, 8));
  read_options(at(s, "options", "setup"), r);
  if (auto err = finalize(r)) bad(*err);
  return r;
}

TableSettings read_settings(const json& s) {
  const std::string what = "settings";
  TableSettings t;
  t.timer_bid = static_cast<int>(integer(s, "timer_bid", what, 0, 3600));
  t.timer_play = static_cast<int>(integer(s, "timer_play", what, 0, 3600));
  t.chat = by_name<ChatMode>(text(s, "chat", what), 3, chat_mode_name, "chat mode");
  t.watching = boolean(s, "watching", what);
  t.suggestions = boolean(s, "suggestions", what);
  t.kind = by_name<TableKind>(text(s, "kind", what), 3, table_kind_name, "table kind");
  t.buy_in = static_cast<int>(integer(s, "buy_in", what, 0, 1'000'000));
  t.invite_only = boolean(s, "invite_only", what);
  t.friends_only = boolean(s, "friends_only", what);
  if (!at(s, "start_at", what).is_null())
    t.start_at = integer(s, "start_at", what, 1, std::int64_t{1} << 40);
  t.computers_fill = boolean(s, "computers_fill", what);
  // (Rows stored before ratings have none: their tables are not rated.)
  if (s.contains("rated")) t.rated = boolean(s, "rated", what);
  // (Rows stored before the cut have none: their tables do not cut.)
  if (s.contains("cut")) t.cut = boolean(s, "cut", what);
  // (Nor before undo: their tables allow none.)
  if (s.contains("undo")) t.undo = boolean(s, "undo", what);
  return t;
}

EventPlay read_event(const json& j) {
  const std::string what = "event";
  const json& e = object(j, what, {"event", "round", "table", "seed", "first_board", "own_pace"});
  EventPlay ev;
  ev.event = integer(e, "event", what, 1, std::numeric_limits<std::int64_t>::max());
  ev.round = static_cast<int>(integer(e, "round", what, 0, 1000));
  ev.table = static_cast<int>(integer(e, "table", what, 0, 1000));
  ev.seed = seed(e, "seed", what);
  ev.first_board = static_cast<int>(integer(e, "first_board", what, 1, 10000));
  ev.own_pace = boolean(e, "own_pace", what);
  return ev;
}

TableSetup read_setup(const json& j) {
  const json& s =
      object(j, "setup", {"variant", "players", "options", "settings", "preset", "event"});
  TableSetup out;
  out.rules = read_rules(s);
  out.settings = read_settings(object(
      at(s, "settings", "setup"), "settings",
      {"timer_bid", "timer_play", "chat", "watching", "suggestions", "kind", "buy_in",
       "invite_only", "friends_only", "start_at", "computers_fill", "rated", "cut", "undo"}));
  if (s.contains("preset")) out.settings.preset = text(s, "preset", "setup");
  // (Only an event's tables have one.)
  if (s.contains("event")) {
    out.event = read_event(s["event"]);
    if (out.rules.options.boards < 1) bad("an event's table plays no boards");
  }
  return out;
}

std::vector<StoredSeat> read_seats(const json& j, int players) {
  if (!j.is_array()) bad("seats is not an array");
  std::vector<StoredSeat> seats(static_cast<std::size_t>(players));
  std::set<std::int64_t> seen;
  for (const json& e : j) {
    const json& s =
        object(e, "a seat", {"seat", "user", "name", "computer", "connected", "strength"});
    const std::int64_t i = integer(s, "seat", "a seat", 0, players - 1);
    if (!seen.insert(i).second) bad("seat " + std::to_string(i) + " appears twice");
    const std::string what = "seat " + std::to_string(i);
    if (at(s, "user", what).is_null()) continue;
    const std::int64_t user = integer(s, "user", what, std::numeric_limits<std::int64_t>::min(),
                                      std::numeric_limits<std::int64_t>::max());
    if (user == 0) bad(what + " has user 0");
    auto strength = ai::Strength::kExpert;
    if (s.contains("strength")) {
      const auto st = ai::parse_strength(text(s, "strength", what));
      if (!st || user > 0) bad(what + " has a strength that is not a computer's");
      strength = *st;
    }
    seats[static_cast<std::size_t>(i)] = {user, text(s, "name", what), strength};
  }
  return seats;
}

StoredTable read_table(std::string_view text_in) {
  const json j = json::parse(text_in, nullptr, false);
  if (j.is_discarded()) bad("not JSON");
  object(j, "the row", {"setup", "creator", "seats", "invited", "invite_link"});
  StoredTable t;
  t.setup = read_setup(at(j, "setup", "the row"));
  t.creator = text(j, "creator", "the row");
  if (j.contains("seats") && !j["seats"].empty())
    t.seats = read_seats(j["seats"], t.setup.rules.players);
  if (j.contains("invited")) {
    const json& inv = j["invited"];
    if (!inv.is_array()) bad("invited is not an array");
    for (const json& u : inv) {
      if (!u.is_number_integer()) bad("invited holds something not an account id");
      t.invited.push_back(u.get<std::int64_t>());
    }
  }
  if (j.contains("invite_link")) t.invite_link = text(j, "invite_link", "the row");
  return t;
}

}  // namespace

std::string encode_table(const StoredTable& t) {
  const TableSettings& s = t.setup.settings;
  json setup = {{"variant", std::string(variant_name(t.setup.rules.variant))},
                {"players", t.setup.rules.players},
                {"options", options_json(t.setup.rules)},
                {"settings",
                 {{"timer_bid", s.timer_bid},
                  {"timer_play", s.timer_play},
                  {"chat", std::string(chat_mode_name(s.chat))},
                  {"watching", s.watching},
                  {"suggestions", s.suggestions},
                  {"kind", std::string(table_kind_name(s.kind))},
                  {"buy_in", s.buy_in},
                  {"invite_only", s.invite_only},
                  {"friends_only", s.friends_only},
                  {"start_at", s.start_at ? json(s.start_at) : json(nullptr)},
                  {"computers_fill", s.computers_fill},
                  {"rated", s.rated},
                  {"cut", s.cut},
                  {"undo", s.undo}}}};
  if (!s.preset.empty()) setup["preset"] = s.preset;
  if (const auto& ev = t.setup.event)
    setup["event"] = {{"event", ev->event},
                      {"round", ev->round},
                      {"table", ev->table},
                      {"seed", std::to_string(ev->seed)},
                      {"first_board", ev->first_board},
                      {"own_pace", ev->own_pace}};
  json seats = json::array();
  for (std::size_t i = 0; i < t.seats.size(); ++i) {
    const StoredSeat& seat = t.seats[i];
    json one = {{"seat", i},
                {"user", seat.user ? json(seat.user) : json(nullptr)},
                {"name", seat.user ? json(seat.name) : json(nullptr)}};
    if (seat.user < 0 && seat.strength != ai::Strength::kExpert)
      one["strength"] = std::string(ai::strength_name(seat.strength));
    seats.push_back(std::move(one));
  }
  json row = {{"setup", setup}, {"creator", t.creator}, {"seats", seats}, {"invited", t.invited}};
  if (!t.invite_link.empty()) row["invite_link"] = t.invite_link;
  return row.dump();
}

StoredTable decode_table(std::string_view text_in) {
  return named("stored table", [&] { return read_table(text_in); });
}

int stored_buy_in(std::string_view text) {
  try {
    return decode_table(text).setup.settings.buy_in;
  } catch (const StorageError&) {
    return 0;
  }
}

}  // namespace whist::storage
