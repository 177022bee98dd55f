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
  }
  return "?";
}

std::optional<ActionType> parse_action_type(std::string_view s) {
  for (auto t : {ActionType::kBid, ActionType::kPass, ActionType::kDiscard, ActionType::kTrump,
                 ActionType::kDirection, ActionType::kPlay}) {
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

Action Action::bid(int seat, int level, BidMode mode) {
  Action a;
  a.seat = static_cast<std::int8_t>(seat);
  a.type = ActionType::kBid;
  a.level = static_cast<std::int8_t>(level);
  a.mode = mode;
  return a;
}
Action Action::exact_bid(int seat, int tricks) {
  Action a;
  a.seat = static_cast<std::int8_t>(seat);
  a.type = ActionType::kBid;
  a.tricks = static_cast<std::int8_t>(tricks);
  return a;
}
Action Action::pass(int seat) {
  Action a;
  a.seat = static_cast<std::int8_t>(seat);
  a.type = ActionType::kPass;
  return a;
}
Action Action::discard(int seat, CardSet cards, int listed) {
  Action a;
  a.seat = static_cast<std::int8_t>(seat);
  a.type = ActionType::kDiscard;
  a.cards = cards;
  a.listed = static_cast<std::int8_t>(listed < 0 ? count(cards) : listed);
  return a;
}
Action Action::trump(int seat, int suit) {
  Action a;
  a.seat = static_cast<std::int8_t>(seat);
  a.type = ActionType::kTrump;
  a.suit = static_cast<std::int8_t>(suit);
  return a;
}
Action Action::direction(int seat, BidMode mode) {
  Action a;
  a.seat = static_cast<std::int8_t>(seat);
  a.type = ActionType::kDirection;
  a.mode = mode;
  return a;
}
Action Action::play(int seat, Card card) {
  Action a;
  a.seat = static_cast<std::int8_t>(seat);
  a.type = ActionType::kPlay;
  a.card = card;
  return a;
}

}  // namespace whist
