// Bounds at the start of a trick: quick tricks, and later tricks that one
// side is sure to take.
#include <algorithm>
#include <bit>

#include "engine/ai/solver_search.hpp"

namespace whist::ai::detail {

int Search::bounds(int target, u64& win) const {
  const int left = t_.tricks_left;
  const int leader = t_.leader;
  const bool max_leads = maxing_[static_cast<size_t>(leader)] != 0;

  // Tricks the leader's side can cash at once.
  u64 used = 0;
  const int quick = quick_tricks(leader, max_leads ? target : left - target + 1, used);
  if (max_leads ? quick >= target : left - quick < target) {
    win = used;
    return max_leads ? 1 : 0;
  }

  // The rest decide only whether a side takes every trick left, or (with
  // trumps) at least a few.
  u64 hands_max = 0, hands_min = 0;
  for (int h = 0; h < n_; ++h)
    (maxing_[static_cast<size_t>(h)] ? hands_max : hands_min) |= hand_[static_cast<size_t>(h)];
  if (trump_ >= 0 && suit_part(all_, trump_)) return trump_bound(target, hands_max, hands_min, win);
  return no_trump_bound(target, hands_max, hands_min, win);
}

[[gnu::always_inline]] inline int Search::longest(int side, int suit) const {
  int most = 0;
  for (int h = 0; h < n_; ++h)
    if (maxing_[static_cast<size_t>(h)] == side)
      most = std::max(most, std::popcount(suit_part(hand_[static_cast<size_t>(h)], suit)));
  return most;
}

[[gnu::always_inline]] inline int Search::trump_bound(int target, u64 hands_max, u64 hands_min,
                                                      u64& win) const {
  // The highest trump wins a trick whenever it is played; a side without
  // trumps loses a trick to every trump of the opponents' longest hand.
  const int left = t_.tricks_left;
  const unsigned trumps = suit_part(all_, trump_);
  const u64 top = card_bit(trump_, top_power(trumps));
  if (!suit_part(hands_max, trump_)) {
    if (target > left - longest(0, trump_)) return 0;
  } else if (hands_min & top) {
    if (target > left - 1) {
      win = top;
      return 0;
    }
  }
  if (!suit_part(hands_min, trump_)) {
    if (target <= longest(1, trump_)) return 1;
  } else if (hands_max & top) {
    if (target <= 1) {
      win = top;
      return 1;
    }
  }
  return second_trump_bound(target, hands_max, win);
}

[[gnu::always_inline]] inline int Search::second_trump_bound(int target, u64 hands_max,
                                                             u64& win) const {
  // The two highest trumps (after DDS's "later tricks"). Held by one side,
  // they take two tricks when their holders can keep them apart: one hand
  // holds both, or one of the two holders has another trump to play when
  // the other's falls. In the partnership games a second-highest trump
  // held over the highest (its holder plays after the highest's in every
  // trick it does not lead) with a trump to spare takes a trick.
  const int left = t_.tricks_left;
  // Two tricks at most decide: only a target of 2 or less, or within two
  // of every trick left (then no need to look for the holders).
  if (target > 2 && target <= left - 2) return -1;
  const unsigned trumps = suit_part(all_, trump_);
  if (std::popcount(trumps) < 2) return -1;
  const int high = top_power(trumps);
  const int second = top_power(trumps & ~(1U << high));
  int top_holder = -1, second_holder = -1;
  for (int h = 0; h < n_; ++h) {
    const unsigned own = suit_part(hand_[static_cast<size_t>(h)], trump_);
    if (own >> high & 1U) top_holder = h;
    if (own >> second & 1U) second_holder = h;
  }
  auto length = [&](int h) {
    return std::popcount(suit_part(hand_[static_cast<size_t>(h)], trump_));
  };
  const bool max_top = (hands_max >> (kSuitBits * trump_ + high)) & 1U;
  const bool max_second = (hands_max >> (kSuitBits * trump_ + second)) & 1U;
  const u64 relied = card_bit(trump_, second);  // (and every trump above it)
  if (max_top == max_second) {
    // One side holds both: two tricks, when they cannot fall together.
    if (length(top_holder) < 2 && length(second_holder) < 2) return -1;
    if (max_top ? target <= 2 : target > left - 2) {
      win = relied;
      return max_top ? 1 : 0;
    }
    return -1;
  }
  // Partnerships: the second trump behind the highest, guarded.
  // (Not when its holder is on lead now: leading from trumps alone, it
  // may have to give up its guard and then fall under the highest. Later
  // it leads only after its side has won a trick.)
  if (!pairs_ || ((top_holder + 1) & 3) != second_holder || length(second_holder) < 2 ||
      t_.leader == second_holder)
    return -1;
  if (max_second ? target <= 1 : target > left - 1) {
    win = relied;
    return max_second ? 1 : 0;
  }
  return -1;
}

[[gnu::always_inline]] inline int Search::no_trump_bound(int target, u64 hands_max, u64 hands_min,
                                                         u64& win) const {
  // No trumps in play: only the side that needs every trick left can be
  // bounded, when it is sure to lose one.
  const bool max_needs_all = target >= t_.tricks_left;
  const bool min_needs_all = target <= 1;
  if (!max_needs_all && !min_needs_all) return -1;
  const bool max_leads = maxing_[static_cast<size_t>(t_.leader)] != 0;
  const bool leaders_need_all = max_leads ? max_needs_all : min_needs_all;
  if (leaders_need_all && leader_loses_trick(max_leads ? hands_min : hands_max, win))
    return max_leads ? 0 : 1;
  for (int side = 1; side >= 0; --side) {
    if (side ? !max_needs_all : !min_needs_all) continue;
    if (side_loses_trick(side, side ? hands_max : hands_min, win)) return side ? 0 : 1;
  }
  return -1;
}

[[gnu::always_inline]] inline bool Search::leader_loses_trick(u64 theirs, u64& win) const {
  // The leader's side loses this trick when the other side (`theirs`)
  // holds the top card of every suit the leader can lead (a suitless joker
  // led would let the next player choose the suit: not counted).
  const int leader = t_.leader;
  if (jokers_[static_cast<size_t>(leader)] != 0) return false;
  u64 tops = 0;
  for (int s = 0; s < kSuits; ++s) {
    if (!suit_part(hand_[static_cast<size_t>(leader)], s)) continue;
    const u64 top = card_bit(s, top_power(suit_part(all_, s)));
    tops |= top;
    if (!(theirs & top)) return false;
  }
  win = tops;
  return true;
}

[[gnu::always_inline]] inline bool Search::side_loses_trick(int side, u64 own, u64& win) const {
  // A side takes tricks only in suits whose top card it holds, at most as
  // many as its longest hand there holds (DDS's "later tricks"): each round
  // of such a suit shortens its longest hand by one, and the other side
  // keeps its top cards in the other suits.
  // (A suitless joker led lets the next player choose the suit: a side
  // holding one is not bounded so.)
  for (int h = 0; h < n_; ++h)
    if (maxing_[static_cast<size_t>(h)] == side && jokers_[static_cast<size_t>(h)] > 0)
      return false;
  int sum = 0;
  u64 tops = 0;
  for (int s = 0; s < kSuits; ++s) {
    const unsigned in = suit_part(all_, s);
    if (!in) continue;
    const u64 top = card_bit(s, top_power(in));
    if (own & top) {
      sum += longest(side, s);
    } else {
      // Relied on: the other side holds this top card (unless only its
      // holder has cards of the suit left).
      int holders = 0;
      for (int h = 0; h < n_; ++h) holders += suit_part(hand_[static_cast<size_t>(h)], s) != 0;
      if (holders > 1) tops |= top;
    }
  }
  if (sum >= t_.tricks_left) return false;
  win = tops;
  return true;
}

int Search::second_hand_bound(int target, u64& win) const {
  // Four seats in partnerships, the second hand to play: its side wins
  // this trick for sure when it can ruff and the third hand cannot, or when
  // its side's highest card of the suit led beats the card led and every
  // card the third hand holds there (and the third hand cannot ruff). At no
  // trump the hand that wins then cashes its other top cards.
  const int me = (t_.leader + 1) & 3, third = (t_.leader + 2) & 3, partner = (t_.leader + 3) & 3;
  const int led = t_.led;
  if (led < 0) return -1;
  const bool ours_max = maxing_[static_cast<size_t>(me)] != 0;
  const int left = t_.tricks_left;
  // What one sure trick decides; more need the cashing below.
  const int need = ours_max ? target : left - target + 1;  // tricks our side must take
  auto hold = [&](int h, int s) { return suit_part(hand_[static_cast<size_t>(h)], s); };
  const bool trumps_in_play = trump_ >= 0 && suit_part(all_, trump_);
  const bool side_suit = trumps_in_play && led != trump_;
  const bool third_ruffs = side_suit && !hold(third, led) && hold(third, trump_);
  if (third_ruffs) return -1;
  u64 relied = 0;
  int winner = -1;
  if (side_suit &&
      ((!hold(me, led) && hold(me, trump_)) || (!hold(partner, led) && hold(partner, trump_)))) {
    if (need > 1) return -1;  // a ruff: no cashing counted after it
  } else {
    const unsigned ours = hold(me, led) | hold(partner, led);
    if (!ours) return -1;
    const int high = top_power(ours);
    const unsigned theirs =
        hold(third, led) | (t_.best_bit ? 1U << (std::countr_zero(t_.best_bit) % kSuitBits) : 0U);
    if (theirs && top_power(theirs) > high) return -1;
    relied |= card_bit(led, high);
    winner = (hold(me, led) >> high & 1U) ? me : partner;
  }
  int quick = 1;
  if (quick < need && !trumps_in_play && winner >= 0) {
    // At no trump the winner cashes: its next card of the suit led if it
    // holds the two highest, and its top card of every other suit (or all
    // of a suit nobody else holds).
    const unsigned in = suit_part(all_, led);
    const unsigned own = hold(winner, led);
    const int high = top_power(in);
    const unsigned rest = in & ~(1U << high);
    if ((own >> high & 1U) && rest && (own >> top_power(rest) & 1U)) {
      ++quick;
      relied |= card_bit(led, top_power(rest));
    }
    for (int s = 0; s < kSuits && quick < need; ++s) {
      if (s == led) continue;
      const unsigned mine = hold(winner, s);
      if (!mine) continue;
      const unsigned all = suit_part(all_, s);
      if (mine == all) {
        quick += std::popcount(mine);
      } else if (mine >> top_power(all) & 1U) {
        ++quick;
        relied |= card_bit(s, top_power(all));
      }
    }
  }
  if (quick < need) return -1;
  win = relied;
  return ours_max ? 1 : 0;
}

namespace {

// What quick_tricks counts with: every hand's holding, length and top card
// in each suit, and how many rounds of each suit can be cashed before a
// hand ruffs.
//
// Ruffs: an opponent holding trumps ruffs only when void, and follows
// suit in every round counted here (so never discards and keeps its
// lengths), so a suit is cashed while every opponent with trumps still
// follows it; unless the top trumps are cashed first and leave the
// opponents none. Exact whist: a partner who must trump would take the
// lead, so a suit is cashed only while every partner holding trumps
// still follows it.
class Cashing {
 public:
  Cashing(int n, int trump, bool must_trump, u64 all, const std::array<u64, kMaxSeats>& hands,
          const std::array<int, kMaxSeats>& maxing, int leader)
      : n_(n), trump_(trump), all_(all), leader_(leader) {
    // (Not zeroed: only the first n_ rows are read.)
    for (int h = 0; h < n_; ++h)
      for (int s = 0; s < kSuits; ++s) {
        const unsigned x = suit_part(hands[at(h)], s);
        hold_[at(h)][at(s)] = x;
        length_[at(h)][at(s)] = std::popcount(x);
        top_[at(h)][at(s)] = x ? top_power(x) : -1;
      }
    limit_ruffs(must_trump, maxing);
  }

  // The most trumps an opponent of the leader holds.
  int opp_trumps() const { return opp_trumps_; }

  // Rounds cashed in each suit from a hand's runs, given the opponents'
  // trumps left; adds the cards relied on to `used`.
  int cash(int seat, int opp_trumps_left, std::array<int, kSuits>& rounds, u64& used) const {
    std::array<int, kSuits> run{}, threats{};
    for (int s = 0; s < kSuits; ++s)
      run[at(s)] = std::min(run_of(seat, s, threats[at(s)]), own_limit_[at(s)]);
    const bool safe = trump_ < 0 || opp_trumps_left == 0 || run[at(trump_)] >= opp_trumps_left;
    int total = 0;
    for (int s = 0; s < kSuits; ++s) {
      int r = run[at(s)];
      if (!safe && s != trump_) r = std::min(r, ruff_limit_[at(s)]);
      rounds[at(s)] = r;
      total += r;
      const int by_rank = std::min(r, threats[at(s)]);
      if (by_rank > 0) used |= card_bit(s, nth_from_top(hold_[at(seat)][at(s)], by_rank - 1));
    }
    return total;
  }

  // The tricks partner cashes after the leader's `rounds` (0 when it
  // cannot, or when they would exceed the `room` left), its cards relied
  // on added to `used`.
  int partners_turn(int partner, const std::array<int, kSuits>& rounds, int room, u64& used) const {
    // Partner's turn: an entry, a suit whose top card partner holds, that
    // the leader can lead and the opponents cannot ruff.
    const int trump_rounds = trump_ >= 0 ? rounds[at(trump_)] : 0;
    const int opp_left = std::max(0, opp_trumps_ - trump_rounds);
    const bool drawn = trump_ < 0 || opp_left == 0;
    int entry = -1;
    for (int s = 0; s < kSuits && entry < 0; ++s) {
      const unsigned in = suit_part(all_, s);
      if (!in || !hold_[at(leader_)][at(s)] || top_[at(partner)][at(s)] != top_power(in)) continue;
      if (drawn || s == trump_ || ruff_limit_[at(s)] >= 1) entry = s;
    }
    if (entry < 0) return 0;
    // Partner keeps every top card while the leader cashes: enough other
    // cards to follow or discard with.
    const u64 before = used;
    std::array<int, kSuits> partner_rounds{};
    const int more = cash(partner, opp_left, partner_rounds, used);
    if (partner_rounds[at(entry)] == 0 || more > room) {
      used = before;
      return 0;
    }
    return more;
  }

 private:
  static constexpr size_t at(int i) { return static_cast<size_t>(i); }

  // The rounds of each suit before an opponent may ruff, or a partner must
  // (exact whist), and the opponents' longest trumps.
  void limit_ruffs(bool must_trump, const std::array<int, kMaxSeats>& maxing) {
    ruff_limit_.fill(99);
    own_limit_.fill(99);
    const int side = maxing[at(leader_)];
    for (int o = 0; o < n_; ++o) {
      if (o == leader_) continue;
      const bool opponent = maxing[at(o)] != side;
      const int trumps = trump_ >= 0 ? length_[at(o)][at(trump_)] : 0;
      if (!trumps || (!opponent && !must_trump)) continue;
      if (opponent) opp_trumps_ = std::max(opp_trumps_, trumps);
      auto& limit = opponent ? ruff_limit_ : own_limit_;
      for (int s = 0; s < kSuits; ++s)
        if (s != trump_) limit[at(s)] = std::min(limit[at(s)], length_[at(o)][at(s)]);
    }
  }

  // Rounds of a suit a hand wins by leading it from the top while every
  // other hand plays its lowest card (keeping its highest for later): the
  // i-th highest card wins while it beats the highest card of every other
  // hand still holding i cards of the suit; once the others are out of the
  // suit every card wins. `threats`: rounds in which some other hand still
  // followed (only the cards winning those rounds win by rank).
  int run_of(int seat, int s, int& threats) const {
    unsigned own = hold_[at(seat)][at(s)];
    int longest = 0;
    for (int h = 0; h < n_; ++h)
      if (h != seat) longest = std::max(longest, length_[at(h)][at(s)]);
    threats = longest;
    int rounds = 0;
    for (; own; ++rounds) {
      if (rounds >= longest) return rounds + std::popcount(own);
      const int card = top_power(own);
      for (int h = 0; h < n_; ++h)
        if (h != seat && length_[at(h)][at(s)] > rounds && top_[at(h)][at(s)] > card) return rounds;
      own &= ~(1U << card);
    }
    return rounds;
  }

  int n_;
  int trump_;
  u64 all_;  // every card in a hand
  int leader_;
  std::array<std::array<unsigned, kSuits>, kMaxSeats> hold_;
  std::array<std::array<int, kSuits>, kMaxSeats> length_, top_;
  std::array<int, kSuits> ruff_limit_;  // rounds before an opponent may ruff
  std::array<int, kSuits> own_limit_;   // rounds before a partner must ruff
  int opp_trumps_ = 0;
};

}  // namespace

int Search::quick_tricks(int leader, int need, u64& used) const {
  // Tricks the leader's side can take at once by cashing top cards: cards
  // above every other card of their suit still in play (partner's too, so
  // that nobody has to overtake and the lead stays where it is, whatever
  // anyone discards). First the leader's own; then, in the partnership
  // variants, partner's, after crossing to partner in a suit whose top card
  // partner holds and the leader can lead. (Ruffs: see Cashing.)
  const int partner = only_partner(leader);
  if (cashable(leader, partner) < need) return 0;
  const Cashing c(n_, trump_, must_trump_, all_, hand_, maxing_, leader);
  std::array<int, kSuits> rounds{};
  const int total = c.cash(leader, c.opp_trumps(), rounds, used);
  // (Exact whist's must-trump rule would make the leader ruff partner's
  // winners: no partner's turn there.)
  if (partner < 0 || must_trump_) return total;
  return total + c.partners_turn(partner, rounds, t_.tricks_left - total, used);
}

[[gnu::always_inline]] inline int Search::only_partner(int leader) const {
  const int side = maxing_[static_cast<size_t>(leader)];
  int partner = -1, partners = 0;
  for (int o = 0; o < n_; ++o)
    if (o != leader && maxing_[static_cast<size_t>(o)] == side) partner = o, ++partners;
  return partners == 1 ? partner : -1;
}

[[gnu::always_inline]] inline int Search::cashable(int leader, int partner) const {
  // At most the cards of the suits whose top card the leader (or its one
  // partner) holds: when they fall short of `need`, quick_tricks does not
  // count.
  int most = 0;
  for (int s = 0; s < kSuits; ++s) {
    const unsigned in = suit_part(all_, s);
    if (!in) continue;
    const u64 top = card_bit(s, top_power(in));
    if (hand_[static_cast<size_t>(leader)] & top)
      most += std::popcount(suit_part(hand_[static_cast<size_t>(leader)], s));
    else if (partner >= 0 && (hand_[static_cast<size_t>(partner)] & top))
      most += std::popcount(suit_part(hand_[static_cast<size_t>(partner)], s));
  }
  return most;
}

}  // namespace whist::ai::detail
