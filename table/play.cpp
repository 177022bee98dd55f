// The game at the table: it starts when the table is full (and ready: a
// rematch agreed, a Compete table's buy-ins paid, a scheduled table's time
// come), table.act applies a seat's action, and every applied action is
// stored in order, the request that made it with it.
#include "engine/cut.hpp"
#include "event/boards.hpp"
#include "protocol/record_json.hpp"
#include "protocol/table_json.hpp"
#include "protocol/table_replies.hpp"
#include "table/core.hpp"

namespace whist::table {

void TableCore::start_if_full() {
  if (closed_ || state_ == State::kPlaying || starting_ || !ready_to_start()) return;
  if (setup_.event && game_) return;  // an event's boards are played once
  start_when_due();
}

void TableCore::start_game() {
  const std::uint64_t seed = config_.seeds();
  Rng draw(config_.seeds());
  // An event's boards: the first board's dealer deals (event/boards.hpp).
  const int dealer = setup_.event ? event::board_dealer(setup_.event->first_board)
                     : setup_.settings.cut
                         ? cut_for_seats(draw)
                         : static_cast<int>(draw.below(static_cast<std::uint32_t>(seats_.size())));
  // Compete: the buy-ins are charged with the game's row, before it starts.
  if (setup_.settings.kind == TableKind::kCompete) return begin_compete(seed, dealer);
  // The game's row first, with its first deal: storage runs jobs in order,
  // so the actions stored after it find it.
  store(store::CreateGame{{game_number_ + 1, 0}, new_game(seed, dealer)});
  launch(seed, dealer, 0);
}

// Cutting for partners and the first dealer (settings.cut): the players
// move to their seats after the cut, told to everyone with the cards drawn,
// before the game's row is stored with the seats. Returns the first dealer.
int TableCore::cut_for_seats(Rng& draw) {
  const Variant v = setup_.rules.variant;
  const int n = static_cast<int>(seats_.size());
  const Cut cut = cut_for_partners(draw, n, n == 4 && v != Variant::kExact);
  std::vector<Seat> moved(seats_.size());
  protocol::event::Cut told;
  for (int s = 0; s < n; ++s) {
    const auto to = static_cast<size_t>(cut.seat_to[static_cast<size_t>(s)]);
    moved[to] = std::move(seats_[static_cast<size_t>(s)]);
    told.draws.push_back(
        {std::string(card_code(cut.cards[static_cast<size_t>(s)])), s, static_cast<int>(to)});
  }
  seats_ = std::move(moved);
  told.dealer = cut.dealer;
  told.seats = seat_infos();
  broadcast(std::move(told));
  store_table();
  return cut.dealer;
}

store::NewGame TableCore::new_game(std::uint64_t seed, int dealer) {
  const Game game = make_game(seed, dealer);
  // An event's game keeps no seed (its deals are the boards, stored deal by
  // deal): the event's seed would give away its other boards.
  return {setup_.rules, dealer, setup_.event ? 0 : seed, seat_infos(),
          spec_of(setup_.rules, 0, game.deals()[0])};
}

void TableCore::launch(std::uint64_t seed, int dealer, std::int64_t game_id) {
  out_.clear_forming = true;  // quick play seats no one more here
  invited_.clear();           // invitations expire when the game starts
  set_clock(Clock::kStart, std::nullopt);
  fill_armed_ = false;
  last_actor_ = -1;
  ++game_number_;
  game_id_ = game_id;
  thinking_ = false;
  delayed_.reset();
  claim_.reset();
  undo_.reset();
  set_clock(Clock::kComputer, std::nullopt);
  set_clock(Clock::kClaim, std::nullopt);
  set_clock(Clock::kUndo, std::nullopt);
  for (Seat& st : seats_) {
    st.rematch = false;
    st.standin = false;
    st.answered.clear();  // request ids are remembered within one game
  }
  seed_ = seed;
  game_.emplace(make_game(seed_, dealer));
  state_ = State::kPlaying;
  std::string().swap(log_text_);  // the last game's, given back
  log_ends_.clear();
  log_start_ = v_ + 1;
  stored_deals_ = 1;  // with the game's row
  stored_actions_ = 0;
  ++out_.playing;
  store_table();

  broadcast(protocol::event::Start{dealer, seat_infos()});
  // The first deal's public events, as the engine dealt it.
  Event deal;
  deal.type = EventType::kDealStarted;
  deal.seat = static_cast<std::int8_t>(dealer);
  deal.value = 0;
  deal.card = game_->deals()[0].turned;
  broadcast_text(protocol::event_text(deal, *game_));
  if (game_->trump_suit() >= 0) {
    Event trump;
    trump.type = EventType::kTrumpSet;
    trump.value = static_cast<std::int16_t>(game_->trump_suit());
    broadcast_text(protocol::event_text(trump, *game_));
  }
  after_change(true);  // stores the deal, sends the views, arms the clock
  if (opening_) notify_opened(true);
  announce();
}

void TableCore::game_stored(std::uint64_t number, std::int64_t id) {
  if (number != game_number_ || game_id_) return;
  game_id_ = id;
  announce();  // the lobby's line names the game
  finish();
}

void TableCore::on_act(Conn c, const Person& p, const std::string& id,
                       const protocol::ActionInput& action) {
  const int seat = seat_of(p.id);
  if (seat < 0) return error(c, id, {protocol::Error::kNotSeated});
  Seat& st = seats_[static_cast<size_t>(seat)];
  // A retried request, perhaps from a new connection: the first answer again.
  if (auto first = st.answered.find(id)) return answer_act(c, std::move(first));
  if (!game_ || state_ != State::kPlaying)
    return error(c, id, {protocol::Error::kNoGame, "none is being played at this table"});
  if (claim_) return error(c, id, {protocol::Error::kClaimPending});
  if (undo_) return error(c, id, {protocol::Error::kUndoPending});
  // One acts for one's own seat.
  auto parsed = protocol::to_action(action, setup_.rules, seat);
  if (const auto* why = std::get_if<std::string>(&parsed))
    return error(c, id, {protocol::Error::kBadAction, *why});
  // A claim waits for the opponents' answers: table.claim, not table.act.
  if (std::get<Action>(parsed).type == ActionType::kClaim)
    return error(c, id, {protocol::Error::kBadAction, "claims are made with table.claim"});
  if (std::get<Action>(parsed).type == ActionType::kUndo)
    return error(c, id, {protocol::Error::kBadAction, "an undo is asked with table.undo"});
  // The ack goes after the action's events and before the views it brings
  // (after_change calls send_ack): a view that comes after the ack is as
  // new as the action, also when it carries the ack's version (the same
  // seat to act again: a bid whist declarer who discards, a trick's winner
  // who leads). Its version and id are stored with the action
  // (store_progress), so that a retry gets this answer after a restart too.
  acting_ = Acting{c, &id, seat};
  const RuleError e = apply(std::get<Action>(parsed), false);
  acting_ = Acting{};
  if (e == RuleError::kNone) return;
  ++out_.errors;
  auto refused =
      std::make_shared<const std::string>(protocol::error_message(id, protocol::ErrorReply(e)));
  st.answered.remember(id, refused);
  answer_act(c, std::move(refused));
}

void TableCore::send_ack() {
  if (acting_.id == nullptr) return;
  const std::string& id = *acting_.id;
  auto ack = std::make_shared<const std::string>(
      protocol::ack_message(id, protocol::table_reply::Acted{v_}));
  seats_[static_cast<size_t>(acting_.seat)].answered.remember(id, protocol::table_reply::Acted{v_});
  answer_act(acting_.conn, std::move(ack));
  acting_ = Acting{};
}

void TableCore::answer_act(Conn c, Text text) {
  // The seat remembers it (a retry from any connection gets it again), so
  // the connection does not: each answer is kept in one place.
  out_.messages.push_back(Message{c, std::move(text), {}, {}, false, {}});
}

RuleError TableCore::apply(const Action& a, bool automatic) {
  // A refused action changes nothing and tells no one else.
  const ApplyResult res = game_->apply(a);
  if (!res.ok()) return res.error;
  last_actor_ = a.seat;
  if (automatic) broadcast(protocol::event::Auto{a.seat});
  bool private_change = false;
  for (const Event& e : res.events) {
    broadcast_text(protocol::event_text(e, *game_));
    private_change |= e.type == EventType::kDealStarted || e.type == EventType::kKittyTaken;
    // An event's board is done: the event learns its score.
    if (e.type == EventType::kDealEnded && setup_.event)
      out_.boards.push_back(board_score(static_cast<size_t>(e.value)));
  }
  // An undo gives a card back and the turn with it: every seat's view.
  private_change |= a.type == ActionType::kUndo;
  after_change(private_change);
  return RuleError::kNone;
}

void TableCore::after_change(bool private_change) {
  if (game_->is_over()) {
    set_clock(Clock::kTurn, std::nullopt);
    timer_armed_ = false;
    state_ = State::kFinished;
    ended_at_ = now_.mono_ms;
    arm_release();  // those already gone have the grace from now
    --out_.playing;
    ++out_.finished;
    broadcast(protocol::event::Result{game_id_, game_->scores(), game_->winners()});
    release_watcher_chat();  // what the watchers said during it
    // The new deals and actions, then the result, each seat's result and
    // at Compete tables the payout, in one transaction after the last
    // action (results.cpp).
    store_progress();
    store_result();
    send_ack();
    for (size_t s = 0; s < seats_.size(); ++s) send_view(static_cast<int>(s));
    store_table();
    announce();
    return;
  }
  store_progress();
  send_ack();
  if (private_change) {
    for (size_t s = 0; s < seats_.size(); ++s) send_view(static_cast<int>(s));
  } else {
    if (last_actor_ >= 0 && last_actor_ != game_->current_seat()) send_view(last_actor_);
    if (game_->current_seat() >= 0) send_view(game_->current_seat());
  }
  arm_timer();
}

void TableCore::store_progress() {
  // The new deals and actions, in order.
  store::AppendProgress job;
  job.game = game_key();
  job.variant = setup_.rules.variant;
  job.first_deal = stored_deals_;
  job.first_action = stored_actions_;
  const auto& dealt = game_->deals();
  for (; stored_deals_ < dealt.size(); ++stored_deals_)
    job.deals.push_back(
        spec_of(setup_.rules, static_cast<int>(stored_deals_), dealt[stored_deals_]));
  const auto& history = game_->history();
  for (; stored_actions_ < history.size(); ++stored_actions_)
    job.actions.push_back(history[stored_actions_]);
  if (job.deals.empty() && job.actions.empty()) return;
  // The request that made the last action: "V ID", its ack's version and id.
  if (acting_.id != nullptr && !acting_.id->empty() && !job.actions.empty())
    job.request = std::to_string(v_) + " " + *acting_.id;
  store(std::move(job));
}

}  // namespace whist::table
