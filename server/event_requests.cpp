// The events service's requests (server/events.hpp): each a job on the
// storage thread (event_jobs.hpp), its outcome carried out after.
#include <spdlog/spdlog.h>

#include <nlohmann/json.hpp>

#include "event/boards.hpp"
#include "protocol/event_wire.hpp"
#include "server/auth.hpp"
#include "server/event_jobs.hpp"
#include "server/hub.hpp"
#include "storage/database.hpp"
#include "storage/event_codec.hpp"
#include "storage/event_store.hpp"
#include "table/clock.hpp"

namespace whist::server {

namespace asio = boost::asio;
using nlohmann::json;
using protocol::Error;
using protocol::ErrorReply;
using namespace event_jobs;

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
  co_return answer(co_await decide(std::move(job)));
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
  co_return answer(co_await decide(std::move(job)));
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
  co_return answer(co_await decide(std::move(job)));
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
  co_return answer(co_await decide(std::move(job)));
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
  co_return answer(co_await decide(std::move(job)));
}

}  // namespace whist::server
