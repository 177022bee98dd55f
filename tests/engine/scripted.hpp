// Helpers for scripted deals in card notation: build rules, deals and games,
// act and expect errors, all through the engine's public API.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/game.hpp"

namespace whist::test {

// "AS KS 2H" -> cards; throws std::invalid_argument on a bad name.
std::vector<Card> cards(std::string_view text);
CardSet set(std::string_view text);
Card card(std::string_view name);

// Rules with options by their rules.md names; throws on a bad option.
Rules rules(Variant v, std::initializer_list<std::pair<std::string_view, OptionValue>> options = {},
            int players = 4);

// A deal spec from hand texts (seat 0 first), the kitty and the turned card.
DealSpec deal(std::vector<std::string> hands, std::string_view kitty = "",
              std::string_view turned = "");

// A classic deal of one full suit a seat: seat 0 clubs, 1 diamonds, 2
// hearts, 3 spades (whoever holds trumps takes all 13), and the turned card.
DealSpec full_suit_a_seat(std::string_view turned = "");

// A game whose first deal is `first` (checked; throws if invalid).
Game game(const Rules& r, int dealer, const DealSpec& first);
// Gives an awaiting game its next deal (checked; throws if invalid).
void give(Game& g, const DealSpec& d);

// Applies an action that must be legal (throws with the rule error if not).
Events act(Game& g, const Action& a);
// Applies an action that must be refused, and returns the error.
RuleError refuse(Game& g, const Action& a);
// Plays cards in order, each by the seat to act.
void play(Game& g, std::string_view cards);
// Plays the rest of the current deal, each seat its lowest legal card.
void finish_deal(Game& g);
// A compact text of the whole state, to check that a refusal changed nothing.
std::string fingerprint(const Game& g);

}  // namespace whist::test
