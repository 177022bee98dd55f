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
#include "server/event_jobs.hpp"
#include "server/hub.hpp"
#include "server/node_bus.hpp"
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
using namespace event_jobs;

struct EventService::Order {
  Strand strand;
};

EventService::EventService(Hub& hub)
    : hub_(hub), order_(std::make_unique<Order>(Order{asio::make_strand(hub.ioc)})) {}
EventService::~EventService() = default;

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
  // (Filled on the storage thread, read once decide() returns.)
  auto seating = std::make_shared<Seating>();
  auto job = [this, seating](storage::Database& db) {
    Outcome o;
    const auto now = unix_now();
    for (auto& [id, ev] : events_) {
      close_old(*ev, o);
      if (ev->core.state() != event::EventState::kRunning) continue;
      for (const event::EventTable& t : ev->core.tables()) {
        if (t.finished()) continue;
        if (auto at = ev->tables.find({t.round, t.table}); at != ev->tables.end()) {
          std::vector<table::EventSeat> seats;
          for (const auto& p : t.seats) seats.push_back({p.account, p.name});
          seating->emplace_back(at->second, std::move(seats));
          continue;
        }
        if (make_table(db, *ev, t, now, o)) {
          save_tables(db, ev->core, now);
          spdlog::warn("event {}: table {} of round {} opened again", id, t.table, t.round);
        }
      }
    }
    return o;
  };
  co_await decide(std::move(job));
  for (auto& [id, seats] : *seating)
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
  co_await decide(std::move(tick));
}

// --- Carrying out ---

asio::awaitable<EventService::Outcome> EventService::decide(
    std::function<Outcome(storage::Database&)> job) {
  // (Parameters, not captures: see carry_out.)
  auto run = [](EventService* self,
                std::function<Outcome(storage::Database&)> job) -> asio::awaitable<Outcome> {
    Outcome o = co_await self->hub_.ctx.on_storage(std::move(job));
    self->carry_out(o);
    co_return o;
  };
  co_return co_await asio::co_spawn(order_->strand, run(this, std::move(job)), asio::use_awaitable);
}

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
    send_to_users(hub_, users, m);
  }
}

EventAnswer EventService::answer(const Outcome& o) {
  if (o.error) return {o.error, {}};
  return {std::nullopt, o.data};
}

// --- Boards from the tables ---

bool EventService::record_shown(storage::Database& db, const EventPlay& at, std::int64_t account,
                                std::int64_t now) const {
  if (!hub_.events_running) {
    // The events run on another node (or not yet here): as stored.
    const auto row = db.events().event(at.event);
    if (!row) return false;
    try {
      if (at.round == 0)
        return event::DailyCore(storage::decode_daily(row->document))
            .results_visible_to(account, now);
    } catch (const std::exception& e) {
      spdlog::error("event {} cannot be read: {}", at.event, e.what());
      return false;
    }
    return row->state == event::EventState::kFinished ||
           row->state == event::EventState::kCancelled;
  }
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
    co_await self->decide(std::move(job));
  };
  spawn(hub_.ioc.get_executor(), run(this, std::move(job)), "an event's boards");
}

}  // namespace whist::server
