// Results of finished games, seat by seat, and the queries over them: a
// player's games, wins and losses per variant, the leaderboards.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rating/glicko2.hpp"

namespace whist::storage {

// What a rated game did to a seat's rating (games_of reads it back).
struct SeatRatingChange {
  rating::Rating before, after;
};

// One seat of a finished game. `side` is the index into the game's scores:
// the team (seat % 2) in classic and bid whist, the seat in exact whist;
// `won` says whether the side is among the winners.
struct SeatResult {
  int seat = 0;
  std::int64_t account = 0;  // 0: no account (a computer player)
  std::string name;          // as seated
  int side = 0;
  bool won = false;
  std::int64_t score = 0;        // the side's final score
  std::int64_t chips_delta = 0;  // chips won (+) or lost (-) by the game; 0 without chips
  // Read only (games_of's seats): the rating change the game made, if it
  // was rated for this seat's player.
  std::optional<SeatRatingChange> rating;
};
struct GameResults {
  std::string variant;  // "classic", "bid", "exact" (engine/options.hpp's names)
  std::vector<SeatResult> seats;
};
// A game as one player played it, for their history.
struct PlayedGame {
  std::int64_t game = 0;
  std::int64_t table = 0;
  std::string variant;
  std::int64_t finished_at = 0;
  SeatResult me;                  // the player's own seat
  std::vector<SeatResult> seats;  // every seat, by seat number
};
// A player's wins and losses in one variant.
struct VariantRecord {
  std::string variant;
  std::int64_t games = 0;
  std::int64_t wins = 0;
};
struct LeaderRow {
  std::int64_t account = 0;
  std::string name;
  std::int64_t games = 0;
  std::int64_t wins = 0;
};

class ResultStore {
 public:
  virtual ~ResultStore() = default;

  // Stores each seat's result of a finished game, in one transaction.
  // False, changing nothing, if the game's results were stored before (a
  // retry). A seat whose account does not exist (a computer player's
  // made-up id) is stored with no account. Throws StorageError for an
  // unknown game.
  virtual bool record_results(std::int64_t game_id, const GameResults& results,
                              std::int64_t now) = 0;
  // The games of an account, newest (highest game id) first: those with an
  // id below `before` (0: from the newest), at most `limit` (1 to 1000).
  virtual std::vector<PlayedGame> games_of(std::int64_t account, std::int64_t before,
                                           int limit) const = 0;
  // Games and wins per variant, by variant name.
  virtual std::vector<VariantRecord> record_of(std::int64_t account) const = 0;
  // Registered players of a variant with at least `min_games` games there:
  // most wins first, then the higher win rate, then fewer games, then the
  // lower id; at most `limit` (1 to 1000).
  virtual std::vector<LeaderRow> leaderboard(std::string_view variant, std::int64_t min_games,
                                             int limit) const = 0;
};

}  // namespace whist::storage
