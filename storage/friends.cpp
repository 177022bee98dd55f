// Friends: requests and friendships (see friend_store.hpp for the API and the
// schema comment in schema.cpp for the table).
//
// One row joins two people at most: a 'pending' row (a, b) is a request from
// a to b; an 'accepted' row is the friendship, stored with a < b. Accepting
// turns the request's row into the friendship in one UPDATE (the primary key
// changes to (min, max)); a request meeting the other's pending request does
// the same, inside a write transaction so that the reads that decide it
// cannot go stale.

#include <algorithm>
#include <string>

#include "storage/sql.hpp"
#include "storage/sql_stores.hpp"

namespace whist::storage::detail {

namespace {

// The state of the row (a, b): "pending", "accepted", or "" if none.
std::string row_state(Connection* db, std::int64_t a, std::int64_t b, const char* what) {
  Statement st(db, "SELECT state FROM friends WHERE a = ?1 AND b = ?2", what);
  st.bind(1, a).bind(2, b);
  return st.step() ? st.text(0) : std::string();
}

// Turns the pending request from `from` to `to` into their friendship;
// false if there was no such request.
bool make_friends(Connection* db, std::int64_t from, std::int64_t to, const char* what) {
  Statement st(db,
               std::string("UPDATE friends SET a = ") + least(db) + "(a, b), b = " + greatest(db) +
                   "(a, b), state = 'accepted' WHERE a = ?1 AND b = ?2 AND state = 'pending'",
               what);
  st.bind(1, from).bind(2, to);
  st.run();
  return db->changes() > 0;
}

std::vector<std::int64_t> ids(Connection* db, const char* sql, std::int64_t me, const char* what) {
  Statement st(db, sql, what);
  st.bind(1, me);
  std::vector<std::int64_t> out;
  while (st.step()) out.push_back(st.int64(0));
  return out;
}

}  // namespace

FriendResult SqlFriends::request_friend(std::int64_t from, std::int64_t to, std::int64_t now) {
  constexpr const char* kWhat = "request_friend";
  if (from == to) return FriendResult::kSelf;
  Transaction tx(db_, kWhat);
  {
    Statement st(db_, "SELECT count(*) FROM accounts WHERE id IN (?1, ?2)", kWhat);
    st.bind(1, from).bind(2, to);
    if (!st.step() || st.int64(0) != 2) return FriendResult::kNoSuchAccount;
  }
  if (row_state(db_, std::min(from, to), std::max(from, to), kWhat) == "accepted")
    return FriendResult::kAlreadyFriends;
  if (row_state(db_, from, to, kWhat) == "pending") return FriendResult::kAlreadyRequested;
  if (make_friends(db_, to, from, kWhat)) {
    tx.commit();
    return FriendResult::kAccepted;
  }
  Statement st(db_, "INSERT INTO friends(a, b, state, created_at) VALUES (?1, ?2, 'pending', ?3)",
               kWhat);
  st.bind(1, from).bind(2, to).bind(3, now);
  st.run();
  tx.commit();
  return FriendResult::kRequested;
}

bool SqlFriends::accept_friend(std::int64_t me, std::int64_t from) {
  if (me == from) return false;
  return make_friends(db_, from, me, "accept_friend");
}

bool SqlFriends::decline_friend(std::int64_t me, std::int64_t from) {
  Statement st(db_, "DELETE FROM friends WHERE a = ?1 AND b = ?2 AND state = 'pending'",
               "decline_friend");
  st.bind(1, from).bind(2, me);
  st.run();
  return db_->changes() > 0;
}

bool SqlFriends::remove_friend(std::int64_t me, std::int64_t other) {
  if (me == other) return false;
  Statement st(db_,
               "DELETE FROM friends WHERE (a = ?1 AND b = ?2 AND state = 'accepted') "
               "OR (a = ?3 AND b = ?4 AND state = 'pending')",
               "remove_friend");
  st.bind(1, std::min(me, other)).bind(2, std::max(me, other)).bind(3, me).bind(4, other);
  st.run();
  return db_->changes() > 0;
}

std::vector<std::int64_t> SqlFriends::friends_of(std::int64_t me) const {
  return ids(db_,
             "SELECT b FROM friends WHERE a = ?1 AND state = 'accepted' "
             "UNION ALL SELECT a FROM friends WHERE b = ?1 AND state = 'accepted' ORDER BY 1",
             me, "friends_of");
}

std::vector<std::int64_t> SqlFriends::requests_to(std::int64_t me) const {
  return ids(db_, "SELECT a FROM friends WHERE b = ?1 AND state = 'pending' ORDER BY created_at, a",
             me, "requests_to");
}

std::vector<std::int64_t> SqlFriends::requests_from(std::int64_t me) const {
  return ids(db_, "SELECT b FROM friends WHERE a = ?1 AND state = 'pending' ORDER BY created_at, b",
             me, "requests_from");
}

bool SqlFriends::are_friends(std::int64_t a, std::int64_t b) const {
  if (a == b) return false;
  Statement st(db_,
               "SELECT EXISTS (SELECT 1 FROM friends WHERE a = ?1 AND b = ?2 "
               "AND state = 'accepted')",
               "are_friends");
  st.bind(1, std::min(a, b)).bind(2, std::max(a, b));
  return st.step() && st.int64(0) != 0;
}

}  // namespace whist::storage::detail
