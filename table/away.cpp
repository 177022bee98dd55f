// Who is at the table: a seated person is present when their connection is
// open and at the table. A connection can be open and not at the table:
// its client went to the lobby (lobby.join: it left the table's view), or
// its player let a turn go by at a table without timers for turn_idle
// seconds. Such a player is away, as one whose connection dropped: the
// others are told (the event `disconnected`, with a `reason`), their turn
// has the same grace, then the computer stands in for them until they are
// back (table.sync, table.sit, any request of theirs at the table, or
// lobby.leave after a lobby.join).
//
// Compete tables take a buy-in only from people present who agreed to the
// game: the next game starts only when every person seated is present and,
// after a game there, asked for a rematch or sat down since. (After a game
// the seat of someone gone for the reconnect grace is freed, at any table:
// table_release.cpp.)
#include "table/core.hpp"

namespace whist::table {

bool TableCore::present(const Seat& st) { return st.computer || (st.conn != 0 && !st.away); }

void TableCore::left_view(Conn c, std::int64_t user, Now now) {
  run(now, [&] {
    const int seat = seat_of(user);
    if (closed_ || seat < 0) return;
    const Seat& st = seats_[static_cast<size_t>(seat)];
    if (st.conn != c || st.away) return;
    go_away(seat, "lobby");
  });
}

void TableCore::came_back(Conn c, std::int64_t user, Now now) {
  run(now, [&] {
    const int seat = seat_of(user);
    if (closed_ || seat < 0) return;
    const Seat& st = seats_[static_cast<size_t>(seat)];
    if (st.conn != c || st.away_reason != "lobby") return;
    take_back(seat, c);
    arm_timer();
  });
}

void TableCore::go_away(int seat, const std::string& reason) {
  Seat& st = seats_[static_cast<size_t>(seat)];
  st.away = true;
  st.away_reason = reason;
  broadcast(protocol::event::Disconnected{seat, reason});
  arm_timer();
  announce();
}

bool TableCore::ready_to_start() const {
  if (seated_count() != static_cast<int>(seats_.size())) return false;
  // After a game, from "finished": everyone asked for a rematch (computer
  // players always agree).
  bool agreed = true;
  for (const Seat& st : seats_) agreed = agreed && (st.rematch || st.computer);
  if (state_ == State::kFinished) return agreed;
  if (setup_.settings.kind != TableKind::kCompete) return true;
  // Compete: everyone here, and after a game at this table everyone agreed
  // to the next (a rematch, or sitting down since).
  for (const Seat& st : seats_)
    if (!present(st)) return false;
  return !game_ || agreed;
}

}  // namespace whist::table
