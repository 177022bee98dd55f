#include <catch2/catch.hpp>

// Friends (storage/friends.cpp): requests, accepting, declining, removing,
// mutual requests, refusals and the lists, on real files. A raw sqlite3
// connection checks the rows: one per pair of people, a friendship stored
// with a < b.

#include <string>
#include <vector>

#include "storage/sql_database.hpp"
#include "tests/storage/support.hpp"

using Database = whist::storage::SqlDatabase;
using whist::storage::FriendResult;
using whist::storage::StorageError;
using whist::storage::test::Raw;
using whist::storage::test::TempDb;

namespace {

constexpr std::int64_t kNow = 1'700'000'000;
using Ids = std::vector<std::int64_t>;

struct People {
  explicit People(Database& db)
      : alice(db.accounts().create_account("alice", "h", false, kNow).value()),
        bob(db.accounts().create_account("bob", "h", false, kNow).value()),
        carol(db.accounts().create_account("carol", "h", false, kNow).value()),
        dave(db.accounts().create_account("dave", "h", false, kNow).value()) {}
  std::int64_t alice, bob, carol, dave;  // in increasing order of id
};

}  // namespace

TEST_CASE("a request, accepted, makes friends", "[storage][friends]") {
  TempDb file;
  Database db(file.path());
  const People p(db);
  Raw raw(file.path());

  // Both directions of ids: alice < bob asks bob; dave > carol asks carol.
  const auto [from, to] = GENERATE_COPY(std::pair{p.alice, p.bob}, std::pair{p.dave, p.carol});
  CHECK(db.friends().request_friend(from, to, kNow) == FriendResult::kRequested);
  CHECK(db.friends().requests_from(from) == Ids{to});
  CHECK(db.friends().requests_to(to) == Ids{from});
  CHECK(db.friends().requests_to(from).empty());
  CHECK(db.friends().requests_from(to).empty());
  CHECK_FALSE(db.friends().are_friends(from, to));
  CHECK(db.friends().friends_of(from).empty());
  CHECK(raw.text("SELECT a || ',' || b || ',' || state FROM friends") ==
        std::to_string(from) + "," + std::to_string(to) + ",pending");

  // Only the one asked can accept.
  CHECK_FALSE(db.friends().accept_friend(from, to));
  CHECK_FALSE(db.friends().are_friends(from, to));

  CHECK(db.friends().accept_friend(to, from));
  CHECK(db.friends().are_friends(from, to));
  CHECK(db.friends().are_friends(to, from));
  CHECK(db.friends().friends_of(from) == Ids{to});
  CHECK(db.friends().friends_of(to) == Ids{from});
  CHECK(db.friends().requests_to(to).empty());
  CHECK(db.friends().requests_from(from).empty());
  // One row, with a < b, keeping when it was asked.
  CHECK(raw.integer("SELECT count(*) FROM friends") == 1);
  CHECK(raw.text("SELECT a || ',' || b || ',' || state || ',' || created_at FROM friends") ==
        std::to_string(std::min(from, to)) + "," + std::to_string(std::max(from, to)) +
            ",accepted," + std::to_string(kNow));

  // Accepting again, or asking again either way, changes nothing.
  CHECK_FALSE(db.friends().accept_friend(to, from));
  CHECK(db.friends().request_friend(from, to, kNow + 1) == FriendResult::kAlreadyFriends);
  CHECK(db.friends().request_friend(to, from, kNow + 1) == FriendResult::kAlreadyFriends);
  CHECK(raw.integer("SELECT count(*) FROM friends") == 1);
}

TEST_CASE("a request declined is gone", "[storage][friends]") {
  TempDb file;
  Database db(file.path());
  const People p(db);

  REQUIRE(db.friends().request_friend(p.carol, p.alice, kNow) == FriendResult::kRequested);
  CHECK(db.friends().request_friend(p.carol, p.alice, kNow + 1) == FriendResult::kAlreadyRequested);
  // Only the one asked can decline.
  CHECK_FALSE(db.friends().decline_friend(p.carol, p.alice));
  CHECK_FALSE(db.friends().decline_friend(p.bob, p.carol));
  CHECK(db.friends().requests_to(p.alice) == Ids{p.carol});

  CHECK(db.friends().decline_friend(p.alice, p.carol));
  CHECK(db.friends().requests_to(p.alice).empty());
  CHECK(db.friends().requests_from(p.carol).empty());
  CHECK_FALSE(db.friends().are_friends(p.alice, p.carol));
  CHECK_FALSE(db.friends().decline_friend(p.alice, p.carol));
  CHECK_FALSE(db.friends().accept_friend(p.alice, p.carol));

  // Carol may ask again.
  CHECK(db.friends().request_friend(p.carol, p.alice, kNow + 2) == FriendResult::kRequested);
  CHECK(db.friends().requests_to(p.alice) == Ids{p.carol});
}

TEST_CASE("friends are removed by either of them", "[storage][friends]") {
  TempDb file;
  Database db(file.path());
  const People p(db);
  Raw raw(file.path());
  REQUIRE(db.friends().request_friend(p.bob, p.alice, kNow) == FriendResult::kRequested);
  REQUIRE(db.friends().accept_friend(p.alice, p.bob));
  REQUIRE(db.friends().request_friend(p.bob, p.dave, kNow) == FriendResult::kRequested);
  REQUIRE(db.friends().accept_friend(p.dave, p.bob));
  REQUIRE(db.friends().friends_of(p.bob) == Ids{p.alice, p.dave});

  CHECK(db.friends().remove_friend(p.alice, p.bob));  // by the one who accepted
  CHECK_FALSE(db.friends().are_friends(p.alice, p.bob));
  CHECK_FALSE(db.friends().remove_friend(p.alice, p.bob));
  CHECK_FALSE(db.friends().remove_friend(p.bob, p.alice));
  CHECK(db.friends().friends_of(p.bob) == Ids{p.dave});
  CHECK(db.friends().friends_of(p.alice).empty());

  CHECK(db.friends().remove_friend(p.bob, p.dave));  // by the one who asked
  CHECK(db.friends().friends_of(p.bob).empty());
  CHECK(raw.integer("SELECT count(*) FROM friends") == 0);

  SECTION("removing withdraws one's own request, not another's") {
    REQUIRE(db.friends().request_friend(p.alice, p.carol, kNow) == FriendResult::kRequested);
    CHECK_FALSE(db.friends().remove_friend(p.carol, p.alice));
    CHECK(db.friends().requests_to(p.carol) == Ids{p.alice});
    CHECK(db.friends().remove_friend(p.alice, p.carol));
    CHECK(db.friends().requests_to(p.carol).empty());
    CHECK(raw.integer("SELECT count(*) FROM friends") == 0);
  }
}

TEST_CASE("asking someone who asked us makes friends", "[storage][friends]") {
  TempDb file;
  Database db(file.path());
  const People p(db);
  Raw raw(file.path());

  const auto [first, second] = GENERATE_COPY(std::pair{p.alice, p.bob}, std::pair{p.dave, p.bob});
  REQUIRE(db.friends().request_friend(first, second, kNow) == FriendResult::kRequested);
  CHECK(db.friends().request_friend(second, first, kNow + 5) == FriendResult::kAccepted);
  CHECK(db.friends().are_friends(first, second));
  CHECK(db.friends().requests_to(first).empty());
  CHECK(db.friends().requests_to(second).empty());
  CHECK(raw.integer("SELECT count(*) FROM friends") == 1);
  CHECK(raw.integer("SELECT count(*) FROM friends WHERE state = 'accepted' AND a < b") == 1);
  CHECK(raw.integer("SELECT created_at FROM friends") == kNow);
}

TEST_CASE("requests to oneself or between unknown accounts are refused", "[storage][friends]") {
  TempDb file;
  Database db(file.path());
  const People p(db);
  Raw raw(file.path());
  const std::int64_t nobody = p.dave + 100;

  CHECK(db.friends().request_friend(p.alice, p.alice, kNow) == FriendResult::kSelf);
  CHECK(db.friends().request_friend(p.alice, nobody, kNow) == FriendResult::kNoSuchAccount);
  CHECK(db.friends().request_friend(nobody, p.alice, kNow) == FriendResult::kNoSuchAccount);
  CHECK(db.friends().request_friend(nobody, nobody + 1, kNow) == FriendResult::kNoSuchAccount);
  CHECK(db.friends().request_friend(nobody, nobody, kNow) == FriendResult::kSelf);
  CHECK(raw.integer("SELECT count(*) FROM friends") == 0);

  CHECK_FALSE(db.friends().accept_friend(p.alice, p.alice));
  CHECK_FALSE(db.friends().decline_friend(p.alice, p.alice));
  CHECK_FALSE(db.friends().remove_friend(p.alice, p.alice));
  CHECK_FALSE(db.friends().are_friends(p.alice, p.alice));
  CHECK_FALSE(db.friends().accept_friend(p.alice, nobody));
  CHECK(db.friends().friends_of(nobody).empty());

  // The schema refuses rows that break the representation.
  const std::string a = std::to_string(p.alice), b = std::to_string(p.bob);
  CHECK_THROWS_AS(db.exec("INSERT INTO friends VALUES (" + a + ", " + a + ", 'pending', 0)"),
                  StorageError);
  CHECK_THROWS_AS(db.exec("INSERT INTO friends VALUES (" + b + ", " + a + ", 'accepted', 0)"),
                  StorageError);
  CHECK_THROWS_AS(db.exec("INSERT INTO friends VALUES (" + a + ", " + b + ", 'maybe', 0)"),
                  StorageError);
  CHECK_THROWS_AS(db.exec("INSERT INTO friends VALUES (" + a + ", " + std::to_string(nobody) +
                          ", 'pending', 0)"),
                  StorageError);
  CHECK(raw.integer("SELECT count(*) FROM friends") == 0);
}

TEST_CASE("the lists of friends and requests", "[storage][friends]") {
  TempDb file;
  std::int64_t alice = 0, bob = 0, carol = 0, dave = 0, erin = 0;
  {
    Database db(file.path());
    const People p(db);
    alice = p.alice, bob = p.bob, carol = p.carol, dave = p.dave;
    erin = db.accounts().create_account("erin", "h", false, kNow).value();

    // Alice: friends with dave and bob, asked by erin then carol.
    REQUIRE(db.friends().request_friend(dave, alice, kNow) == FriendResult::kRequested);
    REQUIRE(db.friends().accept_friend(alice, dave));
    REQUIRE(db.friends().request_friend(alice, bob, kNow + 1) == FriendResult::kRequested);
    REQUIRE(db.friends().accept_friend(bob, alice));
    REQUIRE(db.friends().request_friend(erin, alice, kNow + 2) == FriendResult::kRequested);
    REQUIRE(db.friends().request_friend(carol, alice, kNow + 3) == FriendResult::kRequested);
    // Bob asks erin then dave; carol asks bob.
    REQUIRE(db.friends().request_friend(bob, erin, kNow + 4) == FriendResult::kRequested);
    REQUIRE(db.friends().request_friend(bob, dave, kNow + 5) == FriendResult::kRequested);
    REQUIRE(db.friends().request_friend(carol, bob, kNow + 6) == FriendResult::kRequested);
  }
  // After reopening the file.
  Database db(file.path());
  CHECK(db.friends().friends_of(alice) == Ids{bob, dave});
  CHECK(db.friends().friends_of(bob) == Ids{alice});
  CHECK(db.friends().friends_of(dave) == Ids{alice});
  CHECK(db.friends().friends_of(carol).empty());
  CHECK(db.friends().requests_to(alice) == Ids{erin, carol});  // oldest first
  CHECK(db.friends().requests_from(alice).empty());
  CHECK(db.friends().requests_from(bob) == Ids{erin, dave});
  CHECK(db.friends().requests_to(bob) == Ids{carol});
  CHECK(db.friends().requests_from(carol) == Ids{alice, bob});
  CHECK(db.friends().requests_to(erin) == Ids{bob});
  CHECK(db.friends().are_friends(dave, alice));
  CHECK_FALSE(db.friends().are_friends(bob, dave));
  CHECK_FALSE(db.friends().are_friends(carol, alice));

  // Erin answers bob by asking him back; alice declines carol.
  CHECK(db.friends().request_friend(erin, bob, kNow + 10) == FriendResult::kAccepted);
  CHECK(db.friends().decline_friend(alice, carol));
  CHECK(db.friends().friends_of(bob) == Ids{alice, erin});
  CHECK(db.friends().requests_from(bob) == Ids{dave});
  CHECK(db.friends().requests_to(alice) == Ids{erin});
  CHECK(db.friends().requests_from(erin) == Ids{alice});
}
