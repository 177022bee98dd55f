#include "protocol/action_input.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "engine/deal.hpp"

namespace whist::protocol {

using nlohmann::json;

namespace {

// The mode of a bid or direction whose string names no mode: the engine
// refuses it as an illegal action.
constexpr auto kBadMode = static_cast<BidMode>(3);

// Integer fields must be JSON integers: not true, not 2.0.
ActionField<long long> read_int(const json& obj, const char* key) {
  constexpr long long lo = kActionIntMin, hi = kActionIntMax;
  auto it = obj.find(key);
  if (it == obj.end()) return {std::nullopt, FieldProblem::kMissing};
  if (!it->is_number_integer()) return {std::nullopt, FieldProblem::kNotInteger};
  if (it->is_number_unsigned() &&
      it->get<unsigned long long>() > static_cast<unsigned long long>(hi))
    return {hi, {}};
  return {std::clamp(it->get<long long>(), lo, hi), {}};
}

ActionField<std::string> read_string(const json& obj, const char* key) {
  auto it = obj.find(key);
  if (it == obj.end()) return {std::nullopt, FieldProblem::kMissing};
  if (!it->is_string()) return {std::nullopt, FieldProblem::kNotString};
  return {it->get<std::string>(), {}};
}

ActionField<std::vector<std::optional<std::string>>> read_card_names(const json& obj) {
  auto it = obj.find("cards");
  if (it == obj.end()) return {std::nullopt, FieldProblem::kMissing};
  if (!it->is_array()) return {std::nullopt, FieldProblem::kNotArray};
  std::vector<std::optional<std::string>> names;
  for (const auto& e : *it)
    names.push_back(e.is_string() ? std::optional(e.get<std::string>()) : std::nullopt);
  return {std::move(names), {}};
}

// The words for a field without a value, as records and requests say them.
template <typename T>
std::string why(const ActionField<T>& f, std::string_view key) {
  const std::string k(key);
  switch (f.problem) {
    case FieldProblem::kMissing: return "missing field " + k;
    case FieldProblem::kNotInteger: return "field " + k + " must be an integer";
    case FieldProblem::kNotString:
      return key == "card" ? std::string("a card must be a string")
                           : "field " + k + " must be a string";
    case FieldProblem::kNotArray: return k + " must be an array";
  }
  return "bad field " + k;
}

// A card name of the variant's pack.
std::optional<std::string> to_card(const std::optional<std::string>& name, CardSet pack,
                                   Card& out) {
  if (!name) return "a card must be a string";
  const auto c = parse_card(*name);
  if (!c || !contains(pack, *c)) return "bad card name " + json(*name).dump();
  out = *c;
  return std::nullopt;
}

std::variant<Action, std::string> to_bid(const ActionInput& in, const Rules& rules, int s) {
  if (rules.variant == Variant::kExact) {
    if (!in.tricks.value) return why(in.tricks, "tricks");
    return Action::exact_bid(s, static_cast<int>(*in.tricks.value));
  }
  if (rules.variant == Variant::kClassic) return Action::bid(s, 0, BidMode::kUptown);
  if (!in.level.value) return why(in.level, "level");
  if (!in.mode.value) return why(in.mode, "mode");
  // A mode that is no mode is an illegal bid, not a malformed action.
  return Action::bid(s, static_cast<int>(*in.level.value),
                     parse_bid_mode(*in.mode.value).value_or(kBadMode));
}

std::variant<Action, std::string> to_discard(const ActionInput& in, CardSet pack, int s) {
  if (!in.cards.value) return why(in.cards, "cards");
  std::vector<Card> cards;
  for (const auto& name : *in.cards.value) {
    Card c = kNoCard;
    if (auto err = to_card(name, pack, c)) return *err;
    cards.push_back(c);
  }
  return Action::discard(s, set_of(cards), static_cast<int>(std::min<size_t>(cards.size(), 100)));
}

}  // namespace

ActionInput read_action_input(const json& j) {
  ActionInput in;
  in.type = read_string(j, "type");
  in.level = read_int(j, "level");
  in.tricks = read_int(j, "tricks");
  in.mode = read_string(j, "mode");
  in.suit = read_string(j, "suit");
  in.card = read_string(j, "card");
  in.cards = read_card_names(j);
  return in;
}

std::variant<Action, std::string> to_action(const ActionInput& in, const Rules& rules, int seat) {
  if (seat < 0 || seat >= rules.players) return std::string("seat is not a seat of this game");
  if (!in.type.value) return why(in.type, "type");
  const auto type = parse_action_type(*in.type.value);
  if (!type) return "unknown action type " + json(*in.type.value).dump();
  const CardSet pack = pack_of(rules);
  switch (*type) {
    case ActionType::kBid: return to_bid(in, rules, seat);
    case ActionType::kPass: return Action::pass(seat);
    case ActionType::kDiscard: return to_discard(in, pack, seat);
    case ActionType::kTrump:
      if (!in.suit.value) return why(in.suit, "suit");
      return Action::trump(seat, parse_suit(*in.suit.value).value_or(-1));  // no suit: illegal
    case ActionType::kDirection:
      if (!in.mode.value) return why(in.mode, "mode");
      return Action::direction(seat, parse_bid_mode(*in.mode.value).value_or(kBadMode));
    case ActionType::kPlay:
    case ActionType::kUndo: {
      if (!in.card.value) return why(in.card, "card");
      Card c = kNoCard;
      if (auto err = to_card(in.card.value, pack, c)) return *err;
      return *type == ActionType::kPlay ? Action::play(seat, c) : Action::undo(seat, c);
    }
    case ActionType::kClaim:
      if (!in.tricks.value) return why(in.tricks, "tricks");
      return Action::claim(seat,
                           static_cast<int>(std::clamp<std::int64_t>(*in.tricks.value, -1, 99)));
  }
  return std::string("unknown action type");
}

}  // namespace whist::protocol
