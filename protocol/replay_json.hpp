// The replay of a finished game as a list of full-information states, for
// the replay viewer (game.replay): the state after the deal and after each
// action, with every hand face up. Only for games that are over, whose
// hands are no longer secret.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <variant>

#include "engine/record.hpp"

namespace whist::protocol {

// The states of the game a record describes: an array of
// {"index", "action", "view"}: each deal as dealt ("action": null) and the
// game after each action ("index": its place in the record's actions);
// `view` is the watcher's view
// (observation_json) with `hands` (every seat's cards) and, in bid whist,
// the deal's `kitty` and the declarer's `discards`. A record that does not
// replay gives the reason.
std::variant<nlohmann::json, std::string> replay_states_json(const GameRecord& r);

}  // namespace whist::protocol
