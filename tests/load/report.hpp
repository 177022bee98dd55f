// whist-load's figures: latency lines, the machine's stalls against the
// paced actions, and the CPU times of a phase.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>

#include "tests/load/histogram.hpp"
#include "tests/load/players.hpp"
#include "tests/load/proc_stats.hpp"
#include "tests/load/stall_probe.hpp"

namespace whist::load {

inline void print_latency(const Histogram& h) {
  std::printf("  p50 %s   p99 %s   p99.9 %s   max %s   (n=%llu)\n",
              Histogram::format_us(h.percentile(0.50)).c_str(),
              Histogram::format_us(h.percentile(0.99)).c_str(),
              Histogram::format_us(h.percentile(0.999)).c_str(),
              Histogram::format_us(h.max()).c_str(), static_cast<unsigned long long>(h.count()));
}

// The latency of the paced actions the machine itself did not hold up.
inline void print_stalls(const StallProbe& probe, const Stats& paced, Clock::time_point from) {
  const auto stalls = probe.stalls(from, Clock::now());
  Histogram clean;
  std::uint64_t stalled = 0;
  double stalled_ms = 0;
  for (const auto& s : stalls)
    stalled_ms += std::chrono::duration<double, std::milli>(s.second - s.first).count();
  for (const auto& [a, b] : paced.spans) {
    if (StallProbe::overlaps(stalls, a, b))
      ++stalled;
    else
      clean.add(std::chrono::duration<double, std::micro>(b - a).count());
  }
  std::printf(
      "machine stalls       %zu stretches of more than 2 ms when a %s thread could not run "
      "(%.0f ms in all); %llu actions overlapped one\n",
      stalls.size(), probe.realtime() ? "real-time" : "(not real-time)", stalled_ms,
      static_cast<unsigned long long>(stalled));
  std::printf("latency of the other actions:\n");
  print_latency(clean);
}

// CPU seconds used over a phase: the server's, this program's, and what
// the hypervisor stole.
struct CpuTimes {
  double server = 0, own = 0, steal = 0;
  static CpuTimes now(int pid) {
    return {pid ? cpu_seconds(pid) : 0, own_cpu_seconds(), steal_seconds()};
  }
};

}  // namespace whist::load
