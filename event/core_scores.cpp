// An event's standings and travellers (event/core.hpp), from its results
// by the scoring (event/scoring.hpp): the pairs' and a drive's players'.
#include <map>

#include "event/core.hpp"

namespace whist::event {

namespace {

bool counted(const BoardResult& r, int before_round) {
  return before_round <= 0 || r.round < before_round;
}

ScoreInput score_input(const EventData& d, int before_round) {
  ScoreInput in;
  in.movement =
      d.settings.kind == MovementKind::kHowell ? PairsMovement::kHowell : PairsMovement::kMitchell;
  in.scoring = d.settings.scoring;
  std::map<int, BoardResults> boards;
  for (const BoardResult& r : d.results) {
    if (!counted(r, before_round)) continue;
    BoardResults& b = boards[r.board];
    b.board = r.board;
    b.results.push_back({r.ns, r.ew, r.ns_score, r.ew_score, r.adjusted_ns_percent});
  }
  for (auto& [n, b] : boards) in.boards.push_back(std::move(b));
  return in;
}

}  // namespace

Standings EventCore::pair_standings(int before_round) const {
  auto s = score_event(score_input(d_, before_round));
  return std::holds_alternative<Standings>(s) ? std::get<Standings>(s) : Standings{};
}

std::vector<Traveller> EventCore::travellers_now(int before_round) const {
  if (d_.settings.kind == MovementKind::kDrive) return {};
  auto t = travellers(score_input(d_, before_round));
  return std::holds_alternative<std::vector<Traveller>>(t) ? std::get<std::vector<Traveller>>(t)
                                                           : std::vector<Traveller>{};
}

std::vector<PlayerStanding> EventCore::drive_standings_now(int before_round) const {
  std::vector<DriveResult> all;
  for (const BoardResult& r : d_.results) {
    if (!counted(r, before_round)) continue;
    if (r.adjusted_ns_percent) continue;  // a board not played scores nothing in a drive
    all.push_back({r.board, r.players, r.ns_score, r.ew_score});
  }
  return drive_standings(all);
}

}  // namespace whist::event
