#include "event/boards.hpp"

#include "engine/rng.hpp"
#include "engine/variants/classic.hpp"

namespace whist::event {
namespace {

// The rotation's length and board `number`'s place in it, counted from the
// event's own first trump.
int rotation_length(const Rules& r) { return r.options.trump == ClassicTrump::kRotateNt ? 5 : 4; }

FirstTrump rotation_of(const Rules& r, int number) {
  const int start = static_cast<int>(r.options.first_trump);
  return static_cast<FirstTrump>((start + number - 1) % rotation_length(r));
}

}  // namespace

int board_dealer(int number) { return (number - 1) % 4; }

BoardPlay board_play(const HandResult& result) {
  BoardPlay p;
  if (result.tricks.size() >= 2) p.tricks = {result.tricks[0], result.tricks[1]};
  p.contract = result.contract;
  if (p.contract.declarer >= 0) p.trump = result.trump;
  return p;
}

Board make_board(const Rules& event_rules, std::uint64_t seed, int number) {
  Board b;
  b.number = number;
  b.dealer = board_dealer(number);
  // Each board its own stream: the seed and the number mixed once more, so
  // no two boards share their shuffles' numbers.
  Rng mixer(seed + static_cast<std::uint64_t>(number));
  Rng rng(mixer.next());
  b.deal = deal_from_shuffle(event_rules, 0, b.dealer, rng);
  // Bid whist: the bidding names the trump at each table.
  b.trump = event_rules.variant == Variant::kClassic
                ? classic_trump(event_rules.options.trump, rotation_of(event_rules, number), 0,
                                b.deal.turned)
                : kNoSuit;
  return b;
}

std::variant<Rules, std::string> boards_rules(const Rules& event_rules, int first, int count) {
  if (event_rules.variant != Variant::kClassic && event_rules.variant != Variant::kBid)
    return std::string("boards are classic or bid whist");
  if (first < 1 || count < 1 || count > 16) return std::string("a run of 1 to 16 boards");
  Rules r = event_rules;
  r.options.boards = count;
  if (r.variant == Variant::kClassic) r.options.first_trump = rotation_of(event_rules, first);
  if (auto err = finalize(r)) return *err;
  return r;
}

std::shared_ptr<const std::vector<Deal>> board_deals(const Rules& rules, std::uint64_t seed,
                                                     int first, int count) {
  auto deals = std::make_shared<std::vector<Deal>>();
  for (int n = first; n < first + count; ++n) deals->push_back(make_board(rules, seed, n).deal);
  return deals;
}

std::variant<Game, std::string> boards_game(const Rules& event_rules, std::uint64_t seed, int first,
                                            int count) {
  auto rules = boards_rules(event_rules, first, count);
  if (auto* why = std::get_if<std::string>(&rules)) return *why;
  return Game::preset(std::get<Rules>(rules), board_dealer(first),
                      board_deals(event_rules, seed, first, count));
}

}  // namespace whist::event
