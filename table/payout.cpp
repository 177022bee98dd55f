#include "table/payout.hpp"

namespace whist {

std::int64_t payout_share(int buy_in, int players, int winners, int fee_percent) {
  if (winners <= 0) return 0;
  const std::int64_t pot = static_cast<std::int64_t>(buy_in) * players;
  return (pot - pot * fee_percent / 100) / winners;
}

std::vector<int> winning_seats(const std::vector<int>& winners, int scores, int players) {
  std::vector<int> seats;
  for (const int w : winners) {
    if (scores < players) {
      for (int s = w; s < players; s += scores) seats.push_back(s);
    } else {
      seats.push_back(w);
    }
  }
  return seats;
}

}  // namespace whist
