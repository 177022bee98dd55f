// A process's CPU time and resident memory, from /proc (Linux).
#pragma once

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace whist::load {

// User + system CPU seconds used so far by `pid` (all its threads).
inline double cpu_seconds(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(in, line)) return 0;
  // Fields after the command name (which may hold spaces) in parentheses.
  std::istringstream rest(line.substr(line.rfind(')') + 2));
  std::string field;
  unsigned long long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i) {
    if (i == 14) utime = std::stoull(field);
    if (i == 15) stime = std::stoull(field);
  }
  return static_cast<double>(utime + stime) / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

// Resident memory in bytes (VmRSS).
inline long long rss_bytes(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stoll(line.substr(6)) * 1024;
  return 0;
}

// This process's user + system CPU seconds so far.
inline double own_cpu_seconds() { return cpu_seconds(static_cast<int>(::getpid())); }

// The machine's CPU time stolen by the hypervisor so far, in seconds of
// one CPU (the "steal" column of /proc/stat; 0 where there is none).
inline double steal_seconds() {
  std::ifstream in("/proc/stat");
  std::string cpu;
  unsigned long long v[8] = {};
  in >> cpu;
  for (auto& x : v) in >> x;
  return static_cast<double>(v[7]) / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

}  // namespace whist::load
