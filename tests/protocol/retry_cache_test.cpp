// The one rule for retries (table/retry_cache.hpp): the first reply to an
// id is kept for its asker and given again; the last 64 ids are kept.
#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "table/retry_cache.hpp"

using whist::RetryCache;

namespace {
RetryCache::Reply text(std::string s) { return std::make_shared<const std::string>(std::move(s)); }
}  // namespace

TEST_CASE("a retried id gets its first reply again", "[retry]") {
  RetryCache cache;
  CHECK_FALSE(cache.find("\"a\""));
  cache.remember("\"a\"", text("ack 1"));
  cache.remember("\"a\"", text("ack 2"));  // a later reply never replaces the first
  REQUIRE(cache.find("\"a\""));
  CHECK(*cache.find("\"a\"") == "ack 1");
  // 7 and "7" are different ids.
  cache.remember("7", text("seven"));
  CHECK(*cache.find("7") == "seven");
  CHECK_FALSE(cache.find("\"7\""));
  CHECK(cache.size() == 2);
}

TEST_CASE("a request without an id is never remembered", "[retry]") {
  RetryCache cache;
  cache.remember("", text("ack"));
  CHECK_FALSE(cache.find(""));
  CHECK(cache.size() == 0);
}

TEST_CASE("the last 64 ids are kept, the oldest goes first", "[retry]") {
  RetryCache cache;
  for (int i = 0; i < 70; ++i) cache.remember(std::to_string(i), text(std::to_string(i)));
  CHECK(cache.size() == RetryCache::kCapacity);
  for (int i = 0; i < 6; ++i) CHECK_FALSE(cache.contains(std::to_string(i)));
  for (int i = 6; i < 70; ++i) CHECK(*cache.find(std::to_string(i)) == std::to_string(i));
  // A retry does not make an id younger: the first kept still goes first.
  cache.remember("6", text("again"));
  cache.remember("70", text("r70"));
  CHECK_FALSE(cache.contains("6"));
  cache.clear();
  CHECK(cache.size() == 0);
  CHECK_FALSE(cache.contains("69"));
}

TEST_CASE("a reply kept as the means to make it again is made again, byte for byte", "[retry]") {
  RetryCache cache;
  int made = 0;
  cache.remember("1", RetryCache::Rebuild([&made] {
                   ++made;
                   return std::string("welcome");
                 }));
  CHECK(made == 0);  // kept, not made
  REQUIRE(cache.find("1"));
  CHECK(*cache.find("1") == "welcome");
  CHECK(made == 2);
  // The first reply stays, whichever way either was kept.
  cache.remember("1", text("ack"));
  CHECK(*cache.find("1") == "welcome");
  cache.remember("2", text("ack"));
  cache.remember("2", RetryCache::Rebuild([] { return std::string("other"); }));
  CHECK(*cache.find("2") == "ack");
  // An empty means is not kept.
  cache.remember("3", RetryCache::Rebuild());
  CHECK_FALSE(cache.contains("3"));
}

TEST_CASE("the ids kept go round: after many, still the last 64, and after a clear", "[retry]") {
  RetryCache cache;
  for (int round = 0; round < 2; ++round) {
    for (int i = 0; i < 200; ++i) cache.remember(std::to_string(i), text(std::to_string(i)));
    CHECK(cache.size() == RetryCache::kCapacity);
    for (int i = 0; i < 136; ++i) CHECK_FALSE(cache.contains(std::to_string(i)));
    for (int i = 136; i < 200; ++i) CHECK(*cache.find(std::to_string(i)) == std::to_string(i));
    cache.remember("200", text("200"));
    CHECK_FALSE(cache.contains("136"));
    CHECK(cache.contains("137"));
    cache.clear();
    CHECK(cache.size() == 0);
  }
}

TEST_CASE("a table.act's ack kept as its version is made again byte for byte", "[retry]") {
  RetryCache cache;
  cache.remember("\"a1\"", whist::protocol::table_reply::Acted{41});
  cache.remember("9", whist::protocol::table_reply::Acted{7});
  REQUIRE(cache.find("\"a1\""));
  CHECK(*cache.find("\"a1\"") ==
        whist::protocol::ack_message("\"a1\"", whist::protocol::table_reply::Acted{41}));
  CHECK(*cache.find("\"a1\"") == R"({"d":{"v":41},"id":"a1","t":"ack"})");
  CHECK(*cache.find("9") == R"({"d":{"v":7},"id":9,"t":"ack"})");
  // The first reply stays, however it was kept.
  cache.remember("9", text("other"));
  CHECK(*cache.find("9") == R"({"d":{"v":7},"id":9,"t":"ack"})");
}
