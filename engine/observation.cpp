// Observations: what a seat or a watcher may know. Every field is public
// except `hand` (the viewer's own), the kitty (as sport_kitty allows, and to
// the declarer who took it) and `discards` (the declarer's own).
#include "engine/game.hpp"
#include "engine/variants/bid.hpp"

namespace whist {

Observation Game::observation(int seat) const {
  Observation o;
  const bool player = seat >= 0 && seat < n_;
  o.rules = rules_;
  o.seat = player ? seat : -1;
  o.phase = phase_;
  o.deal_index = deal_index_;
  o.dealer = dealer_;
  o.hand_size = hand_size_;
  o.to_act = current_seat();
  o.scores = scores();
  o.results = results_;
  o.games = games_;
  o.game_over = is_over();
  o.winners = winners_;
  if (deal_index_ < 0) return o;

  if (player) o.hand = hands_[static_cast<size_t>(seat)];
  for (int s = 0; s < n_; ++s) {
    o.hand_counts.push_back(count(hands_[static_cast<size_t>(s)]));
    o.tricks_won.push_back(tricks_won_[static_cast<size_t>(s)]);
  }
  o.turned = dealt_.turned;
  o.calls = calls_;
  o.contract = contract_;
  o.trump = trump_;
  o.downtown = downtown_;
  o.tricks = played_;
  if (phase_ == Phase::kPlay) o.current = trick_;

  // The kitty: once bidding is over, to all if sported, to the declarer who
  // takes it; the discards to the declarer alone.
  if (rules_.variant == Variant::kBid && contract_.declarer >= 0 && phase_ != Phase::kBidding) {
    const bool sported = kitty_sported(rules_.options.sport_kitty, contract_.mode);
    const bool declarer = player && seat == contract_.declarer;
    if (sported || (declarer && rules_.options.bidder_gets_kitty)) {
      o.kitty_known = true;
      o.kitty = dealt_.kitty;
    }
    if (declarer) o.discards = discards_;
  }
  if (player && seat == current_seat() && phase_ != Phase::kDiscard) o.legal = legal_actions();
  return o;
}

}  // namespace whist
