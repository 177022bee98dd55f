#include "engine/deal.hpp"

namespace whist {

CardSet pack_of(const Rules& r) {
  return r.variant == Variant::kBid ? pack_with_jokers(r.options.jokers) : kStandardPack;
}

int hand_size(const Rules& r, int deal_index) {
  switch (r.variant) {
    case Variant::kClassic: return 13;
    case Variant::kBid: return 12;
    case Variant::kExact: return exact_hand_size(r, deal_index);
  }
  return 0;
}

int kitty_size(const Rules& r) {
  if (r.variant != Variant::kBid) return 0;
  return count(pack_of(r)) - r.players * hand_size(r, 0);
}

bool deal_turns_card(const Rules& r, int deal_index) {
  (void)deal_index;
  if (r.variant == Variant::kClassic) return r.options.trump == ClassicTrump::kTurn;
  if (r.variant == Variant::kExact) return r.options.trumps;
  return false;
}

Deal deal_from_shuffle(const Rules& r, int deal_index, int dealer, Rng& rng) {
  static constexpr auto kOrdered = [] {
    std::array<Card, 54> p{};
    for (int i = 0; i < 54; ++i) p[static_cast<size_t>(i)] = static_cast<Card>(i);
    return p;
  }();
  // The pack in ascending order, with the jokers bid whist uses.
  std::array<Card, 54> pack = kOrdered;
  int n = 52;
  if (r.variant == Variant::kBid) {
    if (r.options.jokers == 1) pack[n++] = kRedJoker;
    if (r.options.jokers == 2) n = 54;
  }
  // Fisher-Yates from the last position down. Position i holds its final
  // card once step i is done, so it is dealt at once, in the same pass:
  // position i of the pack goes to seat dealer + 1 + i (one card at a time
  // round the table from the dealer's left); positions from `dealt` on
  // are the kitty.
  Deal d;
  const int size = hand_size(r, deal_index);
  const int players = r.players;
  const int dealt = size * players;
  // The seat of position n - 1, counted down from there.
  int seat = (dealer + n) % players;
  auto put = [&](int i, Card c) {
    if (i < dealt) {
      d.hands[static_cast<size_t>(seat)] |= bit(c);
    } else {
      d.kitty |= bit(c);
    }
    seat = seat == 0 ? players - 1 : seat - 1;
  };
  // The generator's draws first, all at once (Rng::below_each: the same
  // numbers as one call of below a step, computed side by side), then the
  // swaps.
  std::array<std::uint32_t, 54> draws;
  rng.below_each(draws.data(), n);
  for (int i = n - 1; i > 0; --i) {
    const auto j = draws[static_cast<size_t>(i)];
    const Card c = pack[j];
    pack[j] = pack[static_cast<size_t>(i)];
    pack[static_cast<size_t>(i)] = c;
    put(i, c);
  }
  put(0, pack[0]);
  if (r.variant != Variant::kBid) d.kitty = 0;  // (only bid whist has one)
  if (deal_turns_card(r, deal_index)) {
    // The next card of the pack, or the last card dealt (the dealer's).
    d.turned = dealt < n ? pack[static_cast<size_t>(dealt)] : pack[static_cast<size_t>(dealt - 1)];
  }
  return d;
}

std::variant<Deal, std::string> check_deal(const Rules& r, int deal_index, int dealer,
                                           const DealSpec& spec) {
  const CardSet pack = pack_of(r);
  const int size = hand_size(r, deal_index);
  Deal d;
  CardSet seen = 0;
  auto take = [&](Card c, CardSet& into) -> std::optional<std::string> {
    if (!contains(pack, c)) return "card " + card_name(c) + " is not in this variant's pack";
    if (contains(seen, c)) return "duplicate card " + card_name(c) + " in the deal";
    seen |= bit(c);
    into |= bit(c);
    return std::nullopt;
  };
  if (static_cast<int>(spec.hands.size()) != r.players)
    return "a deal needs " + std::to_string(r.players) + " hands";
  for (int s = 0; s < r.players; ++s) {
    const auto& h = spec.hands[static_cast<size_t>(s)];
    if (static_cast<int>(h.size()) != size)
      return "hand " + std::to_string(s) + " holds " + std::to_string(h.size()) + " cards, not " +
             std::to_string(size);
    for (Card c : h)
      if (auto e = take(c, d.hands[static_cast<size_t>(s)])) return *e;
  }
  if (r.variant == Variant::kBid) {
    if (!spec.has_kitty) return "a bid whist deal needs a kitty";
    for (Card c : spec.kitty)
      if (auto e = take(c, d.kitty)) return *e;
    if (seen != pack) return "a bid whist deal must use the whole pack";
  } else if (r.variant == Variant::kClassic && seen != pack) {
    return "a classic whist deal must use the whole pack";
  }
  if (deal_turns_card(r, deal_index)) {
    if (!spec.turned) return "the deal needs a turned card";
    const Card t = *spec.turned;
    if (!contains(pack, t)) return "turned card is not in this variant's pack";
    const bool all_dealt = count(seen) == 52;
    if (all_dealt || r.variant == Variant::kClassic) {
      if (!contains(d.hands[static_cast<size_t>(dealer)], t))
        return "the turned card must be in the dealer's hand";
    } else if (contains(seen, t)) {
      return "the turned card must be a card in no hand";
    }
    d.turned = t;
  }
  return d;
}

DealSpec spec_of(const Rules& r, int deal_index, const Deal& d) {
  DealSpec spec;
  for (int s = 0; s < r.players; ++s)
    spec.hands.push_back(cards_of(d.hands[static_cast<size_t>(s)]));
  if (r.variant == Variant::kBid) {
    spec.has_kitty = true;
    spec.kitty = cards_of(d.kitty);
  }
  if (deal_turns_card(r, deal_index)) spec.turned = d.turned;
  return spec;
}

}  // namespace whist
