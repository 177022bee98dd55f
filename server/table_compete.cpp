// Compete tables at the table: a seat is taken only by someone whose
// balance covers the buy-in, and the game starts once every seat's buy-in
// is charged, in the transaction that stores the game's row (compete.cpp).
// A seat that cannot pay by then is freed, and nothing is charged.
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <chrono>

#include "server/compete.hpp"
#include "server/table.hpp"
#include "server/ws_session.hpp"
#include "table/clock.hpp"

namespace whist::server {

using nlohmann::json;
namespace asio = boost::asio;

void Table::sit_if_affordable(const std::shared_ptr<WsSession>& s, const Player& p,
                              const std::string& id, int seat) {
  if (p.guest)
    return error(
        s, id,
        {protocol::Error::kGuest, "guests have no chips: register to play at Compete tables"});
  const int buy_in = setup_.settings.buy_in;
  ctx_.store([self = shared_from_this(), s, p, id, seat, buy_in] {
    std::int64_t balance = -1;
    try {
      balance = self->ctx_.db->ledger().balance(p.id);
    } catch (const std::exception& e) {
      spdlog::error("balance of user {}: {}", p.id, e.what());
    }
    self->ctx_.after_commit([self, s, p, id, seat, buy_in, balance] {
      asio::post(self->strand_, [self, s, p, id, seat, buy_in, balance] {
        if (self->closed_) {
          self->error(s, id, {protocol::Error::kNoTable});
        } else if (balance < 0) {
          self->error(s, id, {protocol::Error::kInternal, "the balance could not be read"});
        } else if (balance < buy_in) {
          self->error(s, id,
                      {protocol::Error::kInsufficientChips,
                       "this table's buy-in is " + std::to_string(buy_in) + " chips; you have " +
                           std::to_string(balance)});
        } else {
          self->on_sit(s, p, id, seat, true);
        }
        self->flush();
      });
    });
  });
}

void Table::begin_compete(std::uint64_t seed, int dealer) {
  starting_ = true;
  std::vector<std::int64_t> users;
  for (const Seat& st : seats_) users.push_back(st.user);
  ctx_.store([self = shared_from_this(), db = ctx_.db.get(), table = id_,
              setup = game_setup_json(seed, dealer), seats = seats_json().dump(),
              deal = first_deal_json(seed, dealer), users, buy_in = setup_.settings.buy_in, seed,
              dealer] {
    BuyIn paid;
    bool failed = false;
    try {
      paid = create_game_with_buyin(*db, table, setup, seats, deal, users, buy_in, unix_now());
    } catch (const std::exception& e) {
      spdlog::error("table {}: charging the buy-ins: {}", table, e.what());
      failed = true;
    }
    self->ctx_.after_commit([self, paid, failed, seed, dealer] {
      asio::post(self->strand_, [self, paid, failed, seed, dealer] {
        self->starting_ = false;
        // Closed by the operator meanwhile: the game was abandoned and
        // refunded with the close (table_admin.cpp); it does not start.
        if (self->closed_) return;
        if (paid.game) {
          spdlog::info("table {}: buy-ins charged for game {}", self->id_, paid.game);
          self->launch(seed, dealer, std::make_shared<std::atomic<std::int64_t>>(paid.game));
        } else if (failed) {
          self->broadcast(protocol::event::StartFailed{});
        } else {
          // Those who cannot pay any more lose their seats; nothing was charged.
          for (const int seat : paid.short_seats) {
            self->broadcast(protocol::event::BuyInRefused{seat});
            self->seats_[static_cast<size_t>(seat)] = Seat{};
            self->broadcast(protocol::event::Leave{seat});
          }
          self->store_table();
          self->announce();
        }
        self->flush();
      });
    });
  });
}

}  // namespace whist::server
