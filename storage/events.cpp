// Events in SQLite (see event_store.hpp; schema version 12 in schema.cpp).
// The state is stored by its name (event/core.hpp).
#include <map>
#include <string>

#include "storage/database.hpp"
#include "storage/sql.hpp"
#include "storage/sql_stores.hpp"

namespace whist::storage {

namespace detail {

namespace {

constexpr const char* kEventColumns =
    "SELECT id, director, name, state, start_at, document, created_at, updated_at FROM events ";

EventRow read_event(const Statement& st) {
  EventRow row;
  row.id = st.int64(0);
  row.director = st.int64(1);
  row.name = st.text(2);
  const auto state = event::state_from_name(st.text(3));
  if (!state)
    throw StorageError("event " + std::to_string(row.id) + ": unknown state '" + st.text(3) + "'");
  row.state = *state;
  row.start_at = st.int64(4);
  row.document = st.text(5);
  row.created_at = st.int64(6);
  row.updated_at = st.int64(7);
  return row;
}

}  // namespace

std::int64_t SqlEvents::create_event(std::int64_t director, std::string_view name,
                                     event::EventState state, std::int64_t start_at,
                                     std::string_view document, std::int64_t now) {
  Statement st(db_,
               "INSERT INTO events(director, name, state, start_at, document, created_at, "
               "updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
               "create_event");
  st.bind(1, director).bind(2, name).bind(3, event::state_name(state)).bind(4, start_at);
  st.bind(5, document).bind(6, now);
  return st.insert_id();
}

void SqlEvents::update_event(std::int64_t id, event::EventState state, std::int64_t start_at,
                             std::string_view document, std::int64_t now) {
  Statement st(db_,
               "UPDATE events SET state = ?2, start_at = ?3, document = ?4, updated_at = ?5 "
               "WHERE id = ?1",
               "update_event");
  st.bind(1, id).bind(2, event::state_name(state)).bind(3, start_at).bind(4, document).bind(5, now);
  st.run();
  if (db_->changes() == 0) throw StorageError("update_event: no event " + std::to_string(id));
}

std::optional<EventRow> SqlEvents::event(std::int64_t id) const {
  Statement st(db_, std::string(kEventColumns) + "WHERE id = ?1", "event");
  st.bind(1, id);
  if (!st.step()) return std::nullopt;
  return read_event(st);
}

std::vector<EventRow> SqlEvents::events_in_state(event::EventState state) const {
  Statement st(db_, std::string(kEventColumns) + "WHERE state = ?1 ORDER BY start_at, id",
               "events_in_state");
  st.bind(1, event::state_name(state));
  std::vector<EventRow> out;
  while (st.step()) out.push_back(read_event(st));
  return out;
}

std::vector<EventRow> SqlEvents::past_events(int limit) const {
  Statement st(db_,
               std::string(kEventColumns) +
                   "WHERE state IN ('finished', 'cancelled') ORDER BY updated_at DESC, id DESC "
                   "LIMIT ?1",
               "past_events");
  st.bind(1, static_cast<std::int64_t>(limit));
  std::vector<EventRow> out;
  while (st.step()) out.push_back(read_event(st));
  return out;
}

}  // namespace detail

std::vector<EventChips> event_chip_batches(std::int64_t event,
                                           const std::vector<event::ChipMove>& moves) {
  std::map<std::int64_t, EventChips> batches;
  for (const event::ChipMove& m : moves) {
    EventChips& b = batches[m.batch];
    b.key = "event:" + std::to_string(event) + ":" + std::to_string(m.batch);
    const LedgerKind kind = m.why == event::ChipMove::Why::kFee      ? LedgerKind::kBuyin
                            : m.why == event::ChipMove::Why::kRefund ? LedgerKind::kRefund
                                                                     : LedgerKind::kPayout;
    b.entries.push_back({m.account, m.chips, kind, 0});
    b.entries.push_back({0, -m.chips, kind, 0});  // the house's side
  }
  std::vector<EventChips> out;
  for (auto& [n, b] : batches) out.push_back(std::move(b));
  return out;
}

PostResult store_event(Database& db, std::int64_t id, event::EventState state,
                       std::int64_t start_at, std::string_view document,
                       const std::vector<EventChips>& chips, std::int64_t now) {
  db.begin_unit();
  try {
    for (const EventChips& b : chips) {
      const PostResult r = db.ledger().post(b.key, b.entries, now);
      if (r == PostResult::kInsufficient) {
        db.rollback_unit();
        return r;
      }
    }
    db.events().update_event(id, state, start_at, document, now);
    db.commit_unit();
  } catch (...) {
    db.rollback_unit();
    throw;
  }
  return PostResult::kApplied;
}

}  // namespace whist::storage
