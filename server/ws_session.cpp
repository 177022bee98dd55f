#include "server/ws_session.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include <boost/asio/redirect_error.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>

#include <nlohmann/json.hpp>
#include "protocol/pushes.hpp"
#include "protocol/record_json.hpp"
#include "protocol/replay_json.hpp"
#include "server/auth.hpp"
#include "server/events.hpp"
#include "server/game_record.hpp"
#include "server/hub.hpp"
#include "server/node_bus.hpp"
#include "server/rating_view.hpp"
#include "server/spawn.hpp"
#include "server/table.hpp"
#include "storage/table_codec.hpp"
#include "table/clock.hpp"

// GCC 12 mishandles a lambda with captured strings written as a temporary
// inside a co_await expression (the copy in the coroutine frame keeps
// pointers into the original): every job below is a named local, moved in.

namespace whist::server {

namespace {

using clock = std::chrono::steady_clock;

template <typename... T>
bool holds_any(const protocol::ClientMessage& m) {
  return (std::holds_alternative<T>(m) || ...);
}

// The HTTP stream's socket, as a socket typed on its strand.
Socket typed_socket(beast::tcp_stream stream) {
  auto socket = stream.release_socket();
  const Strand* strand = socket.get_executor().target<Strand>();
  if (!strand) throw std::logic_error("a connection's executor is not a strand");
  // A connection already reset still converts; its handshake then fails.
  boost::system::error_code ec;
  const auto protocol = socket.local_endpoint(ec).protocol();
  return Socket(*strand, protocol, socket.release());
}

}  // namespace

WsSession::WsSession(const Parts& parts, beast::tcp_stream stream)
    : Peer(false),
      config_(parts.config),
      metrics_(parts.metrics),
      storage_(parts.storage),
      hashing_(parts.hashing),
      hub_(parts.hub),
      draining_(parts.draining),
      ws_(typed_socket(std::move(stream))),
      credits_(config_.rate_messages, config_.rate_window) {}

std::string WsSession::client_address(const http::request<http::string_body>& req) const {
  boost::system::error_code ec;
  const auto peer = ws_.next_layer().remote_endpoint(ec);
  if (ec) return "unknown";
  std::string address = peer.address().to_string();
  const auto& proxies = config_.trusted_proxies;
  if (std::find(proxies.begin(), proxies.end(), address) == proxies.end()) return address;
  // The proxy appends the address it saw last: that one is not forged.
  auto it = req.find("X-Forwarded-For");
  if (it == req.end()) return address;
  std::string list(it->value());
  const auto comma = list.rfind(',');
  std::string last = comma == std::string::npos ? list : list.substr(comma + 1);
  const auto b = last.find_first_not_of(' ');
  const auto e = last.find_last_not_of(' ');
  return b == std::string::npos ? address : last.substr(b, e - b + 1);
}

void WsSession::set_options() {
  websocket::stream_base::timeout t{};
  t.handshake_timeout = std::chrono::seconds(30);
  t.idle_timeout = websocket::stream_base::none();  // the writer pings and times out
  t.keep_alive_pings = false;
  ws_.set_option(t);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(http::field::server, "whistd"); }));
  ws_.read_message_max(config_.max_message);
  ws_.auto_fragment(false);
}

asio::awaitable<void> WsSession::run(http::request<http::string_body> req) {
  set_options();
  address_ = client_address(req);
  device_ = device_name(std::string_view(req[http::field::user_agent]));
  boost::system::error_code ec;
  co_await ws_.async_accept(req, asio::redirect_error(asio::use_awaitable, ec));
  // The request's headers are not needed again; they would otherwise stay
  // in this coroutine's frame as long as the connection (0.4 KB a player).
  req = {};
  if (ec) co_return;
  auto connect = hub_.abuse.connect(address_);
  if (co_await std::move(connect)) {
    counted_ = true;
  } else {
    // Told in the protocol's words, then closed (policy violation).
    ++metrics_.connections_refused_total;
    spdlog::info("refusing a connection from {}: too many from that address", address_);
    enqueue(std::make_shared<const std::string>(
        protocol::error_message("", {protocol::Error::kTooManyConnections})));
    close_soon(websocket::close_code::policy_error, "too many connections");
  }

  ++metrics_.connections;
  ++metrics_.connections_total;
  last_heard_ = clock::now();
  ws_.control_callback([this](websocket::frame_type kind, beast::string_view) {
    last_heard_ = clock::now();
    // No close code above 4999 is defined: answered with 1002, not echoed.
    if (kind == websocket::frame_type::close && ws_.reason().code > 4999)
      ws_.next_layer().refuse_close_code(ws_.reason().code);
  });
  // The writer starts: what was queued before goes first, and the pings.
  start_writing();

  beast::flat_buffer buffer;
  for (;;) {
    co_await ws_.async_read(buffer, asio::redirect_error(asio::use_awaitable, ec));
    if (ec) break;
    last_heard_ = clock::now();
    if (closing_) {
      // Closing: what comes now is not acted on.
      buffer.clear();
      continue;
    }
    if (!ws_.got_text()) {
      send(protocol::error_message("", {protocol::Error::kBadMessage, "messages are text (JSON)"}));
      ++metrics_.errors_total;
      buffer.clear();
      continue;
    }
    // A flat buffer's data is one piece: parsed where it lies.
    const auto data = buffer.data();
    ++metrics_.messages_in_total;
    const std::string_view text(static_cast<const char*>(data.data()), data.size());
    Parsed parsed = protocol::parse_request(text);
    if (hub_.bus) raw_.assign(text);
    buffer.clear();
    if (!admit(parsed)) continue;
    // An action (most of what comes) goes to its table here, with no
    // coroutine of its own; the rest is answered by handle().
    if (act_at_once(parsed)) continue;
    co_await handle(std::move(parsed));
  }
  co_await ended(ec);
}

asio::awaitable<void> WsSession::ended(boost::system::error_code ec) {
  if (ec != websocket::error::closed && ec != asio::error::operation_aborted &&
      ec != asio::error::eof && ec != beast::error::timeout)
    spdlog::debug("connection ended: {}", ec.message());
  closing_ = true;
  wake_writer();
  --metrics_.connections;
  if (counted_) hub_.abuse.release(address_);
  counted_ = false;
  // Tables hold the seat; the lobby forgets us; friends may see us go.
  co_await went_offline();
  if (in_lobby_) hub_.lobby.leave(this);
  for (const std::int64_t t : tables_)
    if (auto table = co_await this->table(t)) table->disconnected(this, user_ ? user_->id : 0);
  if (hub_.bus) hub_.bus->session_ended(this);
}

Player WsSession::player() const { return Player{user_->id, user_->name, user_->guest}; }

std::string WsSession::reply_error(const std::string& id, const protocol::ErrorReply& e) {
  ++metrics_.errors_total;
  return protocol::error_message(id, e);
}

void WsSession::refuse(const std::string& id, const Refusal& r) {
  ++metrics_.errors_total;
  if (r.code == protocol::Error::kRateLimited) {
    ++metrics_.rate_limited_total;
    if (++refused_ >= config_.rate_flood) {
      // Still sending, ignoring every refusal: a flood. This refusal is
      // the last message, then the close (the reader runs on the strand:
      // queued before the close).
      ++metrics_.flood_closed_total;
      spdlog::info("closing a flooding connection from {}{}", address_,
                   user_ ? " (" + user_->name + ")" : std::string());
      enqueue(std::make_shared<const std::string>(refusal_message(id, r)));
      close_soon(websocket::close_code::policy_error, "flood");
      return;
    }
  }
  send(refusal_message(id, r));
}

bool WsSession::admit(const Parsed& parsed) {
  // Every message costs a credit, of the connection and of its account.
  const auto now = clock::now();
  const std::string& msg_id = std::holds_alternative<protocol::Request>(parsed)
                                  ? std::get<protocol::Request>(parsed).id
                                  : std::get<protocol::ParseError>(parsed).id;
  if (!credits_.take(now)) {
    refuse(msg_id, Refusal{protocol::Error::kRateLimited, "", credits_.wait_s(now)});
    return false;
  }
  if (account_credits_)
    if (auto r = take_account_message(*account_credits_, now)) {
      refuse(msg_id, *r);
      return false;
    }
  refused_ = 0;
  return true;
}

bool WsSession::act_at_once(Parsed& parsed) {
  auto* req = std::get_if<protocol::Request>(&parsed);
  if (!req || !hello_ || !user_ || !std::holds_alternative<protocol::TableAct>(req->message))
    return false;
  // A retry, or no such table: the usual way answers.
  if (answered_.contains(req->id)) return false;
  // Only a table found before: no trip to the hub (table()).
  auto t = known_table(std::get<protocol::TableAct>(req->message).table);
  if (!t) return false;
  t->request(shared_from_this(), player(), std::move(req->id), std::move(req->message), raw_);
  return true;
}

asio::awaitable<void> WsSession::handle(Parsed parsed) {
  if (auto* e = std::get_if<protocol::ParseError>(&parsed)) {
    ++metrics_.errors_total;
    send(protocol::error_message(*e));
    co_return;
  }
  const auto& req = std::get<protocol::Request>(parsed);
  // A retried request gets the first answer again, and is not applied twice.
  if (auto first = answered_.find(req.id)) {
    send(std::move(first));
    co_return;
  }
  std::string reply;
  try {
    reply = co_await answer(req);
  } catch (const std::exception& e) {
    spdlog::error("{} failed: {}", protocol::type_name(req.message), e.what());
    reply = reply_error(req.id, {protocol::Error::kInternal});
  }
  if (reply.empty()) co_return;  // a table or the lobby answers it
  auto m = std::make_shared<const std::string>(std::move(reply));
  answered_.remember(req.id, m);
  send(std::move(m));
}

asio::awaitable<std::string> WsSession::answer(const protocol::Request& r) {
  if (const auto* h = std::get_if<protocol::Hello>(&r.message))
    co_return co_await on_hello(r.id, *h);
  if (!hello_) co_return reply_error(r.id, {protocol::Error::kHelloFirst});
  if (const auto* m = std::get_if<protocol::Register>(&r.message))
    co_return co_await on_register(r.id, *m);
  if (const auto* m = std::get_if<protocol::Login>(&r.message))
    co_return co_await on_login(r.id, *m);
  if (std::holds_alternative<protocol::Guest>(r.message)) co_return co_await on_guest(r.id);
  if (std::holds_alternative<protocol::Logout>(r.message)) co_return co_await on_logout(r.id);
  if (const auto* m = std::get_if<protocol::AccountReset>(&r.message))
    co_return co_await on_reset(r.id, *m);
  if (const auto* m = std::get_if<protocol::GameRecordRequest>(&r.message))
    co_return co_await on_game_record(r.id, m->game, m->states);
  if (!user_) co_return reply_error(r.id, {protocol::Error::kNotLoggedIn});
  using namespace protocol;
  if (holds_any<LobbyJoin, LobbyLeave>(r.message))
    co_return co_await on_lobby(r.id, std::holds_alternative<LobbyJoin>(r.message));
  if (const auto* m = std::get_if<protocol::TableCreate>(&r.message))
    co_return co_await on_create_table(r.id, *m);
  if (holds_any<FriendRequest, FriendAccept, FriendDecline, FriendRemove>(r.message))
    co_return co_await on_friend(r.id, r.message);
  if (std::holds_alternative<FriendsList>(r.message)) co_return co_await on_friends_list(r.id);
  if (holds_any<ChipsBalance, ChipsHistory, ChipsTopup>(r.message))
    co_return co_await on_chips(r.id, r.message);
  if (holds_any<ResultsGames, ResultsStats, ResultsLeaderboard>(r.message))
    co_return co_await on_results(r.id, r.message);
  if (holds_any<RatingsLeaderboard, ProfileGet, ProfileSet>(r.message))
    co_return co_await on_ratings(r.id, r.message);
  if (holds_any<PrefsGet, PrefsSet>(r.message)) co_return co_await on_prefs(r.id, r.message);
  if (holds_any<EventCreate, EventList, EventGet, EventResults, EventEnter, EventWithdraw,
                EventDirect, DailyGet, DailyPlay>(r.message))
    co_return co_await on_event(r.id, r.message);
  if (holds_any<AccountPassword, AccountSessions, AccountEndSession, AccountDelete, AccountExport>(
          r.message))
    co_return co_await on_account(r.id, r.message);
  if (holds_any<SafetyMute, SafetyBlock, SafetyList, SafetyReport>(r.message))
    co_return co_await on_safety(r.id, r.message);
  if (const auto* chat = std::get_if<protocol::TableChat>(&r.message))
    if (auto refused = co_await chat_refused(r.id, *chat)) co_return std::move(*refused);
  if (const auto* m = std::get_if<protocol::PlayQuick>(&r.message))
    co_return co_await on_play_quick(r.id, *m);
  // Everything else is for one table.
  std::int64_t table = 0;
  std::visit(
      [&](const auto& m) {
        if constexpr (requires { m.table; }) table = m.table;
      },
      r.message);
  auto t = co_await this->table(table);
  if (!t) co_return reply_error(r.id, {protocol::Error::kNoTable});
  // Leaving or no longer watching: no longer there for friends (a seat
  // kept during a game still shows, from the table's summary).
  if (holds_any<TableLeave, TableUnwatch>(r.message))
    hub_.presence.watching(user_->id, this, table, false);
  t->request(shared_from_this(), player(), r.id, r.message, raw_);
  co_return std::string();
}

asio::awaitable<std::string> WsSession::on_lobby(const std::string& id, bool join) {
  in_lobby_ = join;
  if (!join) hub_.lobby.leave(this);
  // In the lobby, not at a table: the seats this connection holds are away
  // until it comes back (table_away.cpp).
  for (const std::int64_t t : tables_) {
    if (auto table = co_await this->table(t)) {
      if (join)
        table->left_view(this, user_->id);
      else
        table->came_back(this, user_->id);
    }
  }
  if (!join) co_return protocol::ack_message(id);
  hub_.lobby.join(shared_from_this(), id, user_->id);
  co_return std::string();
}

asio::awaitable<std::optional<std::string>> WsSession::chat_refused(
    const std::string& id, const protocol::TableChat& chat) {
  // Bursts and repeated lines are refused before the table sees them.
  const std::string line = chat.phrase >= 0 ? "#" + std::to_string(chat.phrase) : chat.text;
  auto check = hub_.abuse.chat(user_->id, line, clock::now());
  if (auto why = co_await std::move(check)) {
    ++metrics_.chat_refused_total;
    ++metrics_.errors_total;
    co_return refusal_message(id, *why);
  }
  // The operator's mute of this account's chat (whistctl mute-chat), read
  // from the file at each line: chat is rare, and a mute holds at once.
  if (user_->guest) co_return std::nullopt;
  auto read = [me = user_->id](storage::Database& db) { return db.safety().chat_mute(me); };
  const auto mute = co_await storage_.on_storage(std::move(read));
  if (mute.until <= unix_now()) co_return std::nullopt;
  ++metrics_.chat_refused_total;
  co_return reply_error(
      id, {protocol::Error::kChatMuted, "until " + utc_time(mute.until) +
                                            (mute.reason.empty() ? "" : " (" + mute.reason + ")")});
}

asio::awaitable<std::string> WsSession::on_create_table(const std::string& id,
                                                        const protocol::TableCreate& c) {
  if (draining_) co_return reply_error(id, {protocol::Error::kServerRestarting});
  const auto& settings = c.setup.settings;
  const auto when = unix_now();
  if (settings.kind == protocol::TableKind::kPlay)
    co_return reply_error(id, {protocol::Error::kBadTable, "play tables are opened by play.quick"});
  if (settings.start_at != 0 && (settings.start_at <= when || settings.start_at > when + 24 * 3600))
    co_return reply_error(
        id, {protocol::Error::kBadTable, "start_at must be within the next 24 hours"});
  if (settings.kind == protocol::TableKind::kCompete) {
    if (user_->guest)
      co_return reply_error(id, {protocol::Error::kGuest,
                                 "guests have no chips: register to play at Compete tables"});
    // The creator sits at once: they must be able to pay.
    auto read = [user = user_->id](storage::Database& db) { return db.ledger().balance(user); };
    const std::int64_t balance = co_await storage_.on_storage(std::move(read));
    if (balance < settings.buy_in)
      co_return reply_error(id, {protocol::Error::kInsufficientChips,
                                 "this table's buy-in is " + std::to_string(settings.buy_in) +
                                     " chips; you have " + std::to_string(balance)});
  }
  co_return co_await open_table(id, c.setup, std::string());
}

asio::awaitable<std::string> WsSession::on_play_quick(const std::string& id,
                                                      const protocol::PlayQuick& q) {
  if (draining_) co_return reply_error(id, {protocol::Error::kServerRestarting});
  const std::string key = Table::quick_key(q.setup);
  // The asker's rating in the variant's pool (1500 for a guest): people of
  // similar rating are seated together first.
  auto read = [me = user_->id, pool = std::string(variant_name(q.setup.rules.variant))](
                  storage::Database& db) { return shown_rating(db, me, pool); };
  const auto mine = co_await storage_.on_storage(std::move(read));
  const int rating = mine ? mine->rating : 1500;
  // A seat at a forming table near that rating, if there is one; else a new table.
  auto forming = hub_.forming(key, rating);
  const Hub::Forming f = co_await std::move(forming);
  if (f.here) {
    f.here->request(shared_from_this(), player(), id, protocol::TableSit{f.here->id(), -1, {}});
    co_return std::string();
  }
  if (f.elsewhere) {  // forming on another node (node_bus.hpp)
    if (auto t = co_await table(f.elsewhere)) {
      t->sit_anywhere(shared_from_this(), player(), id);
      co_return std::string();
    }
    hub_.formed_elsewhere(f.elsewhere);  // gone meanwhile
  }
  co_return co_await open_table(id, q.setup, key, rating);
}

asio::awaitable<std::string> WsSession::open_table(const std::string& id,
                                                   const protocol::TableSetup& setup,
                                                   const std::string& quick_key, int rating) {
  const protocol::TableCreate c{setup};
  const std::string row = storage::encode_table({c.setup, user_->name, {}, {}, {}});
  const auto now = unix_now();
  auto create = [row, now](storage::Database& db) {
    return db.tables().create_table(row, storage::TableState::kOpen, now);
  };
  const std::int64_t table_id = co_await storage_.on_storage(std::move(create));
  auto table = std::make_shared<Table>(hub_, table_id, c.setup, player());
  hub_.add(table_id, table, quick_key, rating);
  ++metrics_.tables_total;
  spdlog::info("{} opened table {} ({})", user_->name, table_id,
               variant_name(c.setup.rules.variant));
  // The creator sits down at seat 0; the answer is the table's state.
  table->request(shared_from_this(), player(), id, protocol::TableSit{table_id, 0, {}});
  table->created();
  co_return std::string();
}

asio::awaitable<std::string> WsSession::on_game_record(const std::string& id, std::int64_t game,
                                                       bool states) {
  struct Stored {
    std::optional<storage::GameRow> row;
    bool secret = false;  // an event's boards not yet played by everyone
    std::vector<std::string> deals, actions;
  };
  const std::int64_t account = user_ ? user_->id : 0;
  auto load = [game, account, events = hub_.events](storage::Database& db) {
    Stored s;
    s.row = db.games().game(game);
    if (!s.row || s.row->state != storage::GameState::kFinished) return s;
    if (auto at = event_of_table(db, s.row->table_id))
      s.secret = !events || !events->record_shown(db, *at, account, unix_now());
    if (s.secret) return s;
    s.deals = db.games().game_deals(game);
    s.actions = db.games().game_actions(game);
    return s;
  };
  Stored s = co_await storage_.on_storage(std::move(load));
  if (!s.row) co_return reply_error(id, {protocol::Error::kNoGame});
  // Hands are secret until the game is over, and an event's boards until
  // every table has played them.
  if (s.row->state != storage::GameState::kFinished)
    co_return reply_error(
        id, {protocol::Error::kGameInProgress, "its record is shown once it is over"});
  if (s.secret)
    co_return reply_error(id,
                          {protocol::Error::kGameInProgress,
                           "its event is still being played; the record is shown once it is over"});
  using nlohmann::json;
  json d =
      protocol::game_record_json(stored_game(*s.row, std::move(s.deals), std::move(s.actions)));
  const std::string record = d["record"].dump();
  // game.replay: every state of the game, every hand face up.
  if (states) {
    auto parsed = protocol::parse_record(record);
    std::variant<json, std::string> replayed = std::string("the stored record cannot be read");
    if (auto* r = std::get_if<GameRecord>(&parsed)) replayed = protocol::replay_states_json(*r);
    if (auto* why = std::get_if<std::string>(&replayed)) {
      spdlog::error("game {}: {}", game, *why);
      co_return reply_error(id, {protocol::Error::kInternal, "the game cannot be replayed"});
    }
    d["states"] = std::move(std::get<json>(replayed));
  }
  co_return protocol::ack_message(id, d.dump());
}

}  // namespace whist::server
