// The game's state machine: deals, phases, the dispatch of actions, and
// the end of a deal. Bidding is in variants/bid.cpp and variants/exact.cpp,
// card play in play.cpp, observations in observation.cpp.
#include "engine/game.hpp"

#include <algorithm>
#include <cassert>

#include "engine/variants/bid.hpp"
#include "engine/variants/bid_scoring.hpp"
#include "engine/variants/classic.hpp"
#include "engine/variants/classic_scoring.hpp"
#include "engine/variants/exact_scoring.hpp"

namespace whist {

namespace {
// A game of boards scores each deal as if no game were near: a target no
// deal reaches.
constexpr int kBoardsPlayTo = 1000;
}  // namespace

Game::Game(const Rules& rules, int first_dealer)
    : rules_(rules), n_(rules.players), first_dealer_(first_dealer), dealer_(first_dealer) {
  assert(first_dealer >= 0 && first_dealer < n_);
  played_.reserve(26);
  deals_.reserve(8);
  results_.reserve(8);
  // One deal's actions in any variant (at most 52 cards and a few calls);
  // a longer game grows it (a game at rest at a table holds no more).
  history_.reserve(64);
}

Game Game::seeded(const Rules& rules, int first_dealer, std::uint64_t seed) {
  Game g(rules, first_dealer);
  g.seeded_ = true;
  g.seed_ = seed;
  g.rng_ = Rng(seed);
  g.next_deal(nullptr);
  return g;
}

Game Game::with_given_deals(const Rules& rules, int first_dealer) {
  return Game(rules, first_dealer);
}

Game Game::preset(const Rules& rules, int first_dealer,
                  std::shared_ptr<const std::vector<Deal>> deals) {
  Game g(rules, first_dealer);
  g.preset_ = std::move(deals);
  g.next_deal(nullptr);
  return g;
}

int Game::current_seat() const {
  if (phase_ == Phase::kOver || phase_ == Phase::kAwaitingDeal) return -1;
  return to_act_;
}

void Game::next_deal(Events* ev) {
  const auto next = static_cast<size_t>(deal_index_ + 1);
  if (seeded_) {
    begin_deal(deal_from_shuffle(rules_, deal_index_ + 1, dealer_, rng_), ev);
  } else if (preset_ && next < preset_->size()) {
    begin_deal((*preset_)[next], ev);
  } else {
    phase_ = Phase::kAwaitingDeal;
  }
}

void Game::start_deal(const Deal& d, Events* ev) {
  assert(phase_ == Phase::kAwaitingDeal);
  begin_deal(d, ev);
}

void Game::begin_deal(const Deal& d, Events* ev) {
  ++deal_index_;
  dealt_ = d;
  deals_.push_back(d);
  hands_ = d.hands;
  kitty_ = d.kitty;
  discards_ = 0;
  hand_size_ = hand_size(rules_, deal_index_);
  calls_.clear();
  contract_ = {};
  bid_total_ = 0;
  exact_bids_ = {};
  played_.clear();
  tricks_won_ = {};
  tricks_left_ = hand_size_;
  trick_ = {};
  trump_ = -1;
  downtown_ = false;
  if (ev) {
    Event e;
    e.type = EventType::kDealStarted;
    e.seat = static_cast<std::int8_t>(dealer_);
    e.value = static_cast<std::int16_t>(deal_index_);
    e.card = d.turned;
    ev->push(e);
  }
  const int first = (dealer_ + 1) % n_;
  switch (rules_.variant) {
    case Variant::kClassic:
      set_trump(
          classic_trump(rules_.options.trump, rules_.options.first_trump, deal_index_, d.turned),
          false, false);
      start_play(first);
      break;
    case Variant::kBid:
      phase_ = Phase::kBidding;
      to_act_ = first;
      break;
    case Variant::kExact:
      set_trump(rules_.options.trumps ? suit_of(d.turned) : kNoSuit, false, false);
      phase_ = Phase::kBidding;
      to_act_ = first;
      break;
  }
  if (ev && trump_ >= 0) {
    Event e;
    e.type = EventType::kTrumpSet;
    e.value = static_cast<std::int16_t>(trump_);
    ev->push(e);
  }
}

void Game::set_trump(int suit, bool downtown, bool jokers_trump) {
  trump_ = suit;
  downtown_ = downtown;
  rank_ = &ranking(suit, downtown, jokers_trump);
  // Exact whist: a player who cannot follow must trump if able.
  must_trump_mask_ = rules_.variant == Variant::kExact && suit >= 0 && suit < kNoSuit
                         ? rank_->follow[static_cast<size_t>(suit + 1)]
                         : ~CardSet{0};
}

ApplyResult Game::apply(const Action& a) {
  ApplyResult r;
  if (phase_ == Phase::kOver) {
    r.error = RuleError::kGameOver;
    return r;
  }
  if (phase_ == Phase::kAwaitingDeal) {
    r.error = RuleError::kNoDeal;
    return r;
  }
  if (a.seat < 0 || a.seat >= n_) {
    r.error = RuleError::kNotYourTurn;
    return r;
  }
  switch (a.type) {
    case ActionType::kBid:
    case ActionType::kPass: r.error = check_bid(a); break;
    case ActionType::kDiscard: r.error = check_discard(a); break;
    case ActionType::kTrump:
    case ActionType::kDirection: r.error = check_choice(a); break;
    case ActionType::kPlay: r.error = check_play(a); break;
    case ActionType::kClaim: r.error = check_claim(a); break;
    case ActionType::kUndo: r.error = check_undo(a); break;
  }
  if (!r.ok()) return r;
  if (a.type == ActionType::kPlay) {
    play_unchecked(a.card, &r.events);
    return r;
  }
  history_.push_back(a);
  Event e;
  e.type = EventType::kAction;
  e.seat = a.seat;
  e.action = a;
  e.action.cards = 0;  // a discard is not shown
  r.events.push(e);
  switch (a.type) {
    case ActionType::kBid:
    case ActionType::kPass: apply_call(a, &r.events); break;
    case ActionType::kDiscard: apply_discard(a, &r.events); break;
    case ActionType::kClaim: apply_claim(a, &r.events); break;
    case ActionType::kUndo: apply_undo(a, &r.events); break;
    default: apply_choice(a, &r.events); break;
  }
  return r;
}

std::vector<Action> Game::legal_actions() const {
  std::vector<Action> out;
  legal_actions(out);
  return out;
}

void Game::legal_actions(std::vector<Action>& out) const {
  out.clear();
  const int s = current_seat();
  if (s < 0) return;
  switch (phase_) {
    case Phase::kBidding:
      if (rules_.variant == Variant::kExact) {
        for (int t = 0; t <= hand_size_; ++t) {
          if (s == dealer_ && bid_total_ + t == hand_size_) continue;
          out.push_back(Action::exact_bid(s, t));
        }
      } else {
        // The bids check_bid allows: those that beat the contract so far;
        // then the pass, unless the dealer must bid.
        const bool low_beats_high = rules_.options.low_beats_high;
        for (int level = std::max(1, rules_.options.min_bid); level <= 7; ++level)
          for (BidMode m : {BidMode::kUptown, BidMode::kDowntown, BidMode::kNoTrump})
            if (bid_beats(level, m, contract_.level, contract_.mode, low_beats_high))
              out.push_back(Action::bid(s, level, m));
        if (s != dealer_ || contract_.declarer >= 0) out.push_back(Action::pass(s));
      }
      break;
    case Phase::kDiscard: {
      // Every k-subset of the hand, in increasing order of the cards' indices
      // taken as a number (Gosper's hack over positions in the hand).
      const auto [cards, k] = discard_choice();
      const std::vector<Card> list = cards_of(cards);
      const int m = static_cast<int>(list.size());
      if (k > m) break;
      for (std::uint64_t pos = (std::uint64_t{1} << k) - 1; pos < (std::uint64_t{1} << m);) {
        CardSet set = 0;
        for (std::uint64_t p = pos; p; p &= p - 1)
          set |= bit(list[static_cast<size_t>(std::countr_zero(p))]);
        out.push_back(Action::discard(s, set));
        if (k == 0) break;
        const std::uint64_t c = pos & (~pos + 1);
        const std::uint64_t r = pos + c;
        pos = (((r ^ pos) >> 2) / c) | r;
      }
      break;
    }
    case Phase::kChoose:
      if (contract_.mode == BidMode::kNoTrump) {
        out.push_back(Action::direction(s, BidMode::kUptown));
        out.push_back(Action::direction(s, BidMode::kDowntown));
      } else {
        for (int suit = 0; suit < kSuits; ++suit) out.push_back(Action::trump(s, suit));
      }
      break;
    case Phase::kPlay:
      for (Card c : cards_of(legal_cards())) out.push_back(Action::play(s, c));
      break;
    default: break;
  }
}

std::pair<CardSet, int> Game::discard_choice() const {
  if (phase_ != Phase::kDiscard) return {0, 0};
  return {hands_[static_cast<size_t>(contract_.declarer)], count(dealt_.kitty)};
}

void Game::end_deal(Events* ev) {
  HandResult res;
  res.trump = trump_;
  switch (rules_.variant) {
    case Variant::kClassic: {
      const int t0 = tricks_won_[0] + tricks_won_[2];
      const int t1 = tricks_won_[1] + tricks_won_[3];
      const auto h = dealt_honours(dealt_, trump_);
      // Boards: each deal alone, as if nobody were near a game.
      const bool boards = rules_.options.boards > 0;
      const auto s = score_classic_deal(
          {t0, t1}, h,
          boards ? std::array<int, 2>{0, 0} : std::array<int, 2>{scores_[0], scores_[1]},
          boards ? kBoardsPlayTo : rules_.options.play_to, rules_.options.honours,
          rules_.options.honours_bar);
      res.tricks = {t0, t1};
      res.game = static_cast<int>(games_.size());
      res.score = {s.score[0], s.score[1]};
      res.honours = {s.honours[0], s.honours[1]};
      break;
    }
    case Variant::kBid: {
      const int side = contract_.declarer % 2;
      std::array<int, 2> t = {tricks_won_[0] + tricks_won_[2], tricks_won_[1] + tricks_won_[3]};
      t[static_cast<size_t>(side)] += 1;  // the book
      const auto s = score_bid_deal(side, contract_.level, contract_.mode, t, rules_.options);
      res.tricks = {t[0], t[1]};
      res.score = {s[0], s[1]};
      res.contract = contract_;
      break;
    }
    case Variant::kExact:
      for (size_t i = 0; i < static_cast<size_t>(n_); ++i) {
        res.tricks.push_back(tricks_won_[i]);
        res.bids.push_back(exact_bids_[i]);
        res.score.push_back(score_exact(exact_bids_[i], tricks_won_[i]));
      }
      break;
  }
  for (int i = 0; i < res.score.size(); ++i) scores_[static_cast<size_t>(i)] += res.score[i];
  results_.push_back(std::move(res));
  if (ev) {
    Event e;
    e.type = EventType::kDealEnded;
    e.value = static_cast<std::int16_t>(deal_index_);
    ev->push(e);
  }
  // Is the game over? (An event's boards: after the last; play_to is not read.)
  bool over = rules_.options.boards > 0 && deal_index_ + 1 >= rules_.options.boards;
  const int play_to = rules_.options.play_to;
  if (rules_.options.boards == 0) {
    switch (rules_.variant) {
      case Variant::kClassic: {
        const int side = scores_[0] >= play_to ? 0 : (scores_[1] >= play_to ? 1 : -1);
        over = side >= 0 && (!rules_.options.rubber || end_rubber_game(side, ev));
        break;
      }
      case Variant::kBid:
        over = scores_[0] != scores_[1] && (std::max(scores_[0], scores_[1]) >= play_to ||
                                            std::min(scores_[0], scores_[1]) <= -play_to);
        break;
      case Variant::kExact: over = deal_index_ + 1 >= exact_deal_count(rules_); break;
    }
  }
  if (over) {
    phase_ = Phase::kOver;
    const auto sc = scores();
    const int best = *std::max_element(sc.begin(), sc.end());
    for (size_t i = 0; i < sc.size(); ++i)
      if (sc[i] == best) winners_.push_back(static_cast<int>(i));
    if (ev) {
      Event e;
      e.type = EventType::kGameOver;
      ev->push(e);
    }
    return;
  }
  dealer_ = (dealer_ + 1) % n_;
  next_deal(ev);
}

// A game of a rubber is won: it is kept, and the rubber is over at a side's
// second game; otherwise the scores start again from love.
bool Game::end_rubber_game(int side, Events* ev) {
  RubberGame game;
  game.winner = side;
  game.score = {scores_[0], scores_[1]};
  game.value = rubber_game_value(scores_[static_cast<size_t>(1 - side)], rules_.options.play_to);
  game.deals = deal_index_ + 1 - game_first_deal_;
  games_.push_back(game);
  if (ev) {
    Event e;
    e.type = EventType::kRubberGame;
    e.seat = static_cast<std::int8_t>(side);
    e.value = static_cast<std::int16_t>(games_.size() - 1);
    ev->push(e);
  }
  if (++games_won_[static_cast<size_t>(side)] == 2) return true;
  scores_[0] = scores_[1] = 0;
  game_first_deal_ = deal_index_ + 1;
  return false;
}

int Game::rubber_points() const {
  if (!is_over() || games_.empty()) return 0;
  return whist::rubber_points(games_, games_.back().winner);
}

std::vector<int> Game::scores() const {
  const int k = rules_.variant == Variant::kExact ? n_ : 2;
  return {scores_.begin(), scores_.begin() + k};
}

std::vector<int> Game::winners() const { return winners_; }

}  // namespace whist
