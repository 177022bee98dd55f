// whistd's side of the operator's commands: every 500 ms, on the storage
// thread, it takes the commands whistctl queued in the database
// (storage/admin.cpp), carries each out (a live table is closed on its
// strand, a banned account's connections are closed) and stores the
// result that whistctl waits for. See docs/whistctl.md.
#pragma once

#include <boost/asio/awaitable.hpp>

namespace whist::server {

struct Context;
class Sessions;

// Runs until the server drains.
boost::asio::awaitable<void> serve_admin_commands(Context& ctx, Sessions& sessions);

}  // namespace whist::server
