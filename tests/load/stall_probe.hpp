// The machine's own stalls, as a real-time thread sees them: it sleeps
// 1 ms at a time (SCHED_FIFO when allowed, so that no process of ours can
// delay it) and notes each time it woke more than `threshold` late: a
// stretch when nothing ran, the virtual machine paused or the kernel busy.
// An action whose round trip overlaps a stall was delayed by the machine,
// whatever whistd did.
#pragma once

#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace whist::load {

class StallProbe {
 public:
  using Clock = std::chrono::steady_clock;
  using Span = std::pair<Clock::time_point, Clock::time_point>;

  explicit StallProbe(std::chrono::microseconds threshold) : threshold_(threshold) {
    thread_ = std::thread([this] { run(); });
    sched_param p{};
    p.sched_priority = 1;
    realtime_ = pthread_setschedparam(thread_.native_handle(), SCHED_FIFO, &p) == 0;
  }
  ~StallProbe() {
    stop_ = true;
    thread_.join();
  }
  bool realtime() const { return realtime_; }

  // The stalls between `from` and `to`, in order.
  std::vector<Span> stalls(Clock::time_point from, Clock::time_point to) const {
    std::lock_guard lock(m_);
    std::vector<Span> out;
    for (const Span& s : stalls_)
      if (s.second > from && s.first < to) out.push_back(s);
    return out;
  }

  // Whether [a, b] overlaps one of `stalls` (sorted).
  static bool overlaps(const std::vector<Span>& stalls, Clock::time_point a, Clock::time_point b) {
    auto it = std::lower_bound(stalls.begin(), stalls.end(), a,
                               [](const Span& s, Clock::time_point t) { return s.second < t; });
    return it != stalls.end() && it->first <= b;
  }

 private:
  void run() {
    while (!stop_) {
      const auto before = Clock::now();
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      const auto after = Clock::now();
      if (after - before > std::chrono::milliseconds(1) + threshold_) {
        std::lock_guard lock(m_);
        stalls_.emplace_back(before + std::chrono::milliseconds(1), after);
      }
    }
  }

  const std::chrono::microseconds threshold_;
  std::atomic<bool> stop_{false};
  bool realtime_ = false;
  mutable std::mutex m_;
  std::vector<Span> stalls_;
  std::thread thread_;
};

}  // namespace whist::load
