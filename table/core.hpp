// A table, as a value: its settings, its seats and watchers, the game
// played at it, its versions and clocks. It takes one command at a time
// (a request, a disconnection, a clock's expiry, a computer's decision, a
// read's answer) and says what follows in its Effects (table/effects.hpp):
// the messages for each connection, the rows to store, the clocks to set.
// No Asio, no threads, no I/O: time comes in as a value (Now) and random
// seeds from the function it is given. The shell (server/table.hpp) runs
// it on a strand and carries out what it says; the unit tests
// (tests/table/) drive it directly.
//
// Where each behaviour is (one file each, table/):
//   core.cpp        the request switch, answers, events, views, the summary
//   sitting.cpp     table.sit / table.leave, seats taken back, connections lost
//   watching.cpp    table.watch / table.unwatch / table.sync
//   chat.cpp        table.chat and its modes
//   play.cpp        starting a game, table.act, storing its progress
//   turn_clock.cpp  the turn's clock, timeouts, the idle limit
//   away.cpp        players away (in the lobby, idle), who is present
//   computers.cpp   computer seats, stand-ins, suggestions
//   invitations.cpp invitation-only and friends-only tables
//   compete.cpp     buy-ins before a Compete game, payouts after
//   schedule.cpp    scheduled tables, quick play's fill
//   release.cpp     after a game, the seats of those gone are freed
//   results.cpp     a finished game's results; ratings beside the names
//   restore.cpp     a table brought back from storage
//   event_play.cpp  an event's table: its players seated, its boards
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "protocol/action_input.hpp"
#include "protocol/messages.hpp"
#include "protocol/table_events.hpp"
#include "protocol/table_replies.hpp"
#include "protocol/table_summary.hpp"
#include "table/effects.hpp"
#include "table/retry_cache.hpp"
#include "table/settings.hpp"

namespace whist::table {

// The server's settings a table follows (server/config.hpp).
struct CoreConfig {
  int turn_idle = 0;         // seconds of an untimed turn before a present player is away
  int reconnect_grace = 60;  // seconds an absent player's turn waits, and their seat after a game
  int bot_delay_ms = 0;      // a computer seat's natural delay
  int quick_fill_seconds = 30;  // Play: the wait for people
  int house_fee_percent = 0;    // Compete: the house's part of the pot
  // Random seeds (the deal's, the first dealer's, the computer's): the
  // CSPRNG in the server, any sequence in tests.
  std::function<std::uint64_t()> seeds;
};

// What storage kept of a table, for restore().
struct Snapshot {
  std::int64_t id = 0;
  storage::StoredTable row;
  storage::TableState state = storage::TableState::kOpen;
  // Its latest game, if any: its id, state, seed and dealer, its actions
  // (read by the shell from their stored text) and each action's request
  // ("V ID", "" for none).
  struct Game {
    std::int64_t id = 0;
    storage::GameState state = storage::GameState::kPlaying;
    std::uint64_t seed = 0;
    int dealer = 0;
    std::vector<Action> actions;
    std::vector<std::string> requests;
    size_t deals = 0;  // deals stored
  };
  std::optional<Game> game;
};

// A player an event seats at its table (user 0: a computer player).
struct EventSeat {
  std::int64_t user = 0;
  std::string name;
};

class TableCore {
 public:
  TableCore(std::int64_t id, TableSetup setup, std::string creator, CoreConfig config);
  // Rebuilds a table from storage; throws std::runtime_error saying why it
  // cannot. The next command should be resumed().
  static std::unique_ptr<TableCore> restore(const Snapshot& s, CoreConfig config, Now now);

  std::int64_t id() const { return id_; }
  bool closed() const { return closed_; }
  bool playing() const { return state_ == State::kPlaying; }  // a game on
  const TableSetup& setup() const { return setup_; }
  // The latest chat lines (at most kReportChatLines) with their Unix times,
  // oldest first, kept for a player's report (safety.report).
  static constexpr size_t kReportChatLines = 100;
  const std::vector<std::pair<protocol::event::Chat, std::int64_t>>& recent_chat() const {
    return recent_chat_;
  }
  // Quick play's key for a setup: its variant and number of players.
  static std::string quick_key(const TableSetup& setup);

  // What the commands since the last clear() brought.
  Effects& effects() { return out_; }
  // Storage jobs go to `sink` as soon as they are made, instead of waiting
  // in Effects::store for the end of the command: the server posts each to
  // the storage thread at once, which writes while the core goes on (the
  // views after an action; whist-load at 10,000 players: p50 latency 325
  // and 354 us with, 378 and 386 without). What the command says still
  // waits for their commit, the messages being posted after them. Set
  // before the first command.
  void store_at_once(std::function<void(StoreJob)> sink) { store_now_ = std::move(sink); }

  // --- Commands ---
  // A table request from a connection of a logged-in person.
  void request(Conn c, const Person& p, const std::string& id, const protocol::ClientMessage& m,
               Now now);
  // The connection ended: its seat is held, its watching ends.
  void disconnected(Conn c, std::int64_t user, Now now);
  // The connection went to the lobby (a seat it holds is away), or came
  // back (lobby.leave).
  void left_view(Conn c, std::int64_t user, Now now);
  void came_back(Conn c, std::int64_t user, Now now);
  // A clock set by a TimerOrder ran out.
  void clock(Clock which, std::uint64_t generation, Now now);
  // The computer's decision (none: the computer players were saturated, a
  // simple choice is made instead).
  void thought(const Thinking& about, std::optional<Action> a, double elapsed_ms, Now now);
  // A JudgeOrder's answer: whether the claim holds against every defence.
  void claim_judged(std::uint64_t game, size_t turn, bool holds, Now now);
  // Answers of storage jobs.
  void game_stored(std::uint64_t number, std::int64_t id);
  // A rated game's rating changes, stored: everyone at the table is told.
  void game_rated(const protocol::event::Rated& changes, Now now);
  // A seated player's rating (none: a guest, who has none).
  void rating_read(std::int64_t user, std::optional<protocol::ShownRating> rating, Now now);
  void buy_ins_charged(const store::ChargeBuyIns& job, std::int64_t game,
                       const std::vector<int>& short_seats, bool failed, Now now);
  void balance_read(const store::ReadBalance& job, std::int64_t balance, Now now);
  // A seated player's friends and the people they blocked (private tables).
  void friends_read(std::int64_t user, std::vector<std::int64_t> friends,
                    std::vector<std::int64_t> blocked, Now now);
  void accounts_found(const store::FindAccounts& job,
                      const std::vector<std::pair<std::string, std::int64_t>>& found,
                      const std::vector<std::string>& unknown, Now now);
  // The table was created: it is published, and a scheduled one waits for
  // its time.
  void created(Now now);
  // A restored table's first command: its clocks, a result not stored, the
  // start of a full table.
  void resumed(Now now);
  // The operator closes the table: everyone there is told why, nothing
  // more happens. Returns how many people were told (-1: it was closed
  // already, nothing changed).
  int close_by_operator(const std::string& reason, Now now);

  // --- An event's table (setup().event; event_play.cpp) ---
  // Seats the event's players, one per seat (computer players where the
  // user is 0), and starts its boards at once: nobody else sits, nobody
  // watches, the one game is played once (no rematch).
  void open_event(const std::vector<EventSeat>& seats, Now now);
  // The boards finished so far, in order (after a restart, for the event
  // to learn what it missed).
  std::vector<BoardScore> boards_played() const;
  // The side at fault for a board not finished when the round's clock ran
  // out (0 N/S, 1 E/W): the side with a player away, if only one has;
  // otherwise -1 (neither, for an even adjusted score).
  int side_at_fault() const;

 private:
  struct Seat {
    std::int64_t user = 0;  // 0: free; negative: a computer player (-k for "Computer k")
    std::string name;
    bool computer = false;  // a computer player sits here (no account, always connected)
    ai::Strength strength = ai::Strength::kExpert;  // the computer player's
    // The computer stands in for this player, who is away and whose time
    // ran out, until they come back.
    bool standin = false;
    bool suggesting = false;  // a suggestion is being thought about
    Conn conn = 0;            // the connection holding the seat (0: none)
    // When the connection ended (release.cpp: after a game, a seat whose
    // player is gone for the reconnect grace is freed).
    std::int64_t gone_since = 0;
    // Connected but not at the table (away.cpp): "lobby" (it joined the
    // lobby) or "idle" (it let a turn go by for turn_idle seconds).
    bool away = false;
    std::string away_reason;
    bool rematch = false;
    // The player's rating in the table's pool, once read (results.cpp).
    std::optional<protocol::ShownRating> rating;
    // Replies to this seat's table.act requests in this game by id, from
    // any connection of its player (retry_cache.hpp).
    RetryCache answered;
    bool connected() const { return conn != 0 || computer; }
  };
  enum class State { kOpen, kPlaying, kFinished };
  using Why = Thinking::Why;

  // Runs a command's body and ends it (the lobby's line, if it changed).
  template <typename F>
  void run(Now now, F&& body) {
    now_ = now;
    body();
    finish();
  }
  void finish();
  void handle(Conn c, const Person& p, const std::string& id, const protocol::ClientMessage& m);

  // core.cpp: answers, events, views.
  void reply(Conn c, const std::string& id, std::string text);
  void reply(Conn c, const std::string& id, Text text);
  // An error answering request `id`, in order with every other answer.
  void error(Conn c, const std::string& id, const protocol::ErrorReply& e);
  void broadcast(const protocol::TableEvent& event) {
    broadcast_text(protocol::table_event_text(event));
  }
  void broadcast_text(const std::string& event);  // a new version
  void send_view(int seat);
  void send_state(Conn c, int seat, const std::string& id);
  // What a seat (-1: a watcher) sees of the game; none without one.
  std::optional<Observation> view_of(int seat) const;
  void announce() { announce_ = true; }
  protocol::TableSummary summary_of() const;
  std::string summary() const;  // its text
  std::vector<protocol::SeatInfo> seat_infos() const;
  void store_table();
  void store(StoreJob job) {
    if (store_now_)
      store_now_(std::move(job));
    else
      out_.store.push_back(std::move(job));
  }
  void log(LogLine::Level level, std::string text) {
    out_.logs.push_back({level, std::move(text)});
  }
  void set_clock(Clock which, std::optional<std::int64_t> at_mono_ms);
  void close();
  void close_if_empty();
  int seat_of(std::int64_t user) const;
  int seated_count() const;
  int people_count() const;
  bool full() const { return seated_count() == static_cast<int>(seats_.size()); }

  // sitting.cpp
  // `affordable`: a Compete table's buy-in was checked against the balance.
  void on_sit(Conn c, const Person& p, const std::string& id, int seat, bool affordable = false);
  void on_leave(Conn c, const Person& p, const std::string& id);
  void free_seat(Conn c, const std::string& id, int seat);
  void take_back(int seat, Conn c);
  void on_rematch(Conn c, const Person& p, const std::string& id);
  // watching.cpp
  void on_watch(Conn c, const std::string& id);
  void on_unwatch(Conn c, const std::string& id);
  void on_sync(Conn c, const Person& p, const std::string& id, std::int64_t since);
  // chat.cpp
  void on_chat(Conn c, const Person& p, const std::string& id, const protocol::TableChat& m);
  bool watchers_apart() const;  // watchers' chat reaches the watchers only now
  void release_watcher_chat();  // after the game, for everyone
  // play.cpp
  void start_if_full();
  void start_game();
  // A new game's row: its setup, the seats now and its first deal.
  int cut_for_seats(Rng& draw);
  store::NewGame new_game(std::uint64_t seed, int dealer);
  void launch(std::uint64_t seed, int dealer, std::int64_t game_id);
  void on_act(Conn c, const Person& p, const std::string& id, const protocol::ActionInput& a);
  void send_ack();
  // The answer to a table.act by the rules (an ack, or a refusal), which
  // the seat remembers.
  void answer_act(Conn c, Text text);
  // Applies a legal action, broadcasts its events, stores it, re-arms the
  // clock. `automatic`: made for the player (time ran out, or away).
  RuleError apply(const Action& a, bool automatic);
  void after_change(bool private_change);
  void store_progress();
  GameKey game_key() const { return {game_number_, game_id_}; }
  // turn_clock.cpp
  void arm_timer();
  void on_timeout();
  int turn_limit() const;
  std::optional<std::int64_t> turn_ms_left() const;
  Action automatic_action() const;
  // away.cpp
  static bool present(const Seat& st);
  void go_away(int seat, const std::string& reason);
  bool ready_to_start() const;
  // computers.cpp
  void on_add_bot(Conn c, const Person& p, const std::string& id, int seat, ai::Strength strength);
  void on_remove_bot(Conn c, const Person& p, const std::string& id, int seat);
  void on_suggest(Conn c, const Person& p, const std::string& id);
  bool computer_turn() const;
  void drive_computer();
  void start_thinking(Why why);
  void apply_thought(const Thinking& about, const Action& a);
  bool same_turn(std::uint64_t game, size_t turn) const;
  void seat_computer(int seat, ai::Strength strength = ai::Strength::kExpert);
  // invitations.cpp
  void on_invite(Conn c, const Person& p, const std::string& id,
                 const std::vector<std::string>& users);
  void on_decline(Conn c, const Person& p, const std::string& id);
  void on_invite_link(Conn c, const Person& p, const std::string& id, bool revoke);
  // claims.cpp
  void on_claim(Conn c, const Person& p, const std::string& id, int tricks);
  void on_claim_answer(Conn c, const Person& p, const std::string& id, bool accept);
  void claim_answered(int seat, bool accept, bool timeout);
  void claim_timed_out();
  std::optional<protocol::table_reply::ClaimState> claim_state() const;
  // undo.cpp
  void on_undo(Conn c, const Person& p, const std::string& id);
  void on_undo_answer(Conn c, const Person& p, const std::string& id, bool accept);
  void undo_answered(int seat, bool accept, bool timeout);
  void undo_timed_out();
  std::optional<protocol::table_reply::UndoState> undo_state() const;
  void redeem_invite(const Person& p, const protocol::ClientMessage& m);
  bool may_enter(const Person& p) const;
  std::optional<std::set<std::int64_t>> audience() const;
  void load_friends(std::int64_t user);
  // compete.cpp
  void sit_if_affordable(Conn c, const Person& p, const std::string& id, int seat);
  void begin_compete(std::uint64_t seed, int dealer);
  // schedule.cpp
  void start_when_due();
  void arm_schedule();
  void on_start_time();
  void notify_opened(bool started);
  void arm_fill();
  void fill_with_computers();
  // release.cpp
  void arm_release();
  void release_absent();
  // results.cpp
  storage::GameResults game_results() const;
  bool rated_game() const;  // the game being played changes ratings
  // The people seated's mean rating (1500 for a guest, or a rating not
  // read yet): quick play's match (table/quick_match.hpp).
  int forming_rating() const;
  void read_rating(std::int64_t user);  // for the name's label (rating_read)
  void store_result();
  // restore.cpp
  void replay(const Snapshot::Game& g, storage::TableState state);
  // event_play.cpp
  // A new game from its seed and first dealer: the seeded deals, or an
  // event table's boards.
  Game make_game(std::uint64_t seed, int dealer);
  BoardScore board_score(size_t deal) const;
  bool own_pace() const { return setup_.event && setup_.event->own_pace; }

  std::int64_t id_;
  TableSetup setup_;
  std::string creator_;
  CoreConfig config_;
  Effects out_;
  std::function<void(StoreJob)> store_now_;
  Now now_;
  bool announce_ = false;
  State state_ = State::kOpen;
  bool closed_ = false;
  std::vector<Seat> seats_;
  std::set<Conn> watchers_;
  std::set<std::int64_t> invited_;  // invitation-only tables: the invitees
  // Invitation-only tables: the invite link's token (empty: none); whoever
  // sits or watches with it is invited.
  std::string invite_token_;
  // Watchers' lines during this game at a rated table, told to everyone
  // after it (chat.cpp).
  std::vector<protocol::event::Chat> watcher_chat_;
  // Friends-only tables: the friends of each person seated, read when they
  // sat down.
  std::map<std::int64_t, std::vector<std::int64_t>> seated_friends_;
  // Private tables: whom each person seated has blocked (they may not come).
  std::map<std::int64_t, std::vector<std::int64_t>> seated_blocked_;
  // The latest chat lines, every one (a watcher's held line included), for
  // a report about someone here (recent_chat); a vector, not a std::deque
  // (576 bytes even empty, and most tables never chat).
  std::vector<std::pair<protocol::event::Chat, std::int64_t>> recent_chat_;

  std::optional<Game> game_;
  std::shared_ptr<const std::vector<Deal>> boards_;  // an event table's deals, once made
  std::uint64_t game_number_ = 0;  // games started here (the current one's number)
  std::int64_t game_id_ = 0;       // its row's id, once storage said
  std::uint64_t seed_ = 0;
  std::int64_t v_ = 0;  // version of the last event
  // This game's events for table.sync, by version: each message's text,
  // one after another in one string, and where each ends (about 110 bytes
  // an event, where a shared string each took about 190).
  std::string log_text_;
  std::vector<std::uint32_t> log_ends_;
  std::int64_t log_start_ = 1;  // version of the first
  int last_actor_ = -1;         // the seat that acted last: it gets a fresh view
  // The table.act being applied: after_change answers it once its events
  // are out and before the views it brings (send_ack), and its id and ack
  // are stored with the action (store_progress).
  struct Acting {
    Conn conn = 0;
    const std::string* id = nullptr;  // null: no table.act being applied
    int seat = -1;
  };
  Acting acting_;

  // Clocks: each one's generation (a setting replaces the one before).
  std::uint64_t generation_[kClocks] = {};
  // The turn clock: armed for the action at history index armed_turn_,
  // with armed_limit_ seconds, running out at deadline_ms_.
  bool timer_armed_ = false;
  size_t armed_turn_ = 0;
  int armed_limit_ = 0;
  bool armed_idle_ = false;  // the clock is turn_idle's (a present player's untimed turn)
  std::int64_t deadline_ms_ = 0;
  // The computer's decision awaited (think_game_'s history index
  // think_turn_), and the one waiting for its natural delay.
  bool thinking_ = false;
  std::uint64_t think_game_ = 0;
  size_t think_turn_ = 0;
  std::optional<std::pair<Thinking, Action>> delayed_;
  // A claim waiting for the opponents' answers (claims.cpp).
  struct PendingClaim {
    int seat = 0;
    int tricks = 0;
    std::set<int> waiting;  // the opponents yet to answer
    size_t turn = 0;        // the history index it was made at
  };
  std::optional<PendingClaim> claim_;
  // An undo waiting for everyone else's answers (undo.cpp).
  struct PendingUndo {
    Action undo;            // the undo it would apply
    std::set<int> waiting;  // the seats yet to answer
    std::set<int> accepted;
  };
  std::optional<PendingUndo> undo_;
  bool fill_armed_ = false;
  std::int64_t fill_at_ = 0;   // Play: when the fill comes (Unix seconds, summary's fill_at)
  std::int64_t ended_at_ = 0;  // monotonic ms: when the last game ended
  bool starting_ = false;      // a Compete game's buy-ins are being charged
  bool opening_ = false;       // a scheduled table's start time came: tell at its start
  size_t stored_deals_ = 0;
  size_t stored_actions_ = 0;
  bool resume_in_play_ = false;  // restored with its game in play (resumed() stores what is due)
};

}  // namespace whist::table
