// whistd: one port for HTTP and WebSocket. Construct with a configuration,
// run() until stop() (from any thread, or a signal handler's strand).
#pragma once

#include <functional>
#include <memory>

#include "server/config.hpp"

namespace whist::server {

class Server {
 public:
  // Opens the database (migrating it), restores the tables and binds the
  // port; throws with a clear message if any fails. `reopen_log` is called
  // on SIGHUP.
  explicit Server(Config config, std::function<void()> reopen_log = {});
  ~Server();
  // Serves until stop() or SIGINT/SIGTERM (a graceful drain, bounded by
  // shutdown_grace; a second signal stops at once); returns when
  // everything stopped and everything queued for storage is written.
  // Tells systemd READY=1 once serving (and WATCHDOG=1, STOPPING=1).
  void run();
  // Begins the graceful drain (any thread).
  void stop();
  // The port bound (useful with port 0 in tests).
  int port() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace whist::server
