// The server's strand-owned services (server/strand_service.hpp) driven
// without a socket: each call awaited or posted as the sessions do, on an
// io_context run by the test.
#include <spdlog/sinks/ringbuffer_sink.h>
#include <spdlog/spdlog.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/use_future.hpp>
#include <catch2/catch.hpp>
#include <stdexcept>
#include <thread>

#include "server/abuse.hpp"
#include "server/hub.hpp"
#include "server/presence.hpp"
#include "server/sessions.hpp"
#include "server/spawn.hpp"
#include "server/table.hpp"

namespace asio = boost::asio;
using namespace whist::server;
using namespace std::chrono_literals;

namespace {

// Runs the io_context until `a` and everything posted meanwhile are done.
template <typename T>
T run(asio::io_context& ioc, asio::awaitable<T> a) {
  auto result = asio::co_spawn(ioc, std::move(a), asio::use_future);
  ioc.restart();
  ioc.run();
  return result.get();
}

void settle(asio::io_context& ioc) {
  ioc.restart();
  ioc.run();
}

// Sessions are only keys to these services: a distinct pointer each, never
// used as a session.
struct FakeSessions {
  std::shared_ptr<int> owner = std::make_shared<int>(0);
  char storage[4]{};
  std::shared_ptr<WsSession> at(int i) {
    return std::shared_ptr<WsSession>(owner, reinterpret_cast<WsSession*>(storage + i));
  }
};

}  // namespace

TEST_CASE("credits: a full bucket, one back per interval, shared between threads") {
  const auto t0 = Clock::now();
  Credits c(3, 3);  // 3 credits, one back each second
  CHECK(c.full(t0));
  for (int i = 0; i < 3; ++i) CHECK(c.take(t0));
  CHECK_FALSE(c.take(t0));
  CHECK(c.wait_s(t0) == Approx(1.0));
  CHECK_FALSE(c.full(t0 + 2s));
  CHECK(c.take(t0 + 1s));
  CHECK_FALSE(c.take(t0 + 1s));
  CHECK(c.full(t0 + 4s));

  Credits shared(1000, 1e6);  // almost no refill meanwhile
  std::atomic<int> taken{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 400; ++i) taken += shared.take(Clock::now());
    });
  for (auto& t : threads) t.join();
  CHECK(taken == 1000);
}

TEST_CASE("abuse: connections per address, an account's one bucket, chat, logins") {
  asio::io_context ioc;
  Config config;
  config.max_connections_per_address = 2;
  config.rate_messages = 2;
  config.rate_window = 10;
  config.chat_lines = 2;
  config.chat_window = 10;
  config.chat_repeat = 30;
  config.login_failures = 2;
  Abuse abuse(ioc, config);

  CHECK(run(ioc, abuse.connect("1.2.3.4")));
  CHECK(run(ioc, abuse.connect("1.2.3.4")));
  CHECK_FALSE(run(ioc, abuse.connect("1.2.3.4")));
  CHECK(run(ioc, abuse.connect("5.6.7.8")));
  abuse.release("1.2.3.4");
  CHECK(run(ioc, abuse.connect("1.2.3.4")));

  // Every connection of an account takes from one bucket: two
  // connections' worth.
  auto a = run(ioc, abuse.account(7));
  auto b = run(ioc, abuse.account(7));
  CHECK(a == b);
  CHECK(a != run(ioc, abuse.account(8)));
  const auto now = Clock::now();
  for (int i = 0; i < 4; ++i) CHECK_FALSE(take_account_message(*a, now));
  const auto refused = take_account_message(*b, now);
  REQUIRE(refused);
  CHECK(refused->code == whist::protocol::Error::kRateLimited);
  CHECK(refused->retry_after > 0);

  CHECK_FALSE(run(ioc, abuse.chat(7, "Hello", now)));
  const auto again = run(ioc, abuse.chat(7, " hello ", now + 1s));
  REQUIRE(again);
  CHECK(again->code == whist::protocol::Error::kChatRepeated);
  CHECK_FALSE(run(ioc, abuse.chat(7, "#3", now + 2s)));
  const auto fast = run(ioc, abuse.chat(7, "another", now + 2s));
  REQUIRE(fast);
  CHECK(fast->code == whist::protocol::Error::kChatTooFast);

  CHECK_FALSE(run(ioc, abuse.login_allowed("Ann", "1.2.3.4", now)));
  abuse.login_failed("ann", "1.2.3.4", now);
  abuse.login_failed("ANN", "9.9.9.9", now);
  const auto locked = run(ioc, abuse.login_allowed("Ann", "5.5.5.5", now));
  REQUIRE(locked);
  CHECK(locked->code == whist::protocol::Error::kTooManyAttempts);
  abuse.login_succeeded("Ann");
  CHECK_FALSE(run(ioc, abuse.login_allowed("Ann", "5.5.5.5", now)));
}

TEST_CASE("presence: online and offline, seats and watching as a viewer may see them") {
  asio::io_context ioc;
  Presence p(ioc);
  FakeSessions fake;
  CHECK(run(ioc, p.online(1, fake.at(0))).alone);
  CHECK_FALSE(run(ioc, p.online(1, fake.at(1))).here);
  CHECK(run(ioc, p.online(2, fake.at(2))).alone);

  p.watching(1, fake.at(0).get(), 40, true);
  auto seen = run(ioc, p.status({1, 2, 3}, 9));
  REQUIRE(seen.size() == 3);
  CHECK(seen[0].online);
  REQUIRE(seen[0].place);
  CHECK(seen[0].place->table == 40);
  CHECK(seen[0].place->seat == -1);
  CHECK(seen[1].online);
  CHECK_FALSE(seen[1].place);
  CHECK_FALSE(seen[2].online);

  // A seat comes before watching; a table with an audience is named only
  // to those in it.
  p.seats(50, {{1, 2}, {0, 1}}, std::set<std::int64_t>{1, 9});
  seen = run(ioc, p.status({1}, 9));
  REQUIRE(seen[0].place);
  CHECK(seen[0].place->table == 50);
  CHECK(seen[0].place->seat == 2);
  seen = run(ioc, p.status({1}, 8));
  REQUIRE(seen[0].place);
  CHECK(seen[0].place->table == 40);
  p.table_gone(50);
  p.table_gone(40);
  seen = run(ioc, p.status({1}, 9));
  CHECK_FALSE(seen[0].place);

  CHECK_FALSE(run(ioc, p.offline(1, fake.at(0).get())).here);
  CHECK(run(ioc, p.offline(1, fake.at(1).get())).alone);
  CHECK_FALSE(run(ioc, p.offline(1, fake.at(1).get())).here);
  CHECK_FALSE(run(ioc, p.status({1}, 9))[0].online);
}

TEST_CASE("presence: users online on other nodes count, until their node goes") {
  asio::io_context ioc;
  Presence p(ioc);
  FakeSessions fake;
  p.elsewhere(1, "b/1.1", true);
  p.elsewhere(2, "b/1.1", true);
  p.elsewhere(2, "c/2.2", true);
  auto seen = run(ioc, p.status({1, 2, 3}, 9));
  CHECK(seen[0].online);
  CHECK(seen[1].online);
  CHECK_FALSE(seen[2].online);
  // Online elsewhere: a first session here is not "online" for friends.
  const auto here = run(ioc, p.online(1, fake.at(0)));
  CHECK(here.here);
  CHECK_FALSE(here.alone);
  // Node b dies: 2 is still on c, 1 still here; nobody went offline.
  CHECK(run(ioc, p.node_gone("b/1.1")).empty());
  p.elsewhere(2, "c/2.2", false);
  CHECK_FALSE(run(ioc, p.status({2}, 9))[0].online);
  // 1's last session here: offline, being on no other node now.
  CHECK(run(ioc, p.offline(1, fake.at(0).get())).alone);
  // A node that dies with a user online there only: that user goes.
  p.elsewhere(3, "d/3.3", true);
  CHECK(run(ioc, p.node_gone("d/3.3")) == std::vector<std::int64_t>{3});
  CHECK_FALSE(run(ioc, p.status({3}, 9))[0].online);
}

TEST_CASE("sessions: added and removed in order, counted and listed") {
  asio::io_context ioc;
  Sessions sessions(ioc);
  FakeSessions fake;
  sessions.add(fake.at(0));
  sessions.add(fake.at(1));
  CHECK(run(ioc, sessions.size()) == 2);
  sessions.remove(fake.at(0).get());
  const auto left = run(ioc, sessions.snapshot());
  REQUIRE(left.size() == 1);
  CHECK(left[0].get() == fake.at(1).get());
}

TEST_CASE("hub: tables found, quick play's forming table, removed") {
  asio::io_context ioc;
  Context ctx;
  Hub hub(ctx, ioc);
  ctx.hub = &hub;
  whist::TableSetup setup;
  auto t = std::make_shared<Table>(hub, 5, setup, Player{1, "ann", false});
  hub.add(5, t, "classic/4");
  CHECK(run(ioc, hub.find(5)) == t);
  CHECK(run(ioc, hub.find(6)) == nullptr);
  CHECK(run(ioc, hub.forming("classic/4")).here == t);
  CHECK(run(ioc, hub.forming("classic/3")).here == nullptr);
  hub.clear_forming(5);
  CHECK(run(ioc, hub.forming("classic/4")).here == nullptr);
  hub.set_forming("classic/4", 5);
  hub.remove(5);
  CHECK(run(ioc, hub.find(5)) == nullptr);
  CHECK(run(ioc, hub.forming("classic/4")).here == nullptr);
}

TEST_CASE("hub: quick play's tables forming on other nodes, and what is told of this one's") {
  asio::io_context ioc;
  Context ctx;
  Hub hub(ctx, ioc);
  ctx.hub = &hub;
  std::vector<std::string> told;
  hub.tell_forming = [&told](const std::string& key, std::int64_t id, int rating, std::int64_t) {
    told.push_back("form " + key + " " + std::to_string(id) + " " + std::to_string(rating));
  };
  hub.tell_formed = [&told](std::int64_t id) { told.push_back("formed " + std::to_string(id)); };
  // Forming elsewhere: found by its id (no table here), never told back.
  hub.forming_elsewhere("classic/4", 9, 1600, 1000);
  auto f = run(ioc, hub.forming("classic/4", 1600));
  CHECK(f.here == nullptr);
  CHECK(f.elsewhere == 9);
  CHECK(run(ioc, hub.forming("classic/4", 2400)).elsewhere == 0);  // out of its band
  // This node's own forming table, nearer in rating, comes first.
  whist::TableSetup setup;
  auto t = std::make_shared<Table>(hub, 5, setup, Player{1, "ann", false});
  hub.add(5, t, "classic/4", 1550);
  hub.forming_rating(5, 1500);
  CHECK(run(ioc, hub.forming("classic/4", 1500)).here == t);
  hub.clear_forming(5);
  hub.formed_elsewhere(9);
  f = run(ioc, hub.forming("classic/4", 1600));
  CHECK((f.here == nullptr && f.elsewhere == 0));
  CHECK(told ==
        std::vector<std::string>{"form classic/4 5 1550", "form classic/4 5 1500", "formed 5"});
}

TEST_CASE("spawn: what escapes a coroutine is logged with its context") {
  auto sink = std::make_shared<spdlog::sinks::ringbuffer_sink_mt>(8);
  auto before = spdlog::default_logger();
  spdlog::set_default_logger(std::make_shared<spdlog::logger>("test", sink));
  asio::io_context ioc;
  auto fails = []() -> asio::awaitable<void> {
    throw std::runtime_error("it broke");
    co_return;
  };
  spawn(ioc.get_executor(), fails(), "a test task");
  settle(ioc);
  spdlog::set_default_logger(before);
  const auto lines = sink->last_formatted();
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].find("a test task: it broke") != std::string::npos);
}
