// whistd's side of the operator's commands: every 500 ms, on the storage
// thread, it takes the commands whistctl queued in the database
// (storage/admin.cpp), carries each out (a live table is closed on its
// strand, a banned account's connections are closed) and stores the
// result that whistctl waits for. See docs/whistctl.md.
#pragma once

#include <atomic>
#include <boost/asio/awaitable.hpp>

namespace whist::server {

class StorageThread;
struct Hub;
class Sessions;

// Runs until the server drains (`draining`): reads and stores the commands
// on the storage thread, finds live tables in the hub and connections in
// `sessions`.
boost::asio::awaitable<void> serve_admin_commands(StorageThread& storage, Hub& hub,
                                                  Sessions& sessions,
                                                  const std::atomic<bool>& draining);

}  // namespace whist::server
