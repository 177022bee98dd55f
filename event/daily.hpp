// The daily duplicate against computers, as a value: a set of boards open
// for a window (24 hours by default); each entrant plays them at their own
// pace, in order, in the South seat, with a computer partner (North) and
// computer opponents, and is ranked against everyone who played the same
// boards in the same seat (matchpoints, or totals, on the N/S side:
// event/scoring.hpp). One entry per account.
//
// What each may see: an entrant's own results at once; everyone else's
// results and play only once the entrant has finished every board, or the
// window has closed (so nobody learns a board before playing it); someone
// who has not entered, only after the window closes.
//
// Like EventCore it is commands in, state out, no I/O and no clock of its
// own (Unix seconds come in); the server keeps it stored and runs each
// entrant's table.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/options.hpp"
#include "event/scoring.hpp"

namespace whist::event {

inline constexpr int kDailyBoardChoices[] = {8, 12, 16};

struct DailySettings {
  std::string name;
  Rules rules;  // classic, finalized: the trump rule and honours
  ScoringMethod scoring = ScoringMethod::kMatchpoints;
  int boards = 12;  // 8, 12 or 16
  std::int64_t opens = 0;
  std::int64_t closes = 0;  // opens + 24 h by default
  std::uint64_t seed = 0;   // the boards' (event/boards.hpp)
};

// One entrant: their number (in order of entry), and each board played
// with the two sides' points on it.
struct DailyEntrant {
  int number = 0;
  std::int64_t account = 0;
  std::string name;
  std::int64_t entered_at = 0;
  std::vector<std::pair<double, double>> played;  // boards 1.. in order: (N/S, E/W) points
};

enum class DailyError {
  kNone,
  kNotOpen,         // before the window opens, or after it closed
  kAlreadyEntered,  // one entry per account
  kNotEntered,
  kWrongBoard,  // boards are played in order, each once
};

struct DailyData {
  std::int64_t id = 0;
  DailySettings settings;
  std::vector<DailyEntrant> entrants;
};

class DailyCore {
 public:
  // Settings are checked (classic whist, 8, 12 or 16 boards, a window that
  // closes after it opens): the reason when they are not right.
  static std::variant<DailyCore, std::string> make(std::int64_t id, DailySettings settings);
  explicit DailyCore(DailyData data) : d_(std::move(data)) {}
  const DailyData& data() const { return d_; }

  bool open(std::int64_t now) const { return now >= d_.settings.opens && now < d_.settings.closes; }
  bool closed(std::int64_t now) const { return now >= d_.settings.closes; }

  DailyError enter(std::int64_t account, const std::string& name, std::int64_t now);
  // The entrant's next board (1..), or 0 when they have played them all.
  int next_board(std::int64_t account) const;
  // A board the entrant finished: it must be their next one, inside the
  // window.
  DailyError board_finished(std::int64_t account, int board, double ns_score, double ew_score,
                            std::int64_t now);
  const DailyEntrant* entrant(std::int64_t account) const;
  bool finished(std::int64_t account) const;
  // Whether `account` (0: nobody logged in) may see everyone's results.
  bool results_visible_to(std::int64_t account, std::int64_t now) const;
  // The ranking (the entrants as N/S pairs by their numbers), and every
  // board's traveller.
  std::vector<Standing> ranking() const;
  std::vector<Traveller> travellers() const;

 private:
  ScoreInput input() const;
  DailyData d_;
};

}  // namespace whist::event
