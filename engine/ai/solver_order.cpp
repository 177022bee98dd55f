// The order moves are tried in: the cheapest refutations and proofs first.
// Leads: cash winners, lead towards partner's winners, keep the opponents'
// replies few (a smaller tree), avoid leading into a tenace. Following:
// win as cheaply as possible when the trick is not already ours, else
// play low; discard from long suits.
#include <algorithm>
#include <bit>

#include "engine/ai/solver_search.hpp"

namespace whist::ai::detail {

namespace {

// Bonus for the move that last cut off at the same depth.
constexpr int kKillerBonus = 126;
// Leads with trumps: penalty for leading into the opponent behind a
// tenace (the right-hand opponent holds the top or second card), bonus
// for leading through a left-hand top card towards partner's second, and
// for leading towards partner's second and third cards.
constexpr int kIntoTenace = 24;
constexpr int kThroughTop = 27;
constexpr int kPartnersSequence = 20;
// Penalty per opponent's card able to follow a lead, in eighths; a void
// opponent counts as holding every card (it may throw any).
constexpr int kReplyWeight = 64;
constexpr int kVoidReplies = 6;

}  // namespace

int Search::best_playable(int seat) const {
  // The most a seat still to play to this trick can make its card worth.
  const u64 hand = hand_[static_cast<size_t>(seat)];
  if (t_.led < 0) return hand ? 99 : 0;  // it may choose the suit
  const unsigned follow = suit_part(hand, t_.led);
  if (follow) return value_of(t_.led, top_power(follow));
  const unsigned trumps = trump_ >= 0 ? suit_part(hand, trump_) : 0U;
  return trumps ? value_of(trump_, top_power(trumps)) : 0;
}

int Search::lead_weight(int seat, const Move& m) const {
  if (m.suit == kJokerSuit) return -60;  // a suitless joker never wins
  const int s = m.suit;
  const bool maxing = maxing_[static_cast<size_t>(seat)] != 0;
  u64 side = 0;
  bool opp_ruffs = false, partner_ruffs = false;
  int replies = 0;  // the opponents' cards to follow with: fewer, smaller tree
  for (int o = 0; o < n_; ++o) {
    const u64 h = hand_[static_cast<size_t>(o)];
    const bool ruffs = trump_ >= 0 && s != trump_ && !suit_part(h, s) && suit_part(h, trump_);
    if ((maxing_[static_cast<size_t>(o)] != 0) == maxing) {
      side |= h;
      if (o != seat) partner_ruffs |= ruffs;
    } else {
      opp_ruffs |= ruffs;
      const int length = std::popcount(suit_part(h, s));
      replies += length ? length : t_.tricks_left + kVoidReplies;
    }
  }
  const unsigned in_suit = suit_part(all_, s);
  const int top = top_power(in_suit);
  const bool ours = suit_part(side, s) >> top & 1U;
  int w = 0;
  if (m.power == top) {
    w = opp_ruffs ? 5 : 50;  // cash a winner
  } else if (ours) {
    w = opp_ruffs ? 0 : 40;  // to partner's winner
  } else {
    w = 10;
  }
  if (partner_ruffs && !opp_ruffs) w += 25;
  if (s == trump_) {
    const int own = std::popcount(suit_part(side, s));
    w += 2 * own > std::popcount(in_suit) ? 15 : -10;
  }
  // Low cards from a suit we do not command.
  if (m.power != top) w -= m.power;
  return w - kReplyWeight * replies / 8;
}

int Search::pair_lead_weight(int seat, const Move& m) const {
  // Four seats in partnerships: the opponents on the left (second to play)
  // and right (last), partner third.
  if (m.suit == kJokerSuit) return -60;
  const int s = m.suit;
  const int lho = (seat + 1) & 3, partner = (seat + 2) & 3, rho = (seat + 3) & 3;
  const int left = t_.tricks_left;
  auto length = [&](int h) { return std::popcount(suit_part(hand_[static_cast<size_t>(h)], s)); };
  // Who holds the three highest cards of the suit.
  const unsigned in = suit_part(all_, s);
  std::array<int, 3> holder{-1, -1, -1};
  std::array<int, 3> power{-1, -1, -1};
  unsigned rest = in;
  for (int k = 0; k < 3 && rest; ++k) {
    power[static_cast<size_t>(k)] = top_power(rest);
    const u64 b = card_bit(s, power[static_cast<size_t>(k)]);
    for (int h = 0; h < 4; ++h)
      if (hand_[static_cast<size_t>(h)] & b) holder[static_cast<size_t>(k)] = h;
    rest &= ~(1U << power[static_cast<size_t>(k)]);
  }
  const int len_lho = length(lho), len_rho = length(rho), len_partner = length(partner);

  if (trump_ >= 0 && suit_part(all_, trump_)) {
    // With trumps: the generic weights, and not into a tenace.
    int w = lead_weight(seat, m);
    if ((holder[0] == rho || holder[1] == rho) && len_rho != 1) {
      w -= kIntoTenace;
    } else if (holder[0] == lho && holder[1] == partner && len_partner != 1) {
      w += kThroughTop;
    }
    if (holder[1] == partner && holder[2] == partner) w += kPartnersSequence;
    return w;
  }

  // No trumps (weights after DDS's). A small tree: few cards for the
  // opponents to answer with.
  const int rank = std::popcount(in & ((1U << m.power) - 1));  // cards below it
  const bool sequence = m.low != m.power;
  int w = -kReplyWeight *
          ((len_lho ? len_lho : left + kVoidReplies) + (len_rho ? len_rho : left + kVoidReplies)) /
          8;
  // A winner: the top card, or a lead to partner's.
  const bool wins = holder[0] == seat ? m.power == power[0] : holder[0] == partner;
  if (wins) {
    // Cashing: better when the opponents hold no second stopper.
    if (holder[1] == rho && len_rho != 1) {
      w -= 1;
    } else if (holder[1] == lho) {
      w += len_lho != 1 ? 22 : 16;
    }
    const bool stopper = (holder[1] == lho && len_lho != 1) || (holder[1] == rho && len_rho != 1);
    return w + (stopper ? 18 : 45) + rank;
  }
  // Not a winner: lead through strength, towards partner's tenace, from
  // touching honours; not away from a tenace into the opponent behind it.
  if ((holder[0] == rho || holder[1] == rho) && len_rho != 1) {
    w -= 10;
  } else if (holder[0] == lho && holder[1] == partner && len_partner != 1) {
    w += 31;
  }
  if (holder[1] == partner && holder[2] == partner) {
    w += 35;
  } else if (len_partner > 1 && ((holder[1] == seat && holder[2] == partner) ||
                                 (holder[1] == partner && holder[2] == seat))) {
    w += 25;
  }
  if ((len_lho == 1 && holder[0] == lho) || (len_rho == 1 && holder[0] == rho))
    return w + 28 + rank;
  if (holder[0] == seat) return w - 17 + rank;
  if (!sequence) return w + 12 + rank;
  if (m.power == power[1]) return w + 48;
  return w + 29 - rank;
}

int Search::follow_weight(int seat, const Move& m, int theirs, bool covered) const {
  // `theirs`: the most an opponent still to play can make its card worth;
  // `covered`: partner, last to play, beats the trick whatever happens.
  if (m.suit == kJokerSuit) return 45;  // discarding a joker costs nothing
  const bool maxing = maxing_[static_cast<size_t>(seat)] != 0;
  const int led = t_.led < 0 ? m.suit : t_.led;
  const int value = m.suit == trump_ ? 64 + m.power + 1 : (m.suit == led ? 32 + m.power + 1 : 0);
  const bool wins = value > t_.best_value;
  const bool partner_winning = (maxing_[static_cast<size_t>(t_.best_seat)] != 0) == maxing;
  // Can an opponent still to play beat the card that would then be winning?
  const bool threatened = theirs > (wins ? value : t_.best_value);
  if (covered && m.suit == led) return -m.power;
  if (covered && m.suit == trump_) return -30 - m.power;  // no need to ruff
  if (wins && !partner_winning) return threatened ? 45 + m.power : 80 - m.power;
  if (wins) {
    // Overtaking partner: only to make safe a trick partner would lose.
    if (threatened) return 20 - m.power;
    return theirs > t_.best_value ? 60 - m.power : -m.power;
  }
  if (m.suit != led && m.suit != trump_) {
    // A discard: from a long suit, not from a short one holding its top.
    const unsigned own = suit_part(hand_[static_cast<size_t>(seat)], m.suit);
    const int length = std::popcount(own);
    const bool top = (own >> top_power(suit_part(all_, m.suit))) & 1U;
    return -m.power + (length * 8) / 3 - (top && length <= 2 ? 6 : 0);
  }
  return 40 - m.power;
}

void Search::order(int seat, Move* moves, int count) const {
  const Move& killer = killer_[static_cast<size_t>(t_.tricks_left * n_ - t_.played)];
  // Following: what the players still to play can do.
  int theirs = 0, ours = 0;
  const bool maxing = maxing_[static_cast<size_t>(seat)] != 0;
  for (int k = t_.played + 1; t_.played > 0 && k < n_; ++k) {
    const int o = (t_.leader + k) % n_;
    int& most = (maxing_[static_cast<size_t>(o)] != 0) == maxing ? ours : theirs;
    most = std::max(most, best_playable(o));
  }
  // Partner last to play and sure to win the trick: play low.
  const bool covered = pairs_ && t_.played == 1 && ours > std::max(theirs, t_.best_value);
  for (int i = 0; i < count; ++i) {
    Move& m = moves[i];
    int w = t_.played > 0 ? follow_weight(seat, m, theirs, covered)
                          : (pairs_ ? pair_lead_weight(seat, m) : lead_weight(seat, m));
    // The move that last cut off at this depth.
    if (t_.played == 0 && m.suit == killer.suit && m.power == killer.power) w += kKillerBonus;
    m.weight = static_cast<std::int16_t>(w);
  }
  // Insertion sort, stable: a few moves.
  for (int i = 1; i < count; ++i) {
    const Move m = moves[i];
    int j = i;
    for (; j > 0 && moves[j - 1].weight < m.weight; --j) moves[j] = moves[j - 1];
    moves[j] = m;
  }
}

}  // namespace whist::ai::detail
