#include "server/events.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>
#include <ctime>
#include <nlohmann/json.hpp>

#include "event/boards.hpp"
#include "protocol/event_wire.hpp"
#include "protocol/pushes.hpp"
#include "server/auth.hpp"
#include "server/hub.hpp"
#include "server/spawn.hpp"
#include "server/table.hpp"
#include "storage/database.hpp"
#include "storage/event_codec.hpp"
#include "storage/event_store.hpp"
#include "storage/table_codec.hpp"
#include "table/clock.hpp"

namespace whist::server {

namespace asio = boost::asio;
using nlohmann::json;
using protocol::Error;
using protocol::ErrorReply;

// An event and the ids of its live tables, by (round, table).
struct EventService::Live {
  event::EventCore core;
  std::map<std::pair<int, int>, std::int64_t> tables;
};

// A daily duplicate and its entrants' live tables, by entrant number.
struct EventService::Daily {
  event::DailyCore core;
  std::map<int, std::int64_t> tables;
};

namespace {

struct NewTable {
  std::int64_t id = 0;
  TableSetup setup;
  std::vector<table::EventSeat> seats;
};

}  // namespace

// What a job on the storage thread decided, for the caller to carry out.
struct EventService::Outcome {
  std::optional<ErrorReply> error;
  std::string data = "{}";
  std::vector<NewTable> open;
  std::vector<std::int64_t> close;
  std::vector<std::pair<std::vector<std::int64_t>, std::string>> pushes;  // to people
};

namespace {

using Outcome = EventService::Outcome;

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

std::int64_t day_start(std::int64_t now) { return now - now % 86400; }

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

}  // namespace

EventService::EventService(Hub& hub) : hub_(hub) {}
EventService::~EventService() = default;

// --- On the storage thread ---

namespace {

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

template <typename F>
Outcome command(storage::Database& db, EventService::Live& ev, std::int64_t now, F&& fn) {
  Outcome o;
  const event::EventCore before = ev.core;
  const event::EventError e = fn(ev.core);
  if (e != event::EventError::kNone) {
    o.error = error_of(e);
    return o;
  }
  after(db, ev, before, now, o);
  return o;
}

json view(const EventService::Live& ev) {
  const int round = ev.core.round();
  return protocol::event_view_json(ev.core, [&](int table) -> std::int64_t {
    auto it = ev.tables.find({round, table});
    return it == ev.tables.end() ? 0 : it->second;
  });
}

}  // namespace

void EventService::refresh_due() {
  std::int64_t due = 0;
  auto take = [&](std::int64_t t) {
    if (t > 0 && (due == 0 || t < due)) due = t;
  };
  for (const auto& [id, ev] : events_) {
    const auto& d = ev->core.data();
    if (d.state == event::EventState::kOpen) take(d.settings.start_unix);
    if (d.state == event::EventState::kRunning && !d.paused) take(d.round_ends);
  }
  for (const auto& [id, daily] : dailies_) take(daily->core.data().settings.closes);
  if (dailies_.empty()) take(1);  // a daily duplicate to open
  next_due_ = due;
}

// --- Restore and the clock ---

void EventService::restore(storage::Database& db, const std::vector<EventTableRef>& tables) {
  for (const auto state : {event::EventState::kOpen, event::EventState::kRunning}) {
    for (const auto& row : db.events().events_in_state(state)) {
      try {
        if (storage::is_daily(row.document)) {
          auto d = std::make_unique<Daily>(
              Daily{event::DailyCore(storage::decode_daily(row.document)), {}});
          dailies_[row.id] = std::move(d);
        } else {
          auto ev = std::make_unique<Live>(
              Live{event::EventCore(storage::decode_event(row.document)), {}});
          events_[row.id] = std::move(ev);
        }
      } catch (const std::exception& e) {
        spdlog::error("event {} cannot be restored: {}", row.id, e.what());
      }
    }
  }
  restored_ = tables;
  for (const auto& t : tables) {
    if (t.at.round == 0) {
      if (auto it = dailies_.find(t.at.event); it != dailies_.end())
        it->second->tables[t.at.table] = t.id;
    } else if (auto it = events_.find(t.at.event); it != events_.end()) {
      it->second->tables[{t.at.round, t.at.table}] = t.id;
    }
  }
  refresh_due();
  if (!events_.empty() || !dailies_.empty())
    spdlog::info("restored {} events and {} daily duplicates", events_.size(), dailies_.size());
}

void EventService::start() {
  spawn(hub_.ioc.get_executor(), resume_tables(std::move(restored_)), "the events' tables");
  spawn(hub_.ioc.get_executor(), clock_loop(), "the events' clock");
}

asio::awaitable<void> EventService::resume_tables(std::vector<EventTableRef> tables) {
  // What each restored table of a round in play finished while the event
  // did not hear it (the event's row is stored after the table's).
  for (const auto& t : tables) {
    if (!t.table) continue;
    auto played = co_await t.table->boards_played();
    if (!played.empty()) boards_done(t.at, std::move(played));
  }
  // Tables of rounds over, still open, close; a round's table that could
  // not be restored opens again (its boards from the start); one restored
  // is seated again (a table stopped before it stored its players and its
  // game comes back empty; one that did is left as it was).
  using Seating = std::vector<std::pair<std::int64_t, std::vector<table::EventSeat>>>;
  auto job = [this](storage::Database& db) {
    std::pair<Outcome, Seating> out;
    auto& [o, seating] = out;
    const auto now = unix_now();
    for (auto& [id, ev] : events_) {
      close_old(*ev, o);
      if (ev->core.state() != event::EventState::kRunning) continue;
      for (const event::EventTable& t : ev->core.tables()) {
        if (t.finished()) continue;
        if (auto at = ev->tables.find({t.round, t.table}); at != ev->tables.end()) {
          std::vector<table::EventSeat> seats;
          for (const auto& p : t.seats) seats.push_back({p.account, p.name});
          seating.emplace_back(at->second, std::move(seats));
          continue;
        }
        if (make_table(db, *ev, t, now, o)) {
          save_tables(db, ev->core, now);
          spdlog::warn("event {}: table {} of round {} opened again", id, t.table, t.round);
        }
      }
    }
    return out;
  };
  auto [o, seating] = co_await hub_.ctx.on_storage(std::move(job));
  carry_out(o);
  for (auto& [id, seats] : seating)
    if (auto t = co_await hub_.find(id)) t->open_event(std::move(seats));
}

asio::awaitable<void> EventService::clock_loop() {
  asio::steady_timer timer(hub_.ioc);
  while (!stopping_) {
    timer.expires_after(std::chrono::seconds(1));
    boost::system::error_code ec;
    co_await timer.async_wait(asio::redirect_error(asio::use_awaitable, ec));
    const std::int64_t now = unix_now();
    const std::int64_t due_at = next_due_;
    if (stopping_ || due_at == 0 || now < due_at) continue;
    try {
      co_await due(now);
    } catch (const std::exception& e) {
      spdlog::error("the events' clock: {}", e.what());
    }
  }
}

asio::awaitable<std::map<int, int>> EventService::at_fault(
    std::vector<std::pair<int, std::int64_t>> open) {
  std::map<int, int> faults;
  for (const auto& [number, table_id] : open)
    if (auto t = co_await hub_.find(table_id))
      if (const int side = co_await t->event_fault(); side >= 0) faults[number] = side;
  co_return faults;
}

asio::awaitable<void> EventService::due(std::int64_t now) {
  // The rounds ending now: their unfinished tables, to ask who is at fault.
  auto list = [this, now](storage::Database&) {
    std::vector<std::pair<std::int64_t, std::vector<std::pair<int, std::int64_t>>>> ending;
    for (const auto& [id, ev] : events_) {
      const auto& d = ev->core.data();
      if (d.state == event::EventState::kRunning && !d.paused && now >= d.round_ends)
        ending.emplace_back(id, unfinished(*ev));
    }
    return ending;
  };
  auto ending = co_await hub_.ctx.on_storage(std::move(list));
  std::map<std::int64_t, std::map<int, int>> faults;
  for (const auto& [event, open] : ending) faults[event] = co_await at_fault(open);
  auto tick = [this, now, faults = std::move(faults)](storage::Database& db) {
    Outcome all;
    for (auto& [id, ev] : events_) {
      const auto& d = ev->core.data();
      const bool starts = d.state == event::EventState::kOpen && d.settings.start_unix > 0 &&
                          now >= d.settings.start_unix;
      const bool ends = d.state == event::EventState::kRunning && !d.paused && now >= d.round_ends;
      if (!starts && !ends) continue;
      auto f = faults.find(id);
      Outcome o = command(db, *ev, now, [&](event::EventCore& c) {
        c.tick(now, f == faults.end() ? std::map<int, int>{} : f->second);
        return event::EventError::kNone;
      });
      merge(all, o);
    }
    // Events over leave the service (storage keeps them).
    std::erase_if(events_, [](const auto& kv) {
      const auto s = kv.second->core.state();
      return s == event::EventState::kFinished || s == event::EventState::kCancelled;
    });
    // The daily duplicates whose window closed, and today's.
    for (auto it = dailies_.begin(); it != dailies_.end();) {
      if (!it->second->core.closed(now)) {
        ++it;
        continue;
      }
      save_daily(db, it->second->core, now);
      for (const auto& [n, table] : it->second->tables) all.close.push_back(table);
      it = dailies_.erase(it);
    }
    if (dailies_.empty()) {
      event::DailySettings s;
      const std::int64_t day = day_start(now);
      s.name = "Daily duplicate " + utc_format(day, "%Y-%m-%d");
      finalize(s.rules);
      s.boards = 12;
      s.opens = day;
      s.closes = day + 86400;
      s.seed = secure_seed();
      const std::int64_t id =
          db.events().create_event(0, s.name, event::EventState::kOpen, s.opens, "", now);
      auto made = event::DailyCore::make(id, s);
      if (auto* core = std::get_if<event::DailyCore>(&made)) {
        save_daily(db, *core, now);
        dailies_[id] = std::make_unique<Daily>(Daily{std::move(*core), {}});
        spdlog::info("daily duplicate {} opened ({})", id, s.name);
      }
    }
    refresh_due();
    return all;
  };
  auto o = co_await hub_.ctx.on_storage(std::move(tick));
  carry_out(o);
}

// --- Carrying out ---

void EventService::carry_out(Outcome& o) {
  for (auto& n : o.open) {
    auto t = std::make_shared<Table>(hub_, n.id, n.setup, table::Person{0, "", false});
    hub_.add(n.id, t);
    ++hub_.ctx.metrics.tables_total;
    t->open_event(std::move(n.seats));
  }
  for (const std::int64_t id : o.close) {
    // (A coroutine started and left: what it needs are its parameters, kept
    // in its frame, never a lambda's captures, gone when the lambda is.)
    auto close = [](Hub* hub, std::int64_t table) -> asio::awaitable<void> {
      if (auto t = co_await hub->find(table)) co_await t->admin_close("the round is over");
    };
    spawn(hub_.ioc.get_executor(), close(&hub_, id), "closing an event's table");
  }
  for (auto& [users, text] : o.pushes) {
    auto m = std::make_shared<const std::string>(std::move(text));
    for (const std::int64_t u : users) hub_.presence.send(u, m);
  }
}

EventAnswer EventService::answer(Outcome& o) {
  carry_out(o);
  if (o.error) return {o.error, {}};
  return {std::nullopt, std::move(o.data)};
}

// --- Requests ---

asio::awaitable<EventAnswer> EventService::create(table::Person director, protocol::EventCreate m) {
  if (director.guest)
    co_return refused_answer(ErrorReply{Error::kGuest, "register to direct events"});
  const std::int64_t now = unix_now();
  event::EventSettings s;
  s.name = m.name;
  s.kind = *event::kind_from_name(m.kind);
  s.rules.variant = m.variant == "bid" ? Variant::kBid : Variant::kClassic;
  for (const auto& [name, value] : m.options) {
    if (event_only_option(s.rules.variant, name))
      co_return refused_answer(ErrorReply{Error::kBadEvent, name + " is set by the event"});
    if (auto err = set_option(s.rules.variant, s.rules.options, name, value))
      co_return refused_answer(ErrorReply{Error::kBadEvent, *err});
  }
  if (auto err = finalize(s.rules)) co_return refused_answer(ErrorReply{Error::kBadEvent, *err});
  if (auto r = event::boards_rules(s.rules, 1, m.boards_per_round);
      std::holds_alternative<std::string>(r))
    co_return refused_answer(ErrorReply{Error::kBadEvent, std::get<std::string>(r)});
  s.scoring =
      m.scoring == "total" ? event::ScoringMethod::kTotal : event::ScoringMethod::kMatchpoints;
  if (m.rounds > 0) s.rounds = m.rounds;
  s.boards_per_round = m.boards_per_round;
  s.round_seconds = m.round_minutes * 60;
  if (m.start_at != 0 && (m.start_at <= now || m.start_at > now + 7 * 86400))
    co_return refused_answer(
        ErrorReply{Error::kBadEvent, "start_at must be within the next 7 days"});
  s.start_unix = m.start_at;
  s.fee = m.fee;
  s.entry = event::entry_from_name(m.entry).value_or(event::EntryRule::kOpen);
  if (!m.invited.empty() && s.entry == event::EntryRule::kOpen)
    co_return refused_answer(
        ErrorReply{Error::kBadEvent, "invited is for events limited to friends or the invited"});
  s.seed = secure_seed();
  auto job = [this, settings = std::move(s), director, now,
              names = m.invited](storage::Database& db) {
    Outcome o;
    auto invited = accounts_named(db, names);
    if (auto* unknown = std::get_if<std::string>(&invited))
      return refused(ErrorReply{Error::kNoUser, *unknown});
    event::EventSettings s = settings;
    for (const auto& p : std::get<std::vector<event::Player>>(invited))
      if (p.account != director.id) s.invited.push_back(p);
    const std::int64_t id = db.events().create_event(director.id, s.name, event::EventState::kOpen,
                                                     s.start_unix, "", now);
    auto ev =
        std::make_unique<Live>(Live{event::EventCore(id, s, {director.id, director.name}), {}});
    save(db, ev->core, now);
    o.data = view(*ev).dump();
    invitation(director.name, ev->core.data(), s.invited, o);
    events_[id] = std::move(ev);
    refresh_due();
    spdlog::info("{} created event {} ({})", director.name, id, s.name);
    return o;
  };
  auto o = co_await hub_.ctx.on_storage(std::move(job));
  co_return answer(o);
}

asio::awaitable<EventAnswer> EventService::list(table::Person p) {
  auto job = [this, p](storage::Database& db) {
    json events = json::array();
    for (const auto& [id, ev] : events_)
      if (sees(db, ev->core.data(), p.id))
        events.push_back(protocol::event_summary_json(ev->core.data()));
    json past = json::array();
    for (const auto& row : db.events().past_events(20)) {
      if (storage::is_daily(row.document)) continue;
      try {
        const auto d = storage::decode_event(row.document);
        if (sees(db, d, p.id)) past.push_back(protocol::event_summary_json(d));
      } catch (const std::exception& e) {
        spdlog::warn("event {}: {}", row.id, e.what());
      }
    }
    return json{{"events", events}, {"past", past}}.dump();
  };
  // (Awaited into a local: GCC 12 miscompiles a co_await inside a braced
  // initializer.)
  std::string data = co_await hub_.ctx.on_storage(std::move(job));
  co_return EventAnswer{std::nullopt, std::move(data)};
}

asio::awaitable<EventAnswer> EventService::get(table::Person p, std::int64_t event) {
  auto job = [this, p, event](storage::Database& db) -> EventAnswer {
    if (auto it = events_.find(event); it != events_.end()) {
      if (!sees(db, it->second->core.data(), p.id))
        return refused_answer(ErrorReply{Error::kNoEvent});
      return {std::nullopt, view(*it->second).dump()};
    }
    const auto core = stored_event(db, event, p.id);
    if (!core) return refused_answer(ErrorReply{Error::kNoEvent});
    return {std::nullopt, protocol::event_view_json(*core, {}).dump()};
  };
  co_return co_await hub_.ctx.on_storage(std::move(job));
}

asio::awaitable<EventAnswer> EventService::results(table::Person p, std::int64_t event) {
  auto job = [this, p, event](storage::Database& db) -> EventAnswer {
    if (auto it = events_.find(event); it != events_.end()) {
      if (!sees(db, it->second->core.data(), p.id))
        return refused_answer(ErrorReply{Error::kNoEvent});
      return refused_answer(ErrorReply{Error::kEventNotOver, "its results come when it finishes"});
    }
    const auto core = stored_event(db, event, p.id);
    if (!core) return refused_answer(ErrorReply{Error::kNoEvent});
    // Each table's game played to its end (a table closed by the round's
    // clock abandoned its game: its boards finished are in the results, and
    // its record is not shown).
    std::map<std::pair<int, int>, std::int64_t> games;
    for (const auto& [at, table] : core->data().table_ids)
      for (const auto& g : db.games().games_of_table(table))
        if (g.state == storage::GameState::kFinished) games[at] = g.id;
    return {std::nullopt, protocol::event_results_json(*core, games).dump()};
  };
  co_return co_await hub_.ctx.on_storage(std::move(job));
}

asio::awaitable<EventAnswer> EventService::enter(table::Person p, protocol::EventEnter m) {
  auto job = [this, p, m, now = unix_now()](storage::Database& db) {
    auto it = events_.find(m.event);
    if (it == events_.end() || !sees(db, it->second->core.data(), p.id))
      return refused(ErrorReply{Error::kNoEvent});
    Live& ev = *it->second;
    if (p.guest && ev.core.settings().fee > 0)
      return refused(ErrorReply{Error::kGuest, "guests have no chips: register to enter"});
    std::int64_t partner = 0;
    if (!m.partner.empty()) {
      const auto who = db.accounts().account_by_name(m.partner);
      if (!who) return refused(ErrorReply{Error::kNoUser});
      partner = who->id;
    }
    const bool friends = db.friends().are_friends(ev.core.director().account, p.id);
    Outcome o = command(db, ev, now, [&](event::EventCore& c) {
      return c.enter({p.id, p.name}, partner, now, friends);
    });
    if (!o.error) o.data = view(ev).dump();
    return o;
  };
  auto o = co_await hub_.ctx.on_storage(std::move(job));
  co_return answer(o);
}

asio::awaitable<EventAnswer> EventService::withdraw(table::Person p, std::int64_t event) {
  auto job = [this, p, event, now = unix_now()](storage::Database& db) {
    auto it = events_.find(event);
    if (it == events_.end()) return refused(ErrorReply{Error::kNoEvent});
    Outcome o =
        command(db, *it->second, now, [&](event::EventCore& c) { return c.withdraw(p.id, now); });
    if (!o.error) o.data = view(*it->second).dump();
    return o;
  };
  auto o = co_await hub_.ctx.on_storage(std::move(job));
  co_return answer(o);
}

asio::awaitable<EventAnswer> EventService::direct(table::Person p, protocol::EventDirect m) {
  // Ending early adjusts the boards not finished: who is at fault is asked
  // of their tables first.
  std::map<int, int> faults;
  if (m.action == "end") {
    auto list = [this, id = m.event](storage::Database&) {
      auto it = events_.find(id);
      return it == events_.end() ? std::vector<std::pair<int, std::int64_t>>{}
                                 : unfinished(*it->second);
    };
    const auto open = co_await hub_.ctx.on_storage(std::move(list));
    faults = co_await at_fault(open);
  }
  auto job = [this, p, m, faults, now = unix_now()](storage::Database& db) {
    auto it = events_.find(m.event);
    if (it == events_.end()) return refused(ErrorReply{Error::kNoEvent});
    Live& ev = *it->second;
    std::int64_t who = 0;
    event::Player by;
    if (m.action == "replace") {
      const auto a = db.accounts().account_by_name(m.who);
      if (!a) return refused(ErrorReply{Error::kNoUser, m.who});
      who = a->id;
      if (!m.by.empty()) {
        const auto b = db.accounts().account_by_name(m.by);
        if (!b) return refused(ErrorReply{Error::kNoUser, m.by});
        by = {b->id, b->username};
      } else {
        by = {0, "Computer"};
      }
    }
    std::vector<event::Player> invitees;
    if (m.action == "invite") {
      auto named = accounts_named(db, m.users);
      if (auto* unknown = std::get_if<std::string>(&named))
        return refused(ErrorReply{Error::kNoUser, *unknown});
      invitees = std::move(std::get<std::vector<event::Player>>(named));
    }
    Outcome o = command(db, ev, now, [&](event::EventCore& c) {
      const std::int64_t me = p.id;
      if (m.action == "invite") return c.invite(me, invitees, now);
      if (m.action == "start") return c.start(me, now);
      if (m.action == "pause") return c.pause(me, now);
      if (m.action == "resume") return c.resume(me, now);
      if (m.action == "extend") return c.extend(me, m.minutes * 60, now);
      if (m.action == "end") return c.end_early(me, now, faults);
      if (m.action == "cancel") return c.cancel(me, now);
      return c.replace(me, who, by, now);
    });
    if (!o.error) o.data = view(ev).dump();
    if (!o.error && m.action == "invite" && ev.core.effects().changed)
      invitation(p.name, ev.core.data(), invitees, o);
    const auto s = ev.core.state();
    if (s == event::EventState::kFinished || s == event::EventState::kCancelled) events_.erase(it);
    refresh_due();
    return o;
  };
  auto o = co_await hub_.ctx.on_storage(std::move(job));
  co_return answer(o);
}

// --- The daily duplicate ---

asio::awaitable<EventAnswer> EventService::daily_get(table::Person p) {
  auto job = [this, p, now = unix_now()](storage::Database&) -> EventAnswer {
    for (const auto& [id, daily] : dailies_) {
      if (!daily->core.open(now)) continue;
      const auto* me = daily->core.entrant(p.id);
      std::int64_t table = 0;
      if (me)
        if (auto it = daily->tables.find(me->number); it != daily->tables.end()) table = it->second;
      return {std::nullopt, protocol::daily_json(daily->core, p.id, now, table).dump()};
    }
    return refused_answer(ErrorReply{Error::kNoEvent, "no daily duplicate is open now"});
  };
  co_return co_await hub_.ctx.on_storage(std::move(job));
}

asio::awaitable<EventAnswer> EventService::daily_play(table::Person p) {
  auto job = [this, p, now = unix_now()](storage::Database& db) {
    Outcome o;
    Daily* daily = nullptr;
    for (auto& [id, d] : dailies_)
      if (d->core.open(now)) daily = d.get();
    if (!daily) return refused(ErrorReply{Error::kNoEvent, "no daily duplicate is open now"});
    auto& core = daily->core;
    if (!core.entrant(p.id)) {
      if (const auto e = core.enter(p.id, p.name, now); e != event::DailyError::kNone)
        return refused(error_of(e));
      save_daily(db, core, now);
    }
    const int number = core.entrant(p.id)->number;
    const int next = core.next_board(p.id);
    std::int64_t table = 0;
    if (auto it = daily->tables.find(number); it != daily->tables.end()) table = it->second;
    if (next > 0 && table == 0) {
      const auto& s = core.data().settings;
      auto rules = event::boards_rules(s.rules, next, s.boards - next + 1);
      if (auto* why = std::get_if<std::string>(&rules))
        return refused(ErrorReply{Error::kInternal, *why});
      const EventPlay at{core.data().id, 0, number, s.seed, next, true};
      NewTable n{0, event_table(std::get<Rules>(rules), at), {}};
      n.id = new_table_row(db, n.setup, now);
      // South plays; North, East and West are computer players.
      n.seats = {{0, ""}, {0, ""}, {p.id, p.name}, {0, ""}};
      daily->tables[number] = n.id;
      table = n.id;
      o.open.push_back(std::move(n));
    }
    o.data = protocol::daily_json(core, p.id, now, table).dump();
    return o;
  };
  auto o = co_await hub_.ctx.on_storage(std::move(job));
  co_return answer(o);
}

// --- Boards from the tables ---

bool EventService::record_shown(const EventPlay& at, std::int64_t account, std::int64_t now) const {
  // An event or a daily leaves the service when it is over.
  if (at.round == 0) {
    auto it = dailies_.find(at.event);
    return it == dailies_.end() || it->second->core.results_visible_to(account, now);
  }
  return !events_.contains(at.event);
}

void EventService::boards_done(EventPlay at, std::vector<table::BoardScore> boards) {
  auto job = [this, at, boards = std::move(boards)](storage::Database& db) {
    Outcome all;
    const std::int64_t now = unix_now();
    if (at.round == 0) {
      auto it = dailies_.find(at.event);
      if (it == dailies_.end()) return all;
      auto& core = it->second->core;
      std::int64_t account = 0;
      for (const auto& e : core.data().entrants)
        if (e.number == at.table) account = e.account;
      bool changed = false;
      for (const auto& b : boards)
        changed |=
            core.board_finished(account, b.board, b.ns, b.ew, now) == event::DailyError::kNone;
      if (changed) save_daily(db, core, now);
      if (core.next_board(account) == 0) it->second->tables.erase(at.table);
      return all;
    }
    auto it = events_.find(at.event);
    if (it == events_.end()) return all;
    for (const auto& b : boards) {
      Outcome o = command(db, *it->second, now, [&](event::EventCore& c) {
        return c.board_finished(at.round, at.table, b.board, b.ns, b.ew, now, b.play);
      });
      merge(all, o);
    }
    const auto s = it->second->core.state();
    if (s == event::EventState::kFinished || s == event::EventState::kCancelled) events_.erase(it);
    refresh_due();
    return all;
  };
  // (Parameters, not captures: see carry_out.)
  auto run = [](EventService* self, decltype(job) job) -> asio::awaitable<void> {
    auto o = co_await self->hub_.ctx.on_storage(std::move(job));
    self->carry_out(o);
  };
  spawn(hub_.ioc.get_executor(), run(this, std::move(job)), "an event's boards");
}

}  // namespace whist::server
