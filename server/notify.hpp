// The systemd notification protocol (sd_notify(3)) without libsystemd: a
// datagram to the unix socket named by $NOTIFY_SOCKET. Every call is a
// no-op when the variable is unset (not started by systemd with
// Type=notify), so whistd runs the same anywhere.
#pragma once

#include <chrono>
#include <optional>
#include <string_view>

namespace whist::server {

// Sends one state line set, e.g. "READY=1\nSTATUS=serving". Returns false
// when there is no socket or the send failed (never throws).
bool notify_systemd(std::string_view state);

// The watchdog's interval from $WATCHDOG_USEC (and $WATCHDOG_PID, if set,
// must be this process); nullopt when the watchdog is off.
std::optional<std::chrono::microseconds> watchdog_interval();

}  // namespace whist::server
