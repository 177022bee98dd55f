// Deals: the cards each seat holds, the bid-whist kitty and the turned card.
//
// A deal comes either from the engine's seeded shuffle or from a record,
// which is checked against the variant's pack and hand size.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/card.hpp"
#include "engine/options.hpp"
#include "engine/rng.hpp"

namespace whist {

inline constexpr int kMaxSeats = 6;

struct Deal {
  std::array<CardSet, kMaxSeats> hands{};
  CardSet kitty = 0;      // bid whist
  Card turned = kNoCard;  // classic `turn`, exact with trumps
  bool operator==(const Deal&) const = default;
};

// A deal as a record writes it, before checking: cards in the order given,
// so that a card named twice can be told.
struct DealSpec {
  std::vector<std::vector<Card>> hands;
  std::vector<Card> kitty;
  bool has_kitty = false;
  std::optional<Card> turned;
};

// The cards of a variant's pack.
CardSet pack_of(const Rules& r);
// The cards each seat is dealt in deal `deal_index`.
int hand_size(const Rules& r, int deal_index);
// Bid whist: the kitty's cards (the pack less the hands); 0 otherwise.
int kitty_size(const Rules& r);
// Whether deal `deal_index` has a turned card.
bool deal_turns_card(const Rules& r, int deal_index);

// Shuffles the pack and deals it from the seat left of the dealer, one card
// at a time; the rest is the kitty (bid) or holds the turned card (exact).
Deal deal_from_shuffle(const Rules& r, int deal_index, int dealer, Rng& rng);

// Checks a recorded deal: the pack's cards at most once (exactly the pack
// where the variant deals it all), hand sizes, kitty size, the turned card.
// Returns the deal or a message naming what is wrong.
std::variant<Deal, std::string> check_deal(const Rules& r, int deal_index, int dealer,
                                           const DealSpec& spec);

// The spec of a deal, for writing a record (cards in ascending order).
DealSpec spec_of(const Rules& r, int deal_index, const Deal& d);

}  // namespace whist
