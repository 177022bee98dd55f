// The events service's jobs on the storage thread (server/events.hpp says
// how a command runs): the live events as the storage thread keeps them,
// what a job decided (its Outcome, carried out after it on the caller's
// side), and the steps the jobs share: storing an event, making a round's
// tables, closing the old ones, telling everyone. Internal to the service
// (server/events.cpp, server/event_requests.cpp).
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "server/events.hpp"
#include "storage/database.hpp"

namespace whist::server {

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

namespace event_jobs {

// A table a job made: its row's id, its setup and its players.
struct NewTable {
  std::int64_t id = 0;
  TableSetup setup;
  std::vector<table::EventSeat> seats;
};

}  // namespace event_jobs

// What a job on the storage thread decided, for the caller to carry out.
struct EventService::Outcome {
  std::optional<protocol::ErrorReply> error;
  std::string data = "{}";
  std::vector<event_jobs::NewTable> open;
  std::vector<std::int64_t> close;
  std::vector<std::pair<std::vector<std::int64_t>, std::string>> pushes;  // to people
};

namespace event_jobs {

using nlohmann::json;
using Outcome = EventService::Outcome;

Outcome refused(protocol::ErrorReply e);
EventAnswer refused_answer(protocol::ErrorReply e);
protocol::ErrorReply error_of(event::EventError e);
protocol::ErrorReply error_of(event::DailyError e);

// An event's table: seated by the event, seen by its players only.
TableSetup event_table(const Rules& rules, const EventPlay& at);

// A push of an event's news (event.update, event.table) as its text.
std::string news(const std::string& type, const json& d);

// Those told of an event's changes: its entrants and its director.
std::vector<std::int64_t> audience(const event::EventData& d);

inline std::int64_t day_start(std::int64_t now) { return now - now % 86400; }

// Whether the event exists for `account` (the storage thread: friendships).
bool sees(storage::Database& db, const event::EventData& d, std::int64_t account);

// The invitees told they are invited (event.update with a notice).
void invitation(const std::string& director, const event::EventData& d,
                const std::vector<event::Player>& who, Outcome& o);

// An event over (read from storage) as `account` may see it; nothing for
// one that does not exist for them (no_event).
std::optional<event::EventCore> stored_event(storage::Database& db, std::int64_t event,
                                             std::int64_t account);

// Accounts by username; the first name that is no account, if any.
std::variant<std::vector<event::Player>, std::string> accounts_named(
    storage::Database& db, const std::vector<std::string>& names);

// The event stored with its chips; the event's document alone after its
// tables were made; a daily stored.
storage::PostResult save(storage::Database& db, const event::EventCore& core, std::int64_t now);
void save_tables(storage::Database& db, const event::EventCore& core, std::int64_t now);
void save_daily(storage::Database& db, const event::DailyCore& core, std::int64_t now);

// A new table's row.
std::int64_t new_table_row(storage::Database& db, const TableSetup& setup, std::int64_t now);

// A table of the round: its row, its players, its id kept with the event,
// and each player told where (event.table). False (and a log line) if its
// boards cannot be played.
bool make_table(storage::Database& db, EventService::Live& ev, const event::EventTable& t,
                std::int64_t now, Outcome& o);

// The tables a new round needs.
void open_tables(storage::Database& db, EventService::Live& ev, std::int64_t now, Outcome& o);

// This round's tables not finished, by number, with their ids.
std::vector<std::pair<int, std::int64_t>> unfinished(const EventService::Live& ev);

// Another job's outcome added to this one's.
void merge(Outcome& all, Outcome& o);

// The tables of rounds over (all of them once the event is).
void close_old(EventService::Live& ev, Outcome& o);

// After a command that changed the event: stored with its chips (or
// undone, if a fee cannot be paid), its new tables made, its old ones
// closed, everyone in it told.
void after(storage::Database& db, EventService::Live& ev, const event::EventCore& before,
           std::int64_t now, Outcome& o);

// A command to the event's core, and what follows (after).
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

// The event's view, with its live tables' ids.
json view(const EventService::Live& ev);

}  // namespace event_jobs
}  // namespace whist::server
