// The values of a decision's candidate cards over sampled deals, and the
// rules by which the computer player stops sampling the cards that the
// samples show worse than the best, so that the others get more samples.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/card.hpp"

namespace whist::ai {

class CardTally {
 public:
  // After this many samples a card may be dropped by drop_paired, when its
  // mean difference from the best card is more than kDropZ of its standard
  // errors.
  static constexpr int kDropMin = 8;
  static constexpr double kDropZ = 2.5;

  // keep_rows: keep each sample's values for drop_paired (else it drops
  // nothing).
  explicit CardTally(bool keep_rows = true) : keep_rows_(keep_rows) {}

  // One card's value in one sample (a whole solve values every card at
  // once: no row for drop_paired).
  void add(Card c, double value) { total_[c] += value, ++seen_[c]; }
  // Every card of `cards` in one sample, `value[c]` each: kept as a row
  // (with keep_rows).
  void add_sample(CardSet cards, const std::array<int, 54>& value);
  // The card's mean value; far below any value when no sample valued it.
  double mean(Card c) const { return seen_[c] ? total_[c] / seen_[c] : -1e9; }

  // `live` less the cards whose mean is more than `margin` below the best
  // card's mean.
  CardSet drop_worse(CardSet live, double margin) const;
  // `live` less the cards that the rows show worse than the best card (the
  // best mean) by their differences sample by sample: each sample is the
  // same deal for every card, so the difference's spread is far smaller
  // than either value's. Every card of `live` must be in every row (cards
  // only ever leave the live ones).
  CardSet drop_paired(CardSet live) const;

 private:
  std::array<double, 54> total_{};
  std::array<int, 54> seen_{};
  bool keep_rows_;
  std::vector<std::array<std::int16_t, 54>> rows_;
};

}  // namespace whist::ai
