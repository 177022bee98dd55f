// Games: the setup (the server's text: variant, options, players, first
// dealer and the seed, which is never sent to a player before the game is
// over), the seats, each deal as dealt and each action as applied, in
// order, and the result when it ends. A game replays from its setup's seed
// and its actions; the deals are kept beside them for the records (see
// storage/README.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/result_store.hpp"
#include "storage/states.hpp"

namespace whist::storage {

struct GameRow {
  std::int64_t id = 0;
  std::int64_t table_id = 0;
  std::string setup;
  std::string seats;
  GameState state = GameState::kPlaying;
  std::string result;  // the server's text, empty until finished
  std::int64_t started_at = 0;
  std::int64_t finished_at = 0;
};

class GameStore {
 public:
  virtual ~GameStore() = default;

  // A new game starts kPlaying. `first_deal`, when given, is stored as its
  // deal 0 in the same transaction: a game is never stored without the
  // deal its first actions are played from.
  virtual std::int64_t create_game(std::int64_t table_id, std::string_view setup,
                                   std::string_view seats, std::int64_t now,
                                   std::string_view first_deal = {}) = 0;
  // Index k must be the next one (0, 1, 2...); a gap or a repeat throws.
  virtual void append_deal(std::int64_t game_id, int index, std::string_view deal) = 0;
  // One text each, on one line. `request`: what the server keeps with the
  // action to answer a retry of the request that made it (one line; ""
  // for none), given back by game_actions.
  virtual void append_action(std::int64_t game_id, int index, std::string_view action,
                             std::string_view request = {}) = 0;
  // Throws StorageError for an unknown id.
  virtual void finish_game(std::int64_t game_id, GameState state, std::string_view result,
                           std::int64_t now) = 0;
  // The same, and the game's results (ResultStore::record_results) in the
  // same transaction: both are written or neither.
  virtual void finish_game(std::int64_t game_id, GameState state, std::string_view result,
                           std::int64_t now, const GameResults& results) = 0;
  virtual std::optional<GameRow> game(std::int64_t id) const = 0;
  virtual std::vector<std::string> game_deals(std::int64_t id) const = 0;
  // With `requests`, also each action's request text ("" for none), one
  // per action.
  virtual std::vector<std::string> game_actions(
      std::int64_t id, std::vector<std::string>* requests = nullptr) const = 0;
  // In order of id.
  virtual std::vector<GameRow> games_in_state(GameState state) const = 0;
  // The games played at a table, in order.
  virtual std::vector<GameRow> games_of_table(std::int64_t table_id) const = 0;
  // A table's last game that is playing or finished (not abandoned), if
  // any: the one a restart brings back (found through the table's index,
  // whatever the number of games stored).
  virtual std::optional<GameRow> latest_game(std::int64_t table_id) const = 0;
};

}  // namespace whist::storage
