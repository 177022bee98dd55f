#include "event/core.hpp"

#include <algorithm>

namespace whist::event {
namespace {

Player computer() { return Player{0, "Computer"}; }

bool pairs_event(MovementKind k) { return k != MovementKind::kDrive; }

}  // namespace

EventCore::EventCore(std::int64_t id, EventSettings settings, Player director)
    : id_(id), settings_(std::move(settings)), director_(std::move(director)) {}

int EventCore::capacity() const {
  switch (settings_.kind) {
    case MovementKind::kMitchell: return 2 * kMaxMitchellTables;
    case MovementKind::kHowell: return kMaxHowellPairs;
    case MovementKind::kDrive: return kMaxDrivePlayers;
  }
  return 0;
}

// Pairs (or drive players) the movement needs at least.
int EventCore::field_needed() const {
  switch (settings_.kind) {
    case MovementKind::kMitchell: return 5;  // 3 tables, a computer pair making the sixth
    case MovementKind::kHowell: return kMinHowellPairs;
    case MovementKind::kDrive: return 4;
  }
  return 0;
}

EventError EventCore::enter(const Player& p, std::int64_t partner, std::int64_t now) {
  (void)now;
  out_ = {};
  if (state_ != EventState::kOpen) return EventError::kNotOpen;
  if (partner == p.account) return EventError::kSelfPartner;
  for (const Entry& e : entries_) {
    if (e.player.account == p.account || (e.partner && e.partner->account == p.account)) {
      return EventError::kAlreadyEntered;
    }
  }
  // The partner asked for this player: the pair is made.
  if (pairs_event(settings_.kind) && partner != 0) {
    for (Entry& e : entries_) {
      if (e.player.account == partner && e.asked == p.account && !e.partner) {
        e.partner = p;
        e.asked = 0;
        if (settings_.fee > 0) {
          out_.chips.push_back({p.account, -settings_.fee, ChipMove::Why::kFee});
          paid_[p.account] += settings_.fee;
        }
        out_.changed = true;
        return EventError::kNone;
      }
    }
  }
  // Every entry so far, counted as the pairs (or players) they will make.
  int field = 0;
  int halves = 0;
  for (const Entry& e : entries_) {
    if (e.partner || !pairs_event(settings_.kind)) {
      ++field;
    } else {
      ++halves;
    }
  }
  field += (halves + 1) / 2;
  const bool new_unit = !pairs_event(settings_.kind) || halves % 2 == 0;
  if (new_unit && field + 1 > capacity()) return EventError::kFull;
  Entry e;
  e.player = p;
  e.asked = pairs_event(settings_.kind) ? partner : 0;
  entries_.push_back(e);
  if (settings_.fee > 0) {
    out_.chips.push_back({p.account, -settings_.fee, ChipMove::Why::kFee});
    paid_[p.account] += settings_.fee;
  }
  out_.changed = true;
  return EventError::kNone;
}

EventError EventCore::withdraw(std::int64_t account, std::int64_t now) {
  (void)now;
  out_ = {};
  if (state_ != EventState::kOpen) return EventError::kNotOpen;
  for (size_t i = 0; i < entries_.size(); ++i) {
    Entry& e = entries_[i];
    if (e.partner && e.partner->account == account) {
      // The partner withdraws: the entry stays, asking for them again.
      e.asked = account;
      e.partner.reset();
    } else if (e.player.account == account) {
      if (e.partner) {
        // The pair's first player withdraws: the partner stays, alone.
        Entry rest;
        rest.player = *e.partner;
        entries_[i] = rest;
      } else {
        entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(i));
      }
    } else {
      continue;
    }
    if (auto it = paid_.find(account); it != paid_.end() && it->second > 0) {
      out_.chips.push_back({account, it->second, ChipMove::Why::kRefund});
      paid_.erase(it);
    }
    out_.changed = true;
    return EventError::kNone;
  }
  return EventError::kNotEntered;
}

EventError EventCore::start(std::int64_t account, std::int64_t now) {
  out_ = {};
  if (account != director_.account) return EventError::kNotDirector;
  if (state_ != EventState::kOpen) return EventError::kNotOpen;
  begin(now);
  return state_ == EventState::kCancelled ? EventError::kTooFew : EventError::kNone;
}

void EventCore::tick(std::int64_t now, const std::map<int, int>& at_fault) {
  out_ = {};
  if (state_ == EventState::kOpen && now >= settings_.start_unix) {
    begin(now);
  } else if (state_ == EventState::kRunning && !paused_ && now >= round_ends_) {
    end_round(now, at_fault);
  }
}

// The field is made and seated: pair numbers, the movement, round 1; or,
// too few, the event is cancelled and every fee refunded.
void EventCore::begin(std::int64_t now) {
  std::vector<std::array<Player, 2>> units;  // pairs, or (player, -) in a drive
  std::vector<Player> singles;
  for (const Entry& e : entries_) {
    if (!pairs_event(settings_.kind)) {
      units.push_back({e.player, Player{}});
    } else if (e.partner) {
      units.push_back({e.player, *e.partner});
    } else {
      singles.push_back(e.player);
    }
  }
  for (size_t i = 0; i + 1 < singles.size(); i += 2) units.push_back({singles[i], singles[i + 1]});
  if (singles.size() % 2 == 1) units.push_back({singles.back(), computer()});
  if (static_cast<int>(units.size()) < field_needed()) {
    state_ = EventState::kCancelled;
    refund_all();
    out_.notice = "cancelled: too few entries";
    out_.changed = true;
    return;
  }
  int field = static_cast<int>(units.size());
  if (settings_.kind == MovementKind::kMitchell && field % 2 == 1) {
    units.push_back({computer(), computer()});
    ++field;
  }
  const int movement_field = settings_.kind == MovementKind::kMitchell ? field / 2 : field;
  auto made =
      make_movement({settings_.kind, movement_field, settings_.rounds, settings_.boards_per_round});
  if (std::holds_alternative<std::string>(made) && settings_.rounds) {
    // Fewer entries than expected: as many rounds as the field allows.
    made =
        make_movement({settings_.kind, movement_field, std::nullopt, settings_.boards_per_round});
  }
  if (std::holds_alternative<std::string>(made)) {
    state_ = EventState::kCancelled;
    refund_all();
    out_.notice = "cancelled: " + std::get<std::string>(made);
    out_.changed = true;
    return;
  }
  movement_ = std::get<Movement>(made);
  for (int i = 0; i < field; ++i) {
    const auto& u = units[static_cast<size_t>(i)];
    switch (settings_.kind) {
      case MovementKind::kMitchell: pairs_[{i % 2, i / 2 + 1}] = u; break;
      case MovementKind::kHowell: pairs_[{0, i + 1}] = u; break;
      case MovementKind::kDrive: drive_players_[i + 1] = u[0]; break;
    }
  }
  state_ = EventState::kRunning;
  round_ = 0;
  out_.notice = "started";
  open_round(now);
}

void EventCore::open_round(std::int64_t now) {
  ++round_;
  tables_.clear();
  const Round& r = movement_->rounds[static_cast<size_t>(round_ - 1)];
  for (const Sitting& s : r.tables) {
    EventTable t;
    t.round = round_;
    t.table = s.table;
    t.boards = s.boards;
    if (settings_.kind == MovementKind::kDrive) {
      t.players = s.players;
      for (size_t seat = 0; seat < 4; ++seat) t.seats[seat] = drive_players_.at(s.players[seat]);
    } else {
      const int ew_dir = settings_.kind == MovementKind::kMitchell ? 1 : 0;
      t.ns = s.ns;
      t.ew = s.ew;
      const auto& ns = pairs_.at({0, s.ns});
      const auto& ew = pairs_.at({ew_dir, s.ew});
      t.seats = {ns[0], ew[0], ns[1], ew[1]};
    }
    tables_.push_back(t);
  }
  round_ends_ = now + settings_.round_seconds;
  out_.open = tables_;
  out_.clock = round_ends_;
  out_.notice = out_.notice.empty() ? "round " + std::to_string(round_)
                                    : out_.notice + "; round " + std::to_string(round_);
  out_.changed = true;
}

EventError EventCore::board_finished(int round, int table, int board, double ns_score,
                                     double ew_score, std::int64_t now) {
  out_ = {};
  if (state_ != EventState::kRunning) return EventError::kNotRunning;
  if (round != round_) return EventError::kUnknownTable;
  auto t = std::find_if(tables_.begin(), tables_.end(),
                        [&](const EventTable& x) { return x.table == table; });
  if (t == tables_.end() ||
      std::find(t->boards.begin(), t->boards.end(), board) == t->boards.end() ||
      t->done.count(board)) {
    return EventError::kUnknownTable;
  }
  t->done.insert(board);
  results_.push_back({board, round, table, t->ns, t->ew, t->players, ns_score, ew_score, {}});
  out_.changed = true;
  if (std::all_of(tables_.begin(), tables_.end(),
                  [](const EventTable& x) { return x.finished(); })) {
    end_round(now, {});
  }
  return EventError::kNone;
}

// The round ends: boards not finished are adjusted, the tables close, and
// the next round opens or the event finishes.
void EventCore::end_round(std::int64_t now, const std::map<int, int>& at_fault) {
  for (EventTable& t : tables_) {
    for (int board : t.boards) {
      if (t.done.count(board)) continue;
      int ns_percent = 50;
      if (auto f = at_fault.find(t.table); f != at_fault.end())
        ns_percent = f->second == 0 ? 40 : 60;
      results_.push_back({board, t.round, t.table, t.ns, t.ew, t.players, 0, 0, ns_percent});
      t.done.insert(board);
    }
  }
  out_.close_round = true;
  out_.changed = true;
  if (round_ >= static_cast<int>(movement_->rounds.size())) {
    finish(now);
  } else {
    open_round(now);
  }
}

void EventCore::finish(std::int64_t now) {
  (void)now;
  state_ = EventState::kFinished;
  tables_.clear();
  round_ends_ = 0;
  out_.clock = 0;
  out_.notice = "finished";
  pay_prizes();
}

// The pot (every fee paid, less the house's part) to the winners: a
// Mitchell's half to each direction's first; equal firsts share; each
// player of a pair half of the pair's share; computers take nothing (their
// share stays with the house). Whole chips, rounded down.
void EventCore::pay_prizes() {
  std::int64_t pot = 0;
  for (const auto& [account, chips] : paid_) pot += chips;
  paid_.clear();
  if (pot <= 0) return;
  pot -= pot * settings_.house_percent / 100;
  std::vector<std::pair<std::vector<Player>, std::int64_t>> shares;  // winners, their part
  auto firsts = [](const std::vector<Standing>& list) {
    std::vector<int> out;
    for (const Standing& s : list) {
      if (s.rank == 1) out.push_back(s.pair);
    }
    return out;
  };
  if (settings_.kind == MovementKind::kDrive) {
    std::vector<Player> winners;
    for (const PlayerStanding& s : drive_standings_now()) {
      if (s.rank == 1) winners.push_back(drive_players_.at(s.player));
    }
    shares.emplace_back(winners, pot);
  } else {
    const Standings s = pair_standings();
    const bool mitchell = settings_.kind == MovementKind::kMitchell;
    std::vector<std::pair<int, std::vector<int>>> groups;  // direction, winning pairs
    if (mitchell) {
      groups = {{0, firsts(s.ns)}, {1, firsts(s.ew)}};
    } else {
      groups = {{0, firsts(s.pairs)}};
    }
    const std::int64_t per_group = pot / static_cast<std::int64_t>(groups.size());
    for (const auto& [dir, winners] : groups) {
      if (winners.empty()) continue;
      const std::int64_t per_pair = per_group / static_cast<std::int64_t>(winners.size());
      for (int pair : winners) {
        const auto& players = pairs_.at({dir, pair});
        shares.push_back({{players[0], players[1]}, per_pair});
      }
    }
  }
  for (const auto& [players, part] : shares) {
    if (players.empty()) continue;
    const std::int64_t each = part / static_cast<std::int64_t>(players.size());
    for (const Player& p : players) {
      if (!p.computer() && each > 0) out_.chips.push_back({p.account, each, ChipMove::Why::kPrize});
    }
  }
}

void EventCore::refund_all() {
  for (const auto& [account, chips] : paid_) {
    if (chips > 0) out_.chips.push_back({account, chips, ChipMove::Why::kRefund});
  }
  paid_.clear();
}

EventError EventCore::pause(std::int64_t account, std::int64_t now) {
  out_ = {};
  if (account != director_.account) return EventError::kNotDirector;
  if (state_ != EventState::kRunning || paused_) return EventError::kNotRunning;
  paused_ = true;
  paused_left_ = std::max<std::int64_t>(0, round_ends_ - now);
  out_.hold = true;
  out_.clock = 0;
  out_.notice = "paused";
  out_.changed = true;
  return EventError::kNone;
}

EventError EventCore::resume(std::int64_t account, std::int64_t now) {
  out_ = {};
  if (account != director_.account) return EventError::kNotDirector;
  if (state_ != EventState::kRunning || !paused_) return EventError::kNotRunning;
  paused_ = false;
  round_ends_ = now + paused_left_;
  out_.resume = true;
  out_.clock = round_ends_;
  out_.notice = "resumed";
  out_.changed = true;
  return EventError::kNone;
}

EventError EventCore::extend(std::int64_t account, int seconds, std::int64_t now) {
  (void)now;
  out_ = {};
  if (account != director_.account) return EventError::kNotDirector;
  if (state_ != EventState::kRunning) return EventError::kNotRunning;
  if (paused_) {
    paused_left_ += seconds;
  } else {
    round_ends_ += seconds;
    out_.clock = round_ends_;
  }
  out_.notice = "round " + std::to_string(round_) + " extended";
  out_.changed = true;
  return EventError::kNone;
}

EventError EventCore::replace(std::int64_t account, std::int64_t who, const Player& by,
                              std::int64_t now) {
  (void)now;
  out_ = {};
  if (account != director_.account) return EventError::kNotDirector;
  if (state_ != EventState::kRunning) return EventError::kNotRunning;
  bool found = false;
  for (auto& [key, players] : pairs_) {
    for (Player& p : players) {
      if (p.account == who) {
        p = by;
        found = true;
      }
    }
  }
  for (auto& [number, p] : drive_players_) {
    if (p.account == who) {
      p = by;
      found = true;
    }
  }
  if (!found) return EventError::kUnknownPlayer;
  for (EventTable& t : tables_) {
    for (Player& p : t.seats) {
      if (p.account == who) p = by;
    }
  }
  out_.changed = true;
  return EventError::kNone;
}

EventError EventCore::end_early(std::int64_t account, std::int64_t now,
                                const std::map<int, int>& at_fault) {
  out_ = {};
  if (account != director_.account) return EventError::kNotDirector;
  if (state_ != EventState::kRunning) return EventError::kNotRunning;
  paused_ = false;
  // The round ends as if its clock ran out, and no other round follows.
  movement_->rounds.resize(static_cast<size_t>(round_));
  end_round(now, at_fault);
  return EventError::kNone;
}

EventError EventCore::cancel(std::int64_t account, std::int64_t now) {
  (void)now;
  out_ = {};
  if (account != director_.account) return EventError::kNotDirector;
  if (state_ == EventState::kFinished || state_ == EventState::kCancelled) {
    return EventError::kNotRunning;
  }
  if (state_ == EventState::kRunning) out_.close_round = true;
  state_ = EventState::kCancelled;
  tables_.clear();
  out_.clock = 0;
  refund_all();
  out_.notice = "cancelled by the director";
  out_.changed = true;
  return EventError::kNone;
}

Standings EventCore::pair_standings() const {
  ScoreInput in;
  in.movement =
      settings_.kind == MovementKind::kHowell ? PairsMovement::kHowell : PairsMovement::kMitchell;
  in.scoring = settings_.scoring;
  std::map<int, BoardResults> boards;
  for (const BoardResult& r : results_) {
    BoardResults& b = boards[r.board];
    b.board = r.board;
    b.results.push_back({r.ns, r.ew, r.ns_score, r.ew_score, r.adjusted_ns_percent});
  }
  for (auto& [n, b] : boards) in.boards.push_back(std::move(b));
  auto s = score_event(in);
  return std::holds_alternative<Standings>(s) ? std::get<Standings>(s) : Standings{};
}

std::vector<PlayerStanding> EventCore::drive_standings_now() const {
  std::vector<DriveResult> all;
  for (const BoardResult& r : results_) {
    if (r.adjusted_ns_percent) continue;  // a board not played scores nothing in a drive
    all.push_back({r.board, r.players, r.ns_score, r.ew_score});
  }
  return drive_standings(all);
}

}  // namespace whist::event
