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
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/steady_timer.hpp>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <cctype>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "tests/load/client.hpp"
#include "tests/load/echo.hpp"
#include "tests/load/histogram.hpp"
#include "tests/load/proc_stats.hpp"
#include "tests/load/stall_probe.hpp"

extern char** environ;

namespace whist::load {
namespace {

using Clock = std::chrono::steady_clock;

struct Options {
  std::string whistd;  // start this whistd; else connect to --port
  int port = 0;
  int server_pid = 0;
  int players = 400;
  double pace = 1.0;
  double duration = 20;
  double full_speed = 10;
  double echo = 10;
  int slices = 5;  // full speed and echo measured in this many turns each
  int threads = 2;
  int setup_parallel = 32;  // tables set up at once
};

struct Stats {
  std::uint64_t actions = 0, errors = 0, messages = 0, bytes = 0;
  std::uint64_t sent = 0;  // messages the players sent (actions, rematches)
  // How late this program's own 5 ms probe timer fires: its own delays,
  // which the latency figures include.
  Histogram lag;
  Histogram latency;
  // Each measured action: when it was sent, when the last seat had it.
  std::vector<std::pair<Clock::time_point, Clock::time_point>> spans;
};

struct Run;

struct Table {
  std::int64_t id = 0;
  Clock::time_point next_tick{};
  // Actions sent and not yet seen by all four seats, from index
  // first_in_flight on: (time sent, seats that saw it). Each seat sees
  // them in order, so they are done in order.
  std::deque<std::pair<Clock::time_point, int>> in_flight;
  std::uint64_t first_in_flight = 0;
};

struct Player {
  std::shared_ptr<Client> c;
  Table* table = nullptr;
  int seat = -1;
  // The legal actions of its latest view, each as the server wrote it: the
  // first n_legal (the strings are kept, and their room, for the next view).
  std::vector<std::string> legal;
  std::size_t n_legal = 0;
  bool my_turn = false;  // whether that view says this seat is to act
  std::int64_t view_v = -1, acted_v = -1;
  std::uint64_t actions_seen = 0;
  std::unique_ptr<asio::steady_timer> timer;
  bool waiting = false;  // an action is scheduled on `timer`
};

struct Run {
  Options opt;
  asio::io_context ioc;
  tcp::endpoint ep;
  std::vector<std::unique_ptr<Table>> tables;
  std::vector<std::unique_ptr<Player>> players;
  Stats stats;
  bool acting = true;
  bool paused = false;  // views are kept, not acted on, until resumed
  double pace = 1.0;
  Clock::time_point measure_from{};
  std::mt19937_64 rng{42};
  int set_up = 0, failed_setup = 0;

  std::vector<std::pair<size_t, size_t>> spans_;  // view_from_text's, kept

  void error(const std::string& what) {
    if (++stats.errors <= 5) std::fprintf(stderr, "whist-load: %s\n", what.c_str());
  }

  void act(Player& p) {
    if (!acting || !p.c->open()) return;
    if (p.n_legal == 0) return error("a view to act on with no legal action");
    const std::string& a = p.legal[rng() % p.n_legal];
    Table& t = *p.table;
    t.in_flight.emplace_back(Clock::now(), 0);
    std::string text = R"({"t":"table.act","d":{"table":)";
    text += std::to_string(t.id);
    text += R"(,"action":)";
    text += a;
    text += "}}";
    p.c->send(std::move(text));
    if (Clock::now() >= measure_from) {
      ++stats.actions;
      ++stats.sent;
    }
  }

  void maybe_act(Player& p) {
    if (!acting || paused || !p.my_turn || p.view_v <= p.acted_v) return;
    p.acted_v = p.view_v;
    const auto now = Clock::now();
    Table& t = *p.table;
    if (pace <= 0) return act(p);
    // Open loop: the table's schedule, not the time the view came.
    const auto when = std::max(now, t.next_tick);
    t.next_tick =
        when + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(pace));
    if (when <= now) return act(p);
    p.waiting = true;
    p.timer->expires_at(when);
    p.timer->async_wait([this, &p](boost::system::error_code ec) {
      if (ec || !p.waiting) return;
      p.waiting = false;
      act(p);
    });
  }

  // The cheap path for the steady stream: the server writes keys in order,
  // an event holds "type":"action" (an action's own type is "play",
  // "bid"...) and a view for the seat to act holds "to_act":SEAT. A
  // WebSocket message may be a batch of several. One pass over the text
  // finds them all, 16 bytes at a time where SSE2 is there: the places
  // where a quote is followed by a t, few in a message, are the only ones
  // looked at (a search per key went over each message four times, and a
  // loop looking at every byte was still an eighth of this program's time
  // at full speed). Only messages with a view to act on or an error are
  // parsed.
  struct Marks {
    int actions = 0;           // "type":"action"
    bool result = false;       // "type":"result"
    bool error = false;        // "t":"error"
    int to_act[2] = {-1, -1};  // the first two "to_act":N
    int views = 0;
  };
  // What the text at `k`, just after a quote and a t, says.
  static void mark(Marks& m, const char* k, const char* end) {
    auto at = [&](std::string_view word) {
      return static_cast<size_t>(end - k) >= word.size() &&
             std::memcmp(k, word.data(), word.size()) == 0;
    };
    if (at(R"(ype":"action")")) {
      ++m.actions;
    } else if (at(R"(ype":"result")")) {
      m.result = true;
    } else if (at(R"(":"error")")) {
      m.error = true;
    } else if (at(R"(o_act":)")) {
      const char* d = k + 7;
      int n = 0;
      const char* q = d;
      for (; q < end && *q >= '0' && *q <= '9'; ++q) n = n * 10 + (*q - '0');
      if (q > d && m.views < 2) m.to_act[m.views++] = n;
    }
  }
  static Marks scan(std::string_view text) {
    Marks m;
    const char* const b = text.data();
    const char* const end = b + text.size();
    size_t i = 0;
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), t = _mm_set1_epi8('t');
    for (; i + 17 <= text.size(); i += 16) {
      const __m128i here = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i));
      const __m128i next = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i + 1));
      auto hits = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(here, quote)) &
                                        _mm_movemask_epi8(_mm_cmpeq_epi8(next, t)));
      for (; hits; hits &= hits - 1)
        mark(m, b + i + static_cast<size_t>(__builtin_ctz(hits)) + 2, end);
    }
#endif
    for (; i + 1 < text.size(); ++i)
      if (b[i] == '"' && b[i + 1] == 't') mark(m, b + i + 2, end);
    return m;
  }
  void on_text(Player& p, std::string_view text, std::size_t bytes) {
    ++stats.messages;
    stats.bytes += bytes;
    const Marks m = scan(text);
    for (int i = 0; i < m.actions; ++i) on_action_event(p);
    if (m.result) on_result(p);
    const bool to_me = m.to_act[0] == p.seat || m.to_act[1] == p.seat;
    if (!to_me && !m.error) return;
    if (!m.error && view_from_text(p, text)) return maybe_act(p);
    const json j = json::parse(text, nullptr, false);
    if (j.value("t", "") == "batch")
      for (const json& part : j["d"]) on_parsed(p, part, false);
    else
      on_parsed(p, j, false);
  }

  void on_action_event(Player& p) {
    Table& tb = *p.table;
    const std::uint64_t k = p.actions_seen++;
    if (k < tb.first_in_flight || k - tb.first_in_flight >= tb.in_flight.size())
      return error("an action event for no action sent");
    auto& [sent, seen] = tb.in_flight[k - tb.first_in_flight];
    if (++seen == 4 && sent >= measure_from) {
      const auto now = Clock::now();
      stats.latency.add(std::chrono::duration<double, std::micro>(now - sent).count());
      if (pace > 0) stats.spans.emplace_back(sent, now);
    }
    while (!tb.in_flight.empty() && tb.in_flight.front().second == 4) {
      tb.in_flight.pop_front();
      ++tb.first_in_flight;
    }
  }

  void on_result(Player& p) {
    if (!acting) return;
    p.c->send(json{{"t", "table.rematch"}, {"d", {{"table", p.table->id}}}}.dump());
    if (Clock::now() >= measure_from) ++stats.sent;
  }

  // A view to act on, read from the text around it: its version and its
  // legal actions, kept as text. False if the text is not as expected (then
  // the message is read whole).
  bool view_from_text(Player& p, std::string_view text) {
    // memmem: string_view::find stops at every comma.
    auto find = [&text](std::string_view what, size_t from) {
      const void* at = memmem(text.data() + from, text.size() - from, what.data(), what.size());
      return at ? static_cast<size_t>(static_cast<const char*>(at) - text.data())
                : std::string_view::npos;
    };
    const auto view = find(R"(,"view":{)", 0);
    if (view == std::string_view::npos) return false;
    const auto v = text.rfind(R"("v":)", view);
    if (v == std::string_view::npos) return false;
    std::int64_t version = 0;
    const char* end = text.data() + view;
    if (std::from_chars(text.data() + v + 4, end, version).ptr != end) return false;
    const auto legal = find(R"("legal":[)", view);
    if (legal == std::string_view::npos) return false;
    // Actions are objects holding no strings with brackets or commas: the
    // array ends at its match, and its elements are split at its own commas.
    spans_.clear();
    size_t at = legal + 9, from = at;
    int depth = 1;
    for (; at < text.size() && depth > 0; ++at) {
      const char c = text[at];
      if (c == '[' || c == '{') ++depth;
      if (c == ']' || c == '}') --depth;
      if ((depth == 1 && c == ',') || depth == 0) {
        if (at > from) spans_.emplace_back(from, at - from);
        from = at + 1;
      }
    }
    if (depth != 0) return false;
    if (p.legal.size() < spans_.size()) p.legal.resize(spans_.size());
    for (size_t i = 0; i < spans_.size(); ++i)
      p.legal[i].assign(text.substr(spans_[i].first, spans_[i].second));
    p.n_legal = spans_.size();
    p.my_turn = true;
    p.view_v = version;
    return true;
  }

  // A message read whole: `events` when its events were not counted yet.
  void on_parsed(Player& p, const json& m, bool events) {
    const std::string t = m.value("t", "");
    if (t == "table.view") {
      const json& view = m["d"]["view"];
      p.legal.clear();
      for (const json& a : view["legal"]) p.legal.push_back(a.dump());
      p.n_legal = p.legal.size();
      p.my_turn = !view.value("game_over", false) && view["to_act"].is_number() &&
                  view["to_act"].get<int>() == p.seat;
      p.view_v = m["d"]["v"].get<std::int64_t>();
      maybe_act(p);
    } else if (t == "table.event" && events) {
      const json& ev = m["d"]["event"];
      const std::string type = ev.value("type", "");
      if (type == "action")
        on_action_event(p);
      else if (type == "result")
        on_result(p);
    } else if (t == "error") {
      error("error from the server: " + m.dump());
    }
  }

  asio::awaitable<bool> join(Player& p) {
    p.c = std::make_shared<Client>(ioc);
    p.timer = std::make_unique<asio::steady_timer>(ioc);
    p.c->on_message = [this, &p](const json& m, std::size_t n) {
      if (n) ++stats.messages;
      stats.bytes += n;
      on_parsed(p, m, true);
    };
    p.c->on_text = [this, &p](std::string_view text, std::size_t n) { on_text(p, text, n); };
    p.c->on_close = [this](const std::string& why) {
      if (acting) error("connection lost: " + why);
    };
    if (!co_await p.c->connect(ep)) co_return false;
    // Named locals, not temporaries, inside co_await (GCC 12).
    const std::string hello = "hello", guest = "guest";
    json version = {{"version", 1}}, none = json::object();
    json w = co_await p.c->request(hello, std::move(version));
    if (w.value("t", "") != "welcome") co_return false;
    json g = co_await p.c->request(guest, std::move(none));
    co_return g.value("t", "") == "ack";
  }

  asio::awaitable<void> setup_table(size_t i) {
    Table& t = *tables[i];
    Player* ps[4];
    for (int s = 0; s < 4; ++s) {
      ps[s] = players[i * 4 + static_cast<size_t>(s)].get();
      ps[s]->table = &t;
      ps[s]->seat = s;
      if (!co_await join(*ps[s])) {
        ++failed_setup;
        error("a player could not connect and log in");
        co_return;
      }
    }
    const std::string create = "table.create", sit = "table.sit";
    // Open to everyone: the four players are no friends of one another.
    json setup = {{"variant", "classic"}, {"settings", {{"friends_only", false}}}};
    json a = co_await ps[0]->c->request(create, std::move(setup));
    if (a.value("t", "") != "ack") {
      ++failed_setup;
      error("table.create: " + a.dump());
      co_return;
    }
    t.id = a["d"]["table"]["table"].get<std::int64_t>();
    for (int s = 1; s < 4; ++s) {
      json where = {{"table", t.id}, {"seat", s}};
      json r = co_await ps[s]->c->request(sit, std::move(where));
      if (r.value("t", "") != "ack") {
        ++failed_setup;
        error("table.sit: " + r.dump());
        co_return;
      }
    }
    ++set_up;
  }

  asio::awaitable<void> setup_worker(size_t* next) {
    while (*next < tables.size()) {
      const size_t i = (*next)++;
      co_await setup_table(i);
    }
  }

  // A timer every 5 ms, noting how late it fires.
  void probe_lag() {
    probe_at = Clock::now() + std::chrono::milliseconds(5);
    probe.expires_at(probe_at);
    probe.async_wait([this](boost::system::error_code ec) {
      if (ec) return;
      stats.lag.add(std::chrono::duration<double, std::micro>(Clock::now() - probe_at).count());
      probe_lag();
    });
  }
  asio::steady_timer probe{ioc};
  Clock::time_point probe_at{};

  void run_for(double seconds) { run_for_seconds(ioc, seconds); }
};

int spawn(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ) != 0) return 0;
  return pid;
}

int free_port() {
  asio::io_context ioc;
  tcp::acceptor a(ioc, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  return a.local_endpoint().port();
}

bool wait_listening(const tcp::endpoint& ep, double seconds) {
  const auto until = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                        std::chrono::duration<double>(seconds));
  while (Clock::now() < until) {
    asio::io_context ioc;
    tcp::socket s(ioc);
    boost::system::error_code ec;
    s.connect(ep, ec);
    if (!ec) return true;
    ::usleep(50000);
  }
  return false;
}

void stop(int pid) {
  if (pid <= 0) return;
  ::kill(pid, SIGTERM);
  int status = 0;
  for (int i = 0; i < 300; ++i) {
    if (::waitpid(pid, &status, WNOHANG) == pid) return;
    ::usleep(50000);
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, &status, 0);
}

void print_latency(const Histogram& h) {
  std::printf("  p50 %s   p99 %s   p99.9 %s   max %s   (n=%llu)\n",
              Histogram::format_us(h.percentile(0.50)).c_str(),
              Histogram::format_us(h.percentile(0.99)).c_str(),
              Histogram::format_us(h.percentile(0.999)).c_str(),
              Histogram::format_us(h.max()).c_str(), static_cast<unsigned long long>(h.count()));
}

int usage() {
  std::fputs(
      "usage: whist-load (--whistd PATH | --port N [--server-pid PID]) [--players N]\n"
      "                  [--pace SECONDS] [--duration SECONDS] [--full-speed SECONDS]\n"
      "                  [--echo SECONDS] [--slices N] [--threads N]\n"
      "       whist-load --echo-server PORT THREADS\n",
      stderr);
  return 2;
}

// Reads the flags into `o`: nullopt to go on, else the exit status (2 for
// bad arguments; --echo-server runs the echo server and gives its status).
std::optional<int> parse_options(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--echo-server" && i + 2 < argc)
      return run_echo_server(static_cast<unsigned short>(std::atoi(argv[i + 1])),
                             std::atoi(argv[i + 2]));
    if (i + 1 >= argc) return usage();
    const char* v = argv[++i];
    if (a == "--whistd")
      o.whistd = v;
    else if (a == "--port")
      o.port = std::atoi(v);
    else if (a == "--server-pid")
      o.server_pid = std::atoi(v);
    else if (a == "--players")
      o.players = std::atoi(v);
    else if (a == "--pace")
      o.pace = std::atof(v);
    else if (a == "--duration")
      o.duration = std::atof(v);
    else if (a == "--full-speed")
      o.full_speed = std::atof(v);
    else if (a == "--echo")
      o.echo = std::atof(v);
    else if (a == "--slices")
      o.slices = std::atoi(v);
    else if (a == "--threads")
      o.threads = std::atoi(v);
    else
      return usage();
  }
  if (o.players < 4 || o.players % 4 || (o.whistd.empty() && o.port <= 0) || o.slices < 1)
    return usage();
  return std::nullopt;
}

// Two descriptors per player in this process and in the server.
void raise_descriptor_limit() {
  rlimit lim{};
  if (::getrlimit(RLIMIT_NOFILE, &lim) == 0) {
    lim.rlim_cur = lim.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &lim);
  }
}

// The latency of the paced actions the machine itself did not hold up.
void print_stalls(const StallProbe& probe, const Stats& paced, Clock::time_point from) {
  const auto stalls = probe.stalls(from, Clock::now());
  Histogram clean;
  std::uint64_t stalled = 0;
  double stalled_ms = 0;
  for (const auto& s : stalls)
    stalled_ms += std::chrono::duration<double, std::milli>(s.second - s.first).count();
  for (const auto& [a, b] : paced.spans) {
    if (StallProbe::overlaps(stalls, a, b))
      ++stalled;
    else
      clean.add(std::chrono::duration<double, std::micro>(b - a).count());
  }
  std::printf(
      "machine stalls       %zu stretches of more than 2 ms when a %s thread could not run "
      "(%.0f ms in all); %llu actions overlapped one\n",
      stalls.size(), probe.realtime() ? "real-time" : "(not real-time)", stalled_ms,
      static_cast<unsigned long long>(stalled));
  std::printf("latency of the other actions:\n");
  print_latency(clean);
}

// CPU seconds used over a phase: the server's, this program's, and what
// the hypervisor stole.
struct CpuTimes {
  double server = 0, own = 0, steal = 0;
  static CpuTimes now(int pid) {
    return {pid ? cpu_seconds(pid) : 0, own_cpu_seconds(), steal_seconds()};
  }
};

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
  long long rss0 = 0, rss1 = 0;
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
