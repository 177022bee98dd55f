// play_game: plays one seeded game with the engine and prints its record
// (one line of JSON, the format of docs/records.md). The legal games of
// tests/records are made with it (make_records.py).
//
//   play_game '{"variant": "bid", "options": {"jokers": 1}, "players": 4,
//               "dealer": 2, "seed": 7}' [--random P] [--max-actions N]
//
// The game is dealt by the engine's generator from `seed`. Each action is
// the rule-based computer player's (engine/ai/player.hpp) or, with
// probability P (default 0.25), a legal action drawn at random, from a
// generator seeded with the same seed: the same arguments give the same
// record. The game stops when it is over or after N actions. The record
// names every deal as dealt (no seed), so it stands without the generator.
#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/ai/player.hpp"
#include "engine/game.hpp"
#include "engine/record.hpp"
#include "protocol/record_json.hpp"

namespace {

using namespace whist;

int usage() {
  std::cerr << "usage: play_game RECORD-HEADER-JSON [--random P] [--max-actions N]\n"
               "The header holds variant, options, players, dealer and seed.\n";
  return 2;
}

// A legal action drawn at random: in bid whist's bidding a pass half the
// time when it is allowed, a discard of random cards.
Action random_action(const Game& g, Rng& rng) {
  const int seat = g.current_seat();
  if (g.phase() == Phase::kDiscard) {
    auto [cards, k] = g.discard_choice();
    std::vector<Card> held = cards_of(cards);
    CardSet out = 0;
    for (int i = 0; i < k; ++i) {
      const auto j = i + rng.below(static_cast<std::uint32_t>(held.size()) - i);
      std::swap(held[static_cast<size_t>(i)], held[j]);
      out |= bit(held[static_cast<size_t>(i)]);
    }
    return Action::discard(seat, out);
  }
  std::vector<Action> legal = g.legal_actions();
  if (g.phase() == Phase::kBidding && g.rules().variant == Variant::kBid && rng.below(2) == 0 &&
      legal.back().type == ActionType::kPass)
    return legal.back();
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  double random_share = 0.25;
  long max_actions = 100000;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) return usage();
    if (arg == "--random")
      random_share = std::atof(argv[++i]);
    else if (arg == "--max-actions")
      max_actions = std::atol(argv[++i]);
    else
      return usage();
  }
  auto parsed = protocol::parse_record(argv[1]);
  if (const auto* why = std::get_if<std::string>(&parsed)) {
    std::cerr << "play_game: " << *why << "\n";
    return 2;
  }
  const GameRecord& header = std::get<GameRecord>(parsed);
  if (!header.seed) {
    std::cerr << "play_game: the header needs a seed\n";
    return 2;
  }
  Game g = Game::seeded(header.rules, header.dealer, *header.seed);
  Rng rng(*header.seed ^ 0x5EEDF00DULL);
  for (long n = 0; n < max_actions && !g.is_over(); ++n) {
    const bool random = rng.below(1000) < static_cast<std::uint32_t>(random_share * 1000);
    const Action a =
        random ? random_action(g, rng) : ai::rule_based_action(g.observation(g.current_seat()));
    const ApplyResult r = g.apply(a);
    if (!r.ok()) {
      std::cerr << "play_game: the engine refused its own action: " << error_code(r.error) << "\n";
      return 1;
    }
  }
  std::cout << protocol::record_json(record_of(g)).dump() << "\n";
  return 0;
}
