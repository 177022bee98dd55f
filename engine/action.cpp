#include "engine/action.hpp"

namespace whist {

std::string_view action_type_name(ActionType t) {
  switch (t) {
    case ActionType::kBid: return "bid";
    case ActionType::kPass: return "pass";
    case ActionType::kDiscard: return "discard";
    case ActionType::kTrump: return "trump";
    case ActionType::kDirection: return "direction";
    case ActionType::kPlay: return "play";
    case ActionType::kClaim: return "claim";
    case ActionType::kUndo: return "undo";
  }
  return "?";
}

std::optional<ActionType> parse_action_type(std::string_view s) {
  for (auto t :
       {ActionType::kBid, ActionType::kPass, ActionType::kDiscard, ActionType::kTrump,
        ActionType::kDirection, ActionType::kPlay, ActionType::kClaim, ActionType::kUndo}) {
    if (action_type_name(t) == s) return t;
  }
  return std::nullopt;
}

std::string_view bid_mode_name(BidMode m) {
  switch (m) {
    case BidMode::kUptown: return "uptown";
    case BidMode::kDowntown: return "downtown";
    case BidMode::kNoTrump: return "notrump";
  }
  return "?";
}

std::optional<BidMode> parse_bid_mode(std::string_view s) {
  if (s == "uptown") return BidMode::kUptown;
  if (s == "downtown") return BidMode::kDowntown;
  if (s == "notrump") return BidMode::kNoTrump;
  return std::nullopt;
}

}  // namespace whist
