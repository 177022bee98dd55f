// Cutting for partners and the first dealer (the British game's custom at
// a table of strangers; docs/rules.md, "Cutting for partners").
//
// Each player draws one card from a shuffled pack. The ace is low in the
// cut (then 2, 3 ... king); suits do not count. If two players draw the
// same rank, everyone draws again from a new shuffle, so the draw shown is
// one without ties. In a partnership game (4 players, classic or bid) the
// two lowest play together against the two highest, and the lowest deals
// first. Seating moves as few players as it can: the lowest keeps their
// seat s, their partner takes s + 2, and the two highest take s + 1 and
// s + 3 in the order they sat. Without partnerships (exact-bid whist) the
// cut names the first dealer only and nobody moves.
#pragma once

#include <vector>

#include "engine/card.hpp"
#include "engine/rng.hpp"

namespace whist {

struct Cut {
  std::vector<Card> cards;   // the card each seat drew, by seat before the cut
  std::vector<int> seat_to;  // each player's seat after the cut, by seat before it
  int dealer = 0;            // the first dealer, a seat after the cut
  int rounds = 1;            // how many draws it took (ties draw again)
};

// The rank of a card in the cut: 0 for an ace, then 1 for a two ... 12 for
// a king.
int cut_rank(Card c);

// Cuts for `players` seats; `partnerships`: 4 players in two sides.
Cut cut_for_partners(Rng& rng, int players, bool partnerships);

// The seating of a draw without ties (cut_for_partners' second half).
Cut seat_by_cut(const std::vector<Card>& cards, bool partnerships);

}  // namespace whist
