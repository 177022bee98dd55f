#include "server/table.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>
#include <chrono>

#include "protocol/json_text.hpp"
#include "protocol/record_json.hpp"
#include "server/auth.hpp"
#include "server/compete.hpp"
#include "server/ws_session.hpp"
#include "storage/table_codec.hpp"
#include "table/clock.hpp"

namespace whist::server {

using nlohmann::json;
namespace asio = boost::asio;

namespace {

constexpr int kMaxWatchers = whist::kMaxWatchers;
constexpr size_t kMaxChat = whist::kMaxChatChars;

const char* state_name(int s) {
  static const char* names[] = {"open", "playing", "finished"};
  return names[s];
}

// Chat text: control characters dropped (C0, DEL and C1: U+0080 to U+009F,
// which UTF-8 writes as C2 80 to C2 9F), and the bidirectional controls
// that could reorder what others see (U+061C, U+200E, U+200F, U+202A to
// U+202E, U+2066 to U+2069), surrounding spaces trimmed. The WebSocket
// layer has already checked that the text is UTF-8.
std::string clean_chat(const std::string& in) {
  std::string out;
  for (size_t i = 0; i < in.size(); ++i) {
    const auto c = static_cast<unsigned char>(in[i]);
    if (c < 0x20 || c == 0x7F) continue;
    const auto at = [&](size_t k) {
      return i + k < in.size() ? static_cast<unsigned char>(in[i + k]) : 0;
    };
    if (c == 0xC2 && at(1) >= 0x80 && at(1) <= 0x9F) {
      ++i;
      continue;
    }
    if (c == 0xD8 && at(1) == 0x9C) {  // U+061C
      ++i;
      continue;
    }
    if (c == 0xE2 &&
        ((at(1) == 0x80 && (at(2) == 0x8E || at(2) == 0x8F || (at(2) >= 0xAA && at(2) <= 0xAE))) ||
         (at(1) == 0x81 && at(2) >= 0xA6 && at(2) <= 0xA9))) {
      i += 2;
      continue;
    }
    out += static_cast<char>(c);
  }
  const auto b = out.find_first_not_of(' ');
  if (b == std::string::npos) return "";
  return out.substr(b, out.find_last_not_of(' ') - b + 1);
}

// Characters, not bytes, of UTF-8 text.
size_t characters(const std::string& text) {
  size_t n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80;
  return n;
}

}  // namespace

Table::Table(Hub& hub, std::int64_t id, protocol::TableSetup setup, Player creator)
    : hub_(hub),
      ctx_(hub.ctx),
      strand_(asio::make_strand(hub.ioc)),
      timer_(strand_),
      bot_timer_(strand_),
      fill_timer_(strand_),
      release_timer_(strand_),
      id_(id),
      setup_(std::move(setup)),
      creator_(std::move(creator.name)),
      seats_(static_cast<size_t>(setup_.rules.players)) {}

void Table::request(std::shared_ptr<WsSession> s, Player p, std::string id,
                    protocol::ClientMessage m) {
  asio::post(strand_, [self = shared_from_this(), s = std::move(s), p = std::move(p),
                       id = std::move(id), m = std::move(m)] {
    self->handle(s, p, id, m);
    self->flush();
  });
}

void Table::flush() {
  // What the table says goes out only once everything it has stored so far
  // is written: the storage thread runs jobs in order, so this job runs
  // after the writes posted before it. A crash can then lose no action
  // that anyone was told about. The storage thread sends it itself: what it
  // does (grouping the messages, handing each to its session's strand)
  // touches nothing of the table's, and the order is kept, since it runs
  // the jobs of every table in order.
  if (outbox_.empty()) return;
  ctx_.store([ctx = &ctx_, batch = std::move(outbox_)]() mutable {
    ctx->after_commit([batch = std::move(batch)]() mutable { send_all(batch); });
  });
  outbox_.clear();
}

void Table::handle(const std::shared_ptr<WsSession>& s, const Player& p, const std::string& id,
                   const protocol::ClientMessage& m) {
  // A closed table (by the operator) and an invitation-only table for
  // those not invited do not exist.
  if (closed_ || !may_enter(p)) return error(s, id, {protocol::Error::kNoTable});
  // A request from the connection of a seated player who was away (in the
  // lobby, or idle) shows they are at the table again.
  if (const int seat = seat_of(p.id); seat >= 0) {
    const Seat& st = seats_[static_cast<size_t>(seat)];
    if (st.away && st.session.lock() == s) {
      take_back(seat, s);
      arm_timer();
    }
  }
  if (const auto* sit = std::get_if<protocol::TableSit>(&m)) return on_sit(s, p, id, sit->seat);
  if (const auto* inv = std::get_if<protocol::TableInvite>(&m))
    return on_invite(s, p, id, inv->users);
  if (std::holds_alternative<protocol::TableDecline>(m)) return on_decline(s, p, id);
  if (std::holds_alternative<protocol::TableLeave>(m)) return on_leave(s, p, id);
  if (std::holds_alternative<protocol::TableWatch>(m)) {
    if (seat_of(p.id) >= 0) return error(s, id, {protocol::Error::kSeated});
    return on_watch(s, id);
  }
  if (std::holds_alternative<protocol::TableUnwatch>(m)) {
    if (!watchers_.erase(s.get())) return error(s, id, {protocol::Error::kNotWatching});
    reply(s, id, protocol::ack_message(id));
    return close_if_empty();
  }
  if (const auto* act = std::get_if<protocol::TableAct>(&m)) return on_act(s, p, id, act->action);
  if (const auto* chat = std::get_if<protocol::TableChat>(&m)) return on_chat(s, p, id, *chat);
  if (const auto* sync = std::get_if<protocol::TableSync>(&m))
    return on_sync(s, p, id, sync->since);
  if (std::holds_alternative<protocol::TableRematch>(m)) return on_rematch(s, p, id);
  if (std::holds_alternative<protocol::TableSuggest>(m)) return on_suggest(s, p, id);
  if (const auto* add = std::get_if<protocol::TableAddBot>(&m))
    return on_add_bot(s, p, id, add->seat);
  if (const auto* rm = std::get_if<protocol::TableRemoveBot>(&m))
    return on_remove_bot(s, p, id, rm->seat);
  error(s, id, {protocol::Error::kUnknownType, "not a table request"});
}

void Table::reply(const std::shared_ptr<WsSession>& s, const std::string& id, std::string text) {
  reply(s, id, std::make_shared<const std::string>(std::move(text)));
}

void Table::reply(const std::shared_ptr<WsSession>& s, const std::string& id,
                  std::shared_ptr<const std::string> text) {
  outbox_.push_back(Outgoing{s, std::move(text), id, true, nullptr, {}});
}

void Table::error(const std::shared_ptr<WsSession>& s, const std::string& id,
                  const protocol::ErrorReply& e) {
  ++ctx_.metrics.errors_total;
  reply(s, id, protocol::error_message(id, e));
}

int Table::seat_of(std::int64_t user) const {
  for (size_t i = 0; i < seats_.size(); ++i)
    if (seats_[i].user == user) return static_cast<int>(i);
  return -1;
}

int Table::seated_count() const {
  int n = 0;
  for (const auto& seat : seats_) n += seat.user != 0;
  return n;
}

std::vector<protocol::SeatInfo> Table::seat_infos() const {
  std::vector<protocol::SeatInfo> seats;
  for (size_t i = 0; i < seats_.size(); ++i) {
    const Seat& s = seats_[i];
    seats.push_back({static_cast<int>(i), s.name, s.user, s.computer, s.connected && !s.away});
  }
  return seats;
}

json Table::seats_json() const { return json::parse(protocol::seats_text(seat_infos())); }

json Table::summary() const {
  json j = protocol::table_setup_json(setup_);
  j["table"] = id_;
  j["state"] = state_name(static_cast<int>(state_));
  j["creator"] = creator_;
  j["seats"] = seats_json();
  j["watchers"] = watchers_.size();
  j["game"] = game_id_ && game_id_->load() ? json(game_id_->load()) : json(nullptr);
  j["scores"] = game_ ? json(game_->scores()) : json(nullptr);
  // Quick play: when computer players take the free seats, while people wait.
  if (setup_.settings.kind == protocol::TableKind::kPlay)
    j["fill_at"] = fill_armed_ ? json(fill_at_) : json(nullptr);
  return j;
}

void Table::announce() {
  asio::post(strand_, [self = shared_from_this()] {
    if (self->closed_) return;  // gone from the lobby for good
    self->hub_.lobby.update(self->id_, self->summary().dump(), self->audience());
  });
}

void Table::store_table() {
  storage::StoredTable row{setup_, creator_, {}, {invited_.begin(), invited_.end()}};
  for (const Seat& s : seats_) row.seats.push_back({s.user, s.name});
  const std::string text = storage::encode_table(row);
  const auto state = state_ == State::kOpen      ? storage::TableState::kOpen
                     : state_ == State::kPlaying ? storage::TableState::kPlaying
                                                 : storage::TableState::kFinished;
  ctx_.store([db = ctx_.db.get(), id = id_, text, state] {
    try {
      db->tables().update_table(id, text, state);
    } catch (const std::exception& e) {
      spdlog::error("storing table {}: {}", id, e.what());
    }
  });
}

void Table::broadcast_text(const std::string& event) {
  ++v_;
  // The envelope written around the event's text (keys in order).
  protocol::JsonText out(event.size() + 64);
  out.begin_object().key("d").begin_object().key("event").raw(event);
  out.key("table").value(id_).key("v").value(v_).end_object();
  out.key("t").value("table.event").end_object();
  auto m = std::make_shared<const std::string>(out.take());
  log_.push_back(m);
  // Those at the table now receive it (when the table flushes).
  for (const Seat& seat : seats_)
    if (seat.connected) outbox_.push_back(Outgoing{seat.session, m, {}, false, nullptr, {}});
  for (auto it = watchers_.begin(); it != watchers_.end();) {
    if (it->second.expired()) {
      it = watchers_.erase(it);
    } else {
      outbox_.push_back(Outgoing{it->second, m, {}, false, nullptr, {}});
      ++it;
    }
  }
}

void Table::send_view(int seat) {
  const Seat& st = seats_[static_cast<size_t>(seat)];
  if (!game_ || !st.connected) return;
  // Written as text: a view goes out after every action.
  protocol::JsonText out(2048);
  out.begin_object().key("d").begin_object();
  out.key("table").value(id_).key("turn_ms_left");
  if (const nlohmann::json left = turn_ms_left(); left.is_number_integer())
    out.value(left.get<std::int64_t>());
  else
    out.null();
  out.key("v").value(v_);
  protocol::write_observation(out.key("view"), game_->observation(seat));
  out.end_object().key("t").value("table.view").end_object();
  outbox_.push_back(Outgoing{st.session, nullptr, {}, false, nullptr, out.take()});
}

void Table::send_state(const std::shared_ptr<WsSession>& s, int seat, const std::string& id) {
  // The asker's own seat (null for a watcher): a table.sit without a seat
  // learns which it got.
  json d = {{"table", summary()}, {"v", v_}, {"seat", seat >= 0 ? json(seat) : json(nullptr)}};
  if (game_)
    d["view"] = protocol::observation_json(seat >= 0 ? game_->observation(seat)
                                                     : game_->observation_for_watcher());
  else
    d["view"] = nullptr;
  d["turn_ms_left"] = turn_ms_left();
  reply(s, id, protocol::ack_message(id, d.dump()));
}

void Table::take_back(int seat, const std::shared_ptr<WsSession>& s) {
  Seat& st = seats_[static_cast<size_t>(seat)];
  const bool was_away = !present(st);
  st.session = s;
  st.connected = true;
  st.away = false;
  st.away_reason.clear();
  st.standin = false;  // the seat is the player's again
  s->joined_table(id_);
  if (was_away) {
    broadcast(protocol::event::Connected{seat});
    announce();
    start_if_full();  // a Compete table waits for everyone seated to be here
  }
}

void Table::start_if_full() {
  if (closed_ || state_ == State::kPlaying || starting_ || !ready_to_start()) return;
  start_when_due();
}

void Table::on_sit(const std::shared_ptr<WsSession>& s, const Player& p, const std::string& id,
                   int want, bool affordable) {
  const int asked = want;
  int seat = seat_of(p.id);
  if (seat >= 0) {
    // Already here: this connection takes the seat back.
    take_back(seat, s);
    send_state(s, seat, id);
    arm_timer();
    announce();
    return;
  }
  if (state_ == State::kPlaying || starting_)
    return error(s, id, {protocol::Error::kTableFull, "the game at this table has started"});
  if (want >= static_cast<int>(seats_.size())) return error(s, id, {protocol::Error::kBadSeat});
  if (want >= 0 && seats_[static_cast<size_t>(want)].user != 0)
    return error(s, id, {protocol::Error::kSeatTaken});
  if (want < 0) {
    for (size_t i = 0; i < seats_.size() && want < 0; ++i)
      if (seats_[i].user == 0) want = static_cast<int>(i);
    if (want < 0) return error(s, id, {protocol::Error::kTableFull});
  }
  if (setup_.settings.kind == protocol::TableKind::kCompete && !affordable)
    return sit_if_affordable(s, p, id, asked);
  watchers_.erase(s.get());
  Seat& st = seats_[static_cast<size_t>(want)];
  st = Seat{};
  st.user = p.id;
  st.name = p.name;
  st.session = s;
  st.connected = true;
  st.rematch = true;  // sitting down agrees to the next game
  s->joined_table(id_);
  broadcast(protocol::event::Sit{want, p.name});
  if (state_ == State::kFinished) {
    state_ = State::kOpen;
  }
  // Quick play: the wait for people starts with the first one, and the
  // state answer says when it ends (fill_at).
  if (setup_.settings.kind == protocol::TableKind::kPlay &&
      seated_count() < static_cast<int>(seats_.size()))
    arm_fill();
  send_state(s, want, id);
  store_table();
  if (setup_.settings.friends_only) load_friends(p.id);
  if (seated_count() == static_cast<int>(seats_.size())) start_if_full();
  announce();
}

void Table::on_leave(const std::shared_ptr<WsSession>& s, const Player& p, const std::string& id) {
  const int seat = seat_of(p.id);
  if (seat < 0) {
    if (watchers_.erase(s.get())) {
      reply(s, id, protocol::ack_message(id));
      return close_if_empty();
    }
    return error(s, id, {protocol::Error::kNotSeated});
  }
  if (state_ == State::kPlaying || starting_)
    return error(s, id,
                 {protocol::Error::kGameInProgress, "your seat is kept for you until it ends"});
  free_seat(s, id, seat);
}

void Table::free_seat(const std::shared_ptr<WsSession>& s, const std::string& id, int seat) {
  seats_[static_cast<size_t>(seat)] = Seat{};
  if (state_ == State::kFinished) state_ = State::kOpen;
  broadcast(protocol::event::Leave{seat});
  reply(s, id, protocol::ack_message(id));
  store_table();
  close_if_empty();
}

void Table::close_if_empty() {
  if (closed_) return;
  if (people_count() == 0 && watchers_.empty() && state_ != State::kPlaying) return close();
  announce();
}

void Table::close() {
  // Nobody left: the table goes from the lobby and is kept as closed.
  closed_ = true;
  timer_.cancel();
  bot_timer_.cancel();
  fill_timer_.cancel();
  release_timer_.cancel();
  hub_.clear_forming(id_);
  --ctx_.metrics.tables_total;
  hub_.lobby.remove(id_);
  hub_.remove(id_);
  const std::string text = storage::encode_table({setup_, creator_, {}, {}});
  ctx_.store([db = ctx_.db.get(), id = id_, text] {
    try {
      db->tables().update_table(id, text, storage::TableState::kClosed);
    } catch (const std::exception& e) {
      spdlog::error("closing table {}: {}", id, e.what());
    }
  });
  spdlog::info("table {} closed", id_);
}

void Table::on_watch(const std::shared_ptr<WsSession>& s, const std::string& id) {
  if (!setup_.settings.watching) return error(s, id, {protocol::Error::kNoWatching});
  if (!watchers_.count(s.get()) && static_cast<int>(watchers_.size()) >= kMaxWatchers)
    return error(s, id,
                 {protocol::Error::kTooManyWatchers,
                  "this table has " + std::to_string(kMaxWatchers) + " already"});
  watchers_[s.get()] = s;
  s->joined_table(id_);
  send_state(s, -1, id);
  announce();
}

void Table::on_sync(const std::shared_ptr<WsSession>& s, const Player& p, const std::string& id,
                    std::int64_t since) {
  const int seat = seat_of(p.id);
  if (seat < 0 && !watchers_.count(s.get()))
    return error(s, id, {protocol::Error::kNotSeated, "sit or watch first"});
  if (seat >= 0) take_back(seat, s);
  // Missed events when we still have them all; otherwise the whole state.
  if (since >= log_start_ - 1 && since <= v_) {
    json missed = json::array();
    for (std::int64_t v = since + 1; v <= v_; ++v)
      missed.push_back(json::parse(*log_[static_cast<size_t>(v - log_start_)])["d"]);
    json d = {{"table", id_}, {"v", v_}, {"events", missed}};
    if (game_)
      d["view"] = protocol::observation_json(seat >= 0 ? game_->observation(seat)
                                                       : game_->observation_for_watcher());
    d["turn_ms_left"] = turn_ms_left();
    reply(s, id, protocol::ack_message(id, d.dump()));
  } else {
    send_state(s, seat, id);
  }
  arm_timer();
}

void Table::on_chat(const std::shared_ptr<WsSession>& s, const Player& p, const std::string& id,
                    const protocol::TableChat& c) {
  const int seat = seat_of(p.id);
  if (seat < 0 && !watchers_.count(s.get()))
    return error(s, id, {protocol::Error::kNotSeated, "sit or watch first"});
  // The table's mode holds during a game; before and after it, anything goes.
  const auto mode = state_ == State::kPlaying ? setup_.settings.chat : protocol::ChatMode::kText;
  protocol::event::Chat event{p.name, seat >= 0 ? std::optional(seat) : std::nullopt, {}, {}};
  if (c.phrase >= 0) {
    if (mode == protocol::ChatMode::kNone)
      return error(s, id, {protocol::Error::kChatOff, "chat is off"});
    if (c.phrase >= static_cast<int>(protocol::chat_phrases().size()))
      return error(s, id, {protocol::Error::kBadPhrase});
    event.phrase = c.phrase;
    event.text = protocol::chat_phrases()[static_cast<size_t>(c.phrase)];
  } else {
    if (mode != protocol::ChatMode::kText)
      return error(s, id,
                   {protocol::Error::kChatOff,
                    mode == protocol::ChatMode::kNone ? "chat is off" : "only preset phrases"});
    const std::string text = clean_chat(c.text);
    if (text.empty()) return error(s, id, {protocol::Error::kBadChat, "say something"});
    if (characters(text) > kMaxChat)
      return error(s, id,
                   {protocol::Error::kBadChat,
                    "a line has at most " + std::to_string(kMaxChat) + " characters"});
    event.text = text;
  }
  broadcast(std::move(event));
  reply(s, id, protocol::ack_message(id));
}

void Table::on_rematch(const std::shared_ptr<WsSession>& s, const Player& p,
                       const std::string& id) {
  const int seat = seat_of(p.id);
  if (seat < 0) return error(s, id, {protocol::Error::kNotSeated});
  // After a game, also once someone left (the table open again).
  if (!game_ || state_ == State::kPlaying || starting_)
    return error(s, id, {protocol::Error::kWrongState, "the game is not over"});
  seats_[static_cast<size_t>(seat)].rematch = true;
  broadcast(protocol::event::Rematch{seat});
  reply(s, id, protocol::ack_message(id));
  start_if_full();
}

void Table::start_game() {
  const std::uint64_t seed = secure_seed();
  Rng draw(secure_seed());
  const int dealer = static_cast<int>(draw.below(static_cast<std::uint32_t>(seats_.size())));
  // Compete: the buy-ins are charged with the game's row, before it starts.
  if (setup_.settings.kind == protocol::TableKind::kCompete) return begin_compete(seed, dealer);
  // The game's row first, with its first deal: the storage thread runs jobs
  // in order, so the actions posted after it find its id.
  auto gid = std::make_shared<std::atomic<std::int64_t>>(0);
  ctx_.store([db = ctx_.db.get(), gid, table = id_, setup = game_setup_json(seed, dealer),
              seats = seats_json().dump(), deal = first_deal_json(seed, dealer)] {
    try {
      gid->store(db->games().create_game(table, setup, seats, unix_now(), deal));
    } catch (const std::exception& e) {
      spdlog::error("storing a new game at table {}: {}", table, e.what());
    }
  });
  launch(seed, dealer, std::move(gid));
}

std::string Table::game_setup_json(std::uint64_t seed, int dealer) const {
  return json{{"variant", std::string(variant_name(setup_.rules.variant))},
              {"options", protocol::options_json(setup_.rules)},
              {"players", setup_.rules.players},
              {"dealer", dealer},
              {"seed", seed}}
      .dump();
}

std::string Table::first_deal_json(std::uint64_t seed, int dealer) const {
  const Game game = Game::seeded(setup_.rules, dealer, seed);
  return protocol::deal_json(spec_of(setup_.rules, 0, game.deals()[0])).dump();
}

void Table::launch(std::uint64_t seed, int dealer,
                   std::shared_ptr<std::atomic<std::int64_t>> game_id) {
  hub_.clear_forming(id_);  // quick play seats no one more here
  invited_.clear();         // invitations expire when the game starts
  fill_timer_.cancel();
  fill_armed_ = false;
  last_actor_ = -1;
  ++game_generation_;
  thinking_ = false;
  bot_timer_.cancel();
  for (Seat& st : seats_) {
    st.rematch = false;
    st.standin = false;
    st.answered.clear();  // request ids are remembered within one game
  }
  seed_ = seed;
  game_.emplace(Game::seeded(setup_.rules, dealer, seed_));
  state_ = State::kPlaying;
  log_.clear();
  log_start_ = v_ + 1;
  stored_deals_ = 1;  // with the game's row
  stored_actions_ = 0;
  ++ctx_.metrics.tables_playing;

  game_id_ = std::move(game_id);
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
  after_change(true);  // stores the deal, sends the views, arms the timer
  if (opening_) notify_opened(true);
  announce();
}

void Table::on_act(const std::shared_ptr<WsSession>& s, const Player& p, const std::string& id,
                   const protocol::ActionInput& action) {
  const int seat = seat_of(p.id);
  if (seat < 0) return error(s, id, {protocol::Error::kNotSeated});
  Seat& st = seats_[static_cast<size_t>(seat)];
  // A retried request, perhaps from a new connection: the first answer again.
  if (auto first = st.answered.find(id)) return reply(s, id, std::move(first));
  if (!game_ || state_ != State::kPlaying)
    return error(s, id, {protocol::Error::kNoGame, "none is being played at this table"});
  // One acts for one's own seat.
  auto parsed = protocol::to_action(action, setup_.rules, seat);
  if (const auto* why = std::get_if<std::string>(&parsed))
    return error(s, id, {protocol::Error::kBadAction, *why});
  // The ack goes after the action's events and before the views it brings
  // (after_change calls send_ack): a view that comes after the ack is as
  // new as the action, also when it carries the ack's version (the same
  // seat to act again: a bid whist declarer who discards, a trick's winner
  // who leads). Its version and id are stored with the action
  // (store_progress), so that a retry gets this answer after a restart too.
  acting_ = Acting{&s, &id, seat};
  const RuleError e = apply(std::get<Action>(parsed), false);
  acting_ = Acting{};
  if (e == RuleError::kNone) return;
  ++ctx_.metrics.errors_total;
  auto refused =
      std::make_shared<const std::string>(protocol::error_message(id, protocol::ErrorReply(e)));
  st.answered.remember(id, refused);
  reply(s, id, std::move(refused));
}

void Table::send_ack() {
  if (acting_.id == nullptr) return;
  const std::string& id = *acting_.id;
  auto ack = std::make_shared<const std::string>(
      protocol::ack_message(id, R"({"v":)" + std::to_string(v_) + "}"));
  seats_[static_cast<size_t>(acting_.seat)].answered.remember(id, ack);
  reply(*acting_.session, id, std::move(ack));
  acting_ = Acting{};
}

RuleError Table::apply(const Action& a, bool automatic) {
  // A refused action changes nothing and tells no one else.
  const ApplyResult res = game_->apply(a);
  if (!res.ok()) return res.error;
  last_actor_ = a.seat;
  if (automatic) broadcast(protocol::event::Auto{a.seat});
  bool private_change = false;
  for (const Event& e : res.events) {
    broadcast_text(protocol::event_text(e, *game_));
    private_change |= e.type == EventType::kDealStarted || e.type == EventType::kKittyTaken;
  }
  after_change(private_change);
  return RuleError::kNone;
}

void Table::after_change(bool private_change) {
  const bool over = game_->is_over();
  if (over) {
    timer_.cancel();
    timer_armed_ = false;
    state_ = State::kFinished;
    ended_at_ = std::chrono::steady_clock::now();
    arm_release();  // those already gone have the grace from now
    --ctx_.metrics.tables_playing;
    ++ctx_.metrics.games_finished_total;
    broadcast(protocol::event::Result{game_id_->load(), game_->scores(), game_->winners()});
    // The new deals and actions, then the result, each seat's result and
    // at Compete tables the payout, in one transaction after the last
    // action (table_results.cpp).
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

void Table::store_progress() {
  // The new deals and actions, in order.
  std::vector<std::string> deals, actions;
  const auto& dealt = game_->deals();
  for (; stored_deals_ < dealt.size(); ++stored_deals_)
    deals.push_back(protocol::deal_json(spec_of(setup_.rules, static_cast<int>(stored_deals_),
                                                dealt[stored_deals_]))
                        .dump());
  const auto& history = game_->history();
  const size_t first_action = stored_actions_;
  for (; stored_actions_ < history.size(); ++stored_actions_)
    actions.push_back(protocol::action_text(history[stored_actions_], setup_.rules.variant));
  const size_t first_deal = stored_deals_ - deals.size();
  // The request that made the last action: "V ID", its ack's version and id.
  std::string request;
  if (acting_.id != nullptr && !acting_.id->empty() && !actions.empty())
    request = std::to_string(v_) + " " + *acting_.id;
  ctx_.store([db = ctx_.db.get(), gid = game_id_, deals = std::move(deals),
              actions = std::move(actions), first_deal, first_action,
              request = std::move(request)] {
    try {
      for (size_t i = 0; i < deals.size(); ++i)
        db->games().append_deal(*gid, static_cast<int>(first_deal + i), deals[i]);
      for (size_t i = 0; i < actions.size(); ++i)
        db->games().append_action(
            *gid, static_cast<int>(first_action + i), actions[i],
            i + 1 == actions.size() ? std::string_view(request) : std::string_view());
    } catch (const std::exception& e) {
      spdlog::error("storing game {}: {}", gid->load(), e.what());
    }
  });
}

void Table::arm_timer() {
  if (computer_turn()) {
    // The computer plays this turn: no clock.
    timer_.cancel();
    timer_armed_ = false;
    return drive_computer();
  }
  int limit = turn_limit();
  // A person present at a table without timers: after turn_idle seconds
  // of their turn they count as away (on_timeout). No clock is shown.
  bool idle = false;
  if (limit == 0 && ctx_.config.turn_idle > 0 && game_ && state_ == State::kPlaying &&
      !game_->is_over() && game_->current_seat() >= 0 &&
      !seats_[static_cast<size_t>(game_->current_seat())].computer) {
    limit = ctx_.config.turn_idle;
    idle = true;
  }
  // The same turn under the same limit keeps its clock: a chat line, a sync
  // or a return does not start it again.
  const size_t turn_index = game_ ? game_->history().size() : 0;
  if (limit > 0 && timer_armed_ && armed_turn_ == turn_index && armed_limit_ == limit &&
      armed_idle_ == idle)
    return;
  timer_.cancel();
  timer_armed_ = false;
  if (limit == 0) return;
  timer_armed_ = true;
  armed_turn_ = turn_index;
  armed_limit_ = limit;
  armed_idle_ = idle;
  deadline_ = std::chrono::steady_clock::now() + std::chrono::seconds(limit);
  timer_.expires_at(deadline_);
  const auto generation = ++timer_generation_;
  timer_.async_wait(asio::bind_executor(
      strand_, [self = shared_from_this(), generation](const boost::system::error_code& ec) {
        if (ec || self->timer_generation_ != generation) return;  // cancelled or re-armed
        self->timer_armed_ = false;
        self->on_timeout();
        self->flush();
      }));
}

void Table::on_timeout() {
  if (!game_ || game_->is_over() || game_->current_seat() < 0) return;
  // The computer acts for the seat; a player who is away is stood in for
  // until they come back.
  const int seat = game_->current_seat();
  Seat& st = seats_[static_cast<size_t>(seat)];
  // Idle at an untimed turn for turn_idle seconds: away, as if dropped,
  // and the computer stands in at once (go_away's arm_timer starts it).
  if (armed_idle_ && present(st)) {
    st.standin = true;
    return go_away(seat, "idle");
  }
  if (!present(st)) st.standin = true;
  if (thinking_ && same_turn(think_game_, think_turn_)) return;
  start_thinking(Think::kTimeout);
}

void Table::disconnected(WsSession* s, std::int64_t user) {
  asio::post(strand_, [self = shared_from_this(), s, user] {
    if (self->watchers_.erase(s)) self->close_if_empty();
    if (self->closed_ || user == 0) return;  // not logged in: no seat
    const int seat = self->seat_of(user);
    if (seat < 0) return;
    Seat& st = self->seats_[static_cast<size_t>(seat)];
    auto current = st.session.lock();
    if (current && current.get() != s) return;  // a newer connection holds the seat
    // Away already (the others were told): now gone as well.
    const bool told = st.away;
    st.connected = false;
    st.away = false;
    st.away_reason.clear();
    st.session.reset();
    if (!told) self->broadcast(protocol::event::Disconnected{seat, {}});
    self->arm_timer();
    st.gone_since = std::chrono::steady_clock::now();
    self->arm_release();
    self->announce();
    self->flush();
  });
}

}  // namespace whist::server
