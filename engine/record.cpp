#include "engine/record.hpp"

namespace whist {

GameRecord record_of(const Game& g) {
  GameRecord r;
  r.rules = g.rules();
  r.dealer = g.first_dealer();
  for (size_t i = 0; i < g.deals().size(); ++i)
    r.deals.emplace_back(spec_of(g.rules(), static_cast<int>(i), g.deals()[i]));
  for (const Action& a : g.history()) r.actions.emplace_back(a);
  return r;
}

namespace {

ReplayResult malformed(std::string message) {
  ReplayResult out;
  out.kind = ReplayResult::Kind::kMalformed;
  out.message = std::move(message);
  return out;
}

// Gives the game its next deal from the record: an error message if the
// record lacks it or it is not a valid deal.
std::optional<std::string> give_deal(Game& g, const GameRecord& r) {
  const int k = g.deal_index() + 1;
  if (k >= static_cast<int>(r.deals.size()))
    return "the record has no deal " + std::to_string(k) + " but play reaches it";
  const auto& entry = r.deals[static_cast<size_t>(k)];
  if (const auto* why = std::get_if<std::string>(&entry))
    return "deal " + std::to_string(k) + ": " + *why;
  // The dealer of deal k: the game moves the deal left after each one.
  const int dealer = (r.dealer + k) % r.rules.players;
  auto checked = check_deal(r.rules, k, dealer, std::get<DealSpec>(entry));
  if (const auto* why = std::get_if<std::string>(&checked))
    return "deal " + std::to_string(k) + ": " + *why;
  g.start_deal(std::get<Deal>(checked));
  return std::nullopt;
}

}  // namespace

ReplayResult replay(const GameRecord& r) {
  if (r.dealer < 0 || r.dealer >= r.rules.players) return malformed("dealer is not a seat");
  const bool seeded = r.deals.empty() && r.seed.has_value();
  Game g =
      seeded ? Game::seeded(r.rules, r.dealer, *r.seed) : Game::with_given_deals(r.rules, r.dealer);
  // The first deal is checked before any action.
  if (!seeded && !r.deals.empty())
    if (auto why = give_deal(g, r)) return malformed(*why);

  for (size_t i = 0; i < r.actions.size(); ++i) {
    if (const auto* why = std::get_if<std::string>(&r.actions[i]))
      return malformed("action " + std::to_string(i) + ": " + *why);
    if (g.awaiting_deal())
      if (auto why = give_deal(g, r)) return malformed(*why);
    const ApplyResult res = g.apply(std::get<Action>(r.actions[i]));
    if (!res.ok()) {
      ReplayResult out;
      out.kind = ReplayResult::Kind::kIllegal;
      out.index = static_cast<int>(i);
      out.error = res.error;
      out.message = std::string(error_message(res.error));
      out.game = std::move(g);
      return out;
    }
  }
  ReplayResult out;
  out.game = std::move(g);
  return out;
}

}  // namespace whist
