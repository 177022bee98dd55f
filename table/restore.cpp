// Bringing a table back at start: its settings, seats (computer players
// and invitations included) and its latest game, replayed from the stored
// actions; a game whose last action was stored but not its result is
// finished (results, payout) when it resumes.
#include <charconv>
#include <stdexcept>

#include "protocol/table_replies.hpp"
#include "table/core.hpp"

namespace whist::table {

std::unique_ptr<TableCore> TableCore::restore(const Snapshot& snap, CoreConfig config, Now now) {
  const storage::StoredTable& row = snap.row;
  auto t = std::make_unique<TableCore>(snap.id, row.setup, row.creator, std::move(config));
  for (size_t i = 0; i < row.seats.size() && i < t->seats_.size(); ++i) {
    if (!row.seats[i].user) continue;
    // Computer players come back with the table, always connected.
    t->seats_[i].user = row.seats[i].user;
    t->seats_[i].name = row.seats[i].name;
    t->seats_[i].computer = t->seats_[i].user < 0;
    t->seats_[i].strength = row.seats[i].strength;
  }
  t->invited_.insert(row.invited.begin(), row.invited.end());
  t->invite_token_ = row.invite_link;
  if (snap.game) t->replay(*snap.game, snap.state);
  // Versions go on from above anything the last run can have sent (a
  // thousand a second since the epoch), so an old "since" gets the whole
  // state, never the wrong events.
  t->v_ = now.unix_s() * 1000;
  t->log_start_ = t->v_ + 1;
  return t;
}

void TableCore::replay(const Snapshot::Game& g, storage::TableState state) {
  // The game again: the same seed deals the same cards, and the stored
  // actions are applied in order.
  seed_ = g.seed;
  game_.emplace(make_game(seed_, g.dealer));
  for (size_t i = 0; i < g.actions.size(); ++i) {
    const Action& action = g.actions[i];
    const auto res = game_->apply(action);
    if (!res.ok())
      throw std::runtime_error(std::string("stored action refused: ") +
                               std::string(error_code(res.error)));
    // The ack of the request that made it ("V ID"), for a retry.
    const std::string& request = i < g.requests.size() ? g.requests[i] : std::string();
    const auto space = request.find(' ');
    std::int64_t v = 0;
    if (space == std::string::npos ||
        std::from_chars(request.data(), request.data() + space, v).ptr != request.data() + space)
      continue;
    const std::string id = request.substr(space + 1);
    seats_[static_cast<size_t>(action.seat)].answered.remember(id, protocol::table_reply::Acted{v});
  }
  game_id_ = g.id;
  game_number_ = 1;
  // Deals not stored (only by a version before the game's first deal was
  // stored with its row) are stored when it resumes.
  stored_deals_ = std::min(g.deals, game_->deals().size());
  stored_actions_ = game_->history().size();
  // A finished game's table is open again if someone left or sat since.
  state_ = !game_->is_over()                     ? State::kPlaying
           : state == storage::TableState::kOpen ? State::kOpen
                                                 : State::kFinished;
  // Killed between the game's last action and its result: the result
  // (with the payout at a Compete table) is stored when it resumes.
  resume_in_play_ = g.state == storage::GameState::kPlaying;
}

void TableCore::resumed(Now now) {
  run(now, [&] {
    if (state_ == State::kPlaying) ++out_.playing;
    if (resume_in_play_) {
      store_progress();  // deals not stored before (see replay)
      if (game_->is_over()) {
        log(LogLine::Level::kWarn, "table " + std::to_string(id_) + ": game " +
                                       std::to_string(game_id_) +
                                       " ended before a stop; storing its result");
        store_result();
      }
    }
    arm_timer();
    arm_schedule();
    // Everyone seated has the reconnect grace from now to come back before
    // a finished game's seats are freed (release.cpp).
    for (Seat& st : seats_)
      if (st.user > 0) st.gone_since = now_.mono_ms;
    ended_at_ = now_.mono_ms;
    arm_release();
    // Full, and stopped before its game started: it starts now (a Compete
    // table once everyone seated is back).
    if (!setup_.settings.start_at || game_) start_if_full();
    for (const Seat& st : seats_) {
      if (st.user <= 0) continue;
      if (setup_.settings.friends_only || setup_.settings.invite_only) load_friends(st.user);
      read_rating(st.user);  // a guest's read finds none
    }
    // A forming quick-play table forms again.
    if (setup_.settings.kind == TableKind::kPlay && state_ == State::kOpen && people_count() > 0) {
      out_.set_forming = true;
      arm_fill();
    }
    announce();
  });
}

int TableCore::close_by_operator(const std::string& reason, Now now) {
  int told = static_cast<int>(watchers_.size());
  if (closed_) return -1;
  run(now, [&] {
    for (const Seat& st : seats_) told += st.conn != 0;
    broadcast(protocol::event::Closed{reason});
    if (state_ == State::kPlaying) --out_.playing;
    // Nothing more happens here: no clock, no computer's move, no start.
    state_ = State::kFinished;
    ++game_number_;
    thinking_ = false;
    timer_armed_ = false;
    close();
  });
  return told;
}

}  // namespace whist::table
