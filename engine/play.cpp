// Card play: following suit, the must-trump rule of exact whist, jokers,
// and who wins a trick.
#include "engine/game.hpp"

namespace whist {

void Game::start_play(int leader) {
  phase_ = Phase::kPlay;
  trick_ = {};
  trick_.leader = static_cast<std::int8_t>(leader);
  to_act_ = leader;
}

RuleError Game::check_play(const Action& a) const {
  if (phase_ != Phase::kPlay) return RuleError::kWrongPhase;
  if (a.seat != to_act_) return RuleError::kNotYourTurn;
  if (!contains(hands_[static_cast<size_t>(a.seat)], a.card)) return RuleError::kCardNotHeld;
  if (!contains(legal_cards(), a.card)) {
    const CardSet hand = hands_[static_cast<size_t>(a.seat)];
    const bool can_follow = hand & rank_->follow[static_cast<size_t>(trick_.led_suit + 1)];
    return can_follow ? RuleError::kMustFollowSuit : RuleError::kMustTrump;
  }
  return RuleError::kNone;
}

// A claim (an accepted one: the table asks the others first) is made by the
// seat to lead, in a partnership game, for 0 to the tricks left.
RuleError Game::check_claim(const Action& a) const {
  if (phase_ != Phase::kPlay) return RuleError::kWrongPhase;
  if (a.seat != to_act_) return RuleError::kNotYourTurn;
  if (rules_.variant == Variant::kExact || trick_.size != 0 || a.tricks < 0 ||
      a.tricks > tricks_left_)
    return RuleError::kBadClaim;
  return RuleError::kNone;
}

// The claimer's side takes the tricks claimed, the other side the rest
// (counted to the claimer and the seat on their left), and the deal ends.
void Game::apply_claim(const Action& a, Events* ev) {
  tricks_won_[static_cast<size_t>(a.seat)] += a.tricks;
  tricks_won_[static_cast<size_t>((a.seat + 1) % n_)] += tricks_left_ - a.tricks;
  tricks_left_ = 0;
  hands_ = {};
  end_deal(ev);
}

// An undo (an agreed one: the table asks the others first) takes back the
// last card played, by the seat that played it, while its deal is still
// being played: before the next card, and not once the card ended the deal.
std::optional<Action> Game::undo_for(int seat) const {
  if (phase_ != Phase::kPlay || history_.empty()) return std::nullopt;
  const Action& last = history_.back();
  if (last.type != ActionType::kPlay || last.seat != seat) return std::nullopt;
  // A card that ended the deal began the next one (or ended the game).
  if (trick_.size == 0 && played_.empty()) return std::nullopt;
  return Action::undo(seat, last.card);
}

RuleError Game::check_undo(const Action& a) const {
  const auto undo = undo_for(a.seat);
  return undo && undo->card == a.card ? RuleError::kNone : RuleError::kBadUndo;
}

// The game is played again from its start without the card (the undo is
// already in the history, after the card, where it stays: a record shows
// both), and without every card taken back before (each undo and its card
// left out, so that a game of many undos is replayed once, not once per
// undo). Deals come from the same seed, or the same given deals.
void Game::apply_undo(const Action&, Events*) {
  std::vector<Action> kept;
  kept.reserve(history_.size());
  for (const Action& a : history_) {
    if (a.type == ActionType::kUndo) {
      kept.pop_back();  // its card (an undo always follows its card)
    } else {
      kept.push_back(a);
    }
  }
  Game g = seeded_   ? seeded(rules_, first_dealer_, seed_)
           : preset_ ? preset(rules_, first_dealer_, preset_)
                     : with_given_deals(rules_, first_dealer_);
  size_t dealt = g.deals_.size();
  for (const Action& a : kept) {
    if (g.awaiting_deal()) g.start_deal(deals_[dealt++]);
    [[maybe_unused]] const ApplyResult r = g.apply(a);
    assert(r.ok());
  }
  if (g.awaiting_deal() && dealt < deals_.size()) g.start_deal(deals_[dealt++]);
  g.history_ = std::move(history_);
  *this = std::move(g);
}

void Game::finish_trick(Events* ev) {
  const int winner = trick_.winner(n_);
  ++tricks_won_[static_cast<size_t>(winner)];
  PlayedTrick& p = played_.emplace_back();
  p.leader = trick_.leader;
  p.winner = static_cast<std::int8_t>(winner);
  p.size = trick_.size;
  // Card by card: the cards were just stored one byte at a time, and a
  // wide load of them would stall waiting for those stores. (The count
  // read once: each byte stored might otherwise have changed it.)
  const int n = n_;
  for (int i = 0; i < n; ++i)
    p.cards[static_cast<size_t>(i)] = trick_.cards[static_cast<size_t>(i)];
  if (ev) {
    Event e;
    e.type = EventType::kTrickWon;
    e.seat = static_cast<std::int8_t>(winner);
    e.value = static_cast<std::int16_t>(played_.size() - 1);
    ev->push(e);
  }
  if (--tricks_left_ == 0) {
    end_deal(ev);
    return;
  }
  trick_ = {};
  trick_.leader = static_cast<std::int8_t>(winner);
  to_act_ = winner;
}

}  // namespace whist
