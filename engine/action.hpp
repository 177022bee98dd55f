// Actions: what a seat does. The same objects appear in game records and in
// the WebSocket protocol (see docs/records.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/card.hpp"

namespace whist {

// kClaim: an accepted claim (table.claim): the claimer's side takes
// `tricks` of the tricks left, the other side the rest, and the deal ends.
// kUndo: an agreed undo (table.undo): the seat takes back `card`, the last
// card played, before the next one, within the deal.
enum class ActionType : std::uint8_t {
  kBid,
  kPass,
  kDiscard,
  kTrump,
  kDirection,
  kPlay,
  kClaim,
  kUndo
};
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
  std::int8_t tricks = 0;           // exact bid; claim: the tricks claimed
  std::int8_t suit = 0;             // trump choice
  Card card = kNoCard;              // play; undo: the card taken back
  std::int8_t listed = 0;           // discard: cards as named (a card named twice counts twice)
  CardSet cards = 0;                // discard

  static constexpr Action make(int seat, ActionType type) {
    Action a;
    a.seat = static_cast<std::int8_t>(seat);
    a.type = type;
    return a;
  }
  static constexpr Action bid(int seat, int level, BidMode mode) {
    Action a = make(seat, ActionType::kBid);
    a.level = static_cast<std::int8_t>(level);
    a.mode = mode;
    return a;
  }
  static constexpr Action exact_bid(int seat, int tricks) {
    Action a = make(seat, ActionType::kBid);
    a.tricks = static_cast<std::int8_t>(tricks);
    return a;
  }
  static constexpr Action pass(int seat) { return make(seat, ActionType::kPass); }
  // `listed` is how many cards the player named, when it may differ from the
  // set's size (a card named twice); -1 means the set's size.
  static constexpr Action discard(int seat, CardSet cards, int listed = -1) {
    Action a = make(seat, ActionType::kDiscard);
    a.cards = cards;
    a.listed = static_cast<std::int8_t>(listed < 0 ? count(cards) : listed);
    return a;
  }
  static constexpr Action trump(int seat, int suit) {
    Action a = make(seat, ActionType::kTrump);
    a.suit = static_cast<std::int8_t>(suit);
    return a;
  }
  static constexpr Action direction(int seat, BidMode mode) {
    Action a = make(seat, ActionType::kDirection);
    a.mode = mode;
    return a;
  }
  static constexpr Action claim(int seat, int tricks) {
    Action a = make(seat, ActionType::kClaim);
    a.tricks = static_cast<std::int8_t>(tricks);
    return a;
  }
  static constexpr Action undo(int seat, Card card) {
    Action a = make(seat, ActionType::kUndo);
    a.card = card;
    return a;
  }
  static constexpr Action play(int seat, Card card) {
    Action a = make(seat, ActionType::kPlay);
    a.card = card;
    return a;
  }

  bool operator==(const Action&) const = default;
};

}  // namespace whist
