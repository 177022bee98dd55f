#include "protocol/replay_json.hpp"

#include <nlohmann/json.hpp>

#include "protocol/record_json.hpp"
#include "protocol/table_json.hpp"

namespace whist::protocol {

using nlohmann::json;

namespace {

json cards_json(CardSet s) {
  json a = json::array();
  for (Card c : cards_of(s)) a.push_back(card_name(c));
  return a;
}

// The watcher's view with every hidden card shown.
json full_view(const Game& g) {
  json view = observation_json(g.observation_for_watcher());
  json hands = json::array();
  for (int s = 0; s < g.players(); ++s) hands.push_back(cards_json(g.hand(s)));
  view["hands"] = hands;
  if (g.rules().variant == Variant::kBid && !g.deals().empty()) {
    view["kitty"] = cards_json(g.deals().back().kitty);
    const int declarer = g.contract().declarer;
    if (declarer >= 0) {
      const Observation o = g.observation(declarer);
      if (o.discards) view["discards"] = cards_json(o.discards);
    }
  }
  return view;
}

}  // namespace

std::variant<json, std::string> replay_states_json(const GameRecord& r) {
  // The whole record first: it checks every deal and action, and gives the
  // deals as the engine holds them.
  const ReplayResult whole = replay(r);
  if (whole.kind != ReplayResult::Kind::kOk || !whole.game)
    return "the record does not replay: " + whole.message;
  const Game& done = *whole.game;
  Game g = Game::with_given_deals(r.rules, r.dealer);
  json states = json::array();
  const auto& history = done.history();
  // Each deal as dealt is a state of its own (no action), when play reached it.
  auto next_deal = [&](int index) {
    const auto k = static_cast<size_t>(g.deal_index() + 1);
    if (!g.awaiting_deal() || k >= done.deals().size()) return;
    g.start_deal(done.deals()[k]);
    states.push_back({{"index", index}, {"action", nullptr}, {"view", full_view(g)}});
  };
  next_deal(-1);
  for (size_t i = 0; i < history.size(); ++i) {
    next_deal(static_cast<int>(i) - 1);
    const ApplyResult res = g.apply(history[i]);
    if (!res.ok()) return "action " + std::to_string(i) + " does not replay";
    states.push_back({{"index", static_cast<int>(i)},
                      {"action", action_json(history[i], r.rules.variant)},
                      {"view", full_view(g)}});
  }
  return states;
}

}  // namespace whist::protocol
