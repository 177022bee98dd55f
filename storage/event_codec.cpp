// The stored event (see event_codec.hpp): written and read with
// nlohmann/json, strictly.
#include "storage/event_codec.hpp"

#include <set>

#include "storage/json_codec.hpp"

namespace whist::storage {

namespace {

using namespace codec;
using namespace whist::event;

constexpr std::int64_t kBig = std::int64_t{1} << 50;

// One object of the document, read strictly (json_codec.hpp): `what`
// names it in messages.
class Reader {
 public:
  Reader(const json& j, std::string what, const std::set<std::string>& known)
      : j_(object(j, what, known)), what_(std::move(what)) {}
  const json& at(const char* key) const { return codec::at(j_, key, what_); }
  std::int64_t integer(const char* key, std::int64_t lo = -kBig, std::int64_t hi = kBig) const {
    return codec::integer(j_, key, what_, lo, hi);
  }
  int small(const char* key, int lo = 0, int hi = 1'000'000) const {
    return static_cast<int>(integer(key, lo, hi));
  }
  double number(const char* key) const { return codec::number(j_, key, what_); }
  bool boolean(const char* key) const { return codec::boolean(j_, key, what_); }
  std::string text(const char* key) const { return codec::text(j_, key, what_); }
  const json& list(const char* key) const { return codec::list(j_, key, what_); }
  std::vector<int> ints(const char* key) const {
    std::vector<int> out;
    for (const json& v : list(key)) {
      if (!v.is_number_integer()) bad(what_ + "'s " + key + " holds a value that is not whole");
      out.push_back(v.get<int>());
    }
    return out;
  }
  const std::string& what() const { return what_; }
  const json& self() const { return j_; }

 private:
  const json& j_;
  std::string what_;
};

json player_json(const Player& p) { return {{"account", p.account}, {"name", p.name}}; }

json players_json(const std::vector<Player>& ps) {
  json out = json::array();
  for (const Player& p : ps) out.push_back(player_json(p));
  return out;
}

Player read_player(const json& j, const std::string& what) {
  Reader r(j, what, {"account", "name"});
  return {r.integer("account", 0), r.text("name")};
}

template <size_t N>
std::array<Player, N> read_players(const json& list, const std::string& what) {
  if (!list.is_array() || list.size() != N) bad(what + " is not a list of " + std::to_string(N));
  std::array<Player, N> out;
  for (size_t i = 0; i < N; ++i) out[i] = read_player(list[i], what);
  return out;
}

std::array<int, 4> four(const std::vector<int>& v, const std::string& what) {
  if (v.size() != 4) bad(what + " is not a list of 4");
  return {v[0], v[1], v[2], v[3]};
}

// The variant is written when it is not classic (events stored before bid
// whist boards have none, and are classic).
json rules_json(const Rules& r) {
  json j = {{"options", options_json(r)}};
  if (r.variant != Variant::kClassic) j["variant"] = variant_name(r.variant);
  return j;
}

const char* scoring_name(ScoringMethod m) {
  return m == ScoringMethod::kTotal ? "total" : "matchpoints";
}

// The boards' rules by their variant and options, checked by the engine.
Rules read_rules(const json& j) {
  Reader rules(j, "rules", {"options", "variant"});
  Rules out;
  if (rules.self().contains("variant")) {
    const std::string name = rules.text("variant");
    const auto v = parse_variant(name);
    if (!v || (*v != Variant::kClassic && *v != Variant::kBid))
      bad("rules: boards are not played in '" + name + "'");
    out.variant = *v;
  }
  read_options(rules.at("options"), out);
  if (auto err = finalize(out)) bad(*err);
  return out;
}

ScoringMethod read_scoring(const Reader& r) {
  const std::string scoring = r.text("scoring");
  if (scoring != "matchpoints" && scoring != "total") bad("unknown scoring '" + scoring + "'");
  return scoring == "total" ? ScoringMethod::kTotal : ScoringMethod::kMatchpoints;
}

std::uint64_t read_seed(const Reader& r) { return codec::seed(r.self(), "seed", r.what()); }

// How a table played a board: each side's tricks, and bid whist's contract
// with the trump its declarer named (a suit's index, 4 for no trump).
json play_json(const BoardPlay& p) {
  json j = {{"tricks", p.tricks}, {"contract", nullptr}};
  if (p.contract.declarer >= 0)
    j["contract"] = {{"declarer", p.contract.declarer},
                     {"level", p.contract.level},
                     {"mode", bid_mode_name(p.contract.mode)},
                     {"trump", p.trump}};
  return j;
}

BoardPlay read_play(const json& j) {
  Reader r(j, "a result's play", {"tricks", "contract"});
  BoardPlay p;
  const std::vector<int> tricks = r.ints("tricks");
  if (tricks.size() != 2) bad("a result's play's tricks is not a list of 2");
  p.tricks = {tricks[0], tricks[1]};
  if (!r.at("contract").is_null()) {
    Reader c(r.at("contract"), "a result's contract", {"declarer", "level", "mode", "trump"});
    p.contract.declarer = static_cast<std::int8_t>(c.small("declarer", 0, 3));
    p.contract.level = static_cast<std::int8_t>(c.small("level", 1, 7));
    const std::string mode = c.text("mode");
    const auto m = parse_bid_mode(mode);
    if (!m) bad("unknown bid mode '" + mode + "'");
    p.contract.mode = *m;
    p.trump = c.small("trump", 0, 4);
  }
  return p;
}

json settings_json(const EventSettings& s) {
  return {{"name", s.name},
          {"kind", kind_name(s.kind)},
          {"rules", rules_json(s.rules)},
          {"scoring", scoring_name(s.scoring)},
          {"rounds", s.rounds ? json(*s.rounds) : json(nullptr)},
          {"boards_per_round", s.boards_per_round},
          {"round_seconds", s.round_seconds},
          {"start_unix", s.start_unix},
          {"fee", s.fee},
          {"house_percent", s.house_percent},
          {"seed", std::to_string(s.seed)},
          {"entry", entry_name(s.entry)},
          {"invited", players_json(s.invited)}};
}

EventSettings read_settings(const json& j) {
  Reader r(j, "settings",
           {"name", "kind", "rules", "scoring", "rounds", "boards_per_round", "round_seconds",
            "start_unix", "fee", "house_percent", "seed", "entry", "invited"});
  EventSettings s;
  s.name = r.text("name");
  const auto kind = kind_from_name(r.text("kind"));
  if (!kind) bad("unknown event kind '" + r.text("kind") + "'");
  s.kind = *kind;
  s.rules = read_rules(r.at("rules"));
  s.scoring = read_scoring(r);
  if (!r.at("rounds").is_null()) s.rounds = r.small("rounds", 1, 1000);
  s.boards_per_round = r.small("boards_per_round", kMinBoardsPerRound, kMaxBoardsPerRound);
  s.round_seconds = r.small("round_seconds", 1, 7 * 24 * 3600);
  s.start_unix = r.integer("start_unix", 0);
  s.fee = r.small("fee", 0, 1'000'000);
  s.house_percent = r.small("house_percent", 0, 100);
  s.seed = read_seed(r);
  // (Events stored before entries could be limited have neither key: open.)
  if (r.self().contains("entry")) {
    const auto entry = entry_from_name(r.text("entry"));
    if (!entry) bad("unknown entry rule '" + r.text("entry") + "'");
    s.entry = *entry;
  }
  if (r.self().contains("invited"))
    for (const json& p : r.list("invited"))
      s.invited.push_back(read_player(p, "an invited player"));
  return s;
}

// A table of the round, as stored.
EventTable read_table(const json& x) {
  Reader tr(x, "a table", {"round", "table", "seats", "ns", "ew", "players", "boards", "done"});
  EventTable t;
  t.round = tr.small("round", 1, 1000);
  t.table = tr.small("table", 1, 1000);
  t.seats = read_players<4>(tr.at("seats"), "a table's seats");
  t.ns = tr.small("ns", 0, 1000);
  t.ew = tr.small("ew", 0, 1000);
  t.players = four(tr.ints("players"), "a table's players");
  t.boards = tr.ints("boards");
  for (int b : tr.ints("done")) t.done.insert(b);
  return t;
}

// A board's result at a table, as stored.
BoardResult read_result(const json& x) {
  Reader rr(x, "a result",
            {"board", "round", "table", "ns", "ew", "players", "ns_score", "ew_score", "adjusted",
             "play"});
  BoardResult b;
  b.board = rr.small("board", 1, 100'000);
  b.round = rr.small("round", 1, 1000);
  b.table = rr.small("table", 1, 1000);
  b.ns = rr.small("ns", 0, 1000);
  b.ew = rr.small("ew", 0, 1000);
  b.players = four(rr.ints("players"), "a result's players");
  b.ns_score = rr.number("ns_score");
  b.ew_score = rr.number("ew_score");
  if (!rr.at("adjusted").is_null()) b.adjusted_ns_percent = rr.small("adjusted", 40, 60);
  // (Results stored before their play was kept have none.)
  if (rr.self().contains("play") && !rr.at("play").is_null()) b.play = read_play(rr.at("play"));
  return b;
}

EventData read_event(std::string_view text) {
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) bad("not JSON");
  Reader r(j, "event",
           {"id", "settings", "director", "state", "paused", "paused_left", "round", "round_ends",
            "entries", "field", "planned_rounds", "pairs", "drive_players", "tables", "results",
            "paid", "chip_batches", "table_ids"});
  EventData e;
  e.id = r.integer("id", 0);
  e.settings = read_settings(r.at("settings"));
  e.director = read_player(r.at("director"), "director");
  const auto state = state_from_name(r.text("state"));
  if (!state) bad("unknown state '" + r.text("state") + "'");
  e.state = *state;
  e.paused = r.boolean("paused");
  e.paused_left = r.integer("paused_left", 0);
  e.round = r.small("round", 0, 1000);
  e.round_ends = r.integer("round_ends", 0);
  for (const json& x : r.list("entries")) {
    Reader er(x, "an entry", {"player", "partner", "asked"});
    Entry entry;
    entry.player = read_player(er.at("player"), "an entry's player");
    if (!er.at("partner").is_null()) entry.partner = read_player(er.at("partner"), "a partner");
    entry.asked = er.integer("asked", 0);
    e.entries.push_back(entry);
  }
  e.field = r.small("field", 0, 1000);
  e.planned_rounds = r.small("planned_rounds", 0, 1000);
  for (const json& x : r.list("pairs")) {
    Reader pr(x, "a pair", {"direction", "pair", "players"});
    const std::pair<int, int> key{pr.small("direction", 0, 1), pr.small("pair", 1, 1000)};
    if (!e.pairs.emplace(key, read_players<2>(pr.at("players"), "a pair's players")).second) {
      bad("a pair is listed twice");
    }
  }
  for (const json& x : r.list("drive_players")) {
    Reader dr(x, "a drive player", {"number", "player"});
    if (!e.drive_players
             .emplace(dr.small("number", 1, 1000), read_player(dr.at("player"), "a drive player"))
             .second) {
      bad("a drive player is listed twice");
    }
  }
  for (const json& x : r.list("tables")) e.tables.push_back(read_table(x));
  for (const json& x : r.list("results")) e.results.push_back(read_result(x));
  for (const json& x : r.list("paid")) {
    Reader pr(x, "a fee paid", {"account", "chips"});
    e.paid[pr.integer("account", 1)] = pr.integer("chips", 0);
  }
  e.chip_batches = r.integer("chip_batches", 0);
  // (Events stored before the tables' ids were kept have none.)
  if (r.self().contains("table_ids")) {
    for (const json& x : r.list("table_ids")) {
      Reader tr(x, "a table's id", {"round", "table", "id"});
      e.table_ids[{tr.small("round", 1, 1000), tr.small("table", 1, 1000)}] = tr.integer("id", 1);
    }
  }
  return e;
}

DailyData read_daily(std::string_view text) {
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) bad("not JSON");
  Reader outer(j, "the document", {"daily"});
  Reader r(outer.at("daily"), "daily", {"id", "settings", "entrants"});
  DailyData d;
  d.id = r.integer("id", 0);
  Reader s(r.at("settings"), "settings",
           {"name", "rules", "scoring", "boards", "opens", "closes", "seed"});
  d.settings.name = s.text("name");
  d.settings.rules = read_rules(s.at("rules"));
  d.settings.scoring = read_scoring(s);
  d.settings.boards = s.small("boards", 1, 16);
  d.settings.opens = s.integer("opens", 0);
  d.settings.closes = s.integer("closes", 0);
  d.settings.seed = read_seed(s);
  for (const json& x : r.list("entrants")) {
    Reader er(x, "an entrant", {"number", "account", "name", "entered_at", "played"});
    DailyEntrant e;
    e.number = er.small("number", 1, 10'000'000);
    e.account = er.integer("account", 1);
    e.name = er.text("name");
    e.entered_at = er.integer("entered_at", 0);
    for (const json& p : er.list("played")) {
      if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number()) {
        bad("an entrant's board is not [ns, ew]");
      }
      e.played.emplace_back(p[0].get<double>(), p[1].get<double>());
    }
    d.entrants.push_back(std::move(e));
  }
  return d;
}

}  // namespace

std::string encode_event(const EventData& e) {
  json entries = json::array();
  for (const Entry& x : e.entries) {
    entries.push_back({{"player", player_json(x.player)},
                       {"partner", x.partner ? player_json(*x.partner) : json(nullptr)},
                       {"asked", x.asked}});
  }
  json pairs = json::array();
  for (const auto& [key, players] : e.pairs) {
    pairs.push_back({{"direction", key.first},
                     {"pair", key.second},
                     {"players", {player_json(players[0]), player_json(players[1])}}});
  }
  json drive = json::array();
  for (const auto& [number, p] : e.drive_players) {
    drive.push_back({{"number", number}, {"player", player_json(p)}});
  }
  json tables = json::array();
  for (const EventTable& t : e.tables) {
    json seats = json::array();
    for (const Player& p : t.seats) seats.push_back(player_json(p));
    tables.push_back({{"round", t.round},
                      {"table", t.table},
                      {"seats", seats},
                      {"ns", t.ns},
                      {"ew", t.ew},
                      {"players", t.players},
                      {"boards", t.boards},
                      {"done", t.done}});
  }
  json results = json::array();
  for (const BoardResult& r : e.results) {
    results.push_back(
        {{"board", r.board},
         {"round", r.round},
         {"table", r.table},
         {"ns", r.ns},
         {"ew", r.ew},
         {"players", r.players},
         {"ns_score", r.ns_score},
         {"ew_score", r.ew_score},
         {"adjusted", r.adjusted_ns_percent ? json(*r.adjusted_ns_percent) : json(nullptr)},
         {"play", r.play ? play_json(*r.play) : json(nullptr)}});
  }
  json paid = json::array();
  for (const auto& [account, chips] : e.paid)
    paid.push_back({{"account", account}, {"chips", chips}});
  json table_ids = json::array();
  for (const auto& [at, id] : e.table_ids)
    table_ids.push_back({{"round", at.first}, {"table", at.second}, {"id", id}});
  const json doc = {{"id", e.id},
                    {"settings", settings_json(e.settings)},
                    {"director", player_json(e.director)},
                    {"state", state_name(e.state)},
                    {"paused", e.paused},
                    {"paused_left", e.paused_left},
                    {"round", e.round},
                    {"round_ends", e.round_ends},
                    {"entries", entries},
                    {"field", e.field},
                    {"planned_rounds", e.planned_rounds},
                    {"pairs", pairs},
                    {"drive_players", drive},
                    {"tables", tables},
                    {"results", results},
                    {"paid", paid},
                    {"chip_batches", e.chip_batches},
                    {"table_ids", table_ids}};
  return doc.dump();
}

std::string encode_daily(const DailyData& d) {
  json entrants = json::array();
  for (const DailyEntrant& e : d.entrants) {
    json played = json::array();
    for (const auto& [ns, ew] : e.played) played.push_back({ns, ew});
    entrants.push_back({{"number", e.number},
                        {"account", e.account},
                        {"name", e.name},
                        {"entered_at", e.entered_at},
                        {"played", played}});
  }
  const DailySettings& s = d.settings;
  const json settings = {{"name", s.name},
                         {"rules", rules_json(s.rules)},
                         {"scoring", scoring_name(s.scoring)},
                         {"boards", s.boards},
                         {"opens", s.opens},
                         {"closes", s.closes},
                         {"seed", std::to_string(s.seed)}};
  return json{{"daily", {{"id", d.id}, {"settings", settings}, {"entrants", entrants}}}}.dump();
}

bool is_daily(std::string_view text) {
  const json j = json::parse(text, nullptr, false);
  return j.is_object() && j.contains("daily");
}

EventData decode_event(std::string_view text) {
  return named("stored event", [&] { return read_event(text); });
}

DailyData decode_daily(std::string_view text) {
  return named("stored event", [&] { return read_daily(text); });
}

}  // namespace whist::storage
