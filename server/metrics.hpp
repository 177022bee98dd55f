// Counters for /metrics (Prometheus text format), updated from any thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

namespace whist::server {

struct Metrics {
  std::atomic<std::int64_t> connections{0};  // open WebSocket connections
  std::atomic<std::int64_t> connections_total{0};
  std::atomic<std::int64_t> http_requests_total{0};
  std::atomic<std::int64_t> messages_in_total{0};
  std::atomic<std::int64_t> messages_out_total{0};
  std::atomic<std::int64_t> errors_total{0};  // error replies sent
  std::atomic<std::int64_t> slow_clients_dropped_total{0};
  std::atomic<std::int64_t> tables_total{0};    // tables not closed
  std::atomic<std::int64_t> tables_playing{0};  // of which with a game on
  std::atomic<std::int64_t> games_finished_total{0};
  std::atomic<std::int64_t> storage_commits_total{0};      // shared transactions (group commit)
  std::atomic<std::int64_t> storage_checkpoints_total{0};  // by the checkpoint thread
  std::atomic<std::int64_t> storage_commit_us_total{0};    // time spent committing them
  std::atomic<std::int64_t> storage_commit_us_max{0};      // the longest since the last scrape
  std::atomic<std::int64_t> leases_taken_total{0};         // tables taken over from other nodes
  std::atomic<std::int64_t> leases_lost_total{0};          // tables another node took
  std::atomic<std::int64_t> bot_decisions_total{0};        // by the computer players
  std::atomic<std::int64_t> bot_fallbacks_total{0};        // simple choices: the pool was saturated
  // Between nodes (node_bus.hpp).
  std::atomic<std::int64_t> bus_round_trip_us{0};    // the last keep-alive's, to Redis and back
  std::atomic<std::int64_t> bus_heard_total{0};      // messages heard from Redis
  std::atomic<std::int64_t> bus_published_total{0};  // messages published
  std::atomic<std::int64_t> bus_waiting{0};          // heard, not yet handled
  // Abuse limits.
  std::atomic<std::int64_t> rate_limited_total{0};         // messages refused for the rate
  std::atomic<std::int64_t> flood_closed_total{0};         // connections closed with 1008
  std::atomic<std::int64_t> connections_refused_total{0};  // over the per-address limit
  std::atomic<std::int64_t> chat_refused_total{0};         // bursts and repeats
  std::atomic<std::int64_t> logins_throttled_total{0};

  // (Reads and resets the maxima: one scraper.)
  std::string render();
};

}  // namespace whist::server
