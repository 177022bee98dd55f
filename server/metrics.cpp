#include "server/metrics.hpp"

namespace whist::server {

namespace {
// A metric's HELP and TYPE lines, and its name (and labels) before its value.
void head(std::string& out, const char* name, const char* type, const char* help,
          const char* labels = "") {
  out += "# HELP ";
  out += name;
  out += ' ';
  out += help;
  out += "\n# TYPE ";
  out += name;
  out += ' ';
  out += type;
  out += '\n';
  out += name;
  out += labels;
  out += ' ';
}

void add(std::string& out, const char* name, const char* type, const char* help, std::int64_t v,
         const char* labels = "") {
  head(out, name, type, help, labels);
  out += std::to_string(v);
  out += '\n';
}

// A time kept in microseconds, shown in seconds.
void add_seconds(std::string& out, const char* name, const char* type, const char* help,
                 std::int64_t us) {
  head(out, name, type, help);
  out += std::to_string(us / 1000000) + '.';
  const std::string frac = std::to_string(us % 1000000);
  out += std::string(6 - frac.size(), '0') + frac;
  out += '\n';
}
}  // namespace

std::string Metrics::render() {
  std::string out;
  add(out, "whistd_connections", "gauge", "Open WebSocket connections.", connections.load());
  add(out, "whistd_connections_total", "counter", "WebSocket connections accepted.",
      connections_total.load());
  add(out, "whistd_http_requests_total", "counter", "HTTP requests served.",
      http_requests_total.load());
  add(out, "whistd_messages_in_total", "counter", "WebSocket messages received.",
      messages_in_total.load());
  add(out, "whistd_messages_out_total", "counter", "WebSocket messages sent.",
      messages_out_total.load());
  add(out, "whistd_errors_total", "counter", "Error replies sent to clients.", errors_total.load());
  add(out, "whistd_slow_clients_dropped_total", "counter",
      "Connections dropped for not keeping up with their messages.",
      slow_clients_dropped_total.load());
  out +=
      "# HELP whistd_tables Tables by state: waiting for players or a rematch, or playing.\n# TYPE "
      "whistd_tables gauge\n"
      "whistd_tables{state=\"waiting\"} " +
      std::to_string(tables_total.load() - tables_playing.load()) +
      "\nwhistd_tables{state=\"playing\"} " + std::to_string(tables_playing.load()) + "\n";
  add(out, "whistd_games_finished_total", "counter", "Games played to the end.",
      games_finished_total.load());
  add(out, "whistd_storage_commits_total", "counter",
      "Transactions committed by the storage thread, each holding every write queued meanwhile.",
      storage_commits_total.load());
  add_seconds(out, "whistd_storage_commit_seconds_total", "counter",
              "Time spent committing the storage thread's transactions (divided by "
              "whistd_storage_commits_total: the mean commit time).",
              storage_commit_us_total.load());
  add_seconds(out, "whistd_storage_commit_seconds_max", "gauge",
              "The longest commit since the last scrape.", storage_commit_us_max.exchange(0));
  add(out, "whistd_storage_checkpoints_total", "counter",
      "Write-ahead log checkpoints made by the checkpoint thread.",
      storage_checkpoints_total.load());
  add(out, "whistd_leases_taken_total", "counter",
      "Tables this node took over from a node that stopped renewing their leases.",
      leases_taken_total.load());
  add(out, "whistd_leases_lost_total", "counter",
      "Tables another node took over from this one (their writes refused here).",
      leases_lost_total.load());
  add_seconds(out, "whistd_bus_round_trip_seconds", "gauge",
              "Nodes: the last round trip to Redis (a keep-alive, every third of a lease).",
              bus_round_trip_us.load());
  add(out, "whistd_bus_heard_total", "counter", "Nodes: messages heard from the other nodes.",
      bus_heard_total.load());
  add(out, "whistd_bus_published_total", "counter", "Nodes: messages published to the others.",
      bus_published_total.load());
  add(out, "whistd_bus_waiting", "gauge",
      "Nodes: messages heard and not yet handled (the bus's lag, in messages).",
      bus_waiting.load());
  add(out, "whistd_bot_decisions_total", "counter",
      "Actions and suggestions chosen by the computer players.", bot_decisions_total.load());
  add(out, "whistd_bot_fallbacks_total", "counter",
      "Simple choices made because the computer players were saturated.",
      bot_fallbacks_total.load());
  add(out, "whistd_rate_limited_total", "counter", "Messages refused for the rate limit.",
      rate_limited_total.load());
  add(out, "whistd_flood_closed_total", "counter", "Connections closed with 1008 for flooding.",
      flood_closed_total.load());
  add(out, "whistd_connections_refused_total", "counter",
      "Connections refused for the per-address limit.", connections_refused_total.load());
  add(out, "whistd_chat_refused_total", "counter", "Chat lines refused as a burst or a repeat.",
      chat_refused_total.load());
  add(out, "whistd_logins_throttled_total", "counter", "Logins refused after too many failures.",
      logins_throttled_total.load());
  return out;
}

}  // namespace whist::server
