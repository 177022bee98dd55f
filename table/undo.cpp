// Undo by consent (docs/rules.md, "Undo"): at a table that allows it (a
// Join table, never rated), a player may ask to take back the last card
// played, their own, before the next card and while the deal goes on. Play
// stops (no clock runs) while everyone else seated answers: a computer
// player agrees at once; a person answers with table.undo_answer, and one
// who has not answered within kUndoSeconds refuses. One refusal ends it and
// play goes on; when all agree, the undo is applied as the game's action
// (stored and recorded like any other): the card goes back to its hand and
// the turn to its player.
#include "protocol/table_replies.hpp"
#include "table/core.hpp"

namespace whist::table {

namespace {
constexpr std::int64_t kUndoSeconds = 20;
}

void TableCore::on_undo(Conn c, const Person& p, const std::string& id) {
  using protocol::Error;
  const int seat = seat_of(p.id);
  if (seat < 0) return error(c, id, {Error::kNotSeated});
  if (!setup_.settings.undo) return error(c, id, {Error::kUndoOff});
  if (!game_ || state_ != State::kPlaying)
    return error(c, id, {Error::kNoGame, "none is being played at this table"});
  if (claim_) return error(c, id, {Error::kClaimPending});
  if (undo_) return error(c, id, {Error::kUndoPending});
  const auto undo = game_->undo_for(seat);
  if (!undo) return error(c, id, {Error::kNoUndo});
  PendingUndo pending{*undo, {}, {}};
  for (size_t s = 0; s < seats_.size(); ++s)
    if (static_cast<int>(s) != seat && !seats_[s].computer)
      pending.waiting.insert(static_cast<int>(s));
  undo_ = pending;
  // No clock runs while the others answer, and a computer's move already
  // thought out waits for the answer: it is thought again if the undo is
  // refused.
  set_clock(Clock::kTurn, std::nullopt);
  timer_armed_ = false;
  if (delayed_) {
    delayed_.reset();
    thinking_ = false;
    set_clock(Clock::kComputer, std::nullopt);
  }
  broadcast(protocol::event::UndoAsked{seat, std::string(card_code(undo->card))});
  reply(c, id, protocol::ack_message(id, protocol::table_reply::Acted{v_}));
  // The computer players agree.
  for (size_t s = 0; s < seats_.size(); ++s)
    if (static_cast<int>(s) != seat && seats_[s].computer) {
      broadcast(protocol::event::UndoAnswer{static_cast<int>(s), true, false});
      undo_->accepted.insert(static_cast<int>(s));
    }
  if (undo_->waiting.empty()) {
    const Action a = undo_->undo;
    undo_.reset();
    apply(a, false);
    return;
  }
  set_clock(Clock::kUndo, now_.mono_ms + kUndoSeconds * 1000);
}

std::optional<protocol::table_reply::UndoState> TableCore::undo_state() const {
  if (!undo_) return std::nullopt;
  return protocol::table_reply::UndoState{
      undo_->undo.seat, std::string(card_code(undo_->undo.card)),
      std::vector<int>(undo_->accepted.begin(), undo_->accepted.end())};
}

void TableCore::on_undo_answer(Conn c, const Person& p, const std::string& id, bool accept) {
  const int seat = seat_of(p.id);
  if (!undo_ || seat < 0 || !undo_->waiting.count(seat))
    return error(c, id, {protocol::Error::kNoUndo, "no undo is waiting for your answer"});
  reply(c, id, protocol::ack_message(id));
  undo_answered(seat, accept, false);
}

void TableCore::undo_timed_out() {
  if (undo_ && !undo_->waiting.empty()) undo_answered(*undo_->waiting.begin(), false, true);
}

void TableCore::undo_answered(int seat, bool accept, bool timeout) {
  broadcast(protocol::event::UndoAnswer{seat, accept, timeout});
  undo_->waiting.erase(seat);
  if (accept) undo_->accepted.insert(seat);
  if (accept && !undo_->waiting.empty()) return;
  const Action a = undo_->undo;
  undo_.reset();
  set_clock(Clock::kUndo, std::nullopt);
  // Refused: play goes on where it stopped, the clock again from the start.
  if (!accept) return arm_timer();
  apply(a, false);
}

}  // namespace whist::table
