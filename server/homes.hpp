// Tables' homes among several whistd nodes on one PostgreSQL database
// (issue 25). Each table lives on one node at a time, the holder of its
// lease (storage/lease_store.hpp). A node's keeper renews its leases three
// times a lease's length, and takes over every table whose lease has
// expired (its node died or stopped) or that nobody holds: it brings the
// table back from storage as a restart does. A table checks its lease's
// token in the transaction of each of its writes (Table::holds_home); a
// table whose lease another node took writes nothing more and is dropped
// here: its connections are told the server restarts, so that they come
// back to its new home. One whistd alone (no node name) holds no leases.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <memory>
#include <string>

#include "server/table.hpp"
#include "server/table_link.hpp"
#include "storage/database.hpp"

namespace whist::server {

// This process's name among the nodes: "NAME/PID.START" for the
// configured NAME, so that a node restarted under its name holds none of
// its former process's leases as if it had never stopped.
std::string node_incarnation(const std::string& name);

// What storage holds of a table, to bring it back (a restart, a takeover).
TableSnapshot read_snapshot(storage::Database& db, const storage::TableRow& row,
                            std::int64_t lease = 0);
// A table that cannot be brought back is closed; its game in progress is
// abandoned by a fault, and a compete game's buy-ins are refunded in full.
void abandon_table(storage::Database& db, const TableSnapshot& s);

// Whether a node may take table `id`: any table for the node that leads;
// for the others, any but an event's (its event runs on the leader).
bool may_take(storage::Database& db, std::int64_t id, bool leads);

// The keeper's loop, while the server runs (node mode only). A node that
// does not lead tries to take the lead each round; once it has, it takes
// the events' tables as their leases expire and then runs the events.
boost::asio::awaitable<void> keep_homes(Hub& hub);

// A table not on this node (node mode): the way to it at its home, once a
// node that listens holds it. A table in between homes (its node was
// killed and its lease has yet to expire, or it was given up and is being
// taken) is waited for, up to two leases' length; then, as for a table
// that is closed or unknown, null.
boost::asio::awaitable<std::shared_ptr<TableLink>> find_home(Hub& hub, std::int64_t id);

}  // namespace whist::server
