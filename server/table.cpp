#include "server/table.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "protocol/record_json.hpp"
#include "server/auth.hpp"
#include "server/events.hpp"
#include "server/node_bus.hpp"
#include "server/ws_session.hpp"
#include "storage/table_codec.hpp"

namespace whist::server {

namespace asio = boost::asio;
using table::TableCore;

table::Now table_now() {
  using namespace std::chrono;
  return {duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count(),
          duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count()};
}

namespace {

table::CoreConfig core_config(const PlaySettings& c) {
  return {c.turn_idle,         c.reconnect_grace,
          c.bot_delay_ms,      c.quick_fill_seconds,
          c.house_fee_percent, [] { return static_cast<std::uint64_t>(secure_seed()); }};
}

}  // namespace

Table::Table(Hub& hub, std::int64_t id, protocol::TableSetup setup, Player creator)
    : Table(hub, std::make_unique<TableCore>(id, std::move(setup), std::move(creator.name),
                                             core_config(hub.ctx.config))) {}

Table::Table(Hub& hub, std::unique_ptr<TableCore> core, std::optional<std::int64_t> lease)
    : hub_(hub),
      storage_(hub.ctx.storage),
      bots_(*hub.ctx.bots),
      metrics_(hub.ctx.metrics),
      settings_(hub.ctx.config),
      id_(core->id()),
      strand_(asio::make_strand(hub.ioc)),
      core_(std::move(core)),
      side_(std::make_shared<StorageSide>()) {
  for (int k = 0; k < table::kClocks; ++k) clocks_.emplace_back(strand_);
  core_->store_at_once([this](table::StoreJob job) { post_job(std::move(job)); });
  if (hub.ctx.node.empty()) return;  // one whistd alone: no leases
  if (lease) {
    side_->lease = *lease;
    return;
  }
  // A new table's lease, taken on the storage thread before any of its
  // writes (they run in order), its row written already.
  side_->lease = -1;
  storage_.store([&storage = storage_, side = side_, id = id_, node = hub.ctx.node,
                  ttl = hub.ctx.config.lease_ms] {
    try {
      auto& leases = storage.db->leases();
      if (const auto l = leases.acquire(id, node, leases.clock_ms(), ttl)) side->lease = l->token;
    } catch (const std::exception& e) {
      spdlog::error("table {}: taking its lease: {}", id, e.what());
    }
  });
}

std::shared_ptr<Table> Table::restore(Hub& hub, const TableSnapshot& s) {
  try {
    table::Snapshot snap{s.id, storage::decode_table(s.settings), s.state, std::nullopt};
    if (s.game) {
      const auto setup = nlohmann::json::parse(s.game->setup);
      snap.game = table::Snapshot::Game{s.game->id,
                                        s.game->state,
                                        setup.at("seed").get<std::uint64_t>(),
                                        setup.at("dealer").get<int>(),
                                        {},
                                        s.requests,
                                        s.deals};
      // The stored actions, read back as the table's rules read them.
      for (const std::string& text : s.actions) {
        auto a = protocol::parse_action(nlohmann::json::parse(text), snap.row.setup.rules);
        if (const auto* why = std::get_if<std::string>(&a))
          throw std::runtime_error("stored action: " + *why);
        snap.game->actions.push_back(std::get<Action>(a));
      }
    }
    auto core = TableCore::restore(snap, core_config(hub.ctx.config), table_now());
    auto t = std::make_shared<Table>(hub, std::move(core), s.lease);
    ++hub.ctx.metrics.tables_total;
    t->command([](TableCore& c, table::Now n) { c.resumed(n); });
    return t;
  } catch (const std::exception& e) {
    spdlog::error("table {} cannot be restored: {}", s.id, e.what());
    return nullptr;
  }
}

void Table::command(std::function<void(TableCore&, table::Now)> fn) {
  asio::post(strand_, [self = shared_from_this(), fn = std::move(fn)]() mutable {
    if (self->fenced_) return;
    fn(*self->core_, table_now());
    self->carry_out();
  });
}

table::Conn Table::conn_of(const std::shared_ptr<Peer>& s) {
  const table::Conn c = s->conn_id();
  if (conns_.size() > 64) std::erase_if(conns_, [](const auto& kv) { return kv.second.expired(); });
  conns_.try_emplace(c, s);  // (no node made and dropped when known, as emplace would)
  return c;
}

void Table::request(std::shared_ptr<Peer> s, Player p, std::string id, protocol::ClientMessage m) {
  asio::post(strand_, [self = shared_from_this(), s = std::move(s), p = std::move(p),
                       id = std::move(id), m = std::move(m)] {
    if (self->fenced_) {
      s->server_stopping();  // to come back to the table's new home
      return;
    }
    self->core_->request(self->conn_of(s), p, id, m, table_now());
    self->carry_out();
  });
}

void Table::disconnected(Peer* s, std::int64_t user) {
  command([self = shared_from_this(), c = s->conn_id(), user](TableCore& core, table::Now n) {
    core.disconnected(c, user, n);
    self->conns_.erase(c);
  });
}

void Table::left_view(Peer* s, std::int64_t user) {
  command([c = s->conn_id(), user](TableCore& core, table::Now n) { core.left_view(c, user, n); });
}

void Table::came_back(Peer* s, std::int64_t user) {
  command([c = s->conn_id(), user](TableCore& core, table::Now n) { core.came_back(c, user, n); });
}

void Table::open_event(std::vector<table::EventSeat> seats) {
  command([seats = std::move(seats)](TableCore& core, table::Now n) { core.open_event(seats, n); });
}

asio::awaitable<int> Table::event_fault() {
  auto self = shared_from_this();
  auto ask = [self]() -> asio::awaitable<int> { co_return self->core_->side_at_fault(); };
  co_return co_await asio::co_spawn(strand_, ask(), asio::use_awaitable);
}

asio::awaitable<std::vector<table::BoardScore>> Table::boards_played() {
  auto self = shared_from_this();
  auto ask = [self]() -> asio::awaitable<std::vector<table::BoardScore>> {
    co_return self->core_->boards_played();
  };
  co_return co_await asio::co_spawn(strand_, ask(), asio::use_awaitable);
}

void Table::created() {
  command([](TableCore& core, table::Now n) { core.created(n); });
}

void Table::carry_out(std::vector<Outgoing>* held) {
  table::Effects& fx = core_->effects();
  if (fx.empty()) return;
  for (const auto& line : fx.logs) {
    using L = table::LogLine::Level;
    if (line.level == L::kError)
      spdlog::error("{}", line.text);
    else if (line.level == L::kWarn)
      spdlog::warn("{}", line.text);
    else
      spdlog::info("{}", line.text);
  }
  metrics_.errors_total += fx.errors;
  metrics_.tables_playing += fx.playing;
  metrics_.games_finished_total += fx.finished;
  for (const table::Conn c : fx.joined)
    if (auto it = conns_.find(c); it != conns_.end())
      if (auto s = it->second.lock()) s->joined_table(id_);
  if (fx.clear_forming) hub_.clear_forming(id_);
  if (fx.set_forming) hub_.set_forming(quick_key(core_->setup()), id_);
  if (fx.forming_rating) hub_.forming_rating(id_, *fx.forming_rating);
  if (fx.lobby) {
    if (hub_.bus) hub_.bus->listed(id_, *fx.lobby, fx.audience);  // every node's lobby
    hub_.lobby.update(id_, std::move(*fx.lobby), std::move(fx.audience));
  }
  if (fx.closed) {
    --metrics_.tables_total;
    if (hub_.bus) hub_.bus->unlisted(id_);
    hub_.lobby.remove(id_);
    hub_.remove(id_);
  }
  set_clocks(fx.timers);
  think(fx.think);
  judge(fx.judge);
  std::vector<Outgoing> out = resolve(fx.messages);
  if (held) {
    *held = std::move(out);
    out.clear();
  }
  if (!fx.store.empty() || !out.empty()) post_storage(std::move(fx.store), std::move(out));
  // An event's boards finished here: the event scores them after the
  // table's own rows and messages (posted just now, so that its players
  // hear the last card and the result before the event sends them on).
  if (!fx.boards.empty() && hub_.events && core_->setup().event)
    hub_.events->boards_done(*core_->setup().event, std::move(fx.boards));
  fx.clear();
  // A connection that ended before it could tell the table (it went while
  // it was joining): it watches no more. (One holding a seat is told by
  // its session, which knew the table by then.)
  while (!gone_.empty()) {
    const table::Conn c = gone_.back();
    gone_.pop_back();
    conns_.erase(c);
    core_->disconnected(c, 0, table_now());
    carry_out();
  }
}

std::vector<Table::Outgoing> Table::resolve(std::vector<table::Message>& messages) {
  std::vector<Outgoing> out;
  out.reserve(messages.size());
  for (table::Message& m : messages) {
    std::weak_ptr<Peer> to;
    if (m.to) {
      if (auto it = conns_.find(m.to); it != conns_.end() && !it->second.expired())
        to = it->second;
      else if (std::find(gone_.begin(), gone_.end(), m.to) == gone_.end())
        gone_.push_back(m.to);
    }
    out.push_back(Outgoing{std::move(to), std::move(m.text), std::move(m.reply_id), m.reply,
                           std::move(m.own), std::move(m.users)});
  }
  return out;
}

void Table::post_storage(std::vector<table::StoreJob> jobs, std::vector<Outgoing> out) {
  // What the table says goes out only once everything it stored so far is
  // written: the storage thread runs jobs in order, and what a job
  // announces waits for its COMMIT (after_commit). A crash can then lose
  // no action that anyone was told about. The storage thread sends it
  // itself: grouping the messages and handing each to its session touches
  // nothing of the table's, and the order is kept.
  storage_.store(
      [self = shared_from_this(), jobs = std::move(jobs), out = std::move(out)]() mutable {
        if (!self->holds_home()) return;  // neither written nor told
        for (table::StoreJob& job : jobs) self->run_job(*self->side_, job);
        if (out.empty()) return;
        self->storage_.after_commit(
            [hub = &self->hub_, out = std::move(out)]() mutable { send_all(*hub, out); });
      });
}

void Table::post_job(table::StoreJob job) {
  // During a command, on the strand: the table is owned, and stays so
  // until the job has run.
  storage_.store([self = shared_from_this(), job = std::move(job)]() mutable {
    if (self->holds_home()) self->run_job(*self->side_, job);
  });
}

void Table::check_home() {
  storage_.store([self = shared_from_this()] { self->holds_home(); });
}

bool Table::holds_home() {
  StorageSide& side = *side_;
  if (side.lease == 0) return true;  // one whistd alone
  if (side.fenced) return false;
  try {
    if (storage_.db->leases().check_lease(id_, side.lease)) return true;
    spdlog::warn("table {}: another node holds it now; nothing more is written here", id_);
  } catch (const std::exception& e) {
    spdlog::error("table {}: checking its lease: {}; it goes from this node", id_, e.what());
  }
  side.fenced = true;
  asio::post(strand_, [self = shared_from_this()] { self->fence(); });
  return false;
}

void Table::fence() {
  if (fenced_) return;
  fenced_ = true;
  ++metrics_.leases_lost_total;
  for (auto& clock : clocks_) clock.cancel();
  if (!core_->closed()) {
    --metrics_.tables_total;
    if (core_->playing()) --metrics_.tables_playing;
  }
  hub_.lobby.remove(id_);
  hub_.remove(id_, this);
  int told = 0;
  for (auto& [conn, session] : conns_)
    if (auto s = session.lock()) {
      s->server_stopping();
      ++told;
    }
  conns_.clear();
  spdlog::info("table {} left node {}; {} connection(s) told to reconnect", id_, hub_.ctx.node,
               told);
  // A lease still ours (its check failed): given up, so that a node
  // (this one too) takes the table back from storage.
  storage_.store([&storage = storage_, id = id_, node = hub_.ctx.node, token = side_->lease] {
    try {
      storage.db->leases().release(id, node, token);
    } catch (const std::exception& e) {
      spdlog::error("table {}: giving its lease up: {}", id, e.what());
    }
  });
}

void Table::hand_over(std::function<void()> done) {
  asio::dispatch(strand_, [self = shared_from_this(), done = std::move(done)]() mutable {
    if (self->fenced_) {  // no longer this node's anyway
      done();
      return;
    }
    // From now on its requests are answered "the server restarts"
    // (request()), and nothing more happens here.
    self->fenced_ = true;
    for (auto& clock : self->clocks_) clock.cancel();
    // Behind the table's writes: its lease, as they leave it. Then the
    // table goes, and its connections look for it at its next home.
    self->storage_.store([self, done = std::move(done)]() mutable {
      try {
        const StorageSide& side = *self->side_;
        if (side.lease > 0 && !side.fenced)
          self->storage_.db->leases().release(self->id_, self->hub_.ctx.node, side.lease);
      } catch (const std::exception& e) {
        spdlog::error("table {}: giving its lease up: {}", self->id_, e.what());
      }
      // Once committed: another node may take it from then on.
      self->storage_.after_commit([self, done = std::move(done)] {
        done();
        asio::dispatch(self->strand_, [self] {
          self->hub_.remove(self->id_, self.get());
          for (auto& [conn, session] : self->conns_)
            if (auto s = session.lock()) s->server_stopping();
          self->conns_.clear();
        });
      });
    });
  });
}

void Table::set_clocks(const std::vector<table::TimerOrder>& orders) {
  for (const table::TimerOrder& o : orders) {
    auto& timer = clocks_[static_cast<size_t>(o.clock)];
    timer.cancel();
    if (!o.at_mono_ms) continue;
    timer.expires_at(
        std::chrono::steady_clock::time_point(std::chrono::milliseconds(*o.at_mono_ms)));
    timer.async_wait(asio::bind_executor(
        strand_, [self = shared_from_this(), which = o.clock,
                  generation = o.generation](const boost::system::error_code& ec) {
          if (ec || self->fenced_) return;
          self->core_->clock(which, generation, table_now());
          self->carry_out();
        }));
  }
}

// Claims for the computer opponents: the solver answers on a thinking
// thread; a saturated pool refuses the claim for them (play goes on).
void Table::judge(std::vector<table::JudgeOrder>& orders) {
  for (table::JudgeOrder& o : orders) {
    auto done = [self = shared_from_this(), game = o.game, turn = o.turn](bool holds) {
      self->command([game, turn, holds](TableCore& c, table::Now n) {
        c.claim_judged(game, turn, holds, n);
      });
    };
    if (bots_.judge(o.position, o.tricks, done)) continue;
    spdlog::warn("table {}: the computer players are saturated; a claim is refused", id_);
    command([game = o.game, turn = o.turn](TableCore& c, table::Now n) {
      c.claim_judged(game, turn, false, n);
    });
  }
}

void Table::think(std::vector<table::ThinkOrder>& orders) {
  for (table::ThinkOrder& o : orders) {
    ai::Settings settings;
    settings.budget_ms = settings_.bot_budget_ms;
    settings.seed = o.seed;
    settings.strength = o.strength;
    const auto started = std::chrono::steady_clock::now();
    auto done = [self = shared_from_this(), about = o.about, started](Action a) {
      const double ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
              .count();
      ++self->metrics_.bot_decisions_total;
      self->command([about, a, ms](TableCore& c, table::Now n) { c.thought(about, a, ms, n); });
    };
    if (bots_.think(std::move(o.seen), settings, std::move(done))) continue;
    ++metrics_.bot_fallbacks_total;
    spdlog::warn("table {}: the computer players are saturated; a simple choice for seat {}", id_,
                 o.about.seat);
    command(
        [about = o.about](TableCore& c, table::Now n) { c.thought(about, std::nullopt, 0, n); });
  }
}

}  // namespace whist::server
