#include "protocol/event_json.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

namespace whist::protocol {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

ordered_json round_json(const event::Round& r, event::MovementKind kind) {
  ordered_json tables = ordered_json::array();
  for (const event::Sitting& s : r.tables) {
    ordered_json t = {{"table", s.table}};
    if (kind == event::MovementKind::kDrive) {
      t["players"] = s.players;
    } else {
      t["ns"] = s.ns;
      t["ew"] = s.ew;
    }
    t["boards"] = s.boards;
    tables.push_back(std::move(t));
  }
  ordered_json out = {{"round", r.number}, {"tables", std::move(tables)}, {"bye", r.bye}};
  if (kind == event::MovementKind::kMitchell) {
    out["sit_out"] = ordered_json{{"ns", r.sit_out_ns}, {"ew", r.sit_out_ew}};
  } else {
    out["sit_out"] = r.sit_out;
  }
  return out;
}

// A field's value: an integer (a JSON number with no fraction).
bool whole(const json& v, int* out) {
  if (v.is_number_integer()) {
    const auto n = v.get<long long>();
    if (n < -1000000000LL || n > 1000000000LL) return false;
    *out = static_cast<int>(n);
    return true;
  }
  if (v.is_number_float()) {
    const double d = v.get<double>();
    if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) <= 1e9) {
      *out = static_cast<int>(d);
      return true;
    }
  }
  return false;
}

std::string where(int board, size_t result) {
  return "board " + std::to_string(board) + ", result " + std::to_string(result + 1) + ": ";
}

std::variant<event::Result, std::string> parse_result(const json& j, int board, size_t i) {
  if (!j.is_object()) return where(board, i) + "a result is an object";
  event::Result r;
  for (const auto& [key, value] : j.items()) {
    if (key != "ns" && key != "ew" && key != "ns_score" && key != "ew_score" && key != "adjusted") {
      return where(board, i) + "unknown field \"" + key + "\"";
    }
  }
  for (const char* key : {"ns", "ew"}) {
    if (!j.contains(key)) return where(board, i) + "\"" + key + "\" is missing";
    int n = 0;
    if (!whole(j.at(key), &n)) return where(board, i) + "\"" + key + "\" must be a pair number";
    (std::string(key) == "ns" ? r.ns : r.ew) = n;
  }
  if (j.contains("adjusted")) {
    if (j.contains("ns_score") || j.contains("ew_score")) {
      return where(board, i) + "an adjusted result has no scores";
    }
    const json& a = j.at("adjusted");
    if (!a.is_string())
      return where(board, i) + "\"adjusted\" must be \"60/40\", \"50/50\" or \"40/60\"";
    const std::string s = a.get<std::string>();
    if (s == "60/40") {
      r.adjusted_ns_percent = 60;
    } else if (s == "50/50") {
      r.adjusted_ns_percent = 50;
    } else if (s == "40/60") {
      r.adjusted_ns_percent = 40;
    } else {
      return where(board, i) + "\"adjusted\" must be \"60/40\", \"50/50\" or \"40/60\"";
    }
    return r;
  }
  for (const char* key : {"ns_score", "ew_score"}) {
    if (!j.contains(key)) return where(board, i) + "\"" + key + "\" is missing";
    const json& v = j.at(key);
    if (!v.is_number() || !std::isfinite(v.get<double>())) {
      return where(board, i) + "\"" + key + "\" must be a number";
    }
    (std::string(key) == "ns_score" ? r.ns_score : r.ew_score) = v.get<double>();
  }
  return r;
}

ordered_json standings_list(const std::vector<event::Standing>& list, bool matchpoints) {
  ordered_json out = ordered_json::array();
  for (const event::Standing& s : list) {
    ordered_json e = {{"pair", s.pair}, {"score", event::two_decimals(s.score)}};
    if (matchpoints && s.percent) e["percent"] = event::two_decimals(*s.percent);
    e["rank"] = s.rank;
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace

ordered_json movement_json(const event::Movement& m) {
  ordered_json out = {{"kind", event::kind_name(m.kind)}};
  switch (m.kind) {
    case event::MovementKind::kMitchell: out["tables"] = m.field; break;
    case event::MovementKind::kHowell:
      out["pairs"] = m.field;
      out["tables"] = m.tables;
      break;
    case event::MovementKind::kDrive:
      out["players"] = m.field;
      out["tables"] = m.tables;
      break;
  }
  out["rounds"] = m.rounds.size();
  out["boards_per_round"] = m.boards_per_round;
  out["boards"] = m.boards;
  ordered_json rounds = ordered_json::array();
  for (const event::Round& r : m.rounds) rounds.push_back(round_json(r, m.kind));
  out["rounds_list"] = std::move(rounds);
  return out;
}

std::variant<event::ScoreInput, std::string> parse_score_input(const json& j) {
  if (!j.is_object()) return "the results file must hold a JSON object";
  for (const auto& [key, value] : j.items()) {
    if (key != "movement" && key != "scoring" && key != "boards") {
      return "unknown field \"" + key + "\"";
    }
  }
  event::ScoreInput in;
  if (!j.contains("movement") || !j.at("movement").is_string()) {
    return "\"movement\" must be \"mitchell\" or \"howell\"";
  }
  const std::string movement = j.at("movement").get<std::string>();
  if (movement == "mitchell") {
    in.movement = event::PairsMovement::kMitchell;
  } else if (movement == "howell") {
    in.movement = event::PairsMovement::kHowell;
  } else {
    return "\"movement\" must be \"mitchell\" or \"howell\", not \"" + movement + "\"";
  }
  if (!j.contains("scoring") || !j.at("scoring").is_string()) {
    return "\"scoring\" must be \"matchpoints\" or \"total\"";
  }
  const std::string scoring = j.at("scoring").get<std::string>();
  if (scoring == "matchpoints") {
    in.scoring = event::ScoringMethod::kMatchpoints;
  } else if (scoring == "total") {
    in.scoring = event::ScoringMethod::kTotal;
  } else {
    return "\"scoring\" must be \"matchpoints\" or \"total\", not \"" + scoring + "\"";
  }
  if (!j.contains("boards") || !j.at("boards").is_array()) return "\"boards\" must be a list";
  size_t index = 0;
  for (const json& b : j.at("boards")) {
    ++index;
    const std::string at = "boards[" + std::to_string(index - 1) + "]: ";
    if (!b.is_object()) return at + "a board is an object";
    for (const auto& [key, value] : b.items()) {
      if (key != "board" && key != "results") return at + "unknown field \"" + key + "\"";
    }
    event::BoardResults board;
    if (!b.contains("board") || !whole(b.at("board"), &board.board)) {
      return at + "\"board\" must be a board number";
    }
    if (!b.contains("results") || !b.at("results").is_array()) {
      return "board " + std::to_string(board.board) + ": \"results\" must be a list";
    }
    size_t i = 0;
    for (const json& r : b.at("results")) {
      auto parsed = parse_result(r, board.board, i++);
      if (auto* why = std::get_if<std::string>(&parsed)) return *why;
      board.results.push_back(std::get<event::Result>(parsed));
    }
    in.boards.push_back(std::move(board));
  }
  return in;
}

ordered_json standings_json(const event::Standings& s, event::PairsMovement movement,
                            event::ScoringMethod scoring) {
  const bool matchpoints = scoring == event::ScoringMethod::kMatchpoints;
  if (movement == event::PairsMovement::kHowell) {
    return ordered_json{{"pairs", standings_list(s.pairs, matchpoints)}};
  }
  return ordered_json{{"ns", standings_list(s.ns, matchpoints)},
                      {"ew", standings_list(s.ew, matchpoints)}};
}

}  // namespace whist::protocol
