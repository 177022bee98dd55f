// Claims (docs/rules.md, "Claims"): the seat to lead claims some or all of
// the tricks left for its side; its hand is shown to everyone; play stops
// (no clock runs) while each opponent answers. A person answers with
// table.claim_answer; a computer (or a computer standing in) accepts exactly
// when the double-dummy solver shows the claim holds against every defence
// (a JudgeOrder, answered by claim_judged). One refusal ends the claim and
// play goes on; when every opponent has accepted, the claim is applied as
// the game's action (stored and recorded like any other) and the deal ends.
// Opponents who have not answered within kClaimSeconds refuse.
#include "engine/ai/solver.hpp"
#include "protocol/table_replies.hpp"
#include "table/core.hpp"

namespace whist::table {

namespace {
constexpr std::int64_t kClaimSeconds = 30;
}

void TableCore::on_claim(Conn c, const Person& p, const std::string& id, int tricks) {
  using protocol::Error;
  const int seat = seat_of(p.id);
  if (seat < 0) return error(c, id, {Error::kNotSeated});
  if (!game_ || state_ != State::kPlaying)
    return error(c, id, {Error::kNoGame, "none is being played at this table"});
  if (claim_) return error(c, id, {Error::kClaimPending});
  if (undo_) return error(c, id, {Error::kUndoPending});
  const Action a = Action::claim(seat, tricks);
  if (const RuleError e = game_->claim_error(a); e != RuleError::kNone)
    return error(c, id, protocol::ErrorReply(e));
  PendingClaim claim{seat, tricks, {}, game_->history().size()};
  for (const int other : {(seat + 1) % 4, (seat + 3) % 4}) claim.waiting.insert(other);
  claim_ = claim;
  // No clock runs while the opponents answer; the claim has its own.
  set_clock(Clock::kTurn, std::nullopt);
  timer_armed_ = false;
  set_clock(Clock::kClaim, now_.mono_ms + kClaimSeconds * 1000);
  protocol::event::Claim told{seat, tricks, {}};
  for (Card card : cards_of(game_->hand(seat))) told.hand.emplace_back(card_code(card));
  broadcast(std::move(told));
  reply(c, id, protocol::ack_message(id, protocol::table_reply::Acted{v_}));
  // The computer opponents judge it outside the strand.
  for (const int other : claim.waiting) {
    const Seat& st = seats_[static_cast<size_t>(other)];
    if (st.computer || st.standin) {
      out_.judge.push_back(JudgeOrder{game_number_, claim.turn, tricks, ai::position_of(*game_)});
      break;  // one judgement answers for both
    }
  }
}

std::optional<protocol::table_reply::ClaimState> TableCore::claim_state() const {
  if (!claim_ || !game_) return std::nullopt;
  protocol::table_reply::ClaimState s{claim_->seat, claim_->tricks, {}, {}};
  for (Card card : cards_of(game_->hand(claim_->seat))) s.hand.emplace_back(card_code(card));
  for (const int other : {(claim_->seat + 1) % 4, (claim_->seat + 3) % 4})
    if (!claim_->waiting.count(other)) s.accepted.push_back(other);
  return s;
}

void TableCore::on_claim_answer(Conn c, const Person& p, const std::string& id, bool accept) {
  const int seat = seat_of(p.id);
  if (!claim_ || seat < 0 || !claim_->waiting.count(seat))
    return error(c, id, {protocol::Error::kNoClaim});
  reply(c, id, protocol::ack_message(id));
  claim_answered(seat, accept, false);
}

void TableCore::claim_judged(std::uint64_t game, size_t turn, bool holds, Now now) {
  run(now, [&] {
    if (!claim_ || game != game_number_ || turn != claim_->turn) return;
    const std::set<int> waiting = claim_->waiting;
    for (const int seat : waiting) {
      const Seat& st = seats_[static_cast<size_t>(seat)];
      if (claim_ && (st.computer || st.standin)) claim_answered(seat, holds, false);
    }
  });
}

void TableCore::claim_timed_out() {
  if (claim_ && !claim_->waiting.empty()) claim_answered(*claim_->waiting.begin(), false, true);
}

void TableCore::claim_answered(int seat, bool accept, bool timeout) {
  broadcast(protocol::event::ClaimAnswer{seat, accept, timeout});
  claim_->waiting.erase(seat);
  if (accept && !claim_->waiting.empty()) return;
  const PendingClaim claim = *claim_;
  claim_.reset();
  set_clock(Clock::kClaim, std::nullopt);
  // Refused: play goes on where it stopped, the clock again from the start.
  if (!accept) return arm_timer();
  apply(Action::claim(claim.seat, claim.tricks), false);
}

}  // namespace whist::table
