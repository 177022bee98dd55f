// Bringing a table back at start: its settings, seats (computer players
// and invitations included) and its latest game, replayed from the stored
// actions; a game whose last action was stored but not its result is
// finished (results, payout) here.
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <chrono>

#include "protocol/record_json.hpp"
#include "server/table.hpp"

namespace whist::server {

using nlohmann::json;
namespace asio = boost::asio;

namespace {

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

std::shared_ptr<Table> Table::restore(Hub& hub, const TableSnapshot& snap) {
  try {
    const json row = json::parse(snap.settings);
    auto setup = protocol::parse_table_setup(row.at("setup"));
    if (auto* why = std::get_if<std::string>(&setup)) throw std::runtime_error(*why);
    auto t = std::make_shared<Table>(hub, snap.id, std::get<protocol::TableSetup>(setup),
                                     Player{0, row.value("creator", std::string())});
    if (auto seats = row.find("seats"); seats != row.end()) {
      for (const auto& s : *seats) {
        const auto i = s.at("seat").get<size_t>();
        if (i >= t->seats_.size() || s.at("user").is_null()) continue;
        t->seats_[i].user = s.at("user").get<std::int64_t>();
        t->seats_[i].name = s.at("name").get<std::string>();
        // Computer players come back with the table, always connected.
        t->seats_[i].computer = t->seats_[i].user < 0;
        t->seats_[i].connected = t->seats_[i].computer;
      }
    }
    if (auto inv = row.find("invited"); inv != row.end())
      for (const auto& u : *inv) t->invited_.insert(u.get<std::int64_t>());
    if (snap.game) {
      // The game again: the same seed deals the same cards, and the stored
      // actions are applied in order.
      const json g = json::parse(snap.game->setup);
      const Rules& rules = t->setup_.rules;
      t->seed_ = g.at("seed").get<std::uint64_t>();
      t->game_.emplace(Game::seeded(rules, g.at("dealer").get<int>(), t->seed_));
      for (const auto& text : snap.actions) {
        auto a = protocol::parse_action(json::parse(text), rules);
        if (auto* why = std::get_if<std::string>(&a))
          throw std::runtime_error("stored action: " + *why);
        const auto res = t->game_->apply(std::get<Action>(a));
        if (!res.ok())
          throw std::runtime_error(std::string("stored action refused: ") +
                                   std::string(error_code(res.error)));
      }
      t->game_id_ = std::make_shared<std::atomic<std::int64_t>>(snap.game->id);
      t->game_generation_ = 1;
      t->stored_deals_ = t->game_->deals().size();
      t->stored_actions_ = t->game_->history().size();
      t->state_ = t->game_->is_over() ? State::kFinished : State::kPlaying;
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
    const bool unfinished = snap.game && t->game_->is_over() && snap.game->state == "playing";
    asio::post(t->strand_, [t, unfinished] {
      if (unfinished) {
        spdlog::warn("table {}: game {} ended before a stop; storing its result", t->id_,
                     t->game_id_->load());
        t->store_result();
      }
      t->arm_timer();
      t->arm_schedule();
      if (t->setup_.settings.friends_only)
        for (const Seat& st : t->seats_)
          if (st.user > 0) t->load_friends(st.user);
      // A forming quick-play table forms again.
      if (t->setup_.settings.kind == protocol::TableKind::kPlay && t->state_ == State::kOpen &&
          t->people_count() > 0) {
        t->hub_.set_forming(quick_key(t->setup_), t->id_);
        t->arm_fill();
      }
    });
    return t;
  } catch (const std::exception& e) {
    spdlog::error("table {} cannot be restored: {}", snap.id, e.what());
    return nullptr;
  }
}

}  // namespace whist::server
