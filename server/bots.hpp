// The computer players' thinking threads: a table posts "think for this
// seat" with the seat's Observation (only what that seat may see, never the
// game), and gets the action back through a callback, which it posts to its
// own strand. Thinking never runs on a table's strand nor on an I/O thread.
#pragma once

#include <atomic>
#include <boost/asio/thread_pool.hpp>
#include <functional>

#include "engine/action.hpp"
#include "engine/ai/player.hpp"
#include "engine/ai/solver.hpp"
#include "engine/observation.hpp"

namespace whist::server {

class BotPool {
 public:
  // `threads` thinking threads; at most `max_waiting` decisions queued or
  // being thought about at once.
  BotPool(int threads, int max_waiting);

  // Queues a decision for obs.seat (which must be the seat to act); `done`
  // runs on a thinking thread with a legal action. Returns false, having
  // queued nothing, when the pool is saturated or stopped: the caller then
  // chooses by simpler means.
  bool think(Observation obs, ai::Settings settings, std::function<void(Action)> done);
  // Queues a claim's judgement: whether the side to play at `p` takes at
  // least `tricks` against every defence (the double-dummy solver). `done`
  // runs on a thinking thread. False, queuing nothing, when saturated.
  bool judge(ai::Position p, int tricks, std::function<void(bool)> done);
  // Drops what is queued and waits for the threads (at shutdown).
  void stop();

  std::int64_t decisions() const { return decisions_.load(); }
  std::int64_t refused() const { return refused_.load(); }

 private:
  boost::asio::thread_pool pool_;
  int max_waiting_;
  std::atomic<int> waiting_{0};
  std::atomic<bool> stopped_{false};
  std::atomic<std::int64_t> decisions_{0};
  std::atomic<std::int64_t> refused_{0};
};

}  // namespace whist::server
