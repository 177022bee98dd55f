// The computer player (first step: the rule-based player; sampling and
// solving follow).
#include "engine/ai/player.hpp"

namespace whist::ai {

Action choose_action(const Observation& obs, const Settings& /*settings*/) { return rule_based_action(obs); }

}  // namespace whist::ai
