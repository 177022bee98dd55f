// What a table core says after a command (table/core.hpp): the messages
// for each recipient, the rows to store, the clocks to set, the decisions
// to ask the computer for and what the lobby should know. Values only: the
// shell around the core (server/table.hpp) carries them out, in this order:
// the storage jobs first (in order), then the messages, once everything
// stored before them is written, so nobody is told of a change a crash
// could lose.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "engine/ai/player.hpp"
#include "engine/ai/solver.hpp"
#include "engine/game.hpp"
#include "event/boards.hpp"
#include "protocol/table_events.hpp"
#include "storage/result_store.hpp"
#include "storage/states.hpp"
#include "storage/table_codec.hpp"

namespace whist::table {

// A connection, as the shell numbers them (never 0).
using Conn = std::uint64_t;
// A message's text, shared by every recipient of it.
using Text = std::shared_ptr<const std::string>;

// Someone logged in, as a request comes from them.
struct Person {
  std::int64_t id = 0;
  std::string name;
  bool guest = false;  // a guest account (no chips: no Compete seat)
};

// The clocks as values: the core never reads a clock itself.
struct Now {
  std::int64_t mono_ms = 0;  // monotonic (timers, graces)
  std::int64_t unix_ms = 0;  // wall clock (schedules, versions, rows)
  std::int64_t unix_s() const { return unix_ms / 1000; }
};

// One message, in order. For one connection: `text` (shared with others:
// an event, an answer) or `own` (this connection's alone: a seat's view);
// `reply_id` when it answers that request. For people: `to` is 0 and the
// text goes to every connection of each of `users`, wherever they are.
struct Message {
  Conn to = 0;
  Text text;
  std::string own;
  std::string reply_id;
  bool reply = false;
  std::vector<std::int64_t> users;
};

// A game of the table, as storage jobs name it: the table's game number
// (counted by the core), and its row's id when known (restored, or a
// Compete game whose row came with its buy-ins); otherwise the shell knows
// it from the CreateGame it carried out.
struct GameKey {
  std::uint64_t number = 0;
  std::int64_t id = 0;
};

namespace store {

// The jobs carry values; the shell writes a game's texts (the records'
// format: protocol/record_json.hpp) as storage keeps them.

// A new game's row: its setup (the rules, the first dealer and the seed),
// the seats as the game starts with them, and its first deal.
struct NewGame {
  Rules rules;
  int dealer = 0;
  std::uint64_t seed = 0;
  std::vector<protocol::SeatInfo> seats;
  DealSpec first_deal;
};
// The table's row.
struct SaveTable {
  storage::StoredTable row;
  storage::TableState state = storage::TableState::kOpen;
};
// A new game's row with its first deal; the shell answers game_stored().
struct CreateGame {
  GameKey game;
  NewGame row;
};
// A Compete game's row, with every seat's buy-in charged in the same
// transaction (nothing if a seat cannot pay); answered by buy_ins_charged(),
// which launches the game of the row once paid.
struct ChargeBuyIns {
  GameKey game;
  NewGame row;
  std::vector<std::int64_t> users;  // by seat
  int buy_in = 0;
};
// Deals and actions not stored yet, in order; the last action carries the
// request that made it ("V ID": its ack's version and the request's id).
struct AppendProgress {
  GameKey game;
  Variant variant = Variant::kClassic;  // the actions' variant
  size_t first_deal = 0;
  std::vector<DealSpec> deals;
  size_t first_action = 0;
  std::vector<Action> actions;
  std::string request;
};
// The finished game's result, each seat's result and at a Compete table
// the payout, in one transaction (a retry changes nothing).
struct FinishGame {
  GameKey game;
  std::vector<int> scores, winners;  // the result
  storage::GameResults results;
  std::vector<std::int64_t> users;  // by seat (Compete)
  std::vector<int> winning_seats;   // (Compete)
  int buy_in = 0;
  int fee_percent = 0;
  std::int64_t now = 0;  // Unix seconds
  // A rated game: the ratings change in the same transaction, and the
  // core is told (game_rated) once they are committed.
  bool rated = false;
};
// Reads, each answered by the core command named, with the job itself
// (what it was asked for).
struct ReadBalance {  // balance_read(): may this person sit at a Compete table?
  Conn conn = 0;
  Person who;
  std::string request_id;
  int seat = -1;  // as asked (-1: any)
  int buy_in = 0;
};
struct ReadFriends {  // friends_read(): a private table's audience, and whom they blocked
  std::int64_t user = 0;
};
struct ReadRating {  // rating_read(): a seated player's rating, beside their name
  std::int64_t user = 0;
  std::string pool;
};
struct FindAccounts {  // accounts_found(): table.invite's usernames
  Conn conn = 0;
  std::string request_id;
  std::vector<std::string> names;
  std::int64_t by = 0;  // who invites: those who blocked them are not found
};

}  // namespace store

using StoreJob = std::variant<store::SaveTable, store::CreateGame, store::ChargeBuyIns,
                              store::AppendProgress, store::FinishGame, store::ReadBalance,
                              store::ReadFriends, store::FindAccounts, store::ReadRating>;

// The table's clocks. A clock set again replaces the one before; an expiry
// comes back to the core with the generation it was set with, and one from
// an older setting is ignored.
enum class Clock : std::uint8_t {
  kTurn,      // the seat to act's time (or the idle limit)
  kComputer,  // a computer seat's natural delay before its move
  kStart,     // Play: computers fill the seats; scheduled: the start time
  kRelease,   // after a game: the seats of those gone are freed
  kClaim,     // a claim's time for its answers
  kUndo,      // an undo's time for its answers
};
constexpr int kClocks = 6;
struct TimerOrder {
  Clock clock = Clock::kTurn;
  std::uint64_t generation = 0;
  std::optional<std::int64_t> at_mono_ms;  // none: cancelled
};

// A decision asked of the computer, from the seat's own observation: for
// the turn (its seat, a stand-in, or a player out of time), or a
// suggestion for a player (answering their request).
struct Thinking {
  enum class Why : std::uint8_t { kComputer, kStandin, kTimeout, kSuggest };
  Why why = Why::kComputer;
  std::uint64_t game = 0;  // the core's game generation
  size_t turn = 0;         // the history index
  int seat = -1;
  // A suggestion: whose request it answers, at which version.
  Conn conn = 0;
  std::string request_id;
  std::int64_t v = 0;
};
struct ThinkOrder {
  Thinking about;
  Observation seen;
  std::uint64_t seed = 0;
  // A computer seat's own; a stand-in and a suggestion think as an expert.
  ai::Strength strength = ai::Strength::kExpert;
};

// A claim for the computer opponents to judge: whether the claimer's side
// takes at least `tricks` of the position's tricks against every defence
// (the double-dummy solver on every hand: the arbiter's question, asked
// outside the table's strand). The answer comes back as claim_judged.
struct JudgeOrder {
  std::uint64_t game = 0;  // the core's game generation
  size_t turn = 0;         // the history index of the claim
  int tricks = 0;
  ai::Position position;
};

// An event table's board, finished: its number and each side's points on
// it (N/S: seats 0 and 2, E/W: 1 and 3), for the event (server/events).
struct BoardScore {
  int board = 0;
  int ns = 0;
  int ew = 0;
  event::BoardPlay play;  // tricks, and bid whist's contract
  bool operator==(const BoardScore&) const = default;
};

// Log lines, for the shell to write.
struct LogLine {
  enum class Level : std::uint8_t { kInfo, kWarn, kError };
  Level level = Level::kInfo;
  std::string text;
};

// Everything one command brought.
struct Effects {
  std::vector<StoreJob> store;
  std::vector<Message> messages;
  std::vector<TimerOrder> timers;
  std::vector<ThinkOrder> think;
  std::vector<JudgeOrder> judge;
  std::vector<Conn> joined;  // connections now seated or watching here
  // The lobby's line for the table (its summary, and who may see it: none
  // for everyone), when it changed.
  std::optional<std::string> lobby;
  std::optional<std::set<std::int64_t>> audience;
  bool closed = false;         // the table is gone (from the lobby and the hub)
  bool clear_forming = false;  // quick play seats no one more here
  bool set_forming = false;    // quick play seats people here again
  // A forming Play table's seated people's mean rating (quick play seats
  // people of similar rating together), when its lobby line changed.
  std::optional<int> forming_rating;
  int errors = 0;    // error answers sent
  int playing = 0;   // games started (+1) or ended (-1)
  int finished = 0;  // games finished
  std::vector<LogLine> logs;
  std::vector<BoardScore> boards;  // an event table's boards finished

  bool empty() const {
    return store.empty() && messages.empty() && timers.empty() && think.empty() && joined.empty() &&
           !lobby && !closed && !clear_forming && !set_forming && !forming_rating && !errors &&
           !playing && !finished && logs.empty() && boards.empty();
  }
  void clear();
};

}  // namespace whist::table
