#include "engine/ai/card_tally.hpp"

#include <algorithm>

namespace whist::ai {

void CardTally::add_sample(CardSet cards, const std::array<int, 54>& value) {
  for (CardSet c = cards; c; c &= c - 1) add(lowest(c), value[lowest(c)]);
  if (!keep_rows_) return;
  auto& row = rows_.emplace_back();
  for (CardSet c = cards; c; c &= c - 1)
    row[lowest(c)] = static_cast<std::int16_t>(value[lowest(c)]);
}

CardSet CardTally::drop_worse(CardSet live, double margin) const {
  double top = -1e9;
  for (CardSet c = live; c; c &= c - 1) top = std::max(top, mean(lowest(c)));
  CardSet kept = live;
  for (CardSet c = live; c; c &= c - 1)
    if (mean(lowest(c)) < top - margin) kept &= ~bit(lowest(c));
  return kept;
}

CardSet CardTally::drop_paired(CardSet live) const {
  if (rows_.size() < static_cast<size_t>(kDropMin) || count(live) < 2) return live;
  Card top = kNoCard;
  for (CardSet c = live; c; c &= c - 1)
    if (top == kNoCard || mean(lowest(c)) > mean(top)) top = lowest(c);
  const auto n = static_cast<double>(rows_.size());
  CardSet kept = live;
  for (CardSet c = live & ~bit(top); c; c &= c - 1) {
    const Card card = lowest(c);
    double sum = 0, squares = 0;
    for (const auto& row : rows_) {
      const double d = row[top] - row[card];
      sum += d, squares += d * d;
    }
    const double m = sum / n;
    const double variance = std::max(0.0, (squares - n * m * m) / (n - 1));
    // m / sqrt(variance / n) > kDropZ, without the division by zero when
    // every difference is the same.
    if (m > 0 && m * m * n > kDropZ * kDropZ * variance) kept &= ~bit(card);
  }
  return kept;
}

}  // namespace whist::ai
