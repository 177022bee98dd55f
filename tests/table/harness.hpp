// A table core (table/core.hpp) driven directly, as the shell drives it:
// requests from people's connections, a clock that only moves when the
// test says so (the due TimerOrders fire, the latest of each clock only),
// a storage that records what it is asked to write and answers its reads
// with the core's answer commands, and a computer that answers with the
// first of the engine's legal actions (or not at all, or "saturated").
// What each connection received is kept, parsed, for the tests to read.
//
// The harness also follows the game as storage sees it: the game's setup
// (seed, dealer) from CreateGame or ChargeBuyIns and every action of
// AppendProgress replayed on an engine Game, so a test knows whose turn it
// is and what is legal, and a wrong stored action fails the test. At an
// event's table (setup().event) that game is the event's boards, as the
// core deals them (the row keeps no seed).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "table/core.hpp"

namespace whist::table::testing {

using nlohmann::json;

// A table setup from table.create's data (protocol::parse_table_setup);
// fails the test if it is refused. Defaults: classic, 4 players, to 1
// point (one deal), open to everyone.
TableSetup setup_of(json d = json::object());
json classic(json settings = json::object());

// The Unix time the harness starts at (ms), and the monotonic one.
inline constexpr std::int64_t kStartUnixMs = 1'800'000'000'000;
inline constexpr std::int64_t kStartMonoMs = 5'000'000;

class Harness {
 public:
  enum class Think { kLegal, kSaturated, kHold };
  enum class Charge { kPay, kShort, kFail };

  explicit Harness(TableSetup setup, CoreConfig config = {}, std::string creator = "alice");
  // A table brought back from `snap` (as storage kept it) at `now`; its
  // first command is resume() (the core's resumed()).
  Harness(const Snapshot& snap, CoreConfig config, Now now);
  void resume();

  // The server stopped and started again `after_ms` later: a new harness
  // with the table restored from what storage kept (snapshot()), the same
  // people (their connections are gone), resumed.
  std::unique_ptr<Harness> restart(std::int64_t after_ms = 5000) const;

  TableCore& core() { return *core_; }
  Now now() const { return now_; }
  std::int64_t table() const { return core_->id(); }

  // People and their connections. person() registers a name once (ids from
  // 101 up); connect() opens a new connection for them.
  Person person(const std::string& name, bool guest = false);
  Conn connect(const std::string& name);
  const Person& who(Conn c) const { return conn_person_.at(c); }

  // A request as the wire has it ("table.sit", {"seat": 1}): "table" is
  // added, and an id ("r1", "r2", ... unless given). Returns the answer to
  // it received by that connection (null if none came).
  json send(Conn c, const std::string& type, json d = json::object(), std::string id = "");
  // The same, but with the id's JSON text as given (a number, say).
  json send_raw_id(Conn c, const std::string& type, json d, const std::string& id_text);
  std::string last_id() const { return last_id_; }
  // An event's table: the event seats its players (open_event).
  void open_event(const std::vector<EventSeat>& seats);
  // Sit at `seat` (-1: any); returns the seat got, fails the test if refused.
  int sit(Conn c, int seat = -1);
  void disconnect(Conn c);
  void left_view(Conn c);
  void came_back(Conn c);
  // The operator's close; what close_by_operator returns.
  int close(const std::string& reason);

  // The clock: moves by `ms`, firing every due clock in time order.
  void advance(std::int64_t ms);
  // When a clock is set to run out (none: not set).
  std::optional<std::int64_t> due(Clock which) const;
  std::optional<std::int64_t> due_in(Clock which) const;

  // Storage.
  std::vector<StoreJob> jobs;  // every job, in order
  template <typename J>
  std::vector<J> jobs_of() const {
    std::vector<J> out;
    for (const auto& j : jobs)
      if (const auto* p = std::get_if<J>(&j)) out.push_back(*p);
    return out;
  }
  std::map<std::int64_t, std::int64_t> balances;  // ReadBalance (missing: 1000)
  std::map<std::int64_t, std::vector<std::int64_t>> friends;
  // Whom each user blocked (ReadFriends answers it; FindAccounts leaves out
  // those who blocked the inviter).
  std::map<std::int64_t, std::vector<std::int64_t>> blocked;
  // ReadRating's answers by user (missing: none, as for a guest).
  std::map<std::int64_t, protocol::ShownRating> ratings;
  // A rated game's FinishGame is answered (game_rated) with each person at
  // a seat at 1600 (+100) if their side won, else 1400 (-100).
  Charge charge = Charge::kPay;
  std::vector<int> short_seats;  // Charge::kShort
  bool hold_reads = false;       // reads and charges wait for answer_reads()
  void answer_reads();
  std::int64_t next_game_id = 500;
  // As storage would keep it now: the table's row and its latest game.
  Snapshot snapshot() const;

  // The computer.
  Think think = Think::kLegal;
  std::vector<ThinkOrder> held;  // Think::kHold
  void answer(const ThinkOrder& o, std::optional<Action> a, double elapsed_ms = 0);
  int judged = 0;  // claims judged by the solver (JudgeOrders)

  // What each connection received, in order.
  const std::vector<json>& inbox(Conn c) { return inbox_[c]; }
  void clear(Conn c) { inbox_[c].clear(); }
  void clear_all() { inbox_.clear(); }
  // Answers to request `id` (acks and errors).
  std::vector<json> replies(Conn c, const std::string& id);
  // Table events of `type` (their "event" objects, with "v" added).
  std::vector<json> events(Conn c, const std::string& type);
  std::vector<json> views(Conn c);  // table.view's data
  json last_view(Conn c);
  std::vector<json> pushes(std::int64_t user) const;  // messages to people (users)
  std::optional<std::string> lobby;                   // the latest lobby line
  std::optional<std::set<std::int64_t>> audience;
  bool closed = false;
  std::vector<Conn> joined;           // connections the shell was told are here (seated, watching)
  bool forming = false;               // quick play seats people here (set_forming / clear_forming)
  std::optional<int> forming_rating;  // the latest said
  int playing = 0, finished = 0, errors = 0;
  std::vector<LogLine> logs;
  std::vector<BoardScore> boards;  // an event table's boards finished (Effects::boards)

  // The game as stored (null before any).
  const Game* game() const { return game_ ? &*game_ : nullptr; }
  // The seat to act's first legal action, as the wire writes it.
  json legal_json() const;
  // Acts for whoever's turn it is (their connection in `at`, by seat) with
  // the first legal action, until the game is over or the turn is of a
  // seat not in `at`. Returns the number of actions.
  int play(const std::map<int, Conn>& at, int max_actions = 100000);

 private:
  void settle();
  void take();
  void mirror(const StoreJob& job);
  void run_read(const StoreJob& job);
  void begin_game(const store::NewGame& row, std::uint64_t number);
  // The game a stored row starts: its seeded deals, or an event's boards.
  Game stored_game(int dealer, std::uint64_t seed) const;

  CoreConfig config_;
  std::unique_ptr<TableCore> core_;
  Now now_{kStartMonoMs, kStartUnixMs};
  std::map<std::string, Person> people_;
  std::map<Conn, Person> conn_person_;
  Conn next_conn_ = 1;
  std::int64_t next_user_ = 101;
  int next_id_ = 1;
  std::string last_id_;
  std::map<Conn, std::vector<json>> inbox_;
  std::map<std::int64_t, std::vector<json>> pushes_;
  std::map<Clock, TimerOrder> timers_;
  std::vector<std::function<void()>> pending_;  // answers due to the core
  std::vector<StoreJob> held_reads_;
  // Storage's view of the games.
  std::optional<Game> game_;
  Rules rules_;
  std::uint64_t game_number_ = 0;
  std::int64_t game_id_ = 0;
  std::uint64_t seed_ = 0;
  int dealer_ = 0;
  storage::GameState game_state_ = storage::GameState::kPlaying;
  std::vector<Action> actions_;
  std::vector<std::string> requests_;
  size_t deals_ = 0;
};

// "ack", or the error's code, of an answer (null: "none").
std::string code(const json& reply);
// alice (the creator), bob, carol and dave, seated 0 to 3 in that order:
// their connections by seat. The game starts when the last sits.
std::map<int, Conn> seat_four(Harness& h);

// A sequence of seeds: 1, 2, 3, ... from `first`.
std::function<std::uint64_t()> counting_seeds(std::uint64_t first = 1);

}  // namespace whist::table::testing
