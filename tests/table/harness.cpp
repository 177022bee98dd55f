#include "tests/table/harness.hpp"

#include <algorithm>
#include <catch2/catch.hpp>

#include "event/boards.hpp"
#include "protocol/messages.hpp"
#include "protocol/record_json.hpp"
#include "protocol/table_json.hpp"

namespace whist::table::testing {

json classic(json settings) {
  return json{{"variant", "classic"},
              {"players", 4},
              {"options", {{"play_to", 1}}},
              {"settings", std::move(settings)}};
}

TableSetup setup_of(json d) {
  if (d.empty()) d = classic(json{{"friends_only", false}});
  auto s = protocol::parse_table_setup(d);
  if (const auto* why = std::get_if<std::string>(&s)) FAIL("setup refused: " << *why);
  return std::get<TableSetup>(s);
}

std::function<std::uint64_t()> counting_seeds(std::uint64_t first) {
  auto next = std::make_shared<std::uint64_t>(first);
  return [next] { return (*next)++; };
}

std::string code(const json& reply) {
  if (reply.is_null()) return "none";
  if (reply["t"] == "ack") return "ack";
  return reply["d"]["code"].get<std::string>();
}

std::map<int, Conn> seat_four(Harness& h) {
  std::map<int, Conn> at;
  for (const char* name : {"alice", "bob", "carol", "dave"}) {
    const Conn c = h.connect(name);
    at[h.sit(c)] = c;
  }
  return at;
}

namespace {

CoreConfig with_seeds(CoreConfig c) {
  if (!c.seeds) c.seeds = counting_seeds();
  return c;
}

}  // namespace

Harness::Harness(TableSetup setup, CoreConfig config, std::string creator)
    : config_(with_seeds(std::move(config))),
      core_(std::make_unique<TableCore>(7, std::move(setup), std::move(creator), config_)),
      rules_(core_->setup().rules) {
  core_->created(now_);
  settle();
}

Harness::Harness(const Snapshot& snap, CoreConfig config, Now now)
    : config_(with_seeds(std::move(config))),
      core_(TableCore::restore(snap, config_, now)),
      now_(now),
      rules_(snap.row.setup.rules) {
  if (snap.game) next_game_id = snap.game->id + 1;
  if (snap.game) {
    const auto& g = *snap.game;
    game_.emplace(stored_game(g.dealer, g.seed));
    for (const Action& a : g.actions) game_->apply(a);
    game_number_ = 1;
    game_id_ = g.id;
    seed_ = g.seed;
    dealer_ = g.dealer;
    game_state_ = g.state;
    actions_ = g.actions;
    requests_ = g.requests;
    deals_ = g.deals;
  }
}

void Harness::resume() {
  core_->resumed(now_);
  settle();
}

std::unique_ptr<Harness> Harness::restart(std::int64_t after_ms) const {
  const Now later{now_.mono_ms + after_ms, now_.unix_ms + after_ms};
  auto h = std::make_unique<Harness>(snapshot(), config_, later);
  h->people_ = people_;
  h->next_user_ = next_user_;
  h->next_conn_ = next_conn_;
  h->next_id_ = next_id_;
  h->balances = balances;
  h->friends = friends;
  h->resume();
  return h;
}

Person Harness::person(const std::string& name, bool guest) {
  auto it = people_.find(name);
  if (it == people_.end()) it = people_.emplace(name, Person{next_user_++, name, guest}).first;
  return it->second;
}

Conn Harness::connect(const std::string& name) {
  const Conn c = next_conn_++;
  conn_person_[c] = person(name);
  return c;
}

json Harness::send(Conn c, const std::string& type, json d, std::string id) {
  if (id.empty()) id = std::string("r").append(std::to_string(next_id_++));
  last_id_ = id;
  return send_raw_id(c, type, std::move(d), json(id).dump());
}

json Harness::send_raw_id(Conn c, const std::string& type, json d, const std::string& id_text) {
  d["table"] = table();
  const std::string text =
      R"({"t":)" + json(type).dump() + R"(,"id":)" + id_text + R"(,"d":)" + d.dump() + "}";
  auto parsed = protocol::parse_request(text);
  if (const auto* e = std::get_if<protocol::ParseError>(&parsed))
    FAIL("request not read: " << text << ": " << e->detail);
  const auto& req = std::get<protocol::Request>(parsed);
  const size_t before = inbox_[c].size();
  core_->request(c, conn_person_.at(c), req.id, req.message, now_);
  settle();
  const auto& box = inbox_[c];
  for (size_t i = before; i < box.size(); ++i)
    if (box[i].contains("id") && box[i]["id"].dump() == id_text) return box[i];
  return nullptr;
}

int Harness::sit(Conn c, int seat) {
  const json r = send(c, "table.sit", seat >= 0 ? json{{"seat", seat}} : json::object());
  INFO(r.dump());
  REQUIRE(r.value("t", "") == "ack");
  return r["d"]["seat"].get<int>();
}

void Harness::disconnect(Conn c) {
  core_->disconnected(c, conn_person_.at(c).id, now_);
  settle();
}

void Harness::left_view(Conn c) {
  core_->left_view(c, conn_person_.at(c).id, now_);
  settle();
}

void Harness::came_back(Conn c) {
  core_->came_back(c, conn_person_.at(c).id, now_);
  settle();
}

void Harness::open_event(const std::vector<EventSeat>& seats) {
  core_->open_event(seats, now_);
  settle();
}

int Harness::close(const std::string& reason) {
  const int told = core_->close_by_operator(reason, now_);
  settle();
  return told;
}

void Harness::advance(std::int64_t ms) {
  const std::int64_t target = now_.mono_ms + ms;
  for (int fired = 0;; ++fired) {
    // A clock that is set again for a time gone by, over and over, would
    // never let the time move on.
    if (fired > 10000) FAIL("the clocks keep firing at " << now_.mono_ms);
    std::optional<Clock> next;
    for (const auto& [which, order] : timers_)
      if (order.at_mono_ms && *order.at_mono_ms <= target &&
          (!next || *order.at_mono_ms < *timers_[*next].at_mono_ms))
        next = which;
    if (!next) break;
    const TimerOrder order = timers_[*next];
    timers_.erase(*next);
    const std::int64_t at = std::max(*order.at_mono_ms, now_.mono_ms);
    now_.unix_ms += at - now_.mono_ms;
    now_.mono_ms = at;
    core_->clock(order.clock, order.generation, now_);
    settle();
  }
  now_.unix_ms += target - now_.mono_ms;
  now_.mono_ms = target;
}

std::optional<std::int64_t> Harness::due(Clock which) const {
  const auto it = timers_.find(which);
  if (it == timers_.end()) return std::nullopt;
  return it->second.at_mono_ms;
}

std::optional<std::int64_t> Harness::due_in(Clock which) const {
  const auto at = due(which);
  if (!at) return std::nullopt;
  return *at - now_.mono_ms;
}

void Harness::answer_reads() {
  auto reads = std::move(held_reads_);
  held_reads_.clear();
  for (const auto& r : reads) run_read(r);
  settle();
}

void Harness::answer(const ThinkOrder& o, std::optional<Action> a, double elapsed_ms) {
  core_->thought(o.about, a, elapsed_ms, now_);
  settle();
}

void Harness::settle() {
  take();
  while (!pending_.empty()) {
    auto next = std::move(pending_.front());
    pending_.erase(pending_.begin());
    next();
    take();
  }
}

void Harness::take() {
  Effects& fx = core_->effects();
  for (const StoreJob& job : fx.store) {
    jobs.push_back(job);
    mirror(job);
  }
  for (const Message& m : fx.messages) {
    const json j = json::parse(m.text ? *m.text : m.own);
    if (m.to) inbox_[m.to].push_back(j);
    for (const std::int64_t u : m.users) pushes_[u].push_back(j);
  }
  for (const TimerOrder& t : fx.timers) timers_[t.clock] = t;
  // Claims: the real solver judges them, as the shell's thinking threads do.
  for (const JudgeOrder& o : fx.judge) {
    const bool holds = ai::Solver().best_tricks(o.position) >= o.tricks;
    ++judged;
    pending_.push_back([this, o, holds] { core_->claim_judged(o.game, o.turn, holds, now_); });
  }
  for (const ThinkOrder& o : fx.think) {
    switch (think) {
      case Think::kLegal:
        REQUIRE(!o.seen.legal.empty());
        pending_.push_back([this, about = o.about, a = o.seen.legal.front()] {
          core_->thought(about, a, 0, now_);
        });
        break;
      case Think::kSaturated:
        pending_.push_back(
            [this, about = o.about] { core_->thought(about, std::nullopt, 0, now_); });
        break;
      case Think::kHold: held.push_back(o); break;
    }
  }
  if (fx.lobby) {
    lobby = fx.lobby;
    audience = fx.audience;
  }
  joined.insert(joined.end(), fx.joined.begin(), fx.joined.end());
  closed = closed || fx.closed;
  if (fx.clear_forming) forming = false;
  if (fx.set_forming) forming = true;
  if (fx.forming_rating) forming_rating = fx.forming_rating;
  playing += fx.playing;
  finished += fx.finished;
  errors += fx.errors;
  logs.insert(logs.end(), fx.logs.begin(), fx.logs.end());
  boards.insert(boards.end(), fx.boards.begin(), fx.boards.end());
  fx.clear();
}

void Harness::mirror(const StoreJob& job) {
  if (const auto* j = std::get_if<store::CreateGame>(&job)) {
    begin_game(j->row, j->game.number);
    game_id_ = next_game_id++;
    pending_.push_back([this, n = j->game.number, id = game_id_] { core_->game_stored(n, id); });
  } else if (const auto* j = std::get_if<store::AppendProgress>(&job)) {
    REQUIRE(game_);
    CHECK((j->game.id == 0 || j->game.id == game_id_));
    CHECK(j->game.number == game_number_);
    CHECK(j->first_action == actions_.size());
    CHECK(j->first_deal == deals_);
    deals_ = j->first_deal + j->deals.size();
    CHECK(j->variant == rules_.variant);
    for (size_t i = 0; i < j->actions.size(); ++i) {
      INFO("stored action " << protocol::action_text(j->actions[i], rules_.variant));
      REQUIRE(game_->apply(j->actions[i]).ok());
      actions_.push_back(j->actions[i]);
      requests_.push_back(i + 1 == j->actions.size() ? j->request : "");
    }
  } else if (const auto* fin = std::get_if<store::FinishGame>(&job)) {
    REQUIRE(game_);
    CHECK(game_->is_over());
    game_state_ = storage::GameState::kFinished;
    // A rated game: each person at a seat wins or loses 100 points from
    // 1500, as storage's answer (game_rated) after the commit.
    if (fin->rated) {
      protocol::event::Rated rated{game_id_, fin->results.variant, {}};
      for (const storage::SeatResult& s : fin->results.seats)
        if (s.account > 0)
          rated.seats.push_back({s.seat, s.won ? 1600 : 1400, s.won ? 100 : -100, true});
      pending_.push_back([this, rated] { core_->game_rated(rated, now_); });
    }
  } else if (std::holds_alternative<store::ChargeBuyIns>(job) ||
             std::holds_alternative<store::ReadBalance>(job) ||
             std::holds_alternative<store::ReadFriends>(job) ||
             std::holds_alternative<store::FindAccounts>(job) ||
             std::holds_alternative<store::ReadRating>(job)) {
    if (hold_reads)
      held_reads_.push_back(job);
    else
      pending_.push_back([this, job] { run_read(job); });
  }
}

void Harness::begin_game(const store::NewGame& row, std::uint64_t number) {
  seed_ = row.seed;
  dealer_ = row.dealer;
  game_.emplace(stored_game(dealer_, seed_));
  game_number_ = number;
  game_state_ = storage::GameState::kPlaying;
  actions_.clear();
  requests_.clear();
  deals_ = 1;
}

Game Harness::stored_game(int dealer, std::uint64_t seed) const {
  const auto& ev = core_->setup().event;
  if (!ev) return Game::seeded(rules_, dealer, seed);
  return Game::preset(rules_, dealer,
                      event::board_deals(rules_, ev->seed, ev->first_board, rules_.options.boards));
}

void Harness::run_read(const StoreJob& job) {
  if (const auto* j = std::get_if<store::ChargeBuyIns>(&job)) {
    if (charge == Charge::kPay) {
      begin_game(j->row, j->game.number);
      game_id_ = next_game_id++;
      core_->buy_ins_charged(*j, game_id_, {}, false, now_);
    } else {
      const bool fail = charge == Charge::kFail;
      core_->buy_ins_charged(*j, 0, fail ? std::vector<int>{} : short_seats, fail, now_);
    }
  } else if (const auto* j = std::get_if<store::ReadBalance>(&job)) {
    const auto it = balances.find(j->who.id);
    core_->balance_read(*j, it == balances.end() ? 1000 : it->second, now_);
  } else if (const auto* j = std::get_if<store::ReadFriends>(&job)) {
    core_->friends_read(j->user, friends[j->user], blocked[j->user], now_);
  } else if (const auto* j = std::get_if<store::ReadRating>(&job)) {
    const auto it = ratings.find(j->user);
    core_->rating_read(
        j->user,
        it == ratings.end() ? std::nullopt : std::optional<protocol::ShownRating>(it->second),
        now_);
  } else if (const auto* j = std::get_if<store::FindAccounts>(&job)) {
    std::vector<std::pair<std::string, std::int64_t>> found;
    std::vector<std::string> unknown;
    for (const auto& name : j->names) {
      const auto it = people_.find(name);
      const auto& theirs =
          it == people_.end() ? std::vector<std::int64_t>{} : blocked[it->second.id];
      if (it != people_.end() && std::find(theirs.begin(), theirs.end(), j->by) == theirs.end())
        found.emplace_back(name, it->second.id);
      else
        unknown.push_back(name);
    }
    core_->accounts_found(*j, found, unknown, now_);
  }
}

Snapshot Harness::snapshot() const {
  Snapshot s;
  s.id = core_->id();
  for (auto it = jobs.rbegin(); it != jobs.rend(); ++it)
    if (const auto* t = std::get_if<store::SaveTable>(&*it)) {
      s.row = t->row;
      s.state = t->state;
      break;
    }
  if (game_) {
    s.game = Snapshot::Game{game_id_, game_state_, seed_, dealer_, actions_, requests_, deals_};
  }
  return s;
}

std::vector<json> Harness::replies(Conn c, const std::string& id) {
  std::vector<json> out;
  for (const json& m : inbox_[c])
    if (m.contains("id") && m["id"] == id) out.push_back(m);
  return out;
}

std::vector<json> Harness::events(Conn c, const std::string& type) {
  std::vector<json> out;
  for (const json& m : inbox_[c])
    if (m["t"] == "table.event" && m["d"]["event"]["type"] == type) {
      json e = m["d"]["event"];
      e["v"] = m["d"]["v"];
      out.push_back(e);
    }
  return out;
}

std::vector<json> Harness::views(Conn c) {
  std::vector<json> out;
  for (const json& m : inbox_[c])
    if (m["t"] == "table.view") out.push_back(m["d"]);
  return out;
}

json Harness::last_view(Conn c) {
  const auto v = views(c);
  return v.empty() ? json(nullptr) : v.back();
}

std::vector<json> Harness::pushes(std::int64_t user) const {
  const auto it = pushes_.find(user);
  return it == pushes_.end() ? std::vector<json>{} : it->second;
}

json Harness::legal_json() const {
  REQUIRE(game_);
  REQUIRE(!game_->is_over());
  return protocol::action_json(game_->legal_actions().front(), rules_.variant);
}

int Harness::play(const std::map<int, Conn>& at, int max_actions) {
  int n = 0;
  while (game_ && !game_->is_over() && n < max_actions) {
    const auto it = at.find(game_->current_seat());
    if (it == at.end()) break;
    const json r = send(it->second, "table.act", {{"action", legal_json()}});
    INFO(r.dump());
    REQUIRE(r.value("t", "") == "ack");
    ++n;
  }
  return n;
}

}  // namespace whist::table::testing
