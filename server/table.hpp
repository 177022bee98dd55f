// A table: its settings, its seats and watchers, and the game played at it.
// Everything here runs on the table's strand; sessions post requests to it
// and it sends them messages. Every applied action goes to the storage
// thread in order, so a restarted server can bring the game back.
#pragma once

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "protocol/messages.hpp"
#include "protocol/table_events.hpp"
#include "protocol/table_json.hpp"
#include "server/hub.hpp"
#include "server/retry_cache.hpp"
#include "storage/database.hpp"

namespace whist::server {

class WsSession;

struct Player {
  std::int64_t id = 0;
  std::string name;
  bool guest = false;  // a guest account (no chips: no Compete seat)
};

// What a restarted server knows of a table and its game.
struct TableSnapshot {
  std::int64_t id = 0;
  std::string settings;  // the table row's JSON
  storage::TableState state = storage::TableState::kOpen;
  std::optional<storage::GameRow> game;  // its latest game, if any
  std::vector<std::string> actions;
  // Each action's request ("V ID": the version its ack carried and the
  // request's id), "" for none: a retry after the restart gets that ack.
  std::vector<std::string> requests;
  size_t deals = 0;  // the game's deals stored
};

class Table : public std::enable_shared_from_this<Table> {
 public:
  Table(Hub& hub, std::int64_t id, protocol::TableSetup setup, Player creator);
  // Rebuilds a table from storage; nullptr (and a log line) if it cannot.
  static std::shared_ptr<Table> restore(Hub& hub, const TableSnapshot& s);

  std::int64_t id() const { return id_; }
  // Quick play's key for a setup: its variant and number of players.
  static std::string quick_key(const protocol::TableSetup& setup);
  // A table request from a session (any thread).
  void request(std::shared_ptr<WsSession> s, Player p, std::string id, protocol::ClientMessage m);
  // The session is gone: its seat is held, its watching ends.
  void disconnected(WsSession* s, std::int64_t user);
  // The session joined the lobby (lobby.join): it left the table's view,
  // and a seat it holds is away (table_away.cpp); lobby.leave brings it
  // back.
  void left_view(WsSession* s, std::int64_t user);
  void came_back(WsSession* s, std::int64_t user);
  // Publishes the table to the lobby (after creation or restore).
  void announce();
  // The operator closes the table (whistctl close-table, table_admin.cpp):
  // everyone there is told why, a game in progress is abandoned (a Compete
  // game's buy-ins refunded), and the table goes. Returns what was done.
  boost::asio::awaitable<std::string> admin_close(std::string reason);
  // A scheduled table (start_at) waits for its time (after creation).
  void schedule() {
    boost::asio::post(strand_, [self = shared_from_this()] { self->arm_schedule(); });
  }

 private:
  struct Seat {
    std::int64_t user = 0;  // 0: free; negative: a computer player (-k for "Computer k")
    std::string name;
    bool computer = false;  // a computer player sits here (no account, always connected)
    // The computer stands in for this player, who is away and whose time
    // ran out, until they come back.
    bool standin = false;
    bool suggesting = false;  // a suggestion is being thought about
    std::weak_ptr<WsSession> session;
    bool connected = false;
    // When the connection ended (table_release.cpp: after a game, a seat
    // whose player is gone for the reconnect grace is freed).
    std::chrono::steady_clock::time_point gone_since{};
    // Connected but not at the table (table_away.cpp): "lobby" (it joined
    // the lobby) or "idle" (it let a turn go by for turn_idle seconds).
    bool away = false;
    std::string away_reason;
    bool rematch = false;
    // Replies to this seat's table.act requests in this game by id, from
    // any connection of its player (retry_cache.hpp).
    RetryCache answered;
  };
  enum class State { kOpen, kPlaying, kFinished };
  // Why the computer plays a turn: its own seat, a stand-in for an absent
  // player, or a player whose time ran out (the last two announced "auto").
  enum class Think { kComputer, kStandin, kTimeout };

  void handle(const std::shared_ptr<WsSession>& s, const Player& p, const std::string& id,
              const protocol::ClientMessage& m);
  // `affordable`: a compete table's buy-in was checked against the balance.
  void on_sit(const std::shared_ptr<WsSession>& s, const Player& p, const std::string& id, int seat,
              bool affordable = false);
  void on_leave(const std::shared_ptr<WsSession>& s, const Player& p, const std::string& id);
  // The seat is free again (table.leave, table.remove_bot): everyone is
  // told, the asker answered, the table stored (and closed if empty).
  void free_seat(const std::shared_ptr<WsSession>& s, const std::string& id, int seat);
  void on_watch(const std::shared_ptr<WsSession>& s, const std::string& id);
  void on_act(const std::shared_ptr<WsSession>& s, const Player& p, const std::string& id,
              const protocol::ActionInput& action);
  void on_chat(const std::shared_ptr<WsSession>& s, const Player& p, const std::string& id,
               const protocol::TableChat& c);
  void on_sync(const std::shared_ptr<WsSession>& s, const Player& p, const std::string& id,
               std::int64_t since);
  void on_rematch(const std::shared_ptr<WsSession>& s, const Player& p, const std::string& id);
  // table_bots.cpp: computer players at seats, stand-ins and suggestions.
  void on_add_bot(const std::shared_ptr<WsSession>& s, const Player& p, const std::string& id,
                  int seat);
  void on_remove_bot(const std::shared_ptr<WsSession>& s, const Player& p, const std::string& id,
                     int seat);
  void on_suggest(const std::shared_ptr<WsSession>& s, const Player& p, const std::string& id);
  // Whether the computer plays the turn now (a computer seat, or a stand-in).
  bool computer_turn() const;
  // table_away.cpp: a person is present when connected and at the table (a
  // computer player always is); one who is not is away as if dropped.
  static bool present(const Seat& st);
  void go_away(int seat, const std::string& reason);
  // Whether a full table may start its next game: after a game, only
  // when everyone asked for a rematch; at a Compete table only with every
  // person present and, after a game there, agreeing (a rematch, or sitting
  // down since).
  bool ready_to_start() const;
  // Starts the computer thinking for the seat to act, once per turn.
  void drive_computer();
  void start_thinking(Think why);
  // A decision came back (on the strand): applied if the turn is the same,
  // after the natural delay for computer seats.
  void on_thought(std::uint64_t game, size_t turn, Action a, Think why, double elapsed_ms);
  void apply_thought(std::uint64_t game, size_t turn, const Action& a, Think why);
  bool same_turn(std::uint64_t game, size_t turn) const;
  int people_count() const;
  // Seats a computer player ("Computer k") at a free seat, with its event.
  void seat_computer(int seat);
  // Play tables (table_quick.cpp): after quick_fill_seconds with people
  // waiting, computer players take the free seats and the game starts.
  void arm_fill();
  void fill_with_computers();
  // Scheduled tables (table_schedule.cpp): a full table starts at start_at,
  // not before; then a table not full is cancelled, or filled with
  // computer players if its creator allowed it.
  void start_when_due();
  void arm_schedule();
  void on_start_time();
  // Tells every connection of each person seated (wherever they are, in
  // the lobby or not) that the scheduled table opened: its game started,
  // or it was cancelled (table.opened).
  void notify_opened(bool started);
  // Invitations (table_invite.cpp): who may see and join an
  // invitation-only table; they expire when the game starts.
  void on_invite(const std::shared_ptr<WsSession>& s, const Player& p, const std::string& id,
                 const std::vector<std::string>& users);
  void on_decline(const std::shared_ptr<WsSession>& s, const Player& p, const std::string& id);
  // Whether this user may see the table and sit or watch there: anyone,
  // or at an invitation-only table its creator, those seated and invitees.
  bool may_enter(const Player& p) const;
  // Who may see the table in the lobby (nullopt: everyone).
  std::optional<std::set<std::int64_t>> audience() const;
  // Friends-only tables: reads a seated person's friends, then announces.
  void load_friends(std::int64_t user);

  // A seated player's new connection takes the seat back.
  void take_back(int seat, const std::shared_ptr<WsSession>& s);
  // Draws the seed and the first dealer and starts the game (Compete: after
  // the buy-ins are charged, table_compete.cpp).
  void start_game();
  std::string game_setup_json(std::uint64_t seed, int dealer) const;
  // The game's first deal as stored (with the game's row: the first actions
  // are played from it).
  std::string first_deal_json(std::uint64_t seed, int dealer) const;
  void launch(std::uint64_t seed, int dealer, std::shared_ptr<std::atomic<std::int64_t>> game_id);
  void begin_compete(std::uint64_t seed, int dealer);
  // A compete seat is taken only by someone who can pay the buy-in.
  void sit_if_affordable(const std::shared_ptr<WsSession>& s, const Player& p,
                         const std::string& id, int seat);
  void close();
  boost::asio::awaitable<std::string> close_by_operator(std::string reason);
  // Closes the table when no one sits or watches and no game is on.
  void close_if_empty();
  // After a game (table_release.cpp): a seated person whose connection
  // ended and who is not back within reconnect_grace seconds (counted from
  // the later of their going and the game's end) leaves the seat, as with
  // table.leave. arm_release() sets the timer for the first such seat.
  void arm_release();
  void release_absent();
  // Applies a legal action, broadcasts its events, stores it, re-arms the
  // timer. `automatic`: made for the player when time ran out.
  RuleError apply(const Action& a, bool automatic);
  // After a change: stores new deals and actions, ends the game or sends
  // the views (every seat's when hidden cards changed) and re-arms the timer.
  void after_change(bool private_change);
  // Stores the deals and actions not stored yet, in one job; the last
  // action carries the ack of the table.act being applied (acting_).
  void store_progress();
  // A full open table starts its game; a Compete table only once every
  // person seated is here (a buy-in is taken only from someone present).
  void start_if_full();
  void arm_timer();
  void on_timeout();
  // The seconds the seat to act has now (0: no clock), and the
  // milliseconds its clock has left, or null (table_clock.cpp).
  int turn_limit() const;
  nlohmann::json turn_ms_left() const;
  Action automatic_action() const;
  // Each seat's result of the finished game (table_results.cpp).
  storage::GameResults game_results() const;
  // Stores the finished game's result with each seat's result and, at a
  // Compete table, the payout, in one transaction (a retry changes
  // nothing: after a restart it finishes a game whose end was not stored).
  void store_result();

  int seat_of(std::int64_t user) const;
  int seated_count() const;
  // One of the table's own events (protocol/table_events.hpp).
  void broadcast(const protocol::TableEvent& event) {
    broadcast_text(protocol::table_event_text(event));
  }
  // An event already written as JSON text.
  void broadcast_text(const std::string& event);
  void send_view(int seat);
  void send_state(const std::shared_ptr<WsSession>& s, int seat, const std::string& id);
  nlohmann::json summary() const;
  std::vector<protocol::SeatInfo> seat_infos() const;
  nlohmann::json seats_json() const;
  void store_table();
  // Messages are queued (reply, broadcast, send_view) and flush() sends
  // them once the storage thread has written everything posted before:
  // every strand entry point ends with flush().
  void reply(const std::shared_ptr<WsSession>& s, const std::string& id, std::string text);
  void reply(const std::shared_ptr<WsSession>& s, const std::string& id,
             std::shared_ptr<const std::string> text);
  void flush();
  // An error answering request `id`: queued in the outbox as every answer,
  // so it never overtakes an earlier one still waiting for its commit.
  void error(const std::shared_ptr<WsSession>& s, const std::string& id,
             const protocol::ErrorReply& e);

  Hub& hub_;
  Context& ctx_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer timer_;
  boost::asio::steady_timer bot_timer_;   // a computer seat's natural delay
  boost::asio::steady_timer fill_timer_;  // Play: computers fill the free seats
  bool fill_armed_ = false;
  std::int64_t fill_at_ = 0;  // Play: when the fill comes (Unix seconds, summary's fill_at)
  boost::asio::steady_timer release_timer_;           // after a game: frees the seats of those gone
  std::chrono::steady_clock::time_point ended_at_{};  // when the last game ended
  std::int64_t id_;
  protocol::TableSetup setup_;
  std::string creator_;
  State state_ = State::kOpen;
  std::vector<Seat> seats_;
  std::map<WsSession*, std::weak_ptr<WsSession>> watchers_;
  std::set<std::int64_t> invited_;  // invitation-only tables: the invitees
  // Friends-only tables: the friends of each person seated, read when they
  // sat down.
  std::map<std::int64_t, std::vector<std::int64_t>> seated_friends_;

  std::optional<Game> game_;
  // The game's id, set by the storage thread when it creates the row.
  std::shared_ptr<std::atomic<std::int64_t>> game_id_;
  std::uint64_t seed_ = 0;
  std::int64_t v_ = 0;                                   // version of the last event
  std::vector<std::shared_ptr<const std::string>> log_;  // this game's events, by version
  std::int64_t log_start_ = 1;                           // version of log_[0]
  // What the table says, in order, until flush() sends it: a message for
  // one session (the answer to request `reply_id` when `reply`), or
  // something else to run at that point (`run`). The storage thread sends
  // it, so `run` must touch nothing of the table's.
  struct Outgoing {
    std::weak_ptr<WsSession> to;
    std::shared_ptr<const std::string> text;
    std::string reply_id;
    bool reply = false;
    std::function<void()> run;
    // A message for this session alone (a seat's view), in place of `text`:
    // its batch is written around it, in its own buffer.
    std::string own;
  };
  // Sends an outbox: one WebSocket message per session, a batch when it
  // holds several (table_send.cpp).
  static void send_all(std::vector<Outgoing>& out);
  std::vector<Outgoing> outbox_;
  bool closed_ = false;
  int last_actor_ = -1;  // the seat that acted last: it gets a fresh view
  // The table.act being applied (on_act's own arguments, for the time of
  // apply): after_change answers it once its events are out and before the
  // views it brings (send_ack), and its id and ack are stored with the
  // action (store_progress).
  struct Acting {
    const std::shared_ptr<WsSession>* session = nullptr;
    const std::string* id = nullptr;  // null: no table.act being applied
    int seat = -1;
  };
  Acting acting_;
  void send_ack();
  // The turn clock: armed for the action at history index armed_turn_,
  // with armed_limit_ seconds; a new generation cancels older callbacks.
  bool timer_armed_ = false;
  size_t armed_turn_ = 0;
  int armed_limit_ = 0;
  bool armed_idle_ = false;  // the clock is turn_idle's (a present player's untimed turn)
  std::chrono::steady_clock::time_point deadline_;  // when the armed clock runs out
  std::uint64_t timer_generation_ = 0;
  // The computer's decision in progress: for game game_generation_'s
  // history index think_turn_.
  std::uint64_t game_generation_ = 0;
  bool thinking_ = false;
  bool starting_ = false;  // a compete game's buy-ins are being charged
  bool opening_ = false;   // a scheduled table's start time came: tell at its start
  std::uint64_t think_game_ = 0;
  size_t think_turn_ = 0;
  size_t stored_deals_ = 0;
  size_t stored_actions_ = 0;
};

}  // namespace whist::server
