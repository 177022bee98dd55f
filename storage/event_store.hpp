// Events (duplicate pairs, whist drives): each event's row, the whole
// event as storage's codec writes it (event_codec.hpp), its state and its
// start, kept after every change the event's core makes; its chips (entry
// fees, refunds, prizes) go to the ledger in the same transaction
// (store_event), each batch once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "event/core.hpp"
#include "storage/ledger_store.hpp"

namespace whist::storage {

class Database;

struct EventRow {
  std::int64_t id = 0;
  std::int64_t director = 0;
  std::string name;
  event::EventState state = event::EventState::kOpen;
  std::int64_t start_at = 0;
  std::string document;  // event_codec.hpp
  std::int64_t created_at = 0;
  std::int64_t updated_at = 0;
};

class EventStore {
 public:
  virtual ~EventStore() = default;
  // A new event's row (its document written after, with its id in it).
  virtual std::int64_t create_event(std::int64_t director, std::string_view name,
                                    event::EventState state, std::int64_t start_at,
                                    std::string_view document, std::int64_t now) = 0;
  // Throws StorageError for an unknown id.
  virtual void update_event(std::int64_t id, event::EventState state, std::int64_t start_at,
                            std::string_view document, std::int64_t now) = 0;
  virtual std::optional<EventRow> event(std::int64_t id) const = 0;
  // In order of start, then id.
  virtual std::vector<EventRow> events_in_state(event::EventState state) const = 0;
  // Finished or cancelled, the latest first, at most `limit`.
  virtual std::vector<EventRow> past_events(int limit) const = 0;
};

// A batch of an event's chips for the ledger: its key names the event and
// the change ("event:<id>:<n>"), so a retried save never posts it twice.
struct EventChips {
  std::string key;
  std::vector<LedgerEntry> entries;
};

// The ledger batches of an event's chip moves, by the moves' batch
// numbers: a fee (the player to the house, kBuyin), a refund (the house to
// the player, kRefund), the prizes (the house to the winners, kPayout; the
// house's part and what computers won stay with the house).
std::vector<EventChips> event_chip_batches(std::int64_t event,
                                           const std::vector<event::ChipMove>& moves);

// Saves the event and posts its chips in one unit: all or nothing. A fee
// that a balance cannot pay (kInsufficient) leaves everything as it was.
PostResult store_event(Database& db, std::int64_t id, event::EventState state,
                       std::int64_t start_at, std::string_view document,
                       const std::vector<EventChips>& chips, std::int64_t now);

}  // namespace whist::storage
