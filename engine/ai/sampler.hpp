// Sampling the hidden hands: deals of the cards a seat has not seen to the
// other seats (and to the cards out of play: bid whist's kitty, exact
// whist's undealt cards), consistent with everything the seat has seen:
// the counts of cards in each hand, the suits a player showed out of (with
// exact whist's must-trump rule, a player who neither followed nor trumped
// holds no trump), the turned card in the dealer's hand, and a shown kitty
// that only the declarer can hold.
//
// Beyond what the rules prove, the cards others played say something about
// the cards they hold: most players play second hand low, win as cheaply as
// they can, lead winners and then from their long suits. A sampled deal is
// kept with probability kMismatchWeight to the power of the number of
// plays this deal in which another player, holding the sampled cards, would
// not have played the card they played by those habits (the rule-based
// policy); a few deals are tried for each one kept.
#pragma once

#include <array>
#include <vector>

#include "engine/card.hpp"
#include "engine/deal.hpp"
#include "engine/observation.hpp"
#include "engine/ranking.hpp"
#include "engine/rng.hpp"
#include "engine/trick.hpp"

namespace whist::ai {

class Sampler {
 public:
  explicit Sampler(const Observation& o);

  // Every seat's hand in a random deal consistent with the observation (the
  // seat's own hand as it is). Constraints are dropped, in the unlikely case
  // that a consistent deal is not found after a number of tries, rather
  // than fail.
  std::array<CardSet, kMaxSeats> sample(Rng& rng) const;

  // Suits (as card masks) each seat has shown it cannot hold.
  CardSet forbidden(int seat) const { return forbidden_[static_cast<size_t>(seat)]; }

  // How many of the others' plays this deal the habits above would not
  // have chosen had they held `hands` (the hands now).
  int mismatches(const std::array<CardSet, kMaxSeats>& hands) const;

  // Off for tests that check the plain constraints.
  void set_weighting(bool on) { weighting_ = on; }

 private:
  bool try_sample(Rng& rng, bool constrained, std::array<CardSet, kMaxSeats>& hands) const;

  // A card another player played this deal, with the trick as it was
  // before it and that player's tricks won then.
  struct Play {
    int seat;
    Card card;
    Trick before;
    int won;
  };
  std::vector<Play> plays_;
  const Ranking* rank_ = nullptr;
  bool partnerships_ = true;
  bool must_trump_ = false;
  int trump_ = kNoSuit;
  std::array<int, kMaxSeats> bids_{};
  bool weighting_ = true;

  int players_ = 4;
  std::array<CardSet, kMaxSeats> fixed_{};      // cards known to be in a hand
  std::array<int, kMaxSeats> need_{};           // cards to deal to each seat
  std::array<CardSet, kMaxSeats> forbidden_{};  // cards a seat cannot hold
  CardSet pool_ = 0;                            // cards to deal, out of play included
  int out_ = 0;                                 // how many of the pool are out of play
};

}  // namespace whist::ai
