// Random legal playouts over many seeds for every variant and a spread of
// option mixes, checking the invariants after every action (checks.hpp),
// that apply accepts exactly the legal actions (sampled), that refusals
// change nothing, and that every finished game's record replays to the same
// result.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/record_json.hpp"
#include "tests/engine/checks.hpp"
#include "tests/engine/scripted.hpp"

using namespace whist;

namespace {

// A random action of any kind, legal or not, claims and undos aside (they
// are legal whenever their seat leads, or just played, and never listed:
// the table asks the others first; claim_test.cpp, undo_test.cpp).
Action random_action(Rng& r, int players) {
  Action a;
  a.seat = static_cast<std::int8_t>(r.below(static_cast<std::uint32_t>(players)));
  a.type = static_cast<ActionType>(r.below(6));
  a.level = static_cast<std::int8_t>(static_cast<int>(r.below(10)) - 1);
  a.mode = static_cast<BidMode>(r.below(3));
  a.tricks = static_cast<std::int8_t>(static_cast<int>(r.below(16)) - 1);
  a.suit = static_cast<std::int8_t>(r.below(4));
  a.card = static_cast<Card>(r.below(54));
  a.cards = 0;
  const int k = static_cast<int>(r.below(8));
  for (int i = 0; i < k; ++i) a.cards |= bit(static_cast<Card>(r.below(54)));
  a.listed = static_cast<std::int8_t>(count(a.cards));
  return a;
}

bool is_listed(const std::vector<Action>& legal, const Action& a, Variant v) {
  for (const Action& l : legal) {
    if (l.type != a.type || l.seat != a.seat) continue;
    switch (a.type) {
      case ActionType::kBid:
        if (v == Variant::kExact ? l.tricks == a.tricks : (l.level == a.level && l.mode == a.mode))
          return true;
        break;
      case ActionType::kPlay:
        if (l.card == a.card) return true;
        break;
      case ActionType::kTrump:
        if (l.suit == a.suit) return true;
        break;
      case ActionType::kDirection:
        if (l.mode == a.mode) return true;
        break;
      case ActionType::kDiscard:
        if (l.cards == a.cards && l.listed == a.listed) return true;
        break;
      case ActionType::kPass: return true;
      case ActionType::kClaim:
      case ActionType::kUndo: break;
    }
  }
  return false;
}

// Plays one game at random; `deep` checks every action, else trick ends.
void play_game(const Rules& rules, std::uint64_t seed, bool deep) {
  Rng r(seed * 7919 + 1);
  const int dealer = static_cast<int>(r.below(static_cast<std::uint32_t>(rules.players)));
  Game g = Game::seeded(rules, dealer, seed);
  int steps = 0;
  while (!g.is_over()) {
    REQUIRE(++steps < 5000);
    if (deep || g.trick().size == 0) test::check_invariants(g);
    // A random action of any kind: accepted exactly when listed as legal
    // (outside the discard phase, whose list is long), and a refusal
    // changes nothing.
    if (deep && g.phase() != Phase::kDiscard) {
      const Action probe = random_action(r, rules.players);
      Game copy = g;
      const auto res = copy.apply(probe);
      REQUIRE(res.ok() == is_listed(g.legal_actions(), probe, rules.variant));
      if (!res.ok()) REQUIRE(test::fingerprint(copy) == test::fingerprint(g));
    }
    Action a;
    if (g.phase() == Phase::kDiscard) {
      auto [cards, k] = g.discard_choice();
      CardSet d = 0;
      while (count(d) < k) {
        const auto list = cards_of(cards & ~d);
        d |= bit(list[r.below(static_cast<std::uint32_t>(list.size()))]);
      }
      a = Action::discard(g.current_seat(), d);
    } else {
      const auto legal = g.legal_actions();
      REQUIRE_FALSE(legal.empty());
      REQUIRE(std::is_sorted(legal.begin(), legal.end(), [](const Action& x, const Action& y) {
        return std::tie(x.type, x.level, x.mode, x.tricks, x.suit, x.card) <
               std::tie(y.type, y.level, y.mode, y.tricks, y.suit, y.card);
      }));
      a = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
    }
    const auto res = g.apply(a);
    REQUIRE(res.ok());
    REQUIRE(res.events.size() >= 1);
  }
  test::check_invariants(g);
  test::check_final(g);

  // The record replays to the same result through JSON.
  const auto doc = protocol::record_json(record_of(g)).dump();
  auto parsed = protocol::parse_record(doc);
  REQUIRE(std::holds_alternative<GameRecord>(parsed));
  const ReplayResult again = replay(std::get<GameRecord>(parsed));
  REQUIRE(again.kind == ReplayResult::Kind::kOk);
  REQUIRE(again.game->scores() == g.scores());
  REQUIRE(again.game->winners() == g.winners());
  REQUIRE(again.game->results().size() == g.results().size());
  for (size_t i = 0; i < g.results().size(); ++i) {
    REQUIRE(again.game->results()[i].tricks == g.results()[i].tricks);
    REQUIRE(again.game->results()[i].score == g.results()[i].score);
  }
}

// Option mixes: every value of every option appears, in varied company.
Rules classic_mix(Rng& r) {
  static const char* trumps[] = {"turn", "rotate", "rotate_nt"};
  static const char* honours[] = {"off", "on", "capped"};
  return test::rules(Variant::kClassic, {{"trump", std::string(trumps[r.below(3)])},
                                         {"honours", std::string(honours[r.below(3)])},
                                         {"play_to", std::int64_t{1 + r.below(15)}}});
}

Rules bid_mix(Rng& r) {
  static const char* sport[] = {"never", "trump", "always"};
  return test::rules(Variant::kBid, {{"jokers", std::int64_t{r.below(3)}},
                                     {"min_bid", std::int64_t{1 + r.below(4)}},
                                     {"low_beats_high", r.below(2) == 0},
                                     {"sport_kitty", std::string(sport[r.below(3)])},
                                     {"bidder_gets_kitty", r.below(2) == 0},
                                     {"bidder_leads", r.below(2) == 0},
                                     {"double_nt", r.below(2) == 0},
                                     {"defensive_scoring", r.below(2) == 0},
                                     {"play_to", std::int64_t{1 + r.below(15)}}});
}

Rules exact_mix(Rng& r) {
  const int players = 2 + static_cast<int>(r.below(5));
  const int top = 52 / players;
  Rules rules = test::rules(
      Variant::kExact, {{"trumps", r.below(3) != 0}, {"round_trip", r.below(2) == 0}}, players);
  if (r.below(2) == 0) {
    // Custom hand sizes, small ones included (26 each for two players).
    const int max = 1 + static_cast<int>(r.below(static_cast<std::uint32_t>(std::min(top, 26))));
    const int initial = 1 + static_cast<int>(r.below(static_cast<std::uint32_t>(max)));
    rules = test::rules(Variant::kExact,
                        {{"trumps", r.below(3) != 0},
                         {"round_trip", r.below(2) == 0},
                         {"initial_cards", std::int64_t{initial}},
                         {"max_cards", std::int64_t{max}}},
                        players);
  }
  return rules;
}

template <typename Mix>
void run_playouts(Mix mix, int games, int deep_games, std::uint64_t base) {
  Rng r(base);
  for (int i = 0; i < games; ++i) {
    const Rules rules = mix(r);
    const std::uint64_t seed = base + static_cast<std::uint64_t>(i);
    INFO("seed " << seed << " options " << protocol::options_json(rules).dump() << " players "
                 << rules.players);
    play_game(rules, seed, i < deep_games);
  }
}

}  // namespace

TEST_CASE("random playouts: classic whist, all option mixes", "[playout][classic]") {
  run_playouts(classic_mix, 2000, 150, 1000);
}

TEST_CASE("random playouts: bid whist, all option mixes", "[playout][bid]") {
  run_playouts(bid_mix, 2000, 150, 2000);
}

TEST_CASE("random playouts: exact-bid whist, 2 to 6 players", "[playout][exact]") {
  run_playouts(exact_mix, 1000, 100, 3000);
}
