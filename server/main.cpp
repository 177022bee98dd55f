// whistd: the whist server daemon.
#include <spdlog/spdlog.h>

#include <cstdio>
#include <exception>

#include "server/config.hpp"
#include "server/server.hpp"

int main(int argc, char** argv) {
  using namespace whist::server;
  auto parsed = parse_config(argc, argv);
  if (auto* err = std::get_if<std::string>(&parsed)) {
    std::fprintf(stderr, "whistd: %s\n", err->c_str());
    return 2;
  }
  auto& p = std::get<ParsedConfig>(parsed);
  if (p.exit_now) {
    std::fputs(p.output.c_str(), stdout);
    return 0;
  }
  spdlog::set_level(spdlog::level::from_str(p.config.log_level));
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ %v");
  try {
    Server server(p.config);
    server.run();
  } catch (const std::exception& e) {
    spdlog::critical("{}", e.what());
    return 1;
  }
  return 0;
}
