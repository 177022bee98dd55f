// Computer players at a table: seats the creator gives to the computer, the
// computer standing in for a player who is away or out of time, and
// suggestions. The computer thinks on the bot pool's threads, from the
// seat's own Observation; its answer comes back to the table's strand and
// is applied only if the turn is still the one it was asked about.
#include <spdlog/spdlog.h>

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>
#include <chrono>

#include "protocol/record_json.hpp"
#include "server/auth.hpp"
#include "server/table.hpp"
#include "server/ws_session.hpp"

namespace whist::server {

using nlohmann::json;
namespace asio = boost::asio;

int Table::people_count() const {
  int n = 0;
  for (const auto& seat : seats_) n += seat.user > 0;
  return n;
}

void Table::on_add_bot(const std::shared_ptr<WsSession>& s, const Player& p, const std::string& id,
                       int want) {
  if (p.name != creator_) return error(s, id, {protocol::Error::kNotCreator});
  if (setup_.settings.kind == protocol::TableKind::kCompete)
    return error(s, id, {protocol::Error::kNoComputers});
  if (state_ == State::kPlaying || starting_)
    return error(s, id, {protocol::Error::kGameInProgress});
  if (want >= static_cast<int>(seats_.size())) return error(s, id, {protocol::Error::kBadSeat});
  if (want >= 0 && seats_[static_cast<size_t>(want)].user != 0)
    return error(s, id, {protocol::Error::kSeatTaken});
  for (size_t i = 0; i < seats_.size() && want < 0; ++i)
    if (seats_[i].user == 0) want = static_cast<int>(i);
  if (want < 0) return error(s, id, {protocol::Error::kTableFull});
  seat_computer(want);
  if (state_ == State::kFinished) state_ = State::kOpen;
  reply(s, id,
        protocol::ack_message(
            id, json{{"seat", want}, {"name", seats_[static_cast<size_t>(want)].name}}.dump()));
  store_table();
  if (seated_count() == static_cast<int>(seats_.size())) start_when_due();
  announce();
}

void Table::seat_computer(int seat) {
  // "Computer k", the smallest k not at the table; its user id is -k.
  int k = 1;
  while (seat_of(-k) >= 0) ++k;
  Seat& st = seats_[static_cast<size_t>(seat)];
  st = Seat{};
  st.user = -k;
  st.name = "Computer " + std::to_string(k);
  st.computer = true;
  st.connected = true;
  broadcast(protocol::event::Sit{seat, st.name, true});
}

void Table::on_remove_bot(const std::shared_ptr<WsSession>& s, const Player& p,
                          const std::string& id, int seat) {
  if (p.name != creator_) return error(s, id, {protocol::Error::kNotCreator});
  if (seat >= static_cast<int>(seats_.size())) return error(s, id, {protocol::Error::kBadSeat});
  if (!seats_[static_cast<size_t>(seat)].computer)
    return error(s, id, {protocol::Error::kNotComputer});
  if (state_ == State::kPlaying) return error(s, id, {protocol::Error::kGameInProgress});
  free_seat(s, id, seat);
}

bool Table::computer_turn() const {
  if (!game_ || game_->is_over() || state_ != State::kPlaying) return false;
  const int seat = game_->current_seat();
  if (seat < 0) return false;
  const Seat& st = seats_[static_cast<size_t>(seat)];
  return st.computer || (st.standin && !present(st));
}

bool Table::same_turn(std::uint64_t game, size_t turn) const {
  return !closed_ && game_ && game == game_generation_ && game_->history().size() == turn &&
         !game_->is_over();
}

void Table::drive_computer() {
  if (!computer_turn()) return;
  if (thinking_ && same_turn(think_game_, think_turn_)) return;  // already on it
  const Seat& st = seats_[static_cast<size_t>(game_->current_seat())];
  start_thinking(st.computer ? Think::kComputer : Think::kStandin);
}

void Table::start_thinking(Think why) {
  const int seat = game_->current_seat();
  thinking_ = true;
  think_game_ = game_generation_;
  think_turn_ = game_->history().size();
  ai::Settings settings;
  settings.budget_ms = ctx_.config.bot_budget_ms;
  settings.seed = secure_seed();
  const auto started = std::chrono::steady_clock::now();
  auto done = [self = shared_from_this(), game = think_game_, turn = think_turn_, why,
               started](Action a) {
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
            .count();
    ++self->ctx_.metrics.bot_decisions_total;
    asio::post(self->strand_, [self, game, turn, a, why, ms] {
      self->on_thought(game, turn, a, why, ms);
      self->flush();
    });
  };
  // Only what the seat may see goes to the computer.
  if (!ctx_.bots->think(game_->observation(seat), settings, std::move(done))) {
    ++ctx_.metrics.bot_fallbacks_total;
    spdlog::warn("table {}: the computer players are saturated; a simple choice for seat {}", id_,
                 seat);
    asio::post(strand_, [self = shared_from_this(), game = think_game_, turn = think_turn_,
                         a = automatic_action(), why] {
      self->on_thought(game, turn, a, why, 0);
      self->flush();
    });
  }
}

void Table::on_thought(std::uint64_t game, size_t turn, Action a, Think why, double elapsed_ms) {
  if (!same_turn(game, turn)) return;  // someone acted meanwhile: nothing to do
  // A computer seat, or a stand-in, takes a moment as a person would.
  const double delay = why == Think::kTimeout ? 0 : ctx_.config.bot_delay_ms - elapsed_ms;
  if (delay <= 0) return apply_thought(game, turn, a, why);
  bot_timer_.expires_after(std::chrono::milliseconds(static_cast<int>(delay)));
  bot_timer_.async_wait(asio::bind_executor(strand_, [self = shared_from_this(), game, turn, a,
                                                      why](const boost::system::error_code& ec) {
    if (ec) return;
    self->apply_thought(game, turn, a, why);
    self->flush();
  }));
}

void Table::apply_thought(std::uint64_t game, size_t turn, const Action& a, Think why) {
  if (!same_turn(game, turn)) return;
  thinking_ = false;
  const Seat& st = seats_[static_cast<size_t>(a.seat)];
  if (why == Think::kStandin && present(st)) return arm_timer();  // back in time: theirs again
  if (apply(a, why != Think::kComputer) == RuleError::kNone) return;
  spdlog::error("table {}: the computer player's action was refused; a simple choice instead", id_);
  if (apply(automatic_action(), why != Think::kComputer) != RuleError::kNone)
    spdlog::error("table {}: the automatic action was refused", id_);
}

void Table::on_suggest(const std::shared_ptr<WsSession>& s, const Player& p,
                       const std::string& id) {
  const int seat = seat_of(p.id);
  if (seat < 0) return error(s, id, {protocol::Error::kNotSeated});
  // Never at compete tables; always at play tables; elsewhere as set.
  const auto kind = setup_.settings.kind;
  if (kind == protocol::TableKind::kCompete ||
      (kind != protocol::TableKind::kPlay && !setup_.settings.suggestions))
    return error(s, id, {protocol::Error::kNoSuggestions});
  if (!game_ || state_ != State::kPlaying)
    return error(s, id, {protocol::Error::kNoGame, "none is being played at this table"});
  if (game_->current_seat() != seat)
    return error(s, id, {RuleError::kNotYourTurn, "suggestions are for your own turn"});
  Seat& st = seats_[static_cast<size_t>(seat)];
  if (st.suggesting) return error(s, id, {protocol::Error::kBusy});
  st.suggesting = true;
  const std::int64_t v = v_;
  ai::Settings settings;
  settings.budget_ms = ctx_.config.bot_budget_ms;
  settings.seed = secure_seed();
  auto answer = [self = shared_from_this(), s, id, seat, v](const Action& a) {
    self->seats_[static_cast<size_t>(seat)].suggesting = false;
    const json d = {{"action", protocol::action_json(a, self->setup_.rules.variant)}, {"v", v}};
    self->reply(s, id, protocol::ack_message(id, d.dump()));
  };
  auto done = [self = shared_from_this(), answer](Action a) {
    ++self->ctx_.metrics.bot_decisions_total;
    asio::post(self->strand_, [self, answer, a] {
      answer(a);
      self->flush();
    });
  };
  if (!ctx_.bots->think(game_->observation(seat), settings, std::move(done))) {
    ++ctx_.metrics.bot_fallbacks_total;
    answer(automatic_action());
  }
}

}  // namespace whist::server
