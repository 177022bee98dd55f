// Friends: requests and friendships, between two different, existing
// accounts; at most one of them joins two people.
#pragma once

#include <cstdint>
#include <vector>

namespace whist::storage {

enum class FriendResult {
  kRequested,         // a request from `from` to `to` now waits
  kAccepted,          // they had asked us: now friends
  kAlreadyFriends,    // nothing changed
  kAlreadyRequested,  // our request was already waiting: nothing changed
  kNoSuchAccount,     // either account does not exist
  kSelf,              // from == to
};

class FriendStore {
 public:
  virtual ~FriendStore() = default;

  // Asks `to` to be a friend of `from`. If `to` had already asked `from`,
  // they become friends at once (kAccepted).
  virtual FriendResult request_friend(std::int64_t from, std::int64_t to, std::int64_t now) = 0;
  // True if a pending request from `from` to `me` became a friendship.
  virtual bool accept_friend(std::int64_t me, std::int64_t from) = 0;
  // True if a pending request from `from` to `me` was removed.
  virtual bool decline_friend(std::int64_t me, std::int64_t from) = 0;
  // Ends the friendship of `me` and `other`, or withdraws the pending
  // request of `me` to `other`; true if either was there.
  virtual bool remove_friend(std::int64_t me, std::int64_t other) = 0;
  // Ids in increasing order.
  virtual std::vector<std::int64_t> friends_of(std::int64_t me) const = 0;
  // Who asked `me` / whom `me` asked, oldest request first.
  virtual std::vector<std::int64_t> requests_to(std::int64_t me) const = 0;
  virtual std::vector<std::int64_t> requests_from(std::int64_t me) const = 0;
  virtual bool are_friends(std::int64_t a, std::int64_t b) const = 0;
};

}  // namespace whist::storage
