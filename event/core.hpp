// An event as a value: a duplicate pairs event (Mitchell, Howell) or a
// whist drive, from its entries to its standings. Like a table's core it
// takes one command at a time (an entry, the start, a board's result, the
// round's clock, the director's orders) and says what follows in its
// Effects: the tables to open for a round, the round's clock, chips to
// charge, refund or pay, and whether anything changed (to store and tell).
// No I/O, no clock of its own (time comes in as Unix seconds), no JSON:
// the server's shell carries the effects out and keeps the event stored.
//
// The rules it follows (docs/events.md, "Running an event"):
// - Entries while the event is open. Pairs events: a player enters with a
//   partner (the pair is made when the partner enters naming them too) or
//   alone, asking for a partner; at the start singles (and those whose
//   partner never came) are paired in order of entry, and one left over
//   gets a computer partner. A drive: everyone enters alone. An entry fee
//   is charged on entering and refunded on withdrawing or a cancelled event.
// - The start: pair numbers in order of entry (a Mitchell: N/S 1, E/W 1,
//   N/S 2, ...; an odd number of pairs gets a computer pair), the movement
//   for the field, then round 1.
// - A round: every table of the movement's round opens with its players
//   (computers where a pair or player is missing) and its boards; the
//   round's clock runs. A board's result comes from its table; when every
//   table has finished the next round starts; when the clock runs out,
//   every board not finished gets an adjusted score (60/40 against the side
//   at fault, if the table says one was, else 50/50) and the next round
//   starts.
// - After the last round the event is finished; with an entry fee the pot,
//   less the house's part, goes to the winners (a Mitchell: half to each
//   direction's; equal first places share).
// - The director may pause (the clock stops; tables are told to hold),
//   resume, extend the round, replace a player (by another account or a
//   computer, from the next table they sit at), end the event early (the
//   round ends as if its clock ran out, then the event finishes), or cancel
//   it (every fee refunded once).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/options.hpp"
#include "event/boards.hpp"
#include "event/movement.hpp"
#include "event/scoring.hpp"

namespace whist::event {

enum class EventState { kOpen, kRunning, kFinished, kCancelled };

// Who may enter: anyone logged in, the director's friends (and those they
// invite), or those the director invites only.
enum class EntryRule { kOpen, kFriends, kInvited };

const char* entry_name(EntryRule r);
std::optional<EntryRule> entry_from_name(const std::string& name);

// A player: an account, or a computer (account 0).
struct Player {
  std::int64_t account = 0;
  std::string name;
  bool computer() const { return account == 0; }
  bool operator==(const Player&) const = default;
};

struct EventSettings {
  std::string name;
  MovementKind kind = MovementKind::kMitchell;
  Rules rules;  // classic, finalized: the boards' trump rule and honours
  ScoringMethod scoring = ScoringMethod::kMatchpoints;
  std::optional<int> rounds;  // default: the most the movement allows
  int boards_per_round = 3;
  int round_seconds = 20 * 60;
  std::int64_t start_unix = 0;  // when it starts (the director may start it sooner)
  int fee = 0;                  // chips per player, 0: free
  int house_percent = 10;       // the house's part of the pot
  std::uint64_t seed = 0;       // the boards' (event/boards.hpp), from the CSPRNG
  EntryRule entry = EntryRule::kOpen;
  std::vector<Player> invited;  // those the director invited, in order
};

const char* state_name(EventState s);
std::optional<EventState> state_from_name(const std::string& name);

// An entry: a pairs event's pair (or one half of it, waiting for a partner
// or asking for one), or a drive's player.
struct Entry {
  Player player;
  std::optional<Player> partner;  // pairs: made
  std::int64_t asked = 0;         // pairs: the account asked to partner (0: a single)
};

// One table in one round as the event runs it: seats north, east, south,
// west; N/S and E/W pair numbers (a drive: 0) or the drive's player
// numbers; the boards; those finished.
struct EventTable {
  int round = 0;
  int table = 0;
  std::array<Player, 4> seats;
  int ns = 0;
  int ew = 0;
  std::array<int, 4> players{};  // a drive: player numbers; pairs: 0
  std::vector<int> boards;
  std::set<int> done;
  bool finished() const { return done.size() == boards.size(); }
};

// A board's result at one table.
struct BoardResult {
  int board = 0;
  int round = 0;
  int table = 0;
  int ns = 0;  // pair numbers (pairs events)
  int ew = 0;
  std::array<int, 4> players{};  // a drive
  double ns_score = 0;
  double ew_score = 0;
  std::optional<int> adjusted_ns_percent;
  // How it was played (tricks, bid whist's contract); none when adjusted,
  // and for results stored before it was kept.
  std::optional<BoardPlay> play;
};

enum class EventError {
  kNone,
  kNotOpen,         // entries and withdrawals only while the event is open
  kAlreadyEntered,  // one entry per player
  kNotEntered,
  kFull,  // the movement takes no more
  kSelfPartner,
  kNotRunning,
  kUnknownTable,  // a result for a table or board not in play
  kNotDirector,
  kTooFew,         // the start: not enough entries for the movement
  kUnknownPlayer,  // a replacement for someone not in the event
  kNotInvited,     // the event is for the director's friends or the invited
};

// Chips to move: an entry fee (negative), a refund or a prize (positive).
// Moves of one batch (`batch`, numbered by the event from 1: a fee, a
// refund, or all the prizes) go to the ledger together, once.
struct ChipMove {
  std::int64_t account = 0;
  std::int64_t chips = 0;
  enum class Why { kFee, kRefund, kPrize } why = Why::kFee;
  std::int64_t batch = 0;
};

struct EventEffects {
  std::vector<EventTable> open;       // tables to open now (a new round)
  bool close_round = false;           // the round's tables are done: close them
  std::optional<std::int64_t> clock;  // set the event's clock (Unix seconds; 0: none)
  bool hold = false;                  // paused: tables hold play
  bool resume = false;                // resumed: tables play on
  std::vector<ChipMove> chips;
  std::string notice;  // one line for everyone in the event (the start, a round, the end)
  bool changed = false;
};

// Everything an event is: what storage keeps (storage/event_codec.hpp) and
// restore gives back. The movement itself is not kept: it is made again
// from the field and the rounds planned.
struct EventData {
  std::int64_t id = 0;
  EventSettings settings;
  Player director;
  EventState state = EventState::kOpen;
  bool paused = false;
  std::int64_t paused_left = 0;  // paused: the round's seconds left
  int round = 0;
  std::int64_t round_ends = 0;
  std::vector<Entry> entries;
  int field = 0;           // started: the movement's field (tables, pairs or players)
  int planned_rounds = 0;  // started: the movement's rounds (fewer after an early end)
  std::map<std::pair<int, int>, std::array<Player, 2>> pairs;
  std::map<int, Player> drive_players;
  std::vector<EventTable> tables;  // this round's
  std::vector<BoardResult> results;
  std::map<std::int64_t, std::int64_t> paid;  // fees paid and not refunded, by account
  std::int64_t chip_batches = 0;              // chip batches numbered so far
  // The server's table (its id) for each (round, table) it made: where each
  // board's play is kept, for the records once the event is over.
  std::map<std::pair<int, int>, std::int64_t> table_ids;
};

// Whether `account` may enter (and see) the event: anyone in an open one;
// in a friends' one the director's friends (`directors_friend`, as the
// server's friendships say) and the invited; in an invited one the
// invited. The director and everyone already in it always.
bool admits(const EventData& d, std::int64_t account, bool directors_friend);

class EventCore {
 public:
  EventCore(std::int64_t id, EventSettings settings, Player director);
  // An event as storage kept it.
  explicit EventCore(EventData data);
  const EventData& data() const { return d_; }

  std::int64_t id() const { return d_.id; }
  const EventSettings& settings() const { return d_.settings; }
  const Player& director() const { return d_.director; }
  EventState state() const { return d_.state; }
  bool paused() const { return d_.paused; }
  int round() const { return d_.round; }  // 1.. while running; 0 before
  std::int64_t round_ends() const { return d_.round_ends; }
  const std::vector<Entry>& entries() const { return d_.entries; }
  const std::vector<EventTable>& tables() const { return d_.tables; }  // this round's
  const std::optional<Movement>& movement() const { return movement_; }
  const std::vector<BoardResult>& results() const { return d_.results; }
  // Pairs: each pair number's players (a Mitchell: by direction, "ns"/"ew"
  // as 0/1; otherwise direction 0). A drive: each player number's player.
  const std::map<std::pair<int, int>, std::array<Player, 2>>& pairs() const { return d_.pairs; }
  const std::map<int, Player>& drive_players() const { return d_.drive_players; }

  bool admits(std::int64_t account, bool directors_friend) const {
    return event::admits(d_, account, directors_friend);
  }

  // Commands. Each clears the effects first.
  // An entry; refused (kNotInvited) unless the event admits the player.
  EventError enter(const Player& p, std::int64_t partner, std::int64_t now,
                   bool directors_friend = false);
  // The director invites players (while the event is open); those already
  // invited are left as they are.
  EventError invite(std::int64_t account, const std::vector<Player>& who, std::int64_t now);
  EventError withdraw(std::int64_t account, std::int64_t now);
  // The clock: starts the event at its time, ends a round at its time.
  // `at_fault`: for tables of the round not finished, the side at fault
  // (0 N/S, 1 E/W) where the table saw one.
  void tick(std::int64_t now, const std::map<int, int>& at_fault = {});
  // The director starts the event now (before its time).
  EventError start(std::int64_t account, std::int64_t now);
  // A board finished at a table of the current round, with each side's
  // points on it and how it was played (for its traveller).
  EventError board_finished(int round, int table, int board, double ns_score, double ew_score,
                            std::int64_t now, std::optional<BoardPlay> play = std::nullopt);
  EventError pause(std::int64_t account, std::int64_t now);
  EventError resume(std::int64_t account, std::int64_t now);
  EventError extend(std::int64_t account, int seconds, std::int64_t now);
  EventError replace(std::int64_t account, std::int64_t who, const Player& by, std::int64_t now);
  EventError end_early(std::int64_t account, std::int64_t now,
                       const std::map<int, int>& at_fault = {});
  EventError cancel(std::int64_t account, std::int64_t now);

  const EventEffects& effects() const { return out_; }

  // The server made (round, table)'s table with this id (kept with the
  // event; no effects).
  void table_made(int round, int table, std::int64_t id) { d_.table_ids[{round, table}] = id; }

  // The standings so far: a pairs event's (from whist-score's rules) or a
  // drive's; with `before_round`, from the rounds before it only (what is
  // published while a round is being played: its boards' results would
  // tell those yet to play them).
  Standings pair_standings(int before_round = 0) const;
  std::vector<PlayerStanding> drive_standings_now(int before_round = 0) const;
  // Every board's traveller (pairs events), from the rounds before
  // `before_round` (0: all).
  std::vector<Traveller> travellers_now(int before_round = 0) const;
  // How many pairs (or players) the movement takes at most.
  int capacity() const;

 private:
  void begin(std::int64_t now);
  void open_round(std::int64_t now);
  void end_round(std::int64_t now, const std::map<int, int>& at_fault);
  void finish(std::int64_t now);
  void pay_prizes();
  void refund_all();
  void move_chips(std::int64_t account, std::int64_t chips, ChipMove::Why why, bool new_batch);
  int field_needed() const;
  // The entries as the start seats them: pairs (singles paired in order,
  // one left over with a computer), or a drive's players (second empty).
  std::vector<std::array<Player, 2>> units() const;

  EventData d_;
  std::optional<Movement> movement_;
  EventEffects out_;
};

}  // namespace whist::event
