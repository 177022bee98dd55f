// whistd's side of the operator's commands: every 500 ms, on the storage
// thread, it takes the commands whistctl queued in the database
// (storage/admin.cpp), carries each out (a live table is closed on its
// strand, a banned account's connections are closed) and stores the
// result that whistctl waits for. See docs/whistctl.md.
#pragma once

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <string>

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

// Several nodes: only the leader serves the commands (server.cpp); a
// close-table for a table at another node goes to that node, which closes
// it here and stores the command's result.
boost::asio::awaitable<void> close_table_here(Hub& hub, std::int64_t table, std::string reason,
                                              std::int64_t command);

}  // namespace whist::server
