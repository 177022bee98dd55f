#include <catch2/catch.hpp>

// The double-dummy solver (engine/ai/solver.hpp): against libdds (the bridge
// solver) on classic whist deals, against a brute-force minimax on tiny
// positions of every variant, against itself with its prunings switched
// off, on hand-made end positions worked out by hand, and never changing
// what it is given.

#include <dds/dll.h>

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "engine/ai/solver.hpp"
#include "tests/dds_bridge.hpp"
#include "tests/engine/checks.hpp"
#include "tests/engine/scripted.hpp"

using namespace whist;

namespace {

using Values = std::vector<std::pair<Card, int>>;

// ---------------------------------------------------------------------------
// libdds (tests/dds_bridge.hpp).

// libdds's best result and every card's value (equal cards expanded).
std::pair<int, Values> dds_solve(const ai::Position& p) {
  static const bool init = [] {
    SetMaxThreads(1);
    return true;
  }();
  (void)init;
  futureTricks f{};
  const int rc = SolveBoard(test::dds_deal(p), -1, 3, 1, &f, 0);
  REQUIRE(rc == RETURN_NO_FAULT);
  const std::map<Card, int> by_card = test::dds_values(f);
  return {f.score[0], Values(by_card.begin(), by_card.end())};
}

// ---------------------------------------------------------------------------
// Brute force: plain minimax over every legal card, with the rules written
// out again from rules.md (the trick's winner from checks.hpp).

struct Brute {
  int n = 4;
  std::array<CardSet, kMaxSeats> hands{};
  int trump = kNoSuit;
  bool downtown = false;
  bool bid = false;
  bool exact = false;
  std::array<int, kMaxSeats> maxing{};

  int suit(Card c) const {
    if (is_joker(c)) return bid && trump < kSuits ? trump : -1;
    return suit_of(c);
  }
  CardSet legal(int seat, const PlayedTrick& t) const {
    const CardSet hand = hands[static_cast<size_t>(seat)];
    int led = -1;
    for (int i = 0; i < t.size && led < 0; ++i) led = suit(t.cards[static_cast<size_t>(i)]);
    auto of_suit = [&](int s) {
      CardSet out = 0;
      for (CardSet h = hand; h; h &= h - 1)
        if (suit(lowest(h)) == s) out |= bit(lowest(h));
      return out;
    };
    if (led >= 0) {
      if (const CardSet follow = of_suit(led)) return follow;
      if (exact && trump < kSuits)
        if (const CardSet trumps = of_suit(trump)) return trumps;
    }
    return hand;
  }
  // Tricks for the maximising side from here, the trick `t` included.
  int value(PlayedTrick& t) {
    if (t.size == n) {
      const int winner = test::reference_winner(t, n, trump, downtown, bid);
      if (!hands[static_cast<size_t>(winner)]) return maxing[static_cast<size_t>(winner)];
      PlayedTrick next{};
      next.leader = static_cast<std::int8_t>(winner);
      return maxing[static_cast<size_t>(winner)] + value(next);
    }
    const int seat = (t.leader + t.size) % n;
    if (!hands[static_cast<size_t>(seat)]) return 0;
    const bool max = maxing[static_cast<size_t>(seat)] != 0;
    int best = max ? -1 : 99;
    for (CardSet l = legal(seat, t); l; l &= l - 1) {
      const int v = after(t, lowest(l));
      best = max ? std::max(best, v) : std::min(best, v);
    }
    return best;
  }
  int after(PlayedTrick& t, Card c) {
    const int seat = (t.leader + t.size) % n;
    hands[static_cast<size_t>(seat)] &= ~bit(c);
    t.cards[static_cast<size_t>(t.size++)] = c;
    const int v = value(t);
    --t.size;
    hands[static_cast<size_t>(seat)] |= bit(c);
    return v;
  }
};

// The brute force's answer for the position of a game in play.
std::pair<int, Values> brute_solve(const Game& g) {
  Brute b;
  b.n = g.players();
  for (int s = 0; s < b.n; ++s) b.hands[static_cast<size_t>(s)] = g.hand(s);
  b.trump = g.trump_suit() >= 0 && g.trump_suit() < kSuits ? g.trump_suit() : kNoSuit;
  b.downtown = g.observation_for_watcher().downtown;
  b.bid = g.rules().variant == Variant::kBid;
  b.exact = g.rules().variant == Variant::kExact;
  const int root = g.current_seat();
  for (int s = 0; s < b.n; ++s)
    b.maxing[static_cast<size_t>(s)] = b.exact ? s == root : s % 2 == root % 2;
  PlayedTrick t{};
  t.leader = g.trick().leader;
  t.size = g.trick().size;
  t.cards = g.trick().cards;
  Values values;
  int best = -1;
  for (CardSet l = b.legal(root, t); l; l &= l - 1) {
    const int v = b.after(t, lowest(l));
    values.emplace_back(lowest(l), v);
    best = std::max(best, v);
  }
  return {best, values};
}

// ---------------------------------------------------------------------------
// Games in play: bidding and discards chosen at random, then random cards.

Card random_card(CardSet s, Rng& rng) {
  auto k = rng.below(static_cast<std::uint32_t>(count(s)));
  for (; k; --k) s &= s - 1;
  return lowest(s);
}

// A seeded game played at random to its first card play.
Game to_play(const Rules& r, std::uint64_t seed, Rng& rng) {
  Game g =
      Game::seeded(r, static_cast<int>(rng.below(static_cast<std::uint32_t>(r.players))), seed);
  while (g.phase() != Phase::kPlay) {
    if (g.phase() == Phase::kDiscard) {
      auto [cards, k] = g.discard_choice();
      CardSet d = 0;
      for (int i = 0; i < k; ++i) d |= bit(random_card(cards & ~d, rng));
      test::act(g, Action::discard(g.current_seat(), d));
    } else {
      const auto legal = g.legal_actions();
      test::act(g, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
  }
  return g;
}

// Plays random legal cards until the seat to play holds at most `cards`,
// then `extra` more (into the trick), staying in the deal.
void play_down_to(Game& g, int cards, int extra, Rng& rng) {
  while (count(g.hand(g.current_seat())) > cards)
    g.play_unchecked(random_card(g.legal_cards(), rng));
  for (int i = 0; i < extra && count(g.hand(g.current_seat())) > 1; ++i)
    g.play_unchecked(random_card(g.legal_cards(), rng));
}

// Classic with trump `turn` (its deal 0), or `rotate_nt` played at random to
// its fifth deal, at no trump. Nullopt when the game ended before.
std::optional<Game> classic_deal(bool no_trump, std::uint64_t seed, Rng& rng) {
  if (!no_trump)
    return to_play(test::rules(Variant::kClassic, {{"trump", std::string("turn")}}), seed, rng);
  Game g = to_play(test::rules(Variant::kClassic, {{"trump", std::string("rotate_nt")},
                                                   {"play_to", std::int64_t{15}}}),
                   seed, rng);
  while (!g.is_over() && g.deal_index() < 4) g.play_unchecked(random_card(g.legal_cards(), rng));
  if (g.is_over() || g.phase() != Phase::kPlay) return std::nullopt;
  REQUIRE(g.trump_suit() == kNoSuit);
  return g;
}

void check_against_dds(const Game& g, ai::Solver& solver) {
  const ai::Position p = ai::position_of(g);
  const ai::Solution ours = solver.solve(p);
  const auto [best, values] = dds_solve(p);
  INFO("trump " << p.trump << ", hands " << set_text(p.hands[0]) << " / " << set_text(p.hands[1])
                << " / " << set_text(p.hands[2]) << " / " << set_text(p.hands[3]) << ", trick of "
                << int(p.trick.size) << " led by " << int(p.trick.leader));
  CHECK(ours.tricks == best);
  CHECK(ours.cards == values);
}

// Rules for every variant and a spread of options.
std::vector<Rules> every_variant() {
  std::vector<Rules> out;
  out.push_back(test::rules(Variant::kClassic, {{"trump", std::string("turn")}}));
  out.push_back(test::rules(Variant::kClassic, {{"trump", std::string("rotate_nt")}}));
  for (std::int64_t jokers : {0, 1, 2})
    out.push_back(test::rules(Variant::kBid, {{"jokers", jokers}}));
  out.push_back(test::rules(Variant::kBid, {{"bidder_gets_kitty", false}}));
  for (int players = 2; players <= 6; ++players) {
    out.push_back(test::rules(Variant::kExact, {}, players));
    out.push_back(test::rules(Variant::kExact, {{"trumps", false}}, players));
  }
  return out;
}

std::string describe(const Game& g) {
  std::ostringstream out;
  out << variant_name(g.rules().variant) << " " << g.players() << " players, trump "
      << g.trump_suit() << (g.observation_for_watcher().downtown ? " downtown" : "") << ":";
  for (int s = 0; s < g.players(); ++s) out << " [" << set_text(g.hand(s)) << "]";
  out << " trick";
  for (int i = 0; i < g.trick().size; ++i)
    out << " " << card_name(g.trick().cards[static_cast<size_t>(i)]);
  return out.str();
}

// A hand-made position: hands in card notation from seat 0.
ai::Position position(std::vector<std::string> hands, int leader, int trump, bool downtown,
                      bool jokers_trump, bool partnerships, bool must_trump,
                      std::string_view trick = "") {
  ai::Position p;
  p.players = static_cast<int>(hands.size());
  for (size_t s = 0; s < hands.size(); ++s) p.hands[s] = test::set(hands[s]);
  p.trick.leader = static_cast<std::int8_t>(leader);
  for (Card c : test::cards(trick)) p.trick.cards[static_cast<size_t>(p.trick.size++)] = c;
  p.trump = trump;
  p.ranking = &ranking(trump, downtown, jokers_trump);
  p.partnerships = partnerships;
  p.must_trump = must_trump;
  return p;
}

Values values(std::initializer_list<std::pair<const char*, int>> v) {
  Values out;
  for (const auto& [name, value] : v) out.emplace_back(test::card(name), value);
  std::sort(out.begin(), out.end());
  return out;
}

// Checks `solver` against one with no table, no bounds and every card
// searched: `rounds` times over every variant, `per_rules` positions of each
// rules in turn, each a fresh deal played down to a few cards a hand
// (sometimes mid-trick); every card's value, and the best result alone.
void check_against_plain(ai::Solver& solver, int rounds, int per_rules, Rng& rng) {
  ai::SolverOptions off;
  off.transposition_table = false;
  off.quick_tricks = false;
  off.equivalent_cards = false;
  ai::Solver plain(off);
  const std::vector<Rules> rules = every_variant();
  for (int round = 0; round < rounds; ++round) {
    for (const Rules& r : rules) {
      for (int i = 0; i < per_rules; ++i) {
        Game g = to_play(r, rng.next(), rng);
        const int cards = r.players >= 5 ? 4 : (r.players == 4 ? 6 : (r.players == 3 ? 7 : 10));
        play_down_to(g, cards, static_cast<int>(rng.below(static_cast<std::uint32_t>(r.players))),
                     rng);
        const ai::Position p = ai::position_of(g);
        INFO(describe(g));
        const ai::Solution a = solver.solve(p);
        const ai::Solution b = plain.solve(p);
        CHECK(a.tricks == b.tricks);
        CHECK(a.cards == b.cards);
        CHECK(solver.best_tricks(p) == a.tricks);
      }
    }
  }
}

}  // namespace

// ---------------------------------------------------------------------------
// Against libdds: classic whist card play is bridge card play.

TEST_CASE("solver: full classic deals agree with libdds, trumps and no trump", "[solver][dds]") {
  Rng rng(20240601);
  ai::Solver solver;
  int trump_deals = 0, no_trump_deals = 0;
  for (std::uint64_t seed = 1; trump_deals + no_trump_deals < 30; ++seed) {
    const bool no_trump = seed % 3 == 0;
    auto g = classic_deal(no_trump, 7000 + seed, rng);
    if (!g) continue;
    REQUIRE(count(g->hand(g->current_seat())) == 13);
    check_against_dds(*g, solver);
    ++(no_trump ? no_trump_deals : trump_deals);
  }
  CHECK(no_trump_deals >= 8);
}

TEST_CASE("solver: mid-deal classic positions agree with libdds, mid-trick included",
          "[solver][dds]") {
  Rng rng(77);
  ai::Solver solver;
  int positions = 0, mid_trick = 0;
  for (std::uint64_t seed = 1; positions < 60; ++seed) {
    auto g = classic_deal(seed % 4 == 0, 9000 + seed, rng);
    if (!g) continue;
    // 1 to 47 cards played: half of the positions in the first three
    // tricks, the hardest to solve.
    const int played = 1 + static_cast<int>(positions % 2 ? rng.below(11) : 11 + rng.below(36));
    for (int i = 0; i < played; ++i) g->play_unchecked(random_card(g->legal_cards(), rng));
    mid_trick += g->trick().size > 0;
    check_against_dds(*g, solver);
    ++positions;
  }
  CHECK(mid_trick >= 30);
}

// ---------------------------------------------------------------------------
// Against brute force and against itself, every variant.

TEST_CASE("solver: tiny positions of every variant agree with brute force", "[solver][brute]") {
  Rng rng(4242);
  ai::Solver solver;
  int positions = 0;
  for (const Rules& r : every_variant()) {
    for (int i = 0; i < 40; ++i) {
      Game g = to_play(r, rng.next(), rng);
      // Up to 4 cards each (3 with five or six players), sometimes mid-trick.
      const int cards = r.players >= 5 ? 3 : (r.players == 2 ? 6 : 4);
      play_down_to(g, cards, static_cast<int>(rng.below(static_cast<std::uint32_t>(r.players))),
                   rng);
      const std::string before = test::fingerprint(g);
      const ai::Solution s = solver.solve(ai::position_of(g));
      const auto [best, values] = brute_solve(g);
      INFO(describe(g));
      CHECK(s.tricks == best);
      CHECK(s.cards == values);
      CHECK(test::fingerprint(g) == before);
      ++positions;
    }
  }
  CHECK(positions >= 600);
}

TEST_CASE("solver: some cards valued, as the whole solve values them", "[solver][self]") {
  // Asked for some of the cards, the solver values those (and the cards
  // that play as one with them) as the whole solve does, and no others;
  // its result is the best of theirs. A kept table, as the computer player
  // uses it.
  Rng rng(515);
  ai::Solver whole, some;
  some.keep_table(true);
  int positions = 0, fewer = 0;
  for (const Rules& r : every_variant()) {
    for (int i = 0; i < 12; ++i) {
      Game g = to_play(r, rng.next(), rng);
      play_down_to(g, r.players >= 5 ? 4 : 6, static_cast<int>(rng.below(3)), rng);
      const ai::Position p = ai::position_of(g);
      const ai::Solution all = whole.solve(p);
      // One or two of the legal cards, drawn at random.
      CardSet asked = 0;
      for (int k = 0; k < 1 + static_cast<int>(rng.below(2)); ++k)
        asked |= bit(all.cards[rng.below(static_cast<std::uint32_t>(all.cards.size()))].first);
      const ai::Solution part = some.solve(p, asked);
      INFO(describe(g));
      int best = -1;
      for (const auto& [card, tricks] : part.cards) {
        const auto it = std::find_if(all.cards.begin(), all.cards.end(),
                                     [c = card](const auto& e) { return e.first == c; });
        REQUIRE(it != all.cards.end());
        CHECK(it->second == tricks);
        best = std::max(best, tricks);
      }
      for (CardSet c = asked; c; c &= c - 1) {
        const bool valued = std::any_of(part.cards.begin(), part.cards.end(),
                                        [c = lowest(c)](const auto& e) { return e.first == c; });
        CHECK(valued);
      }
      CHECK(part.tricks == best);
      fewer += part.cards.size() < all.cards.size();
      ++positions;
    }
  }
  CHECK(positions >= 100);
  CHECK(fewer >= positions / 2);
}

TEST_CASE("solver: the prunings change no answer, every variant", "[solver][self]") {
  // The full solver against one with no table, no bounds and every card
  // searched, on positions too big for brute force.
  Rng rng(99);
  ai::Solver full;
  check_against_plain(full, 1, 16, rng);
}

TEST_CASE("solver: a table kept from solve to solve changes no answer, every variant",
          "[solver][self]") {
  // One solver keeps its table through every position (the variants taken
  // in turns, so that the rules change between runs of the same rules, and
  // the table is emptied then); each answer is checked against a solver
  // with no prunings.
  Rng rng(2026);
  ai::Solver kept;
  kept.keep_table(true);
  check_against_plain(kept, 10, 3, rng);
}

TEST_CASE("solver: a kept table tells the same cards apart under other rules", "[solver][self]") {
  // The same hands solved one after the other with each trump and no trump,
  // in partnerships and each for themselves (with and without exact whist's
  // must-trump): the positions have the same shape and owners, and only the
  // rules in the table's key keep one's entries from answering for another.
  Rng rng(555);
  ai::Solver kept;
  kept.keep_table(true);
  for (int i = 0; i < 40; ++i) {
    Game g =
        to_play(test::rules(Variant::kClassic, {{"trump", std::string("turn")}}), rng.next(), rng);
    play_down_to(g, 5, 0, rng);
    ai::Position p = ai::position_of(g);
    for (const int rules : {0, 1, 2}) {  // partnerships; each alone; each alone, must trump
      for (const int trump : {kNoSuit, 0, 1, 2, 3}) {
        p.trump = trump;
        p.ranking = &ranking(trump, false, false);
        p.partnerships = rules == 0;
        p.must_trump = rules == 2;
        INFO(describe(g) << " as trump " << trump << ", rules " << rules);
        ai::Solver fresh;
        const ai::Solution a = kept.solve(p);
        const ai::Solution b = fresh.solve(p);
        CHECK(a.tricks == b.tricks);
        CHECK(a.cards == b.cards);
      }
    }
  }
}

TEST_CASE("solver: a kept table shared by many deals of one trump, as a decision's samples",
          "[solver][self]") {
  // Many classic deals with hearts trump, each cut to a few cards a hand
  // with the side to play changing: the positions share shapes and top
  // cards, so the kept table answers from other deals' entries. Every
  // answer is checked against a fresh solver's.
  Rng rng(31337);
  ai::Solver kept;
  kept.keep_table(true);
  int positions = 0, hits_possible = 0;
  for (std::uint64_t seed = 1; positions < 400; ++seed) {
    Game g =
        to_play(test::rules(Variant::kClassic, {{"trump", std::string("turn")}}), seed * 7919, rng);
    if (g.trump_suit() != 2) continue;
    play_down_to(g, 4 + static_cast<int>(rng.below(4)), static_cast<int>(rng.below(4)), rng);
    const ai::Position p = ai::position_of(g);
    INFO(describe(g));
    const std::uint64_t before = kept.nodes();
    const ai::Solution a = kept.solve(p);
    ai::Solver fresh;
    const ai::Solution b = fresh.solve(p);
    CHECK(a.tricks == b.tricks);
    CHECK(a.cards == b.cards);
    hits_possible += kept.nodes() - before < fresh.nodes();
    ++positions;
  }
  // The kept table did answer for other deals (fewer nodes than a fresh
  // solve): else this test would check nothing.
  CHECK(hits_possible >= 10);
}

// ---------------------------------------------------------------------------
// Hand-made end positions.

TEST_CASE("solver: bid whist jokers are the top trumps, red above black", "[solver][hand]") {
  // Hearts trump. Seat 0 leads: BJ 2C; seat 1: AH 3C; seat 2: 4C 5C;
  // seat 3: RJ 6C. The black joker led is a trump lead: AH must follow,
  // seat 2 discards, the red joker wins; seat 3 then cashes 6C. Leading 2C
  // instead, 6C wins and the red joker takes the black one. Seats 0+2 take
  // nothing either way.
  const auto p = position({"BJ 2C", "AH 3C", "4C 5C", "RJ 6C"}, 0, 2, false, true, true, false);
  const auto s = ai::solve(p);
  CHECK(s.tricks == 0);
  CHECK(s.cards == values({{"2C", 0}, {"BJ", 0}}));

  // Give seat 0 the red joker and seat 3 the black: the red joker led
  // draws AH and the black joker, and 2C then loses to 6C: one trick. 2C
  // first loses to 6C, and the black joker seat 3 then leads falls to the
  // red one: one trick too.
  const auto q = position({"RJ 2C", "AH 3C", "4C 5C", "BJ 6C"}, 0, 2, false, true, true, false);
  const auto t = ai::solve(q);
  CHECK(t.tricks == 1);
  CHECK(t.cards == values({{"2C", 1}, {"RJ", 1}}));

  // Seat 1 to play to the black joker's lead holding only the ace of
  // trumps and a club: it must follow with the ace (a joker led is a trump
  // lead), which loses to seat 3's red joker.
  const auto r = position({"2C", "AH 3C", "4C 5C", "RJ 6C"}, 0, 2, false, true, true, false, "BJ");
  const auto u = ai::solve(r);
  CHECK(u.cards == values({{"AH", 2}}));
}

TEST_CASE("solver: a guarded second trump behind the highest, but on lead", "[solver][hand]") {
  // Spades trump; seat 1 leads. Seat 0: AS 3S 3H; seat 1: AH KS 2S;
  // seat 2: QS 9H 4H; seat 3: 8H 7H 6H. KS sits behind AS with a spade to
  // spare, which would make it a trick, but not when its holder must lead
  // from KS 2S alone: after AH wins, 2S led is covered by QS and AS ducks,
  // and KS then falls to AS. Every card takes seats 1+3 one trick.
  const auto p =
      position({"AS 3S 3H", "AH KS 2S", "QS 9H 4H", "8H 7H 6H"}, 1, 3, false, false, true, false);
  const auto s = ai::solve(p);
  CHECK(s.tricks == 1);
  CHECK(s.cards == values({{"AH", 1}, {"KS", 1}, {"2S", 1}}));
}

TEST_CASE("solver: no-trump jokers never win and let the next player choose the suit",
          "[solver][hand]") {
  // No trump, uptown. Seat 0: RJ AS; seat 1: KS 2D; seat 2: 3D 4D;
  // seat 3: QS 5D. Leading AS wins a trick (KS and QS fall, seat 2
  // discards), then the joker led lets seat 1 choose diamonds: 5D wins.
  // Leading the joker first, seat 1 chooses spades with KS (QS under it,
  // seat 2 discards) and then leads 2D, on which seat 0 must throw AS:
  // nothing. (Choosing 2D instead would lose a trick to AS.)
  const auto p =
      position({"RJ AS", "KS 2D", "3D 4D", "QS 5D"}, 0, kNoSuit, false, false, true, false);
  const auto s = ai::solve(p);
  CHECK(s.tricks == 1);
  CHECK(s.cards == values({{"AS", 1}, {"RJ", 0}}));

  // A player who can follow may not play a joker: seat 1, to play to AS,
  // holds KS and the black joker: only KS.
  const auto q =
      position({"2D", "KS BJ", "3D 4D", "QS 5D"}, 0, kNoSuit, false, false, true, false, "AS");
  const auto t = ai::solve(q);
  REQUIRE(t.cards.size() == 1);
  CHECK(t.cards[0].first == test::card("KS"));
}

TEST_CASE("solver: downtown ranks the ace high, then 2 down to the king", "[solver][hand]") {
  // No trump, downtown, seat 0 to lead: 2H KS; seat 1: 3H QS; seat 2:
  // 4H JS; seat 3: AH TS. Hearts: the ace, then 2 3 4 (2 beats 3 and 4,
  // the ace beats all). Spades downtown: T beats J Q K. Leading 2H: AH
  // wins and seat 3 cashes TS: nothing for seats 0+2. Leading KS (lowest
  // spade downtown): TS wins, then AH: nothing. Uptown, KS would win.
  const auto p =
      position({"2H KS", "3H QS", "4H JS", "AH TS"}, 0, kNoSuit, true, false, true, false);
  const auto s = ai::solve(p);
  CHECK(s.tricks == 0);
  CHECK(s.cards == values({{"2H", 0}, {"KS", 0}}));

  const auto up =
      position({"2H KS", "3H QS", "4H JS", "AH TS"}, 0, kNoSuit, false, false, true, false);
  const auto t = ai::solve(up);
  // Uptown: KS wins (QS JS TS under it), then 2H loses to AH: one trick.
  CHECK(t.tricks == 1);
  CHECK(t.cards == values({{"2H", 1}, {"KS", 1}}));

  // Downtown with a trump contract (bid whist, spades trump): J beats Q
  // beats K. Seat 0: 2H KS; seat 1: 3H JS; seat 2: 4H QS; seat 3: AH 9C.
  // Lead 2H: AH wins, seat 3 leads 9C and all three ruff: JS (seat 1)
  // wins. Lead KS: JS wins over QS (seat 3 throws 9C), and seat 1's 3H
  // then loses to AH. Nothing for seats 0+2; uptown, KS would win either
  // way.
  const auto q = position({"2H KS", "3H JS", "4H QS", "AH 9C"}, 0, 3, true, true, true, false);
  const auto u = ai::solve(q);
  CHECK(u.tricks == 0);
  CHECK(u.cards == values({{"2H", 0}, {"KS", 0}}));
  const auto q_up = position({"2H KS", "3H JS", "4H QS", "AH 9C"}, 0, 3, false, true, true, false);
  const auto v = ai::solve(q_up);
  CHECK(v.tricks == 1);
  CHECK(v.cards == values({{"2H", 1}, {"KS", 1}}));
}

TEST_CASE("solver: exact whist, one player against the others, who must trump", "[solver][hand]") {
  // Three players, hearts trump, seat 0 to lead: 2C AS; seat 1: 2H KS;
  // seat 2: AC QS. Leading 2C, seat 1 (void in clubs) must trump with 2H
  // and then leads KS into the ace: one trick for seat 0. Leading AS
  // (KS and QS follow) wins, and then 2C is trumped: one trick.
  const auto p = position({"2C AS", "2H KS", "AC QS"}, 0, 2, false, false, false, true);
  const auto s = ai::solve(p);
  CHECK(s.tricks == 1);
  CHECK(s.cards == values({{"2C", 1}, {"AS", 1}}));

  // Without the must-trump rule seat 1 would keep its trump: it throws KS
  // on 2C, seat 2 wins with AC and leads QS, which seat 1 ruffs. 2C is
  // then worth nothing.
  const auto q = position({"2C AS", "2H KS", "AC QS"}, 0, 2, false, false, false, false);
  const auto t = ai::solve(q);
  CHECK(t.tricks == 1);
  CHECK(t.cards == values({{"2C", 0}, {"AS", 1}}));

  // Mid-trick: seat 1 to play to 2C must trump, so its only card is 2H.
  const auto r = position({"AS", "2H KS", "AC QS"}, 0, 2, false, false, false, true, "2C");
  const auto u = ai::solve(r);
  REQUIRE(u.cards.size() == 1);
  CHECK(u.cards[0].first == test::card("2H"));
  // Seat 1 plays for itself: 2H wins the trick, and it then leads KS into
  // seat 0's ace: one trick for seat 1.
  CHECK(u.tricks == 1);
}

TEST_CASE("solver: positions from games, and it changes nothing it is given", "[solver]") {
  Rng rng(5);
  ai::Solver solver;
  for (const Rules& r : every_variant()) {
    Game g = to_play(r, rng.next(), rng);
    play_down_to(g, 5, 1, rng);
    const std::string before = test::fingerprint(g);
    const ai::Position p = ai::position_of(g);
    const ai::Position copy = p;
    const ai::Solution a = solver.solve(p);
    const ai::Solution b = solver.solve(p);
    const ai::Solution c = ai::solve(p);
    CHECK(test::fingerprint(g) == before);
    CHECK(p.players == copy.players);
    CHECK(p.hands == copy.hands);
    CHECK(p.trick.leader == copy.trick.leader);
    CHECK(p.trick.size == copy.trick.size);
    CHECK(p.trick.cards == copy.trick.cards);
    CHECK(p.trump == copy.trump);
    CHECK(p.ranking == copy.ranking);
    CHECK(p.partnerships == copy.partnerships);
    CHECK(p.must_trump == copy.must_trump);
    // The same answer every time, and one entry for every legal card.
    CHECK(a.tricks == b.tricks);
    CHECK(a.cards == b.cards);
    CHECK(a.cards == c.cards);
    CardSet legal = 0;
    for (const auto& [card, value] : a.cards) {
      legal |= bit(card);
      CHECK(value <= a.tricks);
    }
    CHECK(legal == g.legal_cards());
    // The position as the game has it.
    CHECK(p.to_play() == g.current_seat());
    for (int s = 0; s < g.players(); ++s) CHECK(p.hands[static_cast<size_t>(s)] == g.hand(s));
  }
  // No cards left: nothing to play.
  ai::Position empty;
  const ai::Solution none = solver.solve(empty);
  CHECK(none.tricks == 0);
  CHECK(none.cards.empty());
}
