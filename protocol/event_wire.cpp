#include "protocol/event_wire.hpp"

#include <map>
#include <nlohmann/json.hpp>
#include <tuple>

#include "engine/deal.hpp"
#include "engine/options.hpp"
#include "event/boards.hpp"
#include "protocol/event_json.hpp"
#include "protocol/record_json.hpp"

namespace whist::protocol {

using nlohmann::json;

namespace {

json player_json(const whist::event::Player& p) {
  return {{"account", p.computer() ? json(nullptr) : json(p.account)}, {"name", p.name}};
}

const char* scoring_name(whist::event::ScoringMethod s) {
  return s == whist::event::ScoringMethod::kTotal ? "total" : "matchpoints";
}

json drive_json(const std::vector<whist::event::PlayerStanding>& list,
                const std::map<int, whist::event::Player>& players) {
  json out = json::array();
  for (const auto& s : list) {
    const auto it = players.find(s.player);
    out.push_back({{"player", s.player},
                   {"name", it == players.end() ? std::string() : it->second.name},
                   {"score", whist::event::two_decimals(s.score)},
                   {"boards", s.boards},
                   {"rank", s.rank}});
  }
  return out;
}

// How a table played a board on the wire: "tricks" (N/S first) and bid
// whist's "contract" with the trump its declarer named (null at no trump),
// each null where there is none (an adjusted board, classic's contract).
void put_play(json& line, const std::optional<whist::event::BoardPlay>& play) {
  line["tricks"] = play ? json(play->tricks) : json(nullptr);
  json contract = nullptr;
  if (play && play->contract.declarer >= 0) {
    const int trump = play->trump;
    contract = {{"declarer", play->contract.declarer},
                {"level", play->contract.level},
                {"mode", std::string(bid_mode_name(play->contract.mode))},
                {"trump", trump >= 0 && trump < kNoSuit ? json(std::string(1, suit_letter(trump)))
                                                        : json(nullptr)}};
  }
  line["contract"] = std::move(contract);
}

// Each result's play by board and pairs (a board is played once by two pairs).
using Plays = std::map<std::tuple<int, int, int>, std::optional<whist::event::BoardPlay>>;

Plays plays_of(const std::vector<whist::event::BoardResult>& results) {
  Plays out;
  for (const auto& r : results) out[{r.board, r.ns, r.ew}] = r.play;
  return out;
}

json travellers_json(const std::vector<whist::event::Traveller>& list, const Plays& plays) {
  json out = json::array();
  for (const auto& t : list) {
    json lines = json::array();
    for (const auto& l : t.lines) {
      json line = {{"ns", l.result.ns},
                   {"ew", l.result.ew},
                   {"ns_points", whist::event::two_decimals(l.ns_points)},
                   {"ew_points", whist::event::two_decimals(l.ew_points)}};
      if (l.result.adjusted_ns_percent)
        line["adjusted"] = *l.result.adjusted_ns_percent;
      else
        line["ns_score"] = l.result.ns_score, line["ew_score"] = l.result.ew_score;
      const auto p = plays.find({t.board, l.result.ns, l.result.ew});
      put_play(line, p == plays.end() ? std::nullopt : p->second);
      lines.push_back(std::move(line));
    }
    out.push_back(
        {{"board", t.board}, {"top", whist::event::two_decimals(t.top)}, {"lines", lines}});
  }
  return out;
}

// A drive's travellers: each board's tables, by the players at north,
// east, south and west, with each side's points (a drive's score).
json drive_travellers_json(const std::vector<whist::event::BoardResult>& results) {
  std::map<int, json> lines;
  for (const auto& r : results) {
    // (A board not played to its end scores nothing in a drive.)
    json line = {{"players", r.players}, {"played", !r.adjusted_ns_percent}};
    if (!r.adjusted_ns_percent) line["ns_score"] = r.ns_score, line["ew_score"] = r.ew_score;
    put_play(line, r.play);
    lines[r.board].push_back(std::move(line));
  }
  json out = json::array();
  for (auto& [board, ls] : lines) out.push_back({{"board", board}, {"lines", std::move(ls)}});
  return out;
}

}  // namespace

json event_summary_json(const whist::event::EventData& e) {
  const auto& s = e.settings;
  return {{"event", e.id},
          {"name", s.name},
          {"kind", whist::event::kind_name(s.kind)},
          {"variant", variant_name(s.rules.variant)},
          {"state", whist::event::state_name(e.state)},
          {"director", e.director.name},
          {"options", options_json(s.rules)},
          {"scoring", scoring_name(s.scoring)},
          {"rounds", e.planned_rounds ? e.planned_rounds : s.rounds.value_or(0)},
          {"round", e.round},
          {"boards_per_round", s.boards_per_round},
          {"round_seconds", s.round_seconds},
          {"round_ends", e.round_ends ? json(e.round_ends) : json(nullptr)},
          {"paused", e.paused},
          {"start_at", s.start_unix ? json(s.start_unix) : json(nullptr)},
          {"fee", s.fee},
          {"entry", whist::event::entry_name(s.entry)},
          {"entries", e.entries.size()}};
}

json event_view_json(const whist::event::EventCore& core,
                     const std::function<std::int64_t(int table)>& table_id) {
  const whist::event::EventData& e = core.data();
  json j = event_summary_json(e);
  json entries = json::array();
  for (const auto& en : e.entries)
    entries.push_back({{"player", player_json(en.player)},
                       {"partner", en.partner ? player_json(*en.partner) : json(nullptr)},
                       {"single", !en.partner && en.asked == 0}});
  j["entries"] = entries;
  json invited = json::array();
  for (const auto& p : e.settings.invited) invited.push_back(p.name);
  j["invited"] = invited;
  const bool drive = e.settings.kind == whist::event::MovementKind::kDrive;
  if (drive) {
    json players = json::array();
    for (const auto& [n, p] : e.drive_players)
      players.push_back({{"player", n}, {"name", p.name}, {"account", player_json(p)["account"]}});
    j["players"] = players;
  } else {
    json pairs = json::array();
    for (const auto& [key, ps] : e.pairs) {
      const bool mitchell = e.settings.kind == whist::event::MovementKind::kMitchell;
      pairs.push_back({{"pair", key.second},
                       {"direction", mitchell ? json(key.first == 0 ? "ns" : "ew") : json(nullptr)},
                       {"players", {player_json(ps[0]), player_json(ps[1])}}});
    }
    j["pairs"] = pairs;
  }
  json tables = json::array();
  for (const auto& t : e.tables) {
    json seats = json::array();
    for (const auto& p : t.seats) seats.push_back(player_json(p));
    tables.push_back({{"table", t.table},
                      {"table_id", table_id ? json(table_id(t.table)) : json(nullptr)},
                      {"ns", t.ns},
                      {"ew", t.ew},
                      {"players", t.players},
                      {"seats", seats},
                      {"boards", t.boards},
                      {"done", t.done}});
  }
  j["tables"] = tables;
  // While a round is played, what the rounds before it gave.
  const bool over = e.state == whist::event::EventState::kFinished;
  const int before = over ? 0 : e.round;
  if (e.state == whist::event::EventState::kOpen ||
      e.state == whist::event::EventState::kCancelled) {
    j["standings"] = nullptr;
  } else if (drive) {
    j["standings"] = drive_json(core.drive_standings_now(before), e.drive_players);
  } else {
    const auto movement = e.settings.kind == whist::event::MovementKind::kHowell
                              ? whist::event::PairsMovement::kHowell
                              : whist::event::PairsMovement::kMitchell;
    j["standings"] = json::parse(
        standings_json(core.pair_standings(before), movement, e.settings.scoring).dump());
  }
  if (!over)
    j["travellers"] = nullptr;
  else if (drive)
    j["travellers"] = drive_travellers_json(e.results);
  else
    j["travellers"] = travellers_json(core.travellers_now(), plays_of(e.results));
  return j;
}

json event_results_json(const whist::event::EventCore& core,
                        const std::map<std::pair<int, int>, std::int64_t>& games) {
  namespace ev = whist::event;
  const ev::EventData& e = core.data();
  const json view = event_view_json(core, {});
  json j = event_summary_json(e);
  j.erase("round");
  j.erase("round_ends");
  j.erase("paused");
  j.erase("entries");
  const bool drive = e.settings.kind == ev::MovementKind::kDrive;
  if (drive)
    j["players"] = view["players"];
  else
    j["pairs"] = view["pairs"];
  j["standings"] = view["standings"];
  // Each board's points at each table (pairs events), by (board, N/S, E/W).
  std::map<std::tuple<int, int, int>, std::pair<double, double>> points;
  std::map<int, double> tops;
  for (const auto& t : core.travellers_now()) {
    tops[t.board] = t.top;
    for (const auto& l : t.lines)
      points[{t.board, l.result.ns, l.result.ew}] = {l.ns_points, l.ew_points};
  }
  std::map<int, json> lines;  // by board
  for (const ev::BoardResult& r : e.results) {
    json line = {{"round", r.round}, {"table", r.table}};
    if (drive) {
      line["players"] = r.players;
    } else {
      line["ns"] = r.ns;
      line["ew"] = r.ew;
    }
    if (drive) {
      line["played"] = !r.adjusted_ns_percent;
      if (!r.adjusted_ns_percent) line["ns_score"] = r.ns_score, line["ew_score"] = r.ew_score;
    } else if (r.adjusted_ns_percent) {
      line["adjusted"] = *r.adjusted_ns_percent;
    } else {
      line["ns_score"] = r.ns_score;
      line["ew_score"] = r.ew_score;
    }
    if (auto p = points.find({r.board, r.ns, r.ew}); !drive && p != points.end()) {
      line["ns_points"] = ev::two_decimals(p->second.first);
      line["ew_points"] = ev::two_decimals(p->second.second);
    }
    // The game that played it, and the board's deal in it (a table plays
    // its boards in order, one deal each).
    put_play(line, r.play);
    line["game"] = nullptr;
    line["deal"] = nullptr;
    if (auto g = games.find({r.round, r.table}); g != games.end() && !r.adjusted_ns_percent) {
      int first = r.board;
      if (core.movement() && r.round <= static_cast<int>(core.movement()->rounds.size()))
        for (const auto& sitting : core.movement()->rounds[r.round - 1].tables)
          if (sitting.table == r.table && !sitting.boards.empty()) first = sitting.boards.front();
      line["game"] = g->second;
      line["deal"] = r.board - first;
    }
    lines[r.board].push_back(std::move(line));
  }
  json boards = json::array();
  for (auto& [number, ls] : lines) {
    const ev::Board b = ev::make_board(e.settings.rules, e.settings.seed, number);
    json one = {{"board", number},
                {"dealer", b.dealer},
                {"trump", e.settings.rules.variant != Variant::kClassic ? json(nullptr)
                          : b.trump == kNoSuit                          ? json("NT")
                                               : json(std::string(1, suit_letter(b.trump)))},
                {"deal", deal_json(spec_of(e.settings.rules, 0, b.deal))},
                {"results", std::move(ls)}};
    if (!drive) one["top"] = ev::two_decimals(tops[number]);
    boards.push_back(std::move(one));
  }
  j["boards"] = std::move(boards);
  return j;
}

json daily_json(const whist::event::DailyCore& d, std::int64_t account, std::int64_t now,
                std::int64_t table_id) {
  const auto& s = d.data().settings;
  json j = {{"daily", d.data().id},
            {"name", s.name},
            {"options", options_json(s.rules)},
            {"scoring", scoring_name(s.scoring)},
            {"boards", s.boards},
            {"opens", s.opens},
            {"closes", s.closes},
            {"entrants", d.data().entrants.size()},
            {"open", d.open(now)}};
  const whist::event::DailyEntrant* me = account ? d.entrant(account) : nullptr;
  json played = json::array();
  if (me)
    for (size_t i = 0; i < me->played.size(); ++i)
      played.push_back(
          {{"board", i + 1}, {"ns", me->played[i].first}, {"ew", me->played[i].second}});
  j["entered"] = me != nullptr;
  j["played"] = played;
  j["next_board"] = me ? d.next_board(account) : (d.open(now) ? 1 : 0);
  j["table_id"] = table_id ? json(table_id) : json(nullptr);
  if (d.results_visible_to(account, now)) {
    json ranking = json::array();
    const auto& entrants = d.data().entrants;
    for (const auto& st : d.ranking()) {
      std::string name;
      for (const auto& en : entrants)
        if (en.number == st.pair) name = en.name;
      json one = {{"entrant", st.pair},
                  {"name", name},
                  {"score", whist::event::two_decimals(st.score)},
                  {"rank", st.rank},
                  {"boards", st.boards}};
      if (st.percent) one["percent"] = whist::event::two_decimals(*st.percent);
      ranking.push_back(std::move(one));
    }
    j["ranking"] = ranking;
    j["travellers"] = travellers_json(d.travellers(), {});
  } else {
    j["ranking"] = nullptr;
    j["travellers"] = nullptr;
  }
  return j;
}

}  // namespace whist::protocol
