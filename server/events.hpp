// Events in the running server (docs/events.md, "Running an event"): the
// duplicate pairs events and whist drives directors create, and the daily
// duplicate against computers, one each day. The events' cores
// (event/core.hpp, event/daily.hpp) are values owned by the storage
// thread: every command runs there as one job, which changes the core,
// stores the whole event with its chips in one unit (storage/event_store:
// a fee a balance cannot pay leaves the event as it was) and creates the
// rows of the tables a new round needs, all committed before anyone is
// told. What the job decided is then carried out on the caller's side:
// the round's tables opened with their players seated (table/event_play),
// the tables of a round that ended closed, everyone in the event told
// (event.update), each player sent to their table (event.table).
//
// The clock: one loop a second reads an atomic "next due" and does nothing
// until an event's start, a round's end or a daily's close comes; then it
// asks the round's unfinished tables which side was at fault (for the
// adjusted scores) and ticks the event. A restart brings the events back
// from storage with their tables (restored as every table is), learns the
// boards finished while it was down from the tables themselves, and opens
// again a table of the round that could not be restored.
#pragma once

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "event/core.hpp"
#include "event/daily.hpp"
#include "protocol/errors.hpp"
#include "protocol/messages.hpp"
#include "table/core.hpp"

namespace whist::storage {
class Database;
}

namespace whist::server {

struct Hub;
class Table;

// An answer to an event request: an error, or the ack's data as JSON text.
struct EventAnswer {
  std::optional<protocol::ErrorReply> error;
  std::string data = "{}";
};

// A live table of an event, as a restart finds it.
struct EventTableRef {
  std::int64_t id = 0;
  EventPlay at;
  std::shared_ptr<Table> table;
};

// A request's answer as its text (an ack or an error), for answer_event.
struct EventReply {
  std::string text;
  bool error = false;
};

class EventService;
// The answer to an event request (event.*, daily.*) of `me`, asked of the
// service: a session's own, or one forwarded by another node to this one,
// which leads (node_bus.hpp). `draining`: no new events, no new dailies.
boost::asio::awaitable<EventReply> answer_event(EventService& events, table::Person me,
                                                std::string id, protocol::ClientMessage m,
                                                bool draining);

class EventService {
 public:
  explicit EventService(Hub& hub);
  ~EventService();

  // At start, before the first connection (the storage thread not yet in
  // use): the events not over and their live tables. Throws nothing: an
  // event that cannot be read is logged and left as stored.
  void restore(storage::Database& db, const std::vector<EventTableRef>& tables);
  // Once the server runs: what the tables played meanwhile, then the clock.
  void start();
  void stop() { stopping_ = true; }

  boost::asio::awaitable<EventAnswer> create(table::Person director, protocol::EventCreate m);
  // Events with entries limited (friends, invited) exist only for those
  // they admit: for anyone else they are not listed and are no_event.
  boost::asio::awaitable<EventAnswer> list(table::Person p);
  boost::asio::awaitable<EventAnswer> get(table::Person p, std::int64_t event);
  // A finished (or cancelled) event's results: its standings, its boards'
  // hands and every table's result with the game that played it.
  boost::asio::awaitable<EventAnswer> results(table::Person p, std::int64_t event);
  boost::asio::awaitable<EventAnswer> enter(table::Person p, protocol::EventEnter m);
  boost::asio::awaitable<EventAnswer> withdraw(table::Person p, std::int64_t event);
  boost::asio::awaitable<EventAnswer> direct(table::Person p, protocol::EventDirect m);
  boost::asio::awaitable<EventAnswer> daily_get(table::Person p);
  boost::asio::awaitable<EventAnswer> daily_play(table::Person p);

  // On the storage thread: whether `account` (0: nobody logged in) may see
  // the record of a game played at an event's table `at`. The boards are
  // secret until everyone has played them: an event's records once it is
  // over; a daily's once `account` has played every board or its window
  // has closed.
  // A node that does not lead (the events run elsewhere) reads the event
  // as stored, which is as its leader last decided.
  bool record_shown(storage::Database& db, const EventPlay& at, std::int64_t account,
                    std::int64_t now) const;

  // From an event's table (its strand): boards finished there.
  void boards_done(EventPlay at, std::vector<table::BoardScore> boards);

  struct Live;   // an event and its tables (storage thread only)
  struct Daily;  // a daily duplicate and its entrants' tables
  struct Outcome;

 private:
  boost::asio::awaitable<void> clock_loop();
  boost::asio::awaitable<void> resume_tables(std::vector<EventTableRef> tables);
  boost::asio::awaitable<void> due(std::int64_t now);
  // Which side is at fault at each of a round's tables not finished (by
  // number; table ids beside), asked of the tables.
  boost::asio::awaitable<std::map<int, int>> at_fault(
      std::vector<std::pair<int, std::int64_t>> open);
  // Runs job on the storage thread, then carries its outcome out (tables
  // opened and closed, people told) on the service's own strand, where the
  // storage thread's completions arrive in the order their jobs committed:
  // what one person is told about an event never overtakes what they were
  // told before (two tables' last boards, say, finishing at once).
  boost::asio::awaitable<Outcome> decide(std::function<Outcome(storage::Database&)> job);
  void carry_out(Outcome& o);
  // The answer to a request, from its outcome (carried out by decide()).
  static EventAnswer answer(const Outcome& o);
  // On the storage thread.
  void refresh_due();

  Hub& hub_;
  struct Order;  // the strand of decide()
  std::unique_ptr<Order> order_;
  std::map<std::int64_t, std::unique_ptr<Live>> events_;    // storage thread
  std::map<std::int64_t, std::unique_ptr<Daily>> dailies_;  // storage thread
  std::vector<EventTableRef> restored_;                     // restore() to start()
  std::atomic<std::int64_t> next_due_{0};                   // Unix seconds; 0: nothing
  std::atomic<bool> stopping_{false};
};

}  // namespace whist::server
