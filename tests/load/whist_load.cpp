// whist-load: a load generator for whistd through its real protocol.
//
// It starts whistd (--whistd PATH, on a fresh database) or uses a running
// one (--port, --server-pid), opens --players connections, logs each in as
// a guest, seats them four to a table (classic whist), and plays whole
// games: each table moves once per --pace seconds on a fixed schedule
// (open loop: a late action does not push the next one back), games
// followed by rematches. It prints the connections held, actions per
// second, the latency from sending an action to its event reaching all
// four seats (p50, p99, p99.9, max, and a histogram), the server's CPU and
// memory (from /proc), and the errors. Then it plays at full speed (each
// seat acts as soon as its view comes), and measures a bare Beast
// WebSocket echo server (this program, --echo-server) with one closed-loop
// client per table, the two in turns (--slices, 5 by default: a slice of
// whistd, then one of the echo server, and again) so that both see the
// machine as it is at that moment, and prints the ratio of the two for the
// same number of messages: an action costs whistd one message in and
// several out (the events to the four seats, batched with views and the
// reply), an echo round trip one in and one out; the ratio is whistd's
// WebSocket messages per second (in and out) over the echo server's. The
// plain ratio of actions to round trips is printed too.
//
// Exit status: 0 when every player stayed connected, no error came, and
// actions were made; 1 otherwise; 2 for bad arguments.

#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tests/load/echo.hpp"
#include "tests/load/options.hpp"
#include "tests/load/players.hpp"
#include "tests/load/proc_stats.hpp"
#include "tests/load/process.hpp"
#include "tests/load/report.hpp"
#include "tests/load/stall_probe.hpp"

namespace whist::load {
namespace {

// One run: the server, its players and the echo floor, phase by phase,
// with the figures each phase leaves for the next and for the report.
struct Session {
  Options o;
  Run run;
  std::string dir = "/tmp/whist-load-XXXXXX";  // the database of a whistd started here
  int pid = 0;
  bool started = false;
  int n_tables = 0;
  size_t next_table = 0;  // the setup workers' next table
  long long rss0 = 0, rss1 = 0, rss2 = 0;
  // Paced play.
  std::optional<StallProbe> probe;  // from paced play to the end
  Stats paced;
  int held = 0;
  std::uint64_t errors = 0;
  // The echo floor.
  asio::io_context eioc;
  std::unique_ptr<EchoLoad> echo;
  int echo_pid = 0;
  EchoResult er;
  // Full speed, summed over the slices.
  int slices = 1;
  double full_rate = 0, full_messages = 0;
  double full_cpu = 0, full_own = 0;
  std::uint64_t full_actions = 0, full_in = 0, full_sent = 0;
  std::vector<double> slice_ratios;

  explicit Session(const Options& opt) : o(opt) {
    run.opt = o;
    run.pace = o.pace;
  }

  // Starts whistd (--whistd) and waits until something listens on the
  // port; nullopt to go on, else the exit status.
  std::optional<int> start_server() {
    pid = o.server_pid;
    if (!o.whistd.empty()) {
      if (!::mkdtemp(dir.data())) return std::perror("mkdtemp"), 1;
      o.port = free_port();
      pid = spawn({o.whistd, "--listen", "127.0.0.1", "--port", std::to_string(o.port),
                   "--database", dir + "/load.db", "--threads", std::to_string(o.threads),
                   "--log-level", "warn", "--max-connections-per-address", "0", "--rate-messages",
                   "1000000", "--max-queue", "100000"});
      if (!pid) return std::perror("starting whistd"), 1;
      started = true;
    }
    run.ep =
        tcp::endpoint(asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(o.port));
    if (!wait_listening(run.ep, 30)) {
      std::fprintf(stderr, "whist-load: nothing listens on port %d\n", o.port);
      if (started) stop(pid);
      return 1;
    }
    return std::nullopt;
  }

  // Set up: connect, log in, seat everyone (tables start playing as they fill).
  void set_up() {
    n_tables = o.players / 4;
    std::printf(
        "whist-load: %d players (%d tables of 4), pace %.2f s per table move, %d server "
        "threads\n",
        o.players, n_tables, o.pace, o.threads);
    for (int i = 0; i < n_tables; ++i) run.tables.push_back(std::make_unique<Table>());
    for (int i = 0; i < o.players; ++i) run.players.push_back(std::make_unique<Player>());
    rss0 = pid ? rss_bytes(pid) : 0;
    const auto t_setup = Clock::now();
    for (int w = 0; w < o.setup_parallel; ++w)
      asio::co_spawn(run.ioc, run.setup_worker(&next_table), asio::detached);
    while (run.set_up + run.failed_setup < n_tables) {
      run.run_for(0.05);
      if (Clock::now() - t_setup > std::chrono::seconds(600)) break;
    }
    const double setup_s = std::chrono::duration<double>(Clock::now() - t_setup).count();
    run.run_for(1.0);  // settle
    rss1 = pid ? rss_bytes(pid) : 0;
    std::printf("set up               %d tables in %.1f s (%.0f players/s)\n", run.set_up, setup_s,
                4 * run.set_up / setup_s);
  }

  // Paced play, measured.
  void play_paced() {
    probe.emplace(std::chrono::milliseconds(2));
    run.stats = Stats{};
    run.measure_from = Clock::now();
    const CpuTimes before = CpuTimes::now(pid);
    run.probe_lag();
    run.run_for(o.duration);
    const CpuTimes after = CpuTimes::now(pid);
    rss2 = pid ? rss_bytes(pid) : 0;
    for (auto& p : run.players) held += p->c && p->c->open();
    paced = run.stats;
    report_paced(before, after);
    errors = paced.errors + static_cast<std::uint64_t>(run.failed_setup);
  }

  void report_paced(const CpuTimes& before, const CpuTimes& after) const {
    std::printf("connections held     %d of %d\n", held, o.players);
    std::printf("actions              %llu in %.0f s: %.1f/s (target %.1f/s)\n",
                static_cast<unsigned long long>(paced.actions), o.duration,
                static_cast<double>(paced.actions) / o.duration, n_tables / o.pace);
    std::printf("messages received    %.0f/s\n", static_cast<double>(paced.messages) / o.duration);
    std::printf("latency, action to its event at all 4 seats:\n");
    print_latency(paced.latency);
    paced.latency.print(stdout);
    print_stalls(*probe, paced, run.measure_from);
    if (pid) {
      std::printf("server CPU           %.1f%% of one core\n",
                  100 * (after.server - before.server) / o.duration);
      std::printf(
          "server memory        %.1f MB resident; %.1f KB per connected player (growth "
          "from %.1f MB over %d players)\n",
          static_cast<double>(rss1) / 1e6, static_cast<double>(rss1 - rss0) / 1024 / o.players,
          static_cast<double>(rss0) / 1e6, o.players);
      std::printf("  after the paced play %.1f MB resident; %.1f KB per player\n",
                  static_cast<double>(rss2) / 1e6,
                  static_cast<double>(rss2 - rss0) / 1024 / o.players);
    }
    std::printf(
        "load generator       CPU %.1f%% of one core; its timer late p99 %s, max %s; CPU stolen "
        "by the hypervisor %.1f%% of one core\n",
        100 * (after.own - before.own) / o.duration,
        Histogram::format_us(paced.lag.percentile(0.99)).c_str(),
        Histogram::format_us(paced.lag.max()).c_str(),
        100 * (after.steal - before.steal) / o.duration);
  }

  // The echo server starts now, before whistd's full speed: the two are
  // measured in turns (--slices), each turn a slice of whistd at full speed
  // then a slice of the echo server, so that both see the machine as it is
  // at that moment (its speed drifts from one second to the next). Between
  // slices the other side is idle: whistd's players keep the views that
  // come and act on them when their next slice starts.
  void start_echo() {
    if (o.echo <= 0) return;
    const int port = free_port();
    char self[4096];
    const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
    if (n > 0) self[n] = 0;
    echo_pid = spawn({self, "--echo-server", std::to_string(port), std::to_string(o.threads)});
    const tcp::endpoint eep(asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port));
    if (echo_pid && wait_listening(eep, 10)) {
      echo = std::make_unique<EchoLoad>(eioc, eep, n_tables, 60);
      if (echo->connect() < n_tables) ++errors;
    } else {
      std::printf("echo floor           could not start\n");
      ++errors;
    }
  }

  // Full speed from now on: no pace, and the actions waiting for their
  // time go now.
  void start_full_speed() {
    run.pace = 0;
    run.stats = Stats{};
    run.measure_from = Clock::now();
    for (auto& p : run.players)
      if (p->c && p->waiting) {
        p->waiting = false;
        p->timer->cancel();
        run.act(*p);
      }
  }

  // One slice of whistd at full speed: its messages per second (in and out).
  double full_speed_slice(double seconds) {
    run.paused = false;
    for (auto& p : run.players)
      if (p->c) run.maybe_act(*p);  // the views kept while paused
    const auto a0 = run.stats.actions, m0 = run.stats.messages, s0 = run.stats.sent;
    const double c0 = pid ? cpu_seconds(pid) : 0, g0 = own_cpu_seconds();
    run.run_for(seconds);
    full_cpu += (pid ? cpu_seconds(pid) : 0) - c0;
    full_own += own_cpu_seconds() - g0;
    full_actions += run.stats.actions - a0;
    full_in += run.stats.messages - m0;
    full_sent += run.stats.sent - s0;
    const double slice_messages =
        static_cast<double>(run.stats.messages - m0 + run.stats.sent - s0) / seconds;
    if (echo) {
      // What is on its way comes back, uncounted.
      run.paused = true;
      run.run_for(0.3);
    }
    return slice_messages;
  }

  // Full speed and the echo server, in turns.
  void play_slices() {
    slices = o.full_speed > 0 && echo ? o.slices : 1;
    if (o.full_speed > 0) start_full_speed();
    for (int k = 0; k < slices; ++k) {
      double slice_messages = 0;
      if (o.full_speed > 0) slice_messages = full_speed_slice(o.full_speed / slices);
      if (echo) {
        const auto trips0 = er.round_trips;
        echo->measure(o.echo / slices, echo_pid, er);
        const double echo_messages =
            2 * static_cast<double>(er.round_trips - trips0) / (o.echo / slices);
        if (o.full_speed > 0 && echo_messages > 0)
          slice_ratios.push_back(slice_messages / echo_messages);
      }
    }
    if (o.full_speed > 0) report_full_speed();
  }

  void report_full_speed() {
    full_rate = static_cast<double>(full_actions) / o.full_speed;
    full_messages = static_cast<double>(full_in + full_sent) / o.full_speed;
    std::printf(
        "full speed           %.0f actions/s, %.0f messages/s received, server CPU "
        "%.0f%% of one core, load generator %.0f%%\n",
        full_rate, static_cast<double>(full_in) / o.full_speed, 100 * full_cpu / o.full_speed,
        100 * full_own / o.full_speed);
    if (full_rate > 0)
      std::printf(
          "                     %.0f messages/s through whistd (in and out), %.2f per action\n",
          full_messages, full_messages / full_rate);
    print_latency(run.stats.latency);
    errors += run.stats.errors;
  }

  void close_players() {
    run.acting = false;
    for (auto& p : run.players)
      if (p->c) p->c->close();
    run.run_for(0.5);
    if (started) stop(pid);
  }

  // The floor: the bare echo server, one client per table.
  void report_echo() {
    if (echo) {
      const double echo_rate = static_cast<double>(er.round_trips) / o.echo;
      std::printf(
          "echo floor           %d connections, %.0f round trips/s (%.0f messages/s), echo "
          "server CPU %.0f%% of one core, load generator %.0f%%\n",
          er.connected, echo_rate, 2 * echo_rate, 100 * er.server_cpu / o.echo,
          100 * er.client_cpu / o.echo);
      if (full_rate > 0 && echo_rate > 0) report_ratio(echo_rate);
      errors += er.errors;
      echo->close();
    }
    if (echo_pid) stop(echo_pid);
  }

  void report_ratio(double echo_rate) const {
    // The echo server's actions/s at whistd's messages per action.
    const double echo_actions = 2 * echo_rate / (full_messages / full_rate);
    std::printf(
        "ratio                %.2f: whistd %.0f actions/s, echo %.0f actions/s for the same "
        "number of messages (target >= 0.50)\n",
        full_rate / echo_actions, full_rate, echo_actions);
    if (slice_ratios.size() > 1) {
      std::printf("                     measured in %d turns of %.1f s each; ratio per turn",
                  slices, o.full_speed / slices);
      for (const double r : slice_ratios) std::printf(" %.2f", r);
      std::printf("\n");
    }
    std::printf("                     (whistd actions/s / echo round trips/s = %.2f)\n",
                full_rate / echo_rate);
  }

  void remove_database() const {
    if (!started) return;
    const std::string db = dir + "/load.db";
    for (const char* suffix : {"", "-wal", "-shm", ".lock"}) std::remove((db + suffix).c_str());
    ::rmdir(dir.c_str());
  }
};

int main_(int argc, char** argv) {
  Options o;
  if (const auto status = parse_options(argc, argv, o)) return *status;
  raise_descriptor_limit();
  ::signal(SIGPIPE, SIG_IGN);

  Session s(o);
  if (const auto status = s.start_server()) return *status;
  s.set_up();
  s.play_paced();
  s.start_echo();
  s.play_slices();
  s.close_players();
  s.report_echo();
  std::printf("errors               %llu\n", static_cast<unsigned long long>(s.errors));
  s.remove_database();
  return s.errors == 0 && s.held == s.o.players && s.paced.actions > 0 ? 0 : 1;
}

}  // namespace
}  // namespace whist::load

int main(int argc, char** argv) { return whist::load::main_(argc, argv); }
