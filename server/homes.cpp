// Tables' homes among nodes (see homes.hpp): the keeper's rounds, and
// reading a table back from storage, as a restart and a takeover do.
#include "server/homes.hpp"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>
#include <optional>
#include <random>
#include <set>
#include <vector>

#include "server/compete.hpp"
#include "server/events.hpp"
#include "server/game_record.hpp"
#include "server/node_bus.hpp"
#include "storage/table_codec.hpp"
#include "table/clock.hpp"

namespace whist::server {

namespace asio = boost::asio;

namespace {

// Tables taken over in one round at most: the storage thread reads each
// table's game meanwhile, and the node's own writes wait. The rest are
// taken in the next rounds.
constexpr int kMaxTakenPerRound = 200;
// How soon the keeper hears that it is woken (Hub::wake_keeper).
constexpr int kWakeMs = 25;

struct Round {
  std::vector<std::int64_t> held;    // the leases this node holds
  std::vector<TableSnapshot> taken;  // tables taken over, to bring back
};

// On the storage thread: renews this node's leases, and takes the tables
// nobody holds.
Round renew_and_take(storage::Database& db, const std::string& node, std::int64_t ttl, bool leads) {
  Round r;
  auto& leases = db.leases();
  const std::int64_t now = leases.clock_ms();
  leases.renew_all(node, now, ttl);
  r.held = leases.leases_of(node);
  // In no fixed order: nodes that take at the same moment (a node gave
  // its tables up) share them rather than race for the same ones.
  std::vector<std::int64_t> free = leases.claimable(now, ttl);
  std::shuffle(free.begin(), free.end(), std::mt19937(std::random_device{}()));
  for (const std::int64_t id : free) {
    if (static_cast<int>(r.taken.size()) == kMaxTakenPerRound) break;
    try {
      if (!may_take(db, id, leads)) continue;
      const auto lease = leases.acquire(id, node, now, ttl);
      if (!lease) continue;  // another node was quicker
      if (const auto row = db.tables().table(id))
        r.taken.push_back(read_snapshot(db, *row, lease->token));
    } catch (const std::exception& e) {
      spdlog::error("node {}: taking table {}: {}", node, id, e.what());
    }
  }
  return r;
}

}  // namespace

bool may_take(storage::Database& db, std::int64_t id, bool leads) {
  return leads || !event_of_table(db, id);
}

std::string node_incarnation(const std::string& name) {
  using namespace std::chrono;
  const auto ms = duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
  return name + "/" + std::to_string(::getpid()) + "." + std::to_string(ms);
}

TableSnapshot read_snapshot(storage::Database& db, const storage::TableRow& row,
                            std::int64_t lease) {
  TableSnapshot s{row.id, row.settings, row.state, std::nullopt, {}, {}, 0, lease};
  if (auto game = db.games().latest_game(row.id)) {
    s.game = std::move(*game);
    s.actions = db.games().game_actions(s.game->id, &s.requests);
    s.deals = db.games().game_deals(s.game->id).size();
  }
  return s;
}

void abandon_table(storage::Database& db, const TableSnapshot& s) {
  try {
    const int buy_in = storage::stored_buy_in(s.settings);
    if (s.game && s.game->state == storage::GameState::kPlaying) {
      abandon_game(db, *s.game, buy_in, unix_now());
      spdlog::warn("game {} abandoned{}", s.game->id, buy_in ? "; buy-ins refunded" : "");
    }
    db.tables().set_table_state(s.id, storage::TableState::kClosed);
  } catch (const std::exception& e) {
    spdlog::error("abandoning table {}: {}", s.id, e.what());
  }
}

namespace {

// The lead, for a node that does not hold it: since when it holds it,
// until its events run, and the events' tables taken meanwhile.
struct Lead {
  std::optional<std::chrono::steady_clock::time_point> since;
  std::vector<EventTableRef> tables;
};

// The leader went (its lock with its connection): this node may take its
// place.
asio::awaitable<void> try_to_lead(Hub& hub, Lead& lead) {
  if (hub.leads || !hub.try_lead) co_return;
  auto job = [try_lead = hub.try_lead](storage::Database&) { return try_lead(); };
  bool took = false;
  try {
    took = co_await hub.ctx.on_storage(std::move(job));
  } catch (const std::exception& e) {
    spdlog::error("node {}: taking the lead: {}", hub.ctx.node, e.what());
  }
  if (!took) co_return;
  hub.leads = true;
  lead.since = std::chrono::steady_clock::now();
  spdlog::info("node {}: leads now; the events run here once their tables are taken", hub.ctx.node);
}

// Once the former leader's leases have expired and its events' tables
// been taken (here), the events run from now.
asio::awaitable<void> run_events_when_ready(Hub& hub, Lead& lead) {
  const std::int64_t ttl = hub.ctx.config.lease_ms;
  if (!lead.since ||
      std::chrono::steady_clock::now() - *lead.since < std::chrono::milliseconds(ttl + ttl / 2))
    co_return;
  lead.since.reset();
  auto restore = [events = hub.events, tables = std::move(lead.tables)](storage::Database& db) {
    events->restore(db, tables);
    return 0;
  };
  lead.tables.clear();
  co_await hub.ctx.on_storage(std::move(restore));
  hub.events->start();
  hub.events_running = true;
  if (hub.on_lead) hub.on_lead();
  spdlog::info("node {}: the events run here now", hub.ctx.node);
}

}  // namespace

asio::awaitable<void> keep_homes(Hub& hub) {
  Context& ctx = hub.ctx;
  const std::string node = ctx.node;
  const std::int64_t ttl = ctx.config.lease_ms;
  asio::steady_timer timer(co_await asio::this_coro::executor);
  Lead lead;
  while (!ctx.draining) {
    // A round every third of a lease, or at once when woken.
    const auto next = std::chrono::steady_clock::now() + std::chrono::milliseconds(ttl / 3);
    while (!hub.wake_keeper.exchange(false) && std::chrono::steady_clock::now() < next &&
           !ctx.draining) {
      timer.expires_after(std::chrono::milliseconds(kWakeMs));
      co_await timer.async_wait(asio::use_awaitable);
    }
    if (ctx.draining) break;
    co_await try_to_lead(hub, lead);
    Round r;
    try {
      const bool leads = hub.leads;
      auto job = [node, ttl, leads](storage::Database& db) {
        return renew_and_take(db, node, ttl, leads);
      };
      r = co_await ctx.on_storage(std::move(job));
    } catch (const std::exception& e) {
      spdlog::error("node {}: renewing its leases: {}", node, e.what());
      continue;
    }
    for (const TableSnapshot& s : r.taken) {
      if (auto t = Table::restore(hub, s)) {
        hub.add(s.id, t);
        if (lead.since)
          if (auto at = storage::decode_table(s.settings).setup.event)
            lead.tables.push_back({s.id, *at, t});
        ++ctx.metrics.leases_taken_total;
        spdlog::info("node {}: took table {} over (lease token {})", node, s.id, s.lease);
        if (hub.bus) hub.bus->took_over(s.id);
      } else {
        auto abandon = [s](storage::Database& db) {
          abandon_table(db, s);
          return 0;
        };
        co_await ctx.on_storage(std::move(abandon));
      }
    }
    co_await run_events_when_ready(hub, lead);
    // A table here whose lease the round did not find ours checks it
    // itself, behind its own writes, and goes if it was taken.
    const std::set<std::int64_t> held(r.held.begin(), r.held.end());
    for (const auto& t : co_await hub.all())
      if (!held.count(t->id())) t->check_home();
  }
}

namespace {

// Where a table lives, as storage says.
struct Whereabouts {
  enum Kind { kGone, kHere, kThere, kFree, kWait } kind = kGone;
  std::string home;  // kThere: the node that holds it
};

Whereabouts whereabouts(storage::Database& db, std::int64_t id, const std::string& self,
                        std::int64_t ttl) {
  const auto row = db.tables().table(id);
  if (!row || row->state == storage::TableState::kClosed) return {};
  auto& leases = db.leases();
  const std::int64_t now = leases.clock_ms();
  const auto lease = leases.lease(id);
  if (lease && lease->expires_ms > now)
    return lease->node == self ? Whereabouts{Whereabouts::kHere, {}}
                               : Whereabouts{Whereabouts::kThere, lease->node};
  // Nobody holds it: the keeper's to take (a new table's first lease is
  // its maker's, a lease's length long).
  if (lease || row->created_at * 1000 <= now - ttl) return {Whereabouts::kFree, {}};
  return {Whereabouts::kWait, {}};
}

}  // namespace

asio::awaitable<std::shared_ptr<TableLink>> find_home(Hub& hub, std::int64_t id) {
  Context& ctx = hub.ctx;
  const std::int64_t ttl = ctx.config.lease_ms;
  // A lease's length for a dead home's lease to expire, and a round for
  // a node to take the table over.
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(2 * ttl + 2000);
  asio::steady_timer timer(co_await asio::this_coro::executor);
  for (;;) {
    if (auto t = co_await hub.find(id)) co_return t;
    auto ask = [id, self = ctx.node, ttl](storage::Database& db) {
      return whereabouts(db, id, self, ttl);
    };
    const Whereabouts w = co_await ctx.on_storage(std::move(ask));
    if (w.kind == Whereabouts::kGone) co_return nullptr;
    if (w.kind == Whereabouts::kThere) {
      if (!hub.bus) co_return nullptr;  // not reachable from here
      // Its home, if it still listens (a node killed holds its leases
      // until they expire).
      if (auto r = co_await hub.bus->remote_table(id, w.home)) co_return r;
    }
    if (w.kind == Whereabouts::kFree) hub.wake_keeper = true;
    if (ctx.draining || std::chrono::steady_clock::now() >= deadline) co_return nullptr;
    timer.expires_after(std::chrono::milliseconds(100));
    co_await timer.async_wait(asio::use_awaitable);
  }
}

}  // namespace whist::server
