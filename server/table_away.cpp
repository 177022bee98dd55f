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
#include "server/table.hpp"
#include "server/ws_session.hpp"

namespace whist::server {

namespace asio = boost::asio;

bool Table::present(const Seat& st) { return st.computer || (st.connected && !st.away); }

void Table::left_view(WsSession* s, std::int64_t user) {
  asio::post(strand_, [self = shared_from_this(), s, user] {
    const int seat = self->seat_of(user);
    if (self->closed_ || seat < 0) return;
    Seat& st = self->seats_[static_cast<size_t>(seat)];
    if (!st.connected || st.away || st.session.lock().get() != s) return;
    self->go_away(seat, "lobby");
    self->flush();
  });
}

void Table::came_back(WsSession* s, std::int64_t user) {
  asio::post(strand_, [self = shared_from_this(), s, user] {
    const int seat = self->seat_of(user);
    if (self->closed_ || seat < 0) return;
    Seat& st = self->seats_[static_cast<size_t>(seat)];
    if (!st.connected || st.away_reason != "lobby") return;
    auto session = st.session.lock();
    if (!session || session.get() != s) return;
    self->take_back(seat, session);
    self->arm_timer();
    self->flush();
  });
}

void Table::go_away(int seat, const std::string& reason) {
  Seat& st = seats_[static_cast<size_t>(seat)];
  st.away = true;
  st.away_reason = reason;
  broadcast(protocol::event::Disconnected{seat, reason});
  arm_timer();
  announce();
}

bool Table::ready_to_start() const {
  if (seated_count() != static_cast<int>(seats_.size())) return false;
  // After a game, from "finished": everyone asked for a rematch (computer
  // players always agree).
  bool agreed = true;
  for (const Seat& st : seats_) agreed = agreed && (st.rematch || st.computer);
  if (state_ == State::kFinished) return agreed;
  if (setup_.settings.kind != protocol::TableKind::kCompete) return true;
  // Compete: everyone here, and after a game at this table everyone agreed
  // to the next (a rematch, or sitting down since).
  for (const Seat& st : seats_)
    if (!present(st)) return false;
  return !game_ || agreed;
}

}  // namespace whist::server
