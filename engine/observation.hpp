// What one seat, or a watcher, may know of a game: their own hand and
// everything public. Another seat's cards never appear here; the kitty only
// as `sport_kitty` allows (and to the declarer who took it).
#pragma once

#include <vector>

#include "engine/action.hpp"
#include "engine/card.hpp"
#include "engine/game_types.hpp"
#include "engine/options.hpp"
#include "engine/trick.hpp"

namespace whist {

struct Observation {
  Rules rules;
  int seat = -1;  // -1: a watcher
  Phase phase = Phase::kAwaitingDeal;
  int deal_index = -1;
  int dealer = 0;
  int hand_size = 0;
  int to_act = -1;

  CardSet hand = 0;              // own cards (none for a watcher)
  std::vector<int> hand_counts;  // cards left in each hand
  Card turned = kNoCard;         // the turned card, public
  bool kitty_known = false;      // whether `kitty` is shown to this viewer
  CardSet kitty = 0;
  CardSet discards = 0;  // the declarer's own discards, to the declarer only

  std::vector<Call> calls;  // this deal's bidding, in order
  Contract contract;        // bid whist
  int trump = -1;           // 0..3, kNoSuit for no trump, -1 not yet known
  bool downtown = false;

  std::vector<PlayedTrick> tricks;  // completed tricks of this deal
  Trick current;                    // the trick in progress
  std::vector<int> tricks_won;      // per seat, this deal

  std::vector<int> scores;
  std::vector<HandResult> results;
  std::vector<RubberGame> games;  // classic rubber: the games finished
  bool game_over = false;
  std::vector<int> winners;

  std::vector<Action> legal;  // this seat's legal actions when it is to act
};

}  // namespace whist
