// Computer players at a table: seats the creator gives to the computer, the
// computer standing in for a player who is away or out of time, and
// suggestions. The computer thinks from the seat's own Observation (a
// ThinkOrder the shell carries out off the table); its answer comes back
// as thought() and is applied only if the turn is still the one it was
// asked about, after a computer seat's natural delay.
#include "protocol/table_replies.hpp"
#include "table/core.hpp"

namespace whist::table {

void TableCore::on_add_bot(Conn c, const Person& p, const std::string& id, int want,
                           ai::Strength strength) {
  using protocol::Error;
  if (p.name != creator_) return error(c, id, {Error::kNotCreator});
  if (setup_.settings.kind == TableKind::kCompete) return error(c, id, {Error::kNoComputers});
  if (state_ == State::kPlaying || starting_) return error(c, id, {Error::kGameInProgress});
  if (want >= static_cast<int>(seats_.size())) return error(c, id, {Error::kBadSeat});
  if (want >= 0 && seats_[static_cast<size_t>(want)].user != 0)
    return error(c, id, {Error::kSeatTaken});
  for (size_t i = 0; i < seats_.size() && want < 0; ++i)
    if (seats_[i].user == 0) want = static_cast<int>(i);
  if (want < 0) return error(c, id, {Error::kTableFull});
  seat_computer(want, strength);
  if (state_ == State::kFinished) state_ = State::kOpen;
  reply(c, id,
        protocol::ack_message(id, protocol::table_reply::ComputerSeated{
                                      want, seats_[static_cast<size_t>(want)].name}));
  store_table();
  if (full()) start_when_due();
  announce();
}

void TableCore::seat_computer(int seat, ai::Strength strength) {
  // "Computer k", the smallest k not at the table; its user id is -k.
  int k = 1;
  while (seat_of(-k) >= 0) ++k;
  Seat& st = seats_[static_cast<size_t>(seat)];
  st = Seat{};
  st.user = -k;
  st.name = "Computer " + std::to_string(k);
  st.computer = true;
  st.strength = strength;
  broadcast(protocol::event::Sit{seat, st.name, true, std::string(ai::strength_name(strength))});
}

void TableCore::on_remove_bot(Conn c, const Person& p, const std::string& id, int seat) {
  using protocol::Error;
  if (p.name != creator_) return error(c, id, {Error::kNotCreator});
  if (seat >= static_cast<int>(seats_.size())) return error(c, id, {Error::kBadSeat});
  if (!seats_[static_cast<size_t>(seat)].computer) return error(c, id, {Error::kNotComputer});
  if (state_ == State::kPlaying) return error(c, id, {Error::kGameInProgress});
  free_seat(c, id, seat);
}

bool TableCore::computer_turn() const {
  if (!game_ || game_->is_over() || state_ != State::kPlaying) return false;
  const int seat = game_->current_seat();
  if (seat < 0) return false;
  const Seat& st = seats_[static_cast<size_t>(seat)];
  return st.computer || (st.standin && !present(st));
}

bool TableCore::same_turn(std::uint64_t game, size_t turn) const {
  return !closed_ && game_ && game == game_number_ && game_->history().size() == turn &&
         !game_->is_over();
}

void TableCore::drive_computer() {
  if (!computer_turn()) return;
  if (thinking_ && same_turn(think_game_, think_turn_)) return;  // already on it
  const Seat& st = seats_[static_cast<size_t>(game_->current_seat())];
  start_thinking(st.computer ? Why::kComputer : Why::kStandin);
}

void TableCore::start_thinking(Why why) {
  const int seat = game_->current_seat();
  thinking_ = true;
  think_game_ = game_number_;
  think_turn_ = game_->history().size();
  Thinking about{why, think_game_, think_turn_, seat, 0, {}, 0};
  // Only what the seat may see goes to the computer.
  const Seat& st = seats_[static_cast<size_t>(seat)];
  out_.think.push_back(ThinkOrder{std::move(about), game_->observation(seat), config_.seeds(),
                                  st.computer ? st.strength : ai::Strength::kExpert});
}

void TableCore::thought(const Thinking& about, std::optional<Action> a, double elapsed_ms,
                        Now now) {
  run(now, [&] {
    if (about.why == Why::kSuggest) {
      Seat& st = seats_[static_cast<size_t>(about.seat)];
      st.suggesting = false;
      // Saturated: the simple choice, if it is still the seat's turn.
      if (!a && game_ && !game_->is_over() && game_->current_seat() == about.seat)
        a = automatic_action();
      if (!a) return error(about.conn, about.request_id, {protocol::Error::kBusy});
      return reply(about.conn, about.request_id,
                   protocol::ack_message(about.request_id, protocol::table_reply::Suggestion{
                                                               *a, setup_.rules.variant, about.v}));
    }
    if (!same_turn(about.game, about.turn)) return;  // someone acted meanwhile: nothing to do
    // An undo waits: the turn may be taken back; think again if it is not.
    if (undo_) {
      thinking_ = false;
      return;
    }
    if (!a) a = automatic_action();
    // A computer seat, or a stand-in, takes a moment as a person would.
    const double delay = about.why == Why::kTimeout ? 0 : config_.bot_delay_ms - elapsed_ms;
    if (delay <= 0) return apply_thought(about, *a);
    delayed_.emplace(about, *a);
    set_clock(Clock::kComputer, now_.mono_ms + static_cast<std::int64_t>(delay));
  });
}

void TableCore::apply_thought(const Thinking& about, const Action& a) {
  if (!same_turn(about.game, about.turn)) return;
  if (undo_) {
    thinking_ = false;
    return;
  }
  thinking_ = false;
  const Seat& st = seats_[static_cast<size_t>(a.seat)];
  if (about.why == Why::kStandin && present(st)) return arm_timer();  // back in time: theirs again
  const bool automatic = about.why != Why::kComputer;
  if (apply(a, automatic) == RuleError::kNone) return;
  log(LogLine::Level::kError, "table " + std::to_string(id_) +
                                  ": the computer player's action was refused; a simple choice "
                                  "instead");
  if (apply(automatic_action(), automatic) != RuleError::kNone)
    log(LogLine::Level::kError,
        "table " + std::to_string(id_) + ": the automatic action was refused");
}

void TableCore::on_suggest(Conn c, const Person& p, const std::string& id) {
  using protocol::Error;
  const int seat = seat_of(p.id);
  if (seat < 0) return error(c, id, {Error::kNotSeated});
  // Never at compete tables; always at play tables; elsewhere as set.
  const auto kind = setup_.settings.kind;
  if (kind == TableKind::kCompete || (kind != TableKind::kPlay && !setup_.settings.suggestions))
    return error(c, id, {Error::kNoSuggestions});
  if (!game_ || state_ != State::kPlaying)
    return error(c, id, {Error::kNoGame, "none is being played at this table"});
  if (game_->current_seat() != seat)
    return error(c, id, {RuleError::kNotYourTurn, "suggestions are for your own turn"});
  Seat& st = seats_[static_cast<size_t>(seat)];
  if (st.suggesting) return error(c, id, {Error::kBusy});
  st.suggesting = true;
  Thinking about{Why::kSuggest, game_number_, game_->history().size(), seat, c, id, v_};
  out_.think.push_back(ThinkOrder{std::move(about), game_->observation(seat), config_.seeds()});
}

}  // namespace whist::table
