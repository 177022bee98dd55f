// whistd: one port for HTTP and WebSocket. Construct with a configuration,
// run() until stop() (from any thread, or a signal handler's strand).
#pragma once

#include <memory>

#include "server/config.hpp"

namespace whist::server {

class Server {
 public:
  // Opens the database (migrating it) and binds the port; throws with a
  // clear message if either fails.
  explicit Server(Config config);
  ~Server();
  // Serves until stop() or SIGINT/SIGTERM; returns when everything stopped.
  void run();
  void stop();
  // The port bound (useful with port 0 in tests).
  int port() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace whist::server
