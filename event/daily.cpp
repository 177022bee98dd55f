#include "event/daily.hpp"

#include <algorithm>

namespace whist::event {

std::variant<DailyCore, std::string> DailyCore::make(std::int64_t id, DailySettings settings) {
  const auto& choices = kDailyBoardChoices;
  if (std::find(std::begin(choices), std::end(choices), settings.boards) == std::end(choices)) {
    return "a daily duplicate has 8, 12 or 16 boards, not " + std::to_string(settings.boards);
  }
  if (settings.closes <= settings.opens) return std::string("the window closes before it opens");
  if (settings.rules.variant != Variant::kClassic) {
    return std::string("a daily duplicate is classic whist");
  }
  DailyData d;
  d.id = id;
  d.settings = std::move(settings);
  return DailyCore(std::move(d));
}

const DailyEntrant* DailyCore::entrant(std::int64_t account) const {
  for (const DailyEntrant& e : d_.entrants) {
    if (e.account == account) return &e;
  }
  return nullptr;
}

DailyError DailyCore::enter(std::int64_t account, const std::string& name, std::int64_t now) {
  if (!open(now)) return DailyError::kNotOpen;
  if (entrant(account)) return DailyError::kAlreadyEntered;
  DailyEntrant e;
  e.number = static_cast<int>(d_.entrants.size()) + 1;
  e.account = account;
  e.name = name;
  e.entered_at = now;
  d_.entrants.push_back(std::move(e));
  return DailyError::kNone;
}

int DailyCore::next_board(std::int64_t account) const {
  const DailyEntrant* e = entrant(account);
  if (!e) return 0;
  const int played = static_cast<int>(e->played.size());
  return played < d_.settings.boards ? played + 1 : 0;
}

bool DailyCore::finished(std::int64_t account) const {
  const DailyEntrant* e = entrant(account);
  return e && static_cast<int>(e->played.size()) == d_.settings.boards;
}

DailyError DailyCore::board_finished(std::int64_t account, int board, double ns_score,
                                     double ew_score, std::int64_t now) {
  if (!open(now)) return DailyError::kNotOpen;
  auto it = std::find_if(d_.entrants.begin(), d_.entrants.end(),
                         [&](const DailyEntrant& e) { return e.account == account; });
  if (it == d_.entrants.end()) return DailyError::kNotEntered;
  if (board != next_board(account)) return DailyError::kWrongBoard;
  it->played.emplace_back(ns_score, ew_score);
  return DailyError::kNone;
}

bool DailyCore::results_visible_to(std::int64_t account, std::int64_t now) const {
  return closed(now) || finished(account);
}

ScoreInput DailyCore::input() const {
  ScoreInput in;
  in.movement = PairsMovement::kMitchell;
  in.scoring = d_.settings.scoring;
  for (int b = 1; b <= d_.settings.boards; ++b) {
    BoardResults board;
    board.board = b;
    for (const DailyEntrant& e : d_.entrants) {
      if (static_cast<int>(e.played.size()) < b) continue;
      const auto& [ns, ew] = e.played[static_cast<size_t>(b - 1)];
      // Each entrant's computer opponents are a pair of their own.
      board.results.push_back({e.number, e.number, ns, ew, std::nullopt});
    }
    if (!board.results.empty()) in.boards.push_back(std::move(board));
  }
  return in;
}

std::vector<Standing> DailyCore::ranking() const {
  auto s = score_event(input());
  return std::holds_alternative<Standings>(s) ? std::get<Standings>(s).ns : std::vector<Standing>{};
}

std::vector<Traveller> DailyCore::travellers() const {
  auto t = event::travellers(input());
  return std::holds_alternative<std::vector<Traveller>>(t) ? std::get<std::vector<Traveller>>(t)
                                                           : std::vector<Traveller>{};
}

}  // namespace whist::event
