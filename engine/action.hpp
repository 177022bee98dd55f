// Actions: what a seat does. The same objects appear in game records and in
// the WebSocket protocol (see ../shared/spec/game-record.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/card.hpp"

namespace whist {

enum class ActionType : std::uint8_t { kBid, kPass, kDiscard, kTrump, kDirection, kPlay };
// Bid whist modes; a direction is uptown or downtown.
enum class BidMode : std::uint8_t { kUptown, kDowntown, kNoTrump };

std::string_view action_type_name(ActionType t);
std::optional<ActionType> parse_action_type(std::string_view s);
std::string_view bid_mode_name(BidMode m);
std::optional<BidMode> parse_bid_mode(std::string_view s);

struct Action {
  std::int8_t seat = 0;
  ActionType type = ActionType::kPass;
  std::int8_t level = 0;            // bid whist bid: 1..7
  BidMode mode = BidMode::kUptown;  // bid whist bid, direction
  std::int8_t tricks = 0;           // exact bid
  std::int8_t suit = 0;             // trump choice
  Card card = kNoCard;              // play
  CardSet cards = 0;                // discard
  std::int8_t listed = 0;           // discard: cards as listed (a card twice counts twice)

  static Action bid(int seat, int level, BidMode mode);
  static Action exact_bid(int seat, int tricks);
  static Action pass(int seat);
  // `listed` is how many cards the player named, when it may differ from the
  // set's size (a card named twice); -1 means the set's size.
  static Action discard(int seat, CardSet cards, int listed = -1);
  static Action trump(int seat, int suit);
  static Action direction(int seat, BidMode mode);
  static Action play(int seat, Card card);

  bool operator==(const Action&) const = default;
};

}  // namespace whist
