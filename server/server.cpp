#include "server/server.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_future.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <chrono>
#include <future>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <thread>
#include <vector>

#include "server/admin.hpp"
#include "server/auth.hpp"
#include "server/compete.hpp"
#include "server/context.hpp"
#include "server/events.hpp"
#include "server/homes.hpp"
#include "server/http.hpp"
#include "server/hub.hpp"
#include "server/node_bus.hpp"
#include "server/notify.hpp"
#include "server/sessions.hpp"
#include "server/spawn.hpp"
#include "server/table.hpp"
#include "server/ws_session.hpp"
#include "storage/checkpointer.hpp"
#include "storage/daemon_lock.hpp"
#include "storage/sql_database.hpp"
#include "storage/table_codec.hpp"
#include "table/clock.hpp"

namespace whist::server {

using tcp = asio::ip::tcp;

struct Server::Impl {
  // Held while whistd runs: whistctl knows from it that the live tables are
  // ours (storage/daemon_lock.hpp). Released last.
  std::optional<storage::DaemonLock> lock;
  Context ctx;
  asio::io_context ioc;
  tcp::acceptor acceptor{ioc};
  asio::signal_set signals{ioc, SIGINT, SIGTERM};
  asio::signal_set hangup{ioc, SIGHUP};
  std::function<void()> reopen_log;
  std::unique_ptr<Hub> hub;
  std::unique_ptr<EventService> events;
  bool runs_events = true;       // a node's: whether it leads
  std::unique_ptr<NodeBus> bus;  // when nodes talk over Redis
  Sessions sessions{ioc};
  // Copies the write-ahead log into the database file off the storage
  // thread (after ctx: it goes before the database closes).
  std::unique_ptr<storage::Checkpointer> checkpointer;

  Impl(Config config, std::function<void()> reopen) : reopen_log(std::move(reopen)) {
    ctx.config = std::move(config);
    if (!init_crypto()) throw std::runtime_error("libsodium cannot be initialized");
    // One whistd per database. A whistd just killed may take a moment to
    // go, and whistctl holds the lock for a moment while it changes the
    // database itself: wait a little.
    // Several nodes on one PostgreSQL: one process per node name.
    const std::string& node = ctx.config.node;
    lock = storage::DaemonLock::take(ctx.config.database, 15000, node);
    if (!lock)
      throw std::runtime_error(
          "another whistd (or whistctl) holds " +
          storage::DaemonLock::path_for(ctx.config.database, node) +
          (node.empty() ? ": one whistd per database (or nodes, each with a name)"
                        : ": one whistd per node name, and none alone on the database"));
    if (!node.empty()) ctx.node = node_incarnation(node);
    auto db = std::make_unique<storage::SqlDatabase>(ctx.config.database);
    if (!db->postgres()) {
      checkpointer = std::make_unique<storage::Checkpointer>(
          ctx.config.database, std::chrono::milliseconds(200),
          [m = &ctx.metrics] { ++m->storage_checkpoints_total; });
      // The checkpoint thread copies the log every 200 ms; the storage
      // thread checkpoints itself only past 8,000 pages (32 MiB), which a
      // fast load does not reach in that time (SQLite's default, 1,000
      // pages, it did: a tenth of the storage thread's time, and more
      // copies of each page).
      db->exec("PRAGMA wal_autocheckpoint=8000");
    }
    if (!ctx.node.empty()) {
      // A node stopped in the middle of a transaction would keep its
      // tables' lease rows locked, and no node could take them over: the
      // server ends such a transaction after a lease's length.
      db->exec(("SET idle_in_transaction_session_timeout = " + std::to_string(ctx.config.lease_ms))
                   .c_str());
    }
    ctx.db = std::move(db);
    ctx.bots = std::make_unique<BotPool>(ctx.config.bot_threads, 64 * ctx.config.bot_threads);
    spdlog::info("database {} (schema version {})", storage::redacted(ctx.config.database),
                 ctx.db->schema_version());
    hub = std::make_unique<Hub>(ctx, ioc);
    ctx.hub = hub.get();
    events = std::make_unique<EventService>(*hub);
    hub->events = events.get();
    restore_tables();
    if (!ctx.config.redis.empty()) start_bus();

    boost::system::error_code ec;
    const auto address = asio::ip::make_address(ctx.config.listen, ec);
    if (ec) throw std::runtime_error("listen: \"" + ctx.config.listen + "\" is not an IP address");
    const tcp::endpoint ep{address, static_cast<unsigned short>(ctx.config.port)};
    acceptor.open(ep.protocol());
    acceptor.set_option(asio::socket_base::reuse_address(true));
    acceptor.bind(ep, ec);
    if (ec)
      throw std::runtime_error("cannot listen on " + ctx.config.listen + ":" +
                               std::to_string(ctx.config.port) + ": " + ec.message());
    acceptor.listen(asio::socket_base::max_listen_connections);
  }

  // Nodes talk over Redis: connected before the first connection.
  void start_bus() {
    const std::string& where = ctx.config.redis;
    const auto colon = where.rfind(':');
    // The database's name, from its URI (postgresql://who@where/NAME?...).
    std::string name = ctx.config.database.substr(ctx.config.database.find("://") + 3);
    name = name.substr(0, name.find('?'));
    name = name.find('/') == std::string::npos ? "whist" : name.substr(name.rfind('/') + 1);
    auto started = asio::co_spawn(
        ioc, NodeBus::start(*hub, where.substr(0, colon), std::stoi(where.substr(colon + 1)), name),
        asio::use_future);
    while (started.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
      ioc.run_one_for(std::chrono::milliseconds(50));
    ioc.restart();
    bus = started.get();
    hub->bus = bus.get();
    spdlog::info("node {}: talking to the other nodes through redis {}", ctx.config.node, where);
  }

  // The tables to bring back: every one not closed; a node's, those whose
  // leases it takes (its name's former process's among them, at once).
  std::vector<TableSnapshot> tables_to_restore() {
    std::vector<TableSnapshot> out;
    storage::Database& db = *ctx.db;
    if (ctx.node.empty()) {
      for (const auto state : {storage::TableState::kOpen, storage::TableState::kPlaying,
                               storage::TableState::kFinished})
        for (const auto& row : db.tables().tables_in_state(state))
          out.push_back(read_snapshot(db, row));
      return out;
    }
    auto& leases = db.leases();
    const int former = leases.release_all(ctx.config.node + "/", ctx.node);
    const std::int64_t now = leases.clock_ms(), ttl = ctx.config.lease_ms;
    for (const std::int64_t id : leases.claimable(now, ttl))
      if (!may_take(db, id, hub->leads))
        continue;  // an event's: the leader's
      else if (const auto lease = leases.acquire(id, ctx.node, now, ttl))
        if (const auto row = db.tables().table(id))
          out.push_back(read_snapshot(db, *row, lease->token));
    spdlog::info("node {} ({}): {} tables taken, {} of them its name's before", ctx.config.node,
                 ctx.node, out.size(), former);
    return out;
  }

  // Brings back every table that was not closed (a node's: those it
  // takes), with its game, before the first connection (the database is
  // not yet in use by the storage thread).
  void restore_tables() {
    const auto started = std::chrono::steady_clock::now();
    // Events run on one node: the first to lead, which alone takes the
    // events' tables. Another takes the lead when it goes (homes.cpp).
    if (!ctx.node.empty()) {
      hub->leads = lock->lead();
      hub->try_lead = [l = &*lock] { return l->lead(); };
    }
    int restored = 0, games = 0;
    std::set<std::int64_t> live;  // the games of the tables restored
    std::vector<EventTableRef> event_tables;
    for (const TableSnapshot& s : tables_to_restore()) {
      if (auto t = Table::restore(*hub, s)) {
        hub->add(s.id, t);
        if (auto at = storage::decode_table(s.settings).setup.event)
          event_tables.push_back({s.id, *at, t});
        ++restored;
        games += s.game && s.game->state == storage::GameState::kPlaying;
        if (s.game) live.insert(s.game->id);
      } else {
        abandon_table(*ctx.db, s);
      }
    }
    // A node cannot tell from its own tables: other nodes' games go on.
    // The leader reads it from storage: a game is live while its table is
    // not closed and it is the table's latest.
    if (ctx.node.empty())
      abandon_orphans(live);
    else if (hub->leads)
      abandon_orphans(stored_live_games());
    runs_events = hub->leads;
    if (runs_events)
      events->restore(*ctx.db, event_tables);
    else
      spdlog::info("node {}: events run on another node", ctx.config.node);
    // How long a restart holds the port closed (tests/load/restart.sh reads it).
    const auto ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started);
    if (restored)
      spdlog::info("restored {} tables, {} games in progress, in {:.0f} ms", restored, games,
                   ms.count());
  }

  // The games in play that a table not closed carries on: its latest.
  std::set<std::int64_t> stored_live_games() {
    std::set<std::int64_t> live;
    storage::Database& db = *ctx.db;
    for (const auto& g : db.games().games_in_state(storage::GameState::kPlaying)) {
      const auto row = db.tables().table(g.table_id);
      if (!row || row->state == storage::TableState::kClosed) continue;
      if (const auto latest = db.games().latest_game(g.table_id); latest && latest->id == g.id)
        live.insert(g.id);
    }
    return live;
  }

  // A game still "playing" that no restored table carries on (its table
  // closed, or a newer game there) can never end: it is abandoned, and a
  // compete game's buy-ins are refunded in full (once: its refund's key).
  void abandon_orphans(const std::set<std::int64_t>& live) {
    for (const auto& g : ctx.db->games().games_in_state(storage::GameState::kPlaying)) {
      if (live.count(g.id)) continue;
      try {
        int buy_in = 0;
        if (const auto row = ctx.db->tables().table(g.table_id))
          buy_in = storage::stored_buy_in(row->settings);
        abandon_game(*ctx.db, g, buy_in, unix_now());
        spdlog::warn("game {} of table {} had no table to go on at; abandoned{}", g.id, g.table_id,
                     buy_in ? ", buy-ins refunded" : "");
      } catch (const std::exception& e) {
        spdlog::error("abandoning game {}: {}", g.id, e.what());
      }
    }
  }

  asio::awaitable<void> listen() {
    for (;;) {
      boost::system::error_code ec;
      tcp::socket socket = co_await acceptor.async_accept(
          asio::make_strand(ioc), asio::redirect_error(asio::use_awaitable, ec));
      if (ec) {
        if (ec == asio::error::operation_aborted || !acceptor.is_open()) co_return;
        spdlog::warn("accept: {}", ec.message());
        continue;
      }
      // Small messages go out at once (no Nagle delay behind the peer's
      // delayed ACK: an event after an ack would wait 40 ms).
      socket.set_option(tcp::no_delay(true), ec);
      auto ex = socket.get_executor();
      spawn(ex, serve_http(beast::tcp_stream(std::move(socket))), "a connection");
    }
  }

  // HTTP requests on one connection until it closes or becomes a WebSocket.
  asio::awaitable<void> serve_http(beast::tcp_stream stream) {
    beast::flat_buffer buffer;
    boost::system::error_code ec;
    for (;;) {
      stream.expires_after(std::chrono::seconds(30));
      http::request_parser<http::string_body> parser;
      parser.body_limit(16 * 1024);
      co_await http::async_read(stream, buffer, parser,
                                asio::redirect_error(asio::use_awaitable, ec));
      if (ec) co_return;
      HttpRequest req = parser.release();
      if (websocket::is_upgrade(req)) {
        if (ctx.draining) {
          HttpResponse res{http::status::service_unavailable, req.version()};
          res.set(http::field::content_type, "text/plain");
          res.set(http::field::retry_after, "5");
          res.body() = "the server is restarting\n";
          res.keep_alive(false);
          res.prepare_payload();
          co_await http::async_write(stream, res, asio::redirect_error(asio::use_awaitable, ec));
          stream.socket().shutdown(tcp::socket::shutdown_send, ec);
          co_return;
        }
        std::string target(req.target());
        if (auto q = target.find('?'); q != std::string::npos) target.resize(q);
        HttpResponse refusal;
        bool refuse = false;
        if (target != "/ws") {
          refusal = HttpResponse{http::status::not_found, req.version()};
          refusal.body() = "not found\n";
          refuse = true;
        } else if (!origin_allowed(ctx.config, req)) {
          // Cross-site pages may not open a player's connection.
          refusal = HttpResponse{http::status::forbidden, req.version()};
          refusal.body() = "origin not allowed\n";
          refuse = true;
        }
        if (refuse) {
          refusal.set(http::field::content_type, "text/plain");
          refusal.keep_alive(false);
          refusal.prepare_payload();
          co_await http::async_write(stream, refusal,
                                     asio::redirect_error(asio::use_awaitable, ec));
          stream.socket().shutdown(tcp::socket::shutdown_send, ec);
          co_return;
        }
        const auto ex = stream.get_executor();
        auto session =
            std::make_shared<WsSession>(WsSession::Parts{ctx.config, ctx.metrics, ctx.storage,
                                                         ctx.hashing, *ctx.hub, ctx.draining},
                                        std::move(stream));
        sessions.add(session);
        // A drain that began after the check above did not see this one.
        if (ctx.draining) session->server_stopping();
        // The connection goes on in its session's coroutine, from its
        // handshake to its end, and this one ends: its frame and its HTTP
        // buffer are not kept for the connection's life (about 1.5 KB a
        // player), nor is a coroutine that would only wait for the end.
        auto* const raw = session.get();
        spawn(ex, raw->run(std::move(req)), "a WebSocket connection",
              [this, session = std::move(session)] { sessions.remove(session.get()); });
        co_return;
      }
      HttpResponse res = answer_http(req, ctx.config.static_dir, ctx.metrics, ctx.draining);
      const bool keep = res.keep_alive();
      co_await http::async_write(stream, res, asio::redirect_error(asio::use_awaitable, ec));
      if (ec || !keep) {
        stream.socket().shutdown(tcp::socket::shutdown_send, ec);
        co_return;
      }
    }
  }

  // SIGTERM: no new connections or tables, every client told and closed,
  // then the event loop stops once they are gone or the grace is over (the
  // storage thread writes what is queued before run() returns).
  asio::awaitable<void> drain() {
    if (ctx.draining.exchange(true)) {
      spdlog::warn("stopping now");
      ioc.stop();
      co_return;
    }
    notify_systemd("STOPPING=1\nSTATUS=draining");
    events->stop();
    boost::system::error_code ec;
    acceptor.close(ec);
    if (!ctx.node.empty()) co_await hand_over_tables();
    auto open = co_await sessions.snapshot();
    spdlog::info("draining: telling {} connections the server is restarting", open.size());
    for (auto& s : open) s->server_stopping();
    open.clear();
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::seconds(ctx.config.shutdown_grace);
    asio::steady_timer timer(ioc);
    for (;;) {
      const std::size_t left = co_await sessions.size();
      if (left == 0 || std::chrono::steady_clock::now() >= deadline) {
        if (left) spdlog::warn("{} connections still open after the grace; closing them", left);
        ioc.stop();
        co_return;
      }
      timer.expires_after(std::chrono::milliseconds(20));
      co_await timer.async_wait(asio::use_awaitable);
    }
  }

  // A node that drains gives its tables up at once, each once its writes
  // are stored, and says so: the other nodes take them over now, and the
  // players' connections, told the server restarts, find them there.
  asio::awaitable<void> hand_over_tables() {
    auto tables = co_await hub->all();
    auto left = std::make_shared<std::atomic<int>>(static_cast<int>(tables.size()));
    std::vector<std::int64_t> ids;
    for (auto& t : tables) {
      ids.push_back(t->id());
      t->hand_over([left] { --*left; });
    }
    tables.clear();
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::seconds(ctx.config.shutdown_grace);
    asio::steady_timer timer(ioc);
    while (*left > 0 && std::chrono::steady_clock::now() < deadline) {
      timer.expires_after(std::chrono::milliseconds(10));
      co_await timer.async_wait(asio::use_awaitable);
    }
    if (bus && !ids.empty()) bus->gave_up(ids);
    spdlog::info("node {}: gave {} tables up to the other nodes", ctx.config.node,
                 ids.size() - static_cast<std::size_t>(std::max(0, left->load())));
  }

  asio::awaitable<void> wait_signals() {
    for (;;) {
      const int sig = co_await signals.async_wait(asio::use_awaitable);
      spdlog::info("signal {}: stopping (grace {} s)", sig, ctx.config.shutdown_grace);
      spawn(ioc.get_executor(), drain(), "draining");
    }
  }
  asio::awaitable<void> wait_hangup() {
    for (;;) {
      co_await hangup.async_wait(asio::use_awaitable);
      reopen_log();
    }
  }

  // WATCHDOG=1 at half the watchdog's interval, once the storage thread has
  // answered too: a stuck event loop or a stuck writer gets us restarted.
  asio::awaitable<void> watchdog(std::chrono::microseconds every) {
    asio::steady_timer timer(ioc);
    auto probe = [](storage::Database&) { return 0; };
    for (;;) {
      co_await ctx.on_storage(probe);
      notify_systemd("WATCHDOG=1");
      timer.expires_after(every / 2);
      co_await timer.async_wait(asio::use_awaitable);
    }
  }
};

Server::Server(Config config, std::function<void()> reopen_log)
    : impl_(std::make_unique<Impl>(
          std::move(config), reopen_log ? std::move(reopen_log) : [] {})) {}

Server::~Server() = default;

int Server::port() const { return impl_->acceptor.local_endpoint().port(); }

void Server::stop() { spawn(impl_->ioc.get_executor(), impl_->drain(), "draining"); }

void Server::run() {
  Impl& s = *impl_;
  const auto ex = s.ioc.get_executor();
  spawn(ex, s.wait_signals(), "waiting for signals");
  spawn(ex, s.wait_hangup(), "waiting for SIGHUP");
  spawn(ex, s.listen(), "listening");
  if (s.runs_events) {
    s.events->start();
    s.ctx.hub->events_running = true;
  }
  s.sessions.start_heartbeat(std::chrono::seconds(s.ctx.config.ping_interval));
  if (!s.ctx.node.empty()) spawn(ex, keep_homes(*s.ctx.hub), "keeping the tables' leases");
  // The operator's commands: one node serves them, the leader (a table
  // elsewhere is closed there, admin.hpp).
  auto serve_admin = [&s, ex] {
    spawn(ex, serve_admin_commands(s.ctx.storage, *s.ctx.hub, s.sessions, s.ctx.draining),
          "the operator's commands");
  };
  if (s.runs_events)
    serve_admin();
  else
    s.ctx.hub->on_lead = serve_admin;
  if (auto every = watchdog_interval()) {
    spdlog::info("systemd watchdog every {} ms", every->count() / 1000);
    spawn(ex, s.watchdog(*every), "the systemd watchdog");
  }
  int n = s.ctx.config.threads > 0 ? s.ctx.config.threads
                                   : static_cast<int>(std::thread::hardware_concurrency());
  if (n < 1) n = 1;
  spdlog::info("whistd listening on http://{}:{} ({} threads)", s.ctx.config.listen, port(), n);
  // Listening, and every table is back: ready.
  notify_systemd("READY=1\nSTATUS=serving");
  std::vector<std::thread> threads;
  for (int i = 1; i < n; ++i) threads.emplace_back([&s] { s.ioc.run(); });
  s.ioc.run();
  for (auto& t : threads) t.join();
  s.ctx.bots->stop();
  // Everything the tables queued for storage is written before we exit.
  s.ctx.storage.pool.join();
  s.ctx.hashing.pool.join();
  if (!s.ctx.node.empty()) {
    // Stopped: its tables' leases given up at once, for the other nodes
    // to take them (rather than in a lease's time).
    try {
      const int n = s.ctx.db->leases().release_all(s.ctx.node, "");
      spdlog::info("node {}: gave up {} tables' leases", s.ctx.config.node, n);
    } catch (const std::exception& e) {
      spdlog::error("node {}: giving up its leases: {}", s.ctx.config.node, e.what());
    }
  }
  spdlog::info("whistd stopped");
}

}  // namespace whist::server
