// whist-load's options (whist_load.cpp says what they do) and their parser.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "tests/load/echo.hpp"

namespace whist::load {

struct Options {
  std::string whistd;  // start this whistd; else connect to --port
  int port = 0;
  int server_pid = 0;
  int players = 400;
  double pace = 1.0;
  double duration = 20;
  double full_speed = 10;
  double echo = 10;
  int slices = 5;  // full speed and echo measured in this many turns each
  int threads = 2;
  int setup_parallel = 32;  // tables set up at once
};

inline int usage() {
  std::fputs(
      "usage: whist-load (--whistd PATH | --port N [--server-pid PID]) [--players N]\n"
      "                  [--pace SECONDS] [--duration SECONDS] [--full-speed SECONDS]\n"
      "                  [--echo SECONDS] [--slices N] [--threads N]\n"
      "       whist-load --echo-server PORT THREADS\n",
      stderr);
  return 2;
}

// Reads the flags into `o`: nullopt to go on, else the exit status (2 for
// bad arguments; --echo-server runs the echo server and gives its status).
inline std::optional<int> parse_options(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--echo-server" && i + 2 < argc)
      return run_echo_server(static_cast<unsigned short>(std::atoi(argv[i + 1])),
                             std::atoi(argv[i + 2]));
    if (i + 1 >= argc) return usage();
    const char* v = argv[++i];
    if (a == "--whistd")
      o.whistd = v;
    else if (a == "--port")
      o.port = std::atoi(v);
    else if (a == "--server-pid")
      o.server_pid = std::atoi(v);
    else if (a == "--players")
      o.players = std::atoi(v);
    else if (a == "--pace")
      o.pace = std::atof(v);
    else if (a == "--duration")
      o.duration = std::atof(v);
    else if (a == "--full-speed")
      o.full_speed = std::atof(v);
    else if (a == "--echo")
      o.echo = std::atof(v);
    else if (a == "--slices")
      o.slices = std::atoi(v);
    else if (a == "--threads")
      o.threads = std::atoi(v);
    else
      return usage();
  }
  if (o.players < 4 || o.players % 4 || (o.whistd.empty() && o.port <= 0) || o.slices < 1)
    return usage();
  return std::nullopt;
}

}  // namespace whist::load
