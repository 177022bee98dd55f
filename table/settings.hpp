// A table's settings: the rules its games are played by (engine/options)
// and what the table adds around them (timers, chat, watching, who may
// join, chips, a scheduled start). Plain values, shared by the wire
// format (protocol/), storage and the server; no I/O, no JSON.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/options.hpp"

namespace whist {

enum class ChatMode : std::uint8_t { kNone, kPreset, kText };
// Join: a table whose creator chooses everything; Play: quick play, opened
// by the server (play.quick); Compete: a chip buy-in, no suggestions.
enum class TableKind : std::uint8_t { kJoin, kPlay, kCompete };

// A table's settings besides the rules (Trickster's table settings).
struct TableSettings {
  int timer_bid = 0;   // seconds to bid: 0 (off), 7, 15, 30 or 60
  int timer_play = 0;  // seconds to play a card, the same values
  ChatMode chat = ChatMode::kText;
  bool watching = true;  // up to 10 watchers
  bool suggestions = false;
  std::string preset;  // a classic preset's id, when one was chosen
  TableKind kind = TableKind::kJoin;
  int buy_in = 0;               // Compete: 30, 110, 275 or 550 chips per seat
  bool invite_only = false;     // Join, Compete: only the invited see and join it
  bool friends_only = false;    // Join (the default there): only the players' friends
  std::int64_t start_at = 0;    // Unix seconds of a scheduled start; 0: now
  bool computers_fill = false;  // a scheduled table's free seats get computer players
  // Each game starts with a cut for partners and the first dealer
  // (engine/cut.hpp): players may change seats.
  bool cut = false;
  // Its games change the players' ratings (docs/ratings.md): by default
  // where people play on their own (no suggestions, no computers filling
  // seats); always at Compete tables. A game with a computer player seated
  // at its start is not rated (a stand-in later does not change that).
  bool rated = false;
  // A player may ask to take back their last card, undone if everyone else
  // at the table agrees (table/undo.cpp): Join tables only, never rated.
  bool undo = false;
};

// What a table's settings may be: the one list that the wire format checks
// (protocol/table_json) and the server describes to clients (welcome).
inline constexpr std::array<int, 5> kTimerSeconds = {0, 7, 15, 30, 60};  // 0: off
inline constexpr std::array<int, 4> kBuyIns = {30, 110, 275, 550};       // Compete, chips a seat
inline constexpr std::array<ChatMode, 3> kChatModes = {ChatMode::kText, ChatMode::kPreset,
                                                       ChatMode::kNone};
inline constexpr std::array<TableKind, 3> kTableKinds = {TableKind::kJoin, TableKind::kPlay,
                                                         TableKind::kCompete};
inline constexpr int kMaxWatchers = 10;            // a table with watching on
inline constexpr std::size_t kMaxChatChars = 200;  // a chat line, in code points

// The preset chat phrases, sent by number.
const std::vector<std::string>& chat_phrases();
// Words for people: "Preset phrases", "Text", "None".
std::string_view chat_mode_label(ChatMode m);

// A table of an event (event/core.hpp, server/events.hpp): the event
// seats its players (table.sit takes no one else, nobody watches), and its
// one game plays the event's boards first_board .. first_board + boards - 1
// (the rules' `boards` option), dealt from the event's seed
// (event/boards.hpp). The seed never leaves the server: the wire shows the
// rest.
struct EventPlay {
  std::int64_t event = 0;
  int round = 0;  // 1..; the daily duplicate's: 0
  int table = 0;  // the table's number in the round (1..); the daily's: 0
  std::uint64_t seed = 0;
  int first_board = 1;
  // The daily duplicate: the player plays at their own pace (no stand-in
  // for them while they are away, no clock on their turn).
  bool own_pace = false;
};

struct TableSetup {
  Rules rules;
  TableSettings settings;
  std::optional<EventPlay> event;
};

std::string_view chat_mode_name(ChatMode m);
std::string_view table_kind_name(TableKind k);

}  // namespace whist
