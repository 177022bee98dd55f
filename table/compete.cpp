// Compete tables: a seat is taken only by someone whose balance covers the
// buy-in, and the game starts once every seat's buy-in is charged, in the
// transaction that stores the game's row (ChargeBuyIns). A seat that cannot
// pay by then is freed, and nothing is charged.
#include "table/core.hpp"

namespace whist::table {

void TableCore::sit_if_affordable(Conn c, const Person& p, const std::string& id, int seat) {
  if (p.guest)
    return error(
        c, id,
        {protocol::Error::kGuest, "guests have no chips: register to play at Compete tables"});
  store(store::ReadBalance{c, p, id, seat, setup_.settings.buy_in});
}

void TableCore::balance_read(const store::ReadBalance& job, std::int64_t balance, Now now) {
  run(now, [&] {
    using protocol::Error;
    const std::string& id = job.request_id;
    if (closed_) return error(job.conn, id, {Error::kNoTable});
    if (balance < 0)
      return error(job.conn, id, {Error::kInternal, "the balance could not be read"});
    if (balance < job.buy_in)
      return error(
          job.conn, id,
          {Error::kInsufficientChips, "this table's buy-in is " + std::to_string(job.buy_in) +
                                          " chips; you have " + std::to_string(balance)});
    on_sit(job.conn, job.who, id, job.seat, true);
  });
}

void TableCore::begin_compete(std::uint64_t seed, int dealer) {
  starting_ = true;
  std::vector<std::int64_t> users;
  for (const Seat& st : seats_) users.push_back(st.user);
  store(store::ChargeBuyIns{
      {game_number_ + 1, 0}, new_game(seed, dealer), std::move(users), setup_.settings.buy_in});
}

void TableCore::buy_ins_charged(const store::ChargeBuyIns& job, std::int64_t game,
                                const std::vector<int>& short_seats, bool failed, Now now) {
  run(now, [&] {
    starting_ = false;
    // Closed by the operator meanwhile: the game was abandoned and
    // refunded with the close; it does not start.
    if (closed_) return;
    if (game) {
      log(LogLine::Level::kInfo,
          "table " + std::to_string(id_) + ": buy-ins charged for game " + std::to_string(game));
      return launch(job.row.seed, job.row.dealer, game);
    }
    if (failed) return broadcast(protocol::event::StartFailed{});
    // Those who cannot pay any more lose their seats; nothing was charged.
    for (const int seat : short_seats) {
      broadcast(protocol::event::BuyInRefused{seat});
      seats_[static_cast<size_t>(seat)] = Seat{};
      broadcast(protocol::event::Leave{seat});
    }
    store_table();
    close_if_empty();  // nobody left (no seat, no watcher): it closes, as in free_seat
  });
}

}  // namespace whist::table
