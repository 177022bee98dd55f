// whist-load's players: a Run holds the tables and the connections of one
// run, sets them up (log in as a guest, four to a table), reads what the
// server sends (a cheap scan for the steady stream, JSON when needed) and
// acts on its views, paced or at full speed, counting actions, messages,
// latency and errors in its Stats.
#pragma once

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/steady_timer.hpp>

#include <emmintrin.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <deque>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tests/load/client.hpp"
#include "tests/load/histogram.hpp"
#include "tests/load/options.hpp"

namespace whist::load {

using Clock = std::chrono::steady_clock;

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

}  // namespace whist::load
