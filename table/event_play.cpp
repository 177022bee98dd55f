// An event's table (TableSetup::event): the event (server/events.hpp)
// opens it with its players seated and its boards to play, one game of
// `boards` deals made from the event's seed, dealt in board order with
// each board's dealer (event/boards.hpp). Nobody else sits (the table is
// seen by its players only), nobody watches (the boards are secret until
// played everywhere), and the game is played once. Each board finished is
// told to the event in the effects (Effects::boards); at the round's end
// the event closes the table, asking which side was at fault for a board
// left unfinished. The daily duplicate's tables go at the player's pace:
// no clock and no stand-in for them (turn_clock.cpp).
#include "event/boards.hpp"
#include "table/core.hpp"

namespace whist::table {

void TableCore::open_event(const std::vector<EventSeat>& seats, Now now) {
  run(now, [&] {
    if (!setup_.event || game_ || closed_) return;
    for (size_t i = 0; i < seats_.size() && i < seats.size(); ++i) {
      if (seats[i].user <= 0) {
        seat_computer(static_cast<int>(i));
        continue;
      }
      Seat& st = seats_[i];
      st = Seat{};
      st.user = seats[i].user;
      st.name = seats[i].name;
      st.gone_since = now_.mono_ms;
      broadcast(protocol::event::Sit{static_cast<int>(i), st.name, false, {}});
      read_rating(st.user);
    }
    store_table();
    start_if_full();
  });
}

Game TableCore::make_game(std::uint64_t seed, int dealer) {
  if (!setup_.event) return Game::seeded(setup_.rules, dealer, seed);
  if (!boards_) {
    const EventPlay& ev = *setup_.event;
    boards_ =
        event::board_deals(setup_.rules, ev.seed, ev.first_board, setup_.rules.options.boards);
  }
  return Game::preset(setup_.rules, dealer, boards_);
}

BoardScore TableCore::board_score(size_t deal) const {
  const HandResult& r = game_->results()[deal];
  return {setup_.event->first_board + static_cast<int>(deal), r.score[0], r.score[1],
          event::board_play(r)};
}

std::vector<BoardScore> TableCore::boards_played() const {
  std::vector<BoardScore> out;
  if (!setup_.event || !game_) return out;
  for (size_t i = 0; i < game_->results().size(); ++i) out.push_back(board_score(i));
  return out;
}

int TableCore::side_at_fault() const {
  if (!setup_.event || !game_ || game_->is_over()) return -1;
  bool away[2] = {false, false};
  for (size_t s = 0; s < seats_.size(); ++s) {
    const Seat& st = seats_[s];
    if (st.user > 0 && (!present(st) || st.standin)) away[s % 2] = true;
  }
  if (away[0] == away[1]) return -1;
  return away[0] ? 0 : 1;
}

}  // namespace whist::table
