// Boards: the deals of an event, fixed when it is created. Board b's four
// hands come from the event's seed (drawn from the CSPRNG by the server)
// and b alone, so every table that plays board 7 plays the same cards; its
// dealer is North for board 1, then East, South, West in turn; its trump is
// what the event's rule gives it: the dealer's turned card (`turn`) or the
// rotation hearts, diamonds, spades, clubs (and no trump with `rotate_nt`)
// from board 1 on. Classic or bid whist (docs/events.md says why): a bid
// whist board is the four hands and the kitty, dealt by its dealer, and
// the bidding at each table names its trump (Board::trump is kNoSuit).
//
// A table plays a run of consecutive boards as one game with given deals
// (`boards_rules`): the `boards` option ends it after the run, and
// `first_trump` starts the rotation at the run's first board, so the
// engine plays each board with its own trump.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/deal.hpp"
#include "engine/game.hpp"
#include "engine/options.hpp"

namespace whist::event {

struct Board {
  int number = 0;  // 1..
  int dealer = 0;  // seat: 0 North, 1 East, 2 South, 3 West
  Deal deal;       // the four hands (and the turned card under `turn`)
  int trump = 0;   // the suit, or kNoSuit
};

// Board `number` of the event whose seed is `seed`, under the event's rules
// (classic, finalized).
Board make_board(const Rules& event_rules, std::uint64_t seed, int number);

// How one table played a board, for its traveller: each side's tricks,
// N/S first (bid whist: the book counted to the declarers), and in bid
// whist the contract and the trump its declarer named (kNoSuit at no
// trump); classic whist has no contract (declarer -1) and its trump is
// the board's.
struct BoardPlay {
  std::array<int, 2> tricks{0, 0};
  Contract contract{};
  int trump = -1;
  bool operator==(const BoardPlay&) const = default;
};

// A finished deal's play, from the game's result.
BoardPlay board_play(const HandResult& result);

// The seat that deals board `number`.
int board_dealer(int number);

// The rules of a game that plays boards first .. first + count - 1 in
// order, from the event's rules: `boards` = count, `first_trump` the first
// board's place in the rotation (classic). Finalized. An error message if
// the event's rules cannot play boards (exact-bid, a rubber, honours_bar).
std::variant<Rules, std::string> boards_rules(const Rules& event_rules, int first, int count);

// The deals of boards first .. first + count - 1 of the event whose seed
// is `seed`, in order (a table's Game::preset). The deals depend on the
// rules' variant and trump rule only, so a table's own rules (boards_rules)
// give the same deals as the event's.
std::shared_ptr<const std::vector<Deal>> board_deals(const Rules& rules, std::uint64_t seed,
                                                     int first, int count);

// The game a table plays for boards first .. first + count - 1 of the
// event whose seed is `seed`: the boards' deals in order (Game::preset),
// each with its dealer and trump, over after the last. An error message
// as boards_rules gives.
std::variant<Game, std::string> boards_game(const Rules& event_rules, std::uint64_t seed, int first,
                                            int count);

}  // namespace whist::event
