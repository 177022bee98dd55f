// The table core's spine: the request switch, answers and errors, events
// and their versions, views, the table's state answer and summary, its row
// and its closing.
#include "table/core.hpp"

#include <utility>

#include "protocol/json_text.hpp"
#include "protocol/table_json.hpp"
#include "protocol/table_replies.hpp"
#include "protocol/table_summary.hpp"

namespace whist::table {

namespace {

const char* state_name(int s) {
  static const char* names[] = {"open", "playing", "finished"};
  return names[s];
}

}  // namespace

// Nothing is kept between commands, not even the room: a table waits far
// more than it acts, and what its busiest command took (a game's start is
// some 30 messages, 3.6 KB) would otherwise stay with each of thousands of
// tables (massif at 1,000 players: about 1 KB a player).
void Effects::clear() { *this = Effects{}; }

TableCore::TableCore(std::int64_t id, TableSetup setup, std::string creator, CoreConfig config)
    : id_(id),
      setup_(std::move(setup)),
      creator_(std::move(creator)),
      config_(std::move(config)),
      seats_(static_cast<size_t>(setup_.rules.players)) {}

std::string TableCore::quick_key(const TableSetup& setup) {
  return std::string(variant_name(setup.rules.variant)) + "/" + std::to_string(setup.rules.players);
}

void TableCore::finish() {
  // An event's table is not in the lobby: the event sends its players there.
  if (announce_ && !closed_ && !setup_.event) {
    out_.lobby = summary();
    out_.audience = audience();
    if (setup_.settings.kind == TableKind::kPlay && state_ == State::kOpen && people_count() > 0)
      out_.forming_rating = forming_rating();
  }
  announce_ = false;
}

void TableCore::request(Conn c, const Person& p, const std::string& id,
                        const protocol::ClientMessage& m, Now now) {
  run(now, [&] { handle(c, p, id, m); });
}

void TableCore::handle(Conn c, const Person& p, const std::string& id,
                       const protocol::ClientMessage& m) {
  // A closed table (by the operator) and an invitation-only table for
  // those not invited do not exist. An invite link's token invites.
  if (!closed_) redeem_invite(p, m);
  if (closed_ || !may_enter(p)) return error(c, id, {protocol::Error::kNoTable});
  // A request from the connection of a seated player who was away (in the
  // lobby, or idle) shows they are at the table again.
  if (const int seat = seat_of(p.id); seat >= 0) {
    const Seat& st = seats_[static_cast<size_t>(seat)];
    if (st.away && st.conn == c) {
      take_back(seat, c);
      arm_timer();
    }
  }
  using namespace protocol;
  if (const auto* sit = std::get_if<TableSit>(&m)) return on_sit(c, p, id, sit->seat);
  if (const auto* inv = std::get_if<TableInvite>(&m)) return on_invite(c, p, id, inv->users);
  if (std::holds_alternative<TableDecline>(m)) return on_decline(c, p, id);
  if (const auto* link = std::get_if<TableInviteLink>(&m))
    return on_invite_link(c, p, id, link->revoke);
  if (const auto* claim = std::get_if<TableClaim>(&m)) return on_claim(c, p, id, claim->tricks);
  if (const auto* answer = std::get_if<TableClaimAnswer>(&m))
    return on_claim_answer(c, p, id, answer->accept);
  if (std::holds_alternative<TableUndo>(m)) return on_undo(c, p, id);
  if (const auto* answer = std::get_if<TableUndoAnswer>(&m))
    return on_undo_answer(c, p, id, answer->accept);
  if (std::holds_alternative<TableLeave>(m)) return on_leave(c, p, id);
  if (std::holds_alternative<TableWatch>(m)) {
    if (seat_of(p.id) >= 0) return error(c, id, {Error::kSeated});
    return on_watch(c, id);
  }
  if (std::holds_alternative<TableUnwatch>(m)) return on_unwatch(c, id);
  if (const auto* act = std::get_if<TableAct>(&m)) return on_act(c, p, id, act->action);
  if (const auto* chat = std::get_if<TableChat>(&m)) return on_chat(c, p, id, *chat);
  if (const auto* sync = std::get_if<TableSync>(&m)) return on_sync(c, p, id, sync->since);
  if (std::holds_alternative<TableRematch>(m)) return on_rematch(c, p, id);
  if (std::holds_alternative<TableSuggest>(m)) return on_suggest(c, p, id);
  if (const auto* add = std::get_if<TableAddBot>(&m))
    return on_add_bot(c, p, id, add->seat, add->strength);
  if (const auto* rm = std::get_if<TableRemoveBot>(&m)) return on_remove_bot(c, p, id, rm->seat);
  error(c, id, {Error::kUnknownType, "not a table request"});
}

void TableCore::reply(Conn c, const std::string& id, std::string text) {
  reply(c, id, std::make_shared<const std::string>(std::move(text)));
}

void TableCore::reply(Conn c, const std::string& id, Text text) {
  out_.messages.push_back(Message{c, std::move(text), {}, id, true, {}});
}

void TableCore::error(Conn c, const std::string& id, const protocol::ErrorReply& e) {
  ++out_.errors;
  reply(c, id, protocol::error_message(id, e));
}

int TableCore::seat_of(std::int64_t user) const {
  for (size_t i = 0; i < seats_.size(); ++i)
    if (seats_[i].user == user) return static_cast<int>(i);
  return -1;
}

int TableCore::seated_count() const {
  int n = 0;
  for (const auto& seat : seats_) n += seat.user != 0;
  return n;
}

int TableCore::people_count() const {
  int n = 0;
  for (const auto& seat : seats_) n += seat.user > 0;
  return n;
}

std::vector<protocol::SeatInfo> TableCore::seat_infos() const {
  std::vector<protocol::SeatInfo> seats;
  for (size_t i = 0; i < seats_.size(); ++i) {
    const Seat& s = seats_[i];
    seats.push_back({static_cast<int>(i), s.name, s.user, s.computer,
                     s.computer ? std::string(ai::strength_name(s.strength)) : std::string(),
                     s.connected() && !s.away, s.rating});
  }
  return seats;
}

protocol::TableSummary TableCore::summary_of() const {
  protocol::TableSummary s;
  s.setup = setup_;
  s.table = id_;
  s.state = state_name(static_cast<int>(state_));
  s.creator = creator_;
  s.seats = seat_infos();
  s.watchers = static_cast<std::int64_t>(watchers_.size());
  s.game = game_ ? game_id_ : 0;
  if (game_) s.scores = game_->scores();
  // Quick play: when computer players take the free seats, while people wait.
  if (setup_.settings.kind == TableKind::kPlay && fill_armed_) s.fill_at = fill_at_;
  return s;
}

std::string TableCore::summary() const { return protocol::table_summary_text(summary_of()); }

void TableCore::store_table() {
  storage::StoredTable row{setup_, creator_, {}, {invited_.begin(), invited_.end()}, invite_token_};
  for (const Seat& s : seats_)
    row.seats.push_back({s.user, s.name, s.computer ? s.strength : ai::Strength::kExpert});
  const auto state = state_ == State::kOpen      ? storage::TableState::kOpen
                     : state_ == State::kPlaying ? storage::TableState::kPlaying
                                                 : storage::TableState::kFinished;
  store(store::SaveTable{std::move(row), state});
}

void TableCore::broadcast_text(const std::string& event) {
  ++v_;
  auto m = std::make_shared<const std::string>(protocol::table_event_message(event, id_, v_));
  log_text_ += *m;
  log_ends_.push_back(static_cast<std::uint32_t>(log_text_.size()));
  // Those at the table now receive it.
  for (const Seat& seat : seats_)
    if (seat.conn) out_.messages.push_back(Message{seat.conn, m, {}, {}, false, {}});
  for (const Conn w : watchers_) out_.messages.push_back(Message{w, m, {}, {}, false, {}});
}

void TableCore::send_view(int seat) {
  const Seat& st = seats_[static_cast<size_t>(seat)];
  if (!game_ || !st.conn) return;
  // Written as text: a view goes out after every action.
  protocol::JsonText out(2048);
  out.begin_object().key("d").begin_object();
  out.key("table").value(id_).key("turn_ms_left");
  if (const auto left = turn_ms_left())
    out.value(*left);
  else
    out.null();
  out.key("v").value(v_);
  protocol::write_observation(out.key("view"), game_->observation(seat));
  out.end_object().key("t").value("table.view").end_object();
  out_.messages.push_back(Message{st.conn, nullptr, out.take(), {}, false, {}});
}

void TableCore::send_state(Conn c, int seat, const std::string& id) {
  // The asker's own seat (null for a watcher): a table.sit without a seat
  // learns which it got.
  protocol::table_reply::State d{
      summary_of(), v_, std::nullopt, view_of(seat), turn_ms_left(), claim_state(), undo_state()};
  if (seat >= 0) d.seat = seat;
  reply(c, id, protocol::ack_message(id, std::move(d)));
}

std::optional<Observation> TableCore::view_of(int seat) const {
  if (!game_) return std::nullopt;
  return seat >= 0 ? game_->observation(seat) : game_->observation_for_watcher();
}

void TableCore::set_clock(Clock which, std::optional<std::int64_t> at_mono_ms) {
  const auto k = static_cast<size_t>(which);
  out_.timers.push_back(TimerOrder{which, ++generation_[k], at_mono_ms});
}

void TableCore::clock(Clock which, std::uint64_t generation, Now now) {
  if (generation != generation_[static_cast<size_t>(which)]) return;  // set again since
  run(now, [&] {
    switch (which) {
      case Clock::kTurn: timer_armed_ = false; return on_timeout();
      case Clock::kComputer:
        if (auto d = std::exchange(delayed_, std::nullopt)) apply_thought(d->first, d->second);
        return;
      case Clock::kStart:
        if (setup_.settings.kind == TableKind::kPlay) {
          fill_armed_ = false;
          return fill_with_computers();
        }
        return on_start_time();
      case Clock::kRelease: return release_absent();
      case Clock::kClaim: return claim_timed_out();
      case Clock::kUndo: return undo_timed_out();
    }
  });
}

void TableCore::close_if_empty() {
  if (closed_) return;
  if (people_count() == 0 && watchers_.empty() && state_ != State::kPlaying) return close();
  announce();
}

void TableCore::close() {
  // Nobody left: the table goes from the lobby and is kept as closed.
  closed_ = true;
  claim_.reset();
  undo_.reset();
  for (int k = 0; k < kClocks; ++k) set_clock(static_cast<Clock>(k), std::nullopt);
  delayed_.reset();
  out_.clear_forming = true;
  out_.closed = true;
  store(store::SaveTable{{setup_, creator_, {}, {}, {}}, storage::TableState::kClosed});
  log(LogLine::Level::kInfo, "table " + std::to_string(id_) + " closed");
}

}  // namespace whist::table
