// The events service's jobs on the storage thread: see event_jobs.hpp.
#include "server/event_jobs.hpp"

#include <spdlog/spdlog.h>

#include "event/boards.hpp"
#include "protocol/event_wire.hpp"
#include "protocol/pushes.hpp"
#include "storage/event_codec.hpp"
#include "storage/event_store.hpp"
#include "storage/table_codec.hpp"

namespace whist::server::event_jobs {

using protocol::Error;
using protocol::ErrorReply;

Outcome refused(ErrorReply e) {
  Outcome o;
  o.error = std::move(e);
  return o;
}

EventAnswer refused_answer(ErrorReply e) {
  EventAnswer a;
  a.error = std::move(e);
  return a;
}

ErrorReply error_of(event::EventError e) {
  using E = event::EventError;
  switch (e) {
    case E::kNotOpen: return {Error::kEventNotOpen};
    case E::kAlreadyEntered: return {Error::kAlreadyEntered};
    case E::kNotEntered: return {Error::kNotEntered};
    case E::kFull: return {Error::kEventFull};
    case E::kSelfPartner: return {Error::kSelf, "you cannot partner yourself"};
    case E::kNotRunning: return {Error::kEventNotRunning};
    case E::kUnknownTable: return {Error::kBadEvent, "no such table or board in this round"};
    case E::kNotDirector: return {Error::kNotDirector};
    case E::kTooFew: return {Error::kTooFewEntries};
    case E::kUnknownPlayer: return {Error::kNoUser, "that player is not in this event"};
    case E::kNotInvited:
      return {Error::kNotInvited, "this event is for those its director invites"};
    case E::kNone: break;
  }
  return {Error::kInternal};
}

ErrorReply error_of(event::DailyError e) {
  using E = event::DailyError;
  switch (e) {
    case E::kNotOpen: return {Error::kEventNotOpen, "the daily duplicate is closed"};
    case E::kAlreadyEntered: return {Error::kAlreadyEntered};
    case E::kNotEntered: return {Error::kNotEntered};
    case E::kWrongBoard: return {Error::kBadEvent, "boards are played in order, each once"};
    case E::kNone: break;
  }
  return {Error::kInternal};
}

// An event's table: seated by the event, seen by its players only, no
// watchers, no suggestions, preset chat (partners do not talk about their
// cards); a clock on each card (none at the daily, played at one's pace).
TableSetup event_table(const Rules& rules, const EventPlay& at) {
  TableSetup s;
  s.rules = rules;
  s.settings.timer_play = at.own_pace ? 0 : 30;
  s.settings.chat = ChatMode::kPreset;
  s.settings.watching = false;
  s.settings.suggestions = false;
  s.settings.invite_only = true;
  s.settings.friends_only = false;
  s.event = at;
  return s;
}

std::string news(const std::string& type, const json& d) {
  return protocol::push::push_text(protocol::push::EventNews{type, d.dump()});
}

// Those told of an event's changes: its entrants and its director.
std::vector<std::int64_t> audience(const event::EventData& d) {
  std::vector<std::int64_t> who;
  auto add = [&](std::int64_t a) {
    if (a > 0 && std::find(who.begin(), who.end(), a) == who.end()) who.push_back(a);
  };
  add(d.director.account);
  for (const auto& e : d.entries) {
    add(e.player.account);
    if (e.partner) add(e.partner->account);
  }
  for (const auto& [key, ps] : d.pairs)
    for (const auto& p : ps) add(p.account);
  for (const auto& [n, p] : d.drive_players) add(p.account);
  return who;
}

// Whether the event exists for `account` (the storage thread: friendships).
bool sees(storage::Database& db, const event::EventData& d, std::int64_t account) {
  const bool friends = d.settings.entry == event::EntryRule::kFriends && account > 0 &&
                       db.friends().are_friends(d.director.account, account);
  return event::admits(d, account, friends);
}

// The invitees told they are invited (event.update with a notice).
void invitation(const std::string& director, const event::EventData& d,
                const std::vector<event::Player>& who, Outcome& o) {
  std::vector<std::int64_t> told;
  for (const auto& p : who) told.push_back(p.account);
  if (told.empty()) return;
  json summary = protocol::event_summary_json(d);
  summary["notice"] = director + " invites you to " + d.settings.name;
  o.pushes.emplace_back(std::move(told), news("event.update", summary));
}

// An event over (read from storage) as `account` may see it; nothing for
// one that does not exist for them (no_event).
std::optional<event::EventCore> stored_event(storage::Database& db, std::int64_t event,
                                             std::int64_t account) {
  const auto row = db.events().event(event);
  if (!row || storage::is_daily(row->document)) return std::nullopt;
  event::EventCore core(storage::decode_event(row->document));
  if (!sees(db, core.data(), account)) return std::nullopt;
  return core;
}

// Accounts by username; the first name that is no account, if any.
std::variant<std::vector<event::Player>, std::string> accounts_named(
    storage::Database& db, const std::vector<std::string>& names) {
  std::vector<event::Player> out;
  for (const auto& name : names) {
    const auto a = db.accounts().account_by_name(name);
    if (!a) return name;
    out.push_back({a->id, a->username});
  }
  return out;
}

storage::PostResult save(storage::Database& db, const event::EventCore& core, std::int64_t now) {
  const auto& d = core.data();
  return storage::store_event(db, d.id, d.state, d.settings.start_unix, storage::encode_event(d),
                              storage::event_chip_batches(d.id, core.effects().chips), now);
}

// The event's document alone (no chips): after its tables were made.
void save_tables(storage::Database& db, const event::EventCore& core, std::int64_t now) {
  const auto& d = core.data();
  storage::store_event(db, d.id, d.state, d.settings.start_unix, storage::encode_event(d), {}, now);
}

void save_daily(storage::Database& db, const event::DailyCore& core, std::int64_t now) {
  const auto& d = core.data();
  const auto state = core.closed(now) ? event::EventState::kFinished : event::EventState::kOpen;
  storage::store_event(db, d.id, state, d.settings.opens, storage::encode_daily(d), {}, now);
}

std::int64_t new_table_row(storage::Database& db, const TableSetup& setup, std::int64_t now) {
  return db.tables().create_table(storage::encode_table({setup, "", {}, {}, {}}),
                                  storage::TableState::kOpen, now);
}

// A table of the round: its row, its players, its id kept with the event,
// and each player told where (event.table). False (and a log line) if its
// boards cannot be played.
bool make_table(storage::Database& db, EventService::Live& ev, const event::EventTable& t,
                std::int64_t now, Outcome& o) {
  const auto& d = ev.core.data();
  if (t.boards.empty()) return false;
  const int first = t.boards.front();
  auto rules = event::boards_rules(d.settings.rules, first, static_cast<int>(t.boards.size()));
  if (auto* why = std::get_if<std::string>(&rules)) {
    spdlog::error("event {}: table {} of round {}: {}", d.id, t.table, t.round, *why);
    return false;
  }
  const EventPlay at{d.id, t.round, t.table, d.settings.seed, first, false};
  NewTable n{0, event_table(std::get<Rules>(rules), at), {}};
  n.id = new_table_row(db, n.setup, now);
  std::vector<std::int64_t> players;
  for (const auto& p : t.seats) {
    n.seats.push_back({p.account, p.name});
    if (p.account > 0) players.push_back(p.account);
  }
  ev.tables[{t.round, t.table}] = n.id;
  ev.core.table_made(t.round, t.table, n.id);
  o.pushes.emplace_back(
      players, news("event.table",
                    {{"event", d.id}, {"round", t.round}, {"table", t.table}, {"table_id", n.id}}));
  o.open.push_back(std::move(n));
  return true;
}

// The tables a new round needs.
void open_tables(storage::Database& db, EventService::Live& ev, std::int64_t now, Outcome& o) {
  for (const event::EventTable& t : ev.core.effects().open) make_table(db, ev, t, now, o);
}

// This round's tables not finished, by number, with their ids.
std::vector<std::pair<int, std::int64_t>> unfinished(const EventService::Live& ev) {
  std::vector<std::pair<int, std::int64_t>> open;
  for (const auto& t : ev.core.tables())
    if (auto at = ev.tables.find({t.round, t.table}); !t.finished() && at != ev.tables.end())
      open.emplace_back(t.table, at->second);
  return open;
}

// Another job's outcome added to this one's.
void merge(Outcome& all, Outcome& o) {
  for (auto& n : o.open) all.open.push_back(std::move(n));
  all.close.insert(all.close.end(), o.close.begin(), o.close.end());
  for (auto& p : o.pushes) all.pushes.push_back(std::move(p));
}

// The tables of rounds over (all of them once the event is).
void close_old(EventService::Live& ev, Outcome& o) {
  const bool running = ev.core.state() == event::EventState::kRunning;
  for (auto it = ev.tables.begin(); it != ev.tables.end();) {
    if (running && it->first.first == ev.core.round()) {
      ++it;
      continue;
    }
    o.close.push_back(it->second);
    it = ev.tables.erase(it);
  }
}

// After a command that changed the event: stored with its chips (or
// undone, if a fee cannot be paid), its new tables made, its old ones
// closed, everyone in it told.
void after(storage::Database& db, EventService::Live& ev, const event::EventCore& before,
           std::int64_t now, Outcome& o) {
  const auto& fx = ev.core.effects();
  if (!fx.changed) return;
  if (save(db, ev.core, now) == storage::PostResult::kInsufficient) {
    ev.core = before;
    o.error = ErrorReply{Error::kInsufficientChips,
                         "the entry fee is " + std::to_string(before.settings().fee) + " chips"};
    return;
  }
  open_tables(db, ev, now, o);
  if (!fx.open.empty()) save_tables(db, ev.core, now);
  close_old(ev, o);
  json d = protocol::event_summary_json(ev.core.data());
  d["notice"] = fx.notice;
  o.pushes.emplace_back(audience(ev.core.data()), news("event.update", d));
}

json view(const EventService::Live& ev) {
  const int round = ev.core.round();
  return protocol::event_view_json(ev.core, [&](int table) -> std::int64_t {
    auto it = ev.tables.find({round, table});
    return it == ev.tables.end() ? 0 : it->second;
  });
}

}  // namespace whist::server::event_jobs
