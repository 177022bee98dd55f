// Movements: who sits where, against whom, on which boards, round by round,
// in a duplicate pairs event (Mitchell, Howell) or a whist drive.
//
// A movement is a value computed from the field alone: the same request
// gives the same movement on any machine (whist-movement prints it, the
// server seats an event by it). docs/events.md describes each movement and
// why it was chosen; in short:
//
// - Mitchell, T tables (3 or more): N/S pair t sits at table t all event;
//   E/W pairs move up one table a round, board sets (B boards each, T sets)
//   move down one. With an odd T that is T rounds, every pair plays every
//   set once and meets each pair of the other direction once. With an even
//   T the E/W pairs skip one table after round T/2 (the skip Mitchell), so
//   no pair meets a set twice; T - 1 rounds, every table in play each
//   round, no relay and no bye.
// - Howell, P pairs (4 to 10): the round-robin ("circle") schedule, so each
//   pair meets every other once in P - 1 rounds (P rounds with one pair
//   sitting out when P is odd). Boards are data here, not cards carried
//   between tables: every table plays the round's set (a relay in club
//   terms), so every pair plays every set once and every board is compared
//   across the whole field. Directions alternate so that each pair sits
//   N/S about as often as E/W.
// - Drive, N players (4 or more): partnerships from a round-robin of the
//   players (N - 1 rounds when N is even, N when odd), so nobody partners
//   anyone twice; each round's partnerships are set against each other so
//   that players meet new opponents first; when N is not a multiple of 4
//   the players left over sit out, in turn. Every table plays the round's
//   set.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace whist::event {

enum class MovementKind { kMitchell, kHowell, kDrive };

const char* kind_name(MovementKind k);
std::optional<MovementKind> kind_from_name(const std::string& name);

// One table in one round.
struct Sitting {
  int table = 0;  // 1.. (tables in play only)
  // Mitchell: pair numbers per direction (N/S 1..T, E/W 1..T); Howell:
  // overall pair numbers (1..P) in the direction each sits. 0 in a drive.
  int ns = 0;
  int ew = 0;
  // Drive: players 1..N at north, east, south, west (N-S and E-W are
  // partners). Zeros in a pairs movement.
  std::array<int, 4> players{};
  std::vector<int> boards;  // board numbers, 1..boards
};

struct Round {
  int number = 0;  // 1..
  std::vector<Sitting> tables;
  std::vector<int> bye;  // boards nobody plays this round
  // Mitchell: pairs of each direction sitting out (by direction). Howell:
  // pairs; drive: players (in `sit_out`).
  std::vector<int> sit_out_ns;
  std::vector<int> sit_out_ew;
  std::vector<int> sit_out;
};

struct Movement {
  MovementKind kind = MovementKind::kMitchell;
  int field = 0;   // Mitchell: tables; Howell: pairs; drive: players
  int tables = 0;  // tables in play each round
  int boards_per_round = 0;
  int boards = 0;  // boards in the event, numbered 1..boards
  std::vector<Round> rounds;
};

struct MovementRequest {
  MovementKind kind = MovementKind::kMitchell;
  int field = 0;              // Mitchell: tables; Howell: pairs; drive: players
  std::optional<int> rounds;  // default: the most the movement allows
  int boards_per_round = 3;
};

inline constexpr int kMinBoardsPerRound = 1;
inline constexpr int kMaxBoardsPerRound = 16;
inline constexpr int kMaxMitchellTables = 60;
inline constexpr int kMinHowellPairs = 4;
inline constexpr int kMaxHowellPairs = 10;
inline constexpr int kMaxDrivePlayers = 240;

// The most rounds a field allows (no pair meeting an opponent or a board
// twice; in a drive, nobody partnering anyone twice), or a one-line message
// saying why the field is impossible.
std::variant<int, std::string> max_rounds(MovementKind kind, int field);

// The movement, or a one-line message (an impossible field, more rounds
// than the movement allows, boards per round out of range).
std::variant<Movement, std::string> make_movement(const MovementRequest& request);

}  // namespace whist::event
