// Seats: table.sit (a free seat, or one's own taken back by a new
// connection), table.leave (not during a game: the seat is kept for its
// player until it ends), table.rematch after a game, and a connection that
// ends (its seat is held; after a game, release.cpp frees it in time).
#include "table/core.hpp"

namespace whist::table {

void TableCore::take_back(int seat, Conn c) {
  Seat& st = seats_[static_cast<size_t>(seat)];
  const bool was_away = !present(st);
  st.conn = c;
  st.away = false;
  st.away_reason.clear();
  st.standin = false;  // the seat is the player's again
  out_.joined.push_back(c);
  if (was_away) {
    broadcast(protocol::event::Connected{seat});
    announce();
    start_if_full();  // a Compete table waits for everyone seated to be here
  }
}

void TableCore::on_sit(Conn c, const Person& p, const std::string& id, int want, bool affordable) {
  using protocol::Error;
  const int asked = want;
  if (const int seat = seat_of(p.id); seat >= 0) {
    // Already here: this connection takes the seat back.
    take_back(seat, c);
    send_state(c, seat, id);
    arm_timer();
    announce();
    return;
  }
  if (state_ == State::kPlaying || starting_)
    return error(c, id, {Error::kTableFull, "the game at this table has started"});
  if (want >= static_cast<int>(seats_.size())) return error(c, id, {Error::kBadSeat});
  if (want >= 0 && seats_[static_cast<size_t>(want)].user != 0)
    return error(c, id, {Error::kSeatTaken});
  if (want < 0) {
    for (size_t i = 0; i < seats_.size() && want < 0; ++i)
      if (seats_[i].user == 0) want = static_cast<int>(i);
    if (want < 0) return error(c, id, {Error::kTableFull});
  }
  if (setup_.settings.kind == TableKind::kCompete && !affordable)
    return sit_if_affordable(c, p, id, asked);
  watchers_.erase(c);
  Seat& st = seats_[static_cast<size_t>(want)];
  st = Seat{};
  st.user = p.id;
  st.name = p.name;
  st.conn = c;
  st.rematch = true;  // sitting down agrees to the next game
  out_.joined.push_back(c);
  broadcast(protocol::event::Sit{want, p.name, false, {}});
  if (state_ == State::kFinished) state_ = State::kOpen;
  // Quick play: the wait for people starts with the first one, and the
  // state answer says when it ends (fill_at).
  if (setup_.settings.kind == TableKind::kPlay && !full()) arm_fill();
  send_state(c, want, id);
  store_table();
  if (setup_.settings.friends_only || setup_.settings.invite_only) load_friends(p.id);
  if (!p.guest) read_rating(p.id);
  if (full()) start_if_full();
  announce();
}

void TableCore::on_leave(Conn c, const Person& p, const std::string& id) {
  const int seat = seat_of(p.id);
  if (seat < 0) {
    if (watchers_.erase(c)) {
      reply(c, id, protocol::ack_message(id));
      return close_if_empty();
    }
    return error(c, id, {protocol::Error::kNotSeated});
  }
  if (state_ == State::kPlaying || starting_)
    return error(c, id,
                 {protocol::Error::kGameInProgress, "your seat is kept for you until it ends"});
  free_seat(c, id, seat);
}

void TableCore::free_seat(Conn c, const std::string& id, int seat) {
  seats_[static_cast<size_t>(seat)] = Seat{};
  if (state_ == State::kFinished) state_ = State::kOpen;
  broadcast(protocol::event::Leave{seat});
  reply(c, id, protocol::ack_message(id));
  store_table();
  close_if_empty();
}

void TableCore::on_rematch(Conn c, const Person& p, const std::string& id) {
  const int seat = seat_of(p.id);
  if (seat < 0) return error(c, id, {protocol::Error::kNotSeated});
  // After a game, also once someone left (the table open again).
  if (!game_ || state_ == State::kPlaying || starting_)
    return error(c, id, {protocol::Error::kWrongState, "the game is not over"});
  if (setup_.event)
    return error(c, id, {protocol::Error::kWrongState, "an event's boards are played once"});
  seats_[static_cast<size_t>(seat)].rematch = true;
  broadcast(protocol::event::Rematch{seat});
  reply(c, id, protocol::ack_message(id));
  start_if_full();
}

void TableCore::disconnected(Conn c, std::int64_t user, Now now) {
  run(now, [&] {
    if (watchers_.erase(c)) close_if_empty();
    if (closed_ || user == 0) return;  // not logged in: no seat
    const int seat = seat_of(user);
    if (seat < 0) return;
    Seat& st = seats_[static_cast<size_t>(seat)];
    if (st.conn != c) return;  // a newer connection holds the seat
    // Away already (the others were told): now gone as well.
    const bool told = st.away;
    st.conn = 0;
    st.away = false;
    st.away_reason.clear();
    if (!told) broadcast(protocol::event::Disconnected{seat, {}});
    arm_timer();
    st.gone_since = now_.mono_ms;
    arm_release();
    announce();
  });
}

}  // namespace whist::table
