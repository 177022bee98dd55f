// A connection's queue of messages to write (server/message_queue.hpp):
// oldest first through growth, the front dropped as it goes, and emptied.
#include "server/message_queue.hpp"

#include <catch2/catch.hpp>
#include <memory>
#include <string>

using whist::server::MessageQueue;

namespace {
MessageQueue::Message text(int i) { return std::make_shared<const std::string>(std::to_string(i)); }
}  // namespace

TEST_CASE("messages come out in the order they went in, however they interleave", "[queue]") {
  MessageQueue q;
  CHECK(q.empty());
  int in = 0, out = 0;
  // Bursts of different sizes, drained part way each time: the front is
  // dropped both when the queue empties and when it is half the vector.
  for (int burst : {1, 5, 40, 3, 100, 0, 7, 64, 2}) {
    for (int i = 0; i < burst; ++i) q.push_back(text(in++));
    for (int i = 0; i < burst / 2 + 1 && !q.empty(); ++i) {
      CHECK(*q.front() == std::to_string(out++));
      q.pop_front();
    }
    CHECK(q.size() == static_cast<std::size_t>(in - out));
  }
  while (!q.empty()) {
    CHECK(*q.front() == std::to_string(out++));
    q.pop_front();
  }
  CHECK(out == in);
  CHECK(q.size() == 0);
}

TEST_CASE("a message written is let go at once, and clear lets every one go", "[queue]") {
  MessageQueue q;
  auto first = text(1);
  std::weak_ptr<const std::string> watch = first;
  q.push_back(std::move(first));
  q.push_back(text(2));
  q.pop_front();
  CHECK(watch.expired());
  std::weak_ptr<const std::string> second = q.front();
  q.clear();
  CHECK(second.expired());
  CHECK(q.empty());
  q.push_back(text(3));
  CHECK(*q.front() == "3");
}
