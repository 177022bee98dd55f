// Bringing a table back at start: its settings, seats (computer players
// and invitations included) and its latest game, replayed from the stored
// actions; a game whose last action was stored but not its result is
// finished (results, payout) here.
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <chrono>

#include "protocol/record_json.hpp"
#include "server/table.hpp"
#include "storage/table_codec.hpp"
#include "table/clock.hpp"

namespace whist::server {

using nlohmann::json;
namespace asio = boost::asio;

std::shared_ptr<Table> Table::restore(Hub& hub, const TableSnapshot& snap) {
  try {
    const storage::StoredTable row = storage::decode_table(snap.settings);
    auto t = std::make_shared<Table>(hub, snap.id, row.setup, Player{0, row.creator});
    for (size_t i = 0; i < row.seats.size() && i < t->seats_.size(); ++i) {
      if (!row.seats[i].user) continue;
      t->seats_[i].user = row.seats[i].user;
      t->seats_[i].name = row.seats[i].name;
      // Computer players come back with the table, always connected.
      t->seats_[i].computer = t->seats_[i].user < 0;
      t->seats_[i].connected = t->seats_[i].computer;
    }
    t->invited_.insert(row.invited.begin(), row.invited.end());
    if (snap.game) {
      // The game again: the same seed deals the same cards, and the stored
      // actions are applied in order.
      const json g = json::parse(snap.game->setup);
      const Rules& rules = t->setup_.rules;
      t->seed_ = g.at("seed").get<std::uint64_t>();
      t->game_.emplace(Game::seeded(rules, g.at("dealer").get<int>(), t->seed_));
      for (size_t i = 0; i < snap.actions.size(); ++i) {
        auto a = protocol::parse_action(json::parse(snap.actions[i]), rules);
        if (auto* why = std::get_if<std::string>(&a))
          throw std::runtime_error("stored action: " + *why);
        const Action& action = std::get<Action>(a);
        const auto res = t->game_->apply(action);
        if (!res.ok())
          throw std::runtime_error(std::string("stored action refused: ") +
                                   std::string(error_code(res.error)));
        // The ack of the request that made it ("V ID"), for a retry.
        const std::string& request = i < snap.requests.size() ? snap.requests[i] : std::string();
        if (const auto space = request.find(' '); space != std::string::npos)
          t->seats_[static_cast<size_t>(action.seat)].answered.remember(
              request.substr(space + 1),
              std::make_shared<const std::string>(protocol::ack_message(
                  request.substr(space + 1), R"({"v":)" + request.substr(0, space) + "}")));
      }
      t->game_id_ = std::make_shared<std::atomic<std::int64_t>>(snap.game->id);
      t->game_generation_ = 1;
      // Deals not stored (only by a version before the game's first deal
      // was stored with its row) are stored at the next change.
      t->stored_deals_ = std::min(snap.deals, t->game_->deals().size());
      t->stored_actions_ = t->game_->history().size();
      // A finished game's table is open again if someone left or sat since.
      t->state_ = !t->game_->is_over()                       ? State::kPlaying
                  : snap.state == storage::TableState::kOpen ? State::kOpen
                                                             : State::kFinished;
      if (t->state_ == State::kPlaying) ++t->ctx_.metrics.tables_playing;
    }
    ++t->ctx_.metrics.tables_total;
    // Versions go on from above anything the last run can have sent (a
    // thousand a second since the epoch), so an old "since" gets the whole
    // state, never the wrong events.
    t->v_ = unix_now() * 1000;
    t->log_start_ = t->v_ + 1;
    // Killed between the game's last action and its result: the result
    // (with the payout at a Compete table) is stored now.
    const bool in_play = snap.game && snap.game->state == storage::GameState::kPlaying;
    const bool unfinished = in_play && t->game_->is_over();
    asio::post(t->strand_, [t, in_play, unfinished] {
      if (in_play) t->store_progress();  // deals not stored before (see above)
      if (unfinished) {
        spdlog::warn("table {}: game {} ended before a stop; storing its result", t->id_,
                     t->game_id_->load());
        t->store_result();
      }
      t->arm_timer();
      t->arm_schedule();
      // Everyone seated has the reconnect grace from now to come back
      // before a finished game's seats are freed (table_release.cpp).
      const auto now = std::chrono::steady_clock::now();
      for (Seat& st : t->seats_)
        if (st.user > 0) st.gone_since = now;
      t->ended_at_ = now;
      t->arm_release();
      // Full, and stopped before its game started: it starts now (a
      // Compete table once everyone seated is back).
      if (!t->setup_.settings.start_at || t->game_) t->start_if_full();
      if (t->setup_.settings.friends_only)
        for (const Seat& st : t->seats_)
          if (st.user > 0) t->load_friends(st.user);
      // A forming quick-play table forms again.
      if (t->setup_.settings.kind == protocol::TableKind::kPlay && t->state_ == State::kOpen &&
          t->people_count() > 0) {
        t->hub_.set_forming(quick_key(t->setup_), t->id_);
        t->arm_fill();
      }
      t->flush();
    });
    return t;
  } catch (const std::exception& e) {
    spdlog::error("table {} cannot be restored: {}", snap.id, e.what());
    return nullptr;
  }
}

}  // namespace whist::server
