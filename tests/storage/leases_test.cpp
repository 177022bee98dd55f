#include <catch2/catch.hpp>

// Tables' leases (storage/leases.cpp): taken, renewed, refused to another
// node until they expire, then taken with a higher fencing token; a former
// holder's token refused; a taking that waits for the holder's write to
// commit. On both engines (a real file, a real PostgreSQL server).

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>

#include "storage/sql_database.hpp"
#include "tests/storage/support.hpp"

using Database = whist::storage::SqlDatabase;
using whist::storage::StorageError;
using whist::storage::TableState;
using whist::storage::test::TempDb;

namespace {

constexpr std::int64_t kNow = 1'700'000'000;
constexpr std::int64_t kMs = kNow * 1000;
constexpr std::int64_t kTtl = 5000;

}  // namespace

TEST_CASE("a lease: taken, renewed, kept from another node until it expires; the old holder fenced",
          "[storage][leases]") {
  TempDb file;
  Database db(file.path());
  const auto t = db.tables().create_table("{}", TableState::kPlaying, kNow);
  CHECK_FALSE(db.leases().lease(t).has_value());

  const auto a = db.leases().acquire(t, "node-a", kMs, kTtl);
  REQUIRE(a.has_value());
  CHECK(a->node == "node-a");
  CHECK(a->token == 1);
  CHECK(a->expires_ms == kMs + kTtl);
  CHECK(db.leases().check_lease(t, 1));
  // Taken again by its holder: renewed, the same token.
  const auto again = db.leases().acquire(t, "node-a", kMs + 1000, kTtl);
  REQUIRE(again.has_value());
  CHECK(again->token == 1);
  CHECK(again->expires_ms == kMs + 1000 + kTtl);

  // Another node: refused while it runs, even at its last millisecond.
  CHECK_FALSE(db.leases().acquire(t, "node-b", kMs + 1000 + kTtl - 1, kTtl).has_value());
  CHECK(db.leases().lease(t)->node == "node-a");
  CHECK(db.leases().renew(t, "node-a", 1, kMs + 3000, kTtl));
  CHECK_FALSE(db.leases().renew(t, "node-a", 2, kMs + 3000, kTtl));  // not its token
  CHECK_FALSE(db.leases().renew(t, "node-b", 1, kMs + 3000, kTtl));  // not its lease
  CHECK(db.leases().leases_of("node-a") == std::vector<std::int64_t>{t});

  // Expired: node-b takes it, with the next token; node-a is fenced.
  const auto b = db.leases().acquire(t, "node-b", kMs + 3000 + kTtl, kTtl);
  REQUIRE(b.has_value());
  CHECK(b->token == 2);
  CHECK_FALSE(db.leases().check_lease(t, 1));
  CHECK(db.leases().check_lease(t, 2));
  CHECK_FALSE(db.leases().renew(t, "node-a", 1, kMs + 9000, kTtl));
  CHECK_FALSE(db.leases().release(t, "node-a", 1));
  CHECK(db.leases().leases_of("node-a").empty());
  CHECK(db.leases().leases_of("node-b") == std::vector<std::int64_t>{t});
}

TEST_CASE("a lease given up is taken at once, with a higher token; a missing table has none",
          "[storage][leases]") {
  TempDb file;
  Database db(file.path());
  const auto t = db.tables().create_table("{}", TableState::kPlaying, kNow);
  const auto u = db.tables().create_table("{}", TableState::kPlaying, kNow);
  REQUIRE(db.leases().acquire(t, "node-a", kMs, kTtl).has_value());
  REQUIRE(db.leases().acquire(u, "node-a", kMs, kTtl).has_value());
  CHECK(db.leases().leases_of("node-a") == std::vector<std::int64_t>{t, u});
  CHECK(db.leases().release(t, "node-a", 1));
  const auto b = db.leases().acquire(t, "node-b", kMs + 1, kTtl);
  REQUIRE(b.has_value());
  CHECK(b->token == 2);
  // The other table stays node-a's.
  CHECK_FALSE(db.leases().acquire(u, "node-b", kMs + 1, kTtl).has_value());
  CHECK_THROWS_AS(db.leases().acquire(u + 100, "node-a", kMs, kTtl), StorageError);
  CHECK_FALSE(db.leases().check_lease(u + 100, 1));
}

TEST_CASE("a taking waits for the former holder's write to commit; its next write is refused",
          "[storage][leases]") {
  TempDb file;
  std::int64_t t = 0;
  {
    Database db(file.path());
    t = db.tables().create_table("{}", TableState::kPlaying, kNow);
    REQUIRE(db.leases().acquire(t, "node-a", kMs, kTtl).has_value());
  }
  Database a(file.path());  // node-a, paused past its lease in its write
  Database b(file.path());  // node-b, taking the table over
  a.begin();
  REQUIRE(a.leases().check_lease(t, 1));
  std::atomic<bool> committed{false}, taken{false};
  bool after_commit = false;  // (read after join)
  std::optional<whist::storage::Lease> lease;
  std::thread taker([&] {
    lease = b.leases().acquire(t, "node-b", kMs + kTtl, kTtl);
    after_commit = committed.load();
    taken = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK_FALSE(taken.load());  // waiting for node-a's transaction
  a.tables().update_table(t, R"({"written":"by a"})", TableState::kPlaying);
  committed = true;
  a.commit();
  taker.join();
  CHECK(after_commit);
  REQUIRE(lease.has_value());
  CHECK(lease->token == 2);
  // node-a's next write is refused; node-b's is allowed.
  a.begin();
  CHECK_FALSE(a.leases().check_lease(t, 1));
  a.rollback();
  b.begin();
  CHECK(b.leases().check_lease(t, 2));
  b.commit();
  CHECK(b.tables().table(t)->settings == R"({"written":"by a"})");
}

TEST_CASE("a node's round: its leases renewed at once; the tables nobody holds, to take",
          "[storage][leases]") {
  TempDb file;
  Database db(file.path());
  const auto t = db.tables().create_table("{}", TableState::kPlaying, kNow);
  const auto u = db.tables().create_table("{}", TableState::kOpen, kNow);
  const auto v = db.tables().create_table("{}", TableState::kFinished, kNow);
  const auto closed = db.tables().create_table("{}", TableState::kClosed, kNow);
  // No lease yet: each table not closed is its maker's to take for a
  // lease's time, then anyone's.
  CHECK(db.leases().claimable(kMs + kTtl - 1, kTtl).empty());
  CHECK(db.leases().claimable(kMs + kTtl, kTtl) == std::vector<std::int64_t>{t, u, v});
  REQUIRE(db.leases().acquire(t, "node-a", kMs, kTtl).has_value());
  REQUIRE(db.leases().acquire(u, "node-a", kMs, kTtl).has_value());
  REQUIRE(db.leases().acquire(v, "node-b", kMs, kTtl).has_value());
  CHECK(db.leases().claimable(kMs + kTtl - 1, kTtl).empty());

  // node-a renews both of its leases in one statement; node-b's expires.
  CHECK(db.leases().renew_all("node-a", kMs + 4000, kTtl) == 2);
  CHECK(db.leases().lease(t)->expires_ms == kMs + 4000 + kTtl);
  CHECK(db.leases().lease(v)->expires_ms == kMs + kTtl);
  CHECK(db.leases().claimable(kMs + kTtl, kTtl) == std::vector<std::int64_t>{v});
  // Taken by node-c: node-b's round renews nothing.
  REQUIRE(db.leases().acquire(v, "node-c", kMs + kTtl, kTtl).has_value());
  CHECK(db.leases().renew_all("node-b", kMs + kTtl + 1, kTtl) == 0);
  CHECK(db.leases().lease(v)->node == "node-c");
  // A table closed is nobody's to take, its lease expired or not; its
  // holder renews it no more, nor counts it among its leases.
  db.tables().set_table_state(u, TableState::kClosed);
  CHECK(db.leases().claimable(kMs + 60'000, kTtl) == std::vector<std::int64_t>{t, v});
  CHECK(db.leases().renew_all("node-a", kMs + 5000, kTtl) == 1);
  CHECK(db.leases().lease(u)->expires_ms == kMs + 4000 + kTtl);
  CHECK(db.leases().leases_of("node-a") == std::vector<std::int64_t>{t});

  // A node starting gives up its name's former processes' leases, not
  // its own or another name's; a node draining, its own.
  REQUIRE(db.leases().acquire(u, "a/2", kMs + 60'000, kTtl).has_value());
  CHECK(db.leases().release_all("a/", "a/2") == 0);  // node-a is another name
  REQUIRE(db.leases().acquire(t, "a/1", kMs + 60'000, kTtl).has_value());
  REQUIRE(db.leases().acquire(v, "a_1", kMs + 60'000, kTtl).has_value());
  CHECK(db.leases().release_all("a/", "a/2") == 1);
  CHECK(db.leases().lease(t)->expires_ms == 0);
  CHECK(db.leases().lease(v)->expires_ms == kMs + 60'000 + kTtl);
  CHECK(db.leases().release_all("a/2", "") == 1);
  CHECK(db.leases().lease(u)->expires_ms == 0);
  (void)closed;

  // The clock leases count in: this machine's or the database server's,
  // near enough to this machine's here.
  using namespace std::chrono;
  const auto here = duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
  CHECK(std::abs(db.leases().clock_ms() - here) < 60'000);
}
