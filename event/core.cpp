#include "event/core.hpp"

#include <algorithm>
#include <stdexcept>

namespace whist::event {
namespace {

Player computer() { return Player{0, "Computer"}; }

bool pairs_event(MovementKind k) { return k != MovementKind::kDrive; }

}  // namespace

const char* state_name(EventState s) {
  switch (s) {
    case EventState::kOpen: return "open";
    case EventState::kRunning: return "running";
    case EventState::kFinished: return "finished";
    case EventState::kCancelled: return "cancelled";
  }
  return "open";
}

std::optional<EventState> state_from_name(const std::string& name) {
  for (EventState s :
       {EventState::kOpen, EventState::kRunning, EventState::kFinished, EventState::kCancelled}) {
    if (name == state_name(s)) return s;
  }
  return std::nullopt;
}

EventCore::EventCore(std::int64_t id, EventSettings settings, Player director) {
  d_.id = id;
  d_.settings = std::move(settings);
  d_.director = std::move(director);
}

EventCore::EventCore(EventData data) : d_(std::move(data)) {
  if (d_.field > 0) {
    auto made = make_movement(
        {d_.settings.kind, d_.field, d_.planned_rounds, d_.settings.boards_per_round});
    if (auto* why = std::get_if<std::string>(&made)) {
      throw std::runtime_error("event " + std::to_string(d_.id) + ": " + *why);
    }
    movement_ = std::get<Movement>(made);
  }
}

int EventCore::capacity() const {
  switch (d_.settings.kind) {
    case MovementKind::kMitchell: return 2 * kMaxMitchellTables;
    case MovementKind::kHowell: return kMaxHowellPairs;
    case MovementKind::kDrive: return kMaxDrivePlayers;
  }
  return 0;
}

// Pairs (or drive players) the movement needs at least.
int EventCore::field_needed() const {
  switch (d_.settings.kind) {
    case MovementKind::kMitchell: return 5;  // 3 tables, a computer pair making the sixth
    case MovementKind::kHowell: return kMinHowellPairs;
    case MovementKind::kDrive: return 4;
  }
  return 0;
}

const char* entry_name(EntryRule r) {
  switch (r) {
    case EntryRule::kOpen: return "open";
    case EntryRule::kFriends: return "friends";
    case EntryRule::kInvited: return "invited";
  }
  return "open";
}

std::optional<EntryRule> entry_from_name(const std::string& name) {
  for (const auto r : {EntryRule::kOpen, EntryRule::kFriends, EntryRule::kInvited})
    if (name == entry_name(r)) return r;
  return std::nullopt;
}

bool admits(const EventData& d, std::int64_t account, bool directors_friend) {
  if (account <= 0) return d.settings.entry == EntryRule::kOpen;  // a computer, or nobody
  if (account == d.director.account) return true;
  for (const Entry& e : d.entries)
    if (e.player.account == account || (e.partner && e.partner->account == account)) return true;
  for (const auto& [key, ps] : d.pairs)
    for (const Player& p : ps)
      if (p.account == account) return true;
  for (const auto& [n, p] : d.drive_players)
    if (p.account == account) return true;
  const auto& invited_list = d.settings.invited;
  const bool invited = std::any_of(invited_list.begin(), invited_list.end(),
                                   [&](const Player& p) { return p.account == account; });
  switch (d.settings.entry) {
    case EntryRule::kOpen: return true;
    case EntryRule::kFriends: return directors_friend || invited;
    case EntryRule::kInvited: return invited;
  }
  return false;
}

EventError EventCore::invite(std::int64_t account, const std::vector<Player>& who,
                             std::int64_t now) {
  (void)now;
  out_ = {};
  if (account != d_.director.account) return EventError::kNotDirector;
  if (d_.state != EventState::kOpen) return EventError::kNotOpen;
  for (const Player& p : who) {
    if (p.computer() || p.account == d_.director.account) continue;
    if (std::none_of(d_.settings.invited.begin(), d_.settings.invited.end(),
                     [&](const Player& q) { return q.account == p.account; })) {
      d_.settings.invited.push_back(p);
      out_.changed = true;
    }
  }
  return EventError::kNone;
}

EventError EventCore::enter(const Player& p, std::int64_t partner, std::int64_t now,
                            bool directors_friend) {
  (void)now;
  out_ = {};
  if (d_.state != EventState::kOpen) return EventError::kNotOpen;
  if (!admits(p.account, directors_friend)) return EventError::kNotInvited;
  if (partner == p.account) return EventError::kSelfPartner;
  for (const Entry& e : d_.entries) {
    if (e.player.account == p.account || (e.partner && e.partner->account == p.account)) {
      return EventError::kAlreadyEntered;
    }
  }
  // The partner asked for this player: the pair is made.
  if (pairs_event(d_.settings.kind) && partner != 0) {
    for (Entry& e : d_.entries) {
      if (e.player.account == partner && e.asked == p.account && !e.partner) {
        e.partner = p;
        e.asked = 0;
        if (d_.settings.fee > 0) {
          move_chips(p.account, -d_.settings.fee, ChipMove::Why::kFee, true);
          d_.paid[p.account] += d_.settings.fee;
        }
        out_.changed = true;
        return EventError::kNone;
      }
    }
  }
  // Every entry so far, counted as the pairs (or players) they will make.
  int field = 0;
  int halves = 0;
  for (const Entry& e : d_.entries) {
    if (e.partner || !pairs_event(d_.settings.kind)) {
      ++field;
    } else {
      ++halves;
    }
  }
  field += (halves + 1) / 2;
  const bool new_unit = !pairs_event(d_.settings.kind) || halves % 2 == 0;
  if (new_unit && field + 1 > capacity()) return EventError::kFull;
  Entry e;
  e.player = p;
  e.asked = pairs_event(d_.settings.kind) ? partner : 0;
  d_.entries.push_back(e);
  if (d_.settings.fee > 0) {
    move_chips(p.account, -d_.settings.fee, ChipMove::Why::kFee, true);
    d_.paid[p.account] += d_.settings.fee;
  }
  out_.changed = true;
  return EventError::kNone;
}

EventError EventCore::withdraw(std::int64_t account, std::int64_t now) {
  (void)now;
  out_ = {};
  if (d_.state != EventState::kOpen) return EventError::kNotOpen;
  for (size_t i = 0; i < d_.entries.size(); ++i) {
    Entry& e = d_.entries[i];
    if (e.partner && e.partner->account == account) {
      // The partner withdraws: the entry stays, asking for them again.
      e.asked = account;
      e.partner.reset();
    } else if (e.player.account == account) {
      if (e.partner) {
        // The pair's first player withdraws: the partner stays, alone.
        Entry rest;
        rest.player = *e.partner;
        d_.entries[i] = rest;
      } else {
        d_.entries.erase(d_.entries.begin() + static_cast<std::ptrdiff_t>(i));
      }
    } else {
      continue;
    }
    if (auto it = d_.paid.find(account); it != d_.paid.end() && it->second > 0) {
      move_chips(account, it->second, ChipMove::Why::kRefund, true);
      d_.paid.erase(it);
    }
    out_.changed = true;
    return EventError::kNone;
  }
  return EventError::kNotEntered;
}

EventError EventCore::start(std::int64_t account, std::int64_t now) {
  out_ = {};
  if (account != d_.director.account) return EventError::kNotDirector;
  if (d_.state != EventState::kOpen) return EventError::kNotOpen;
  // The director's start with too few waits for more entries (only the
  // scheduled start, which cannot wait, cancels).
  if (static_cast<int>(units().size()) < field_needed()) return EventError::kTooFew;
  begin(now);
  return d_.state == EventState::kCancelled ? EventError::kTooFew : EventError::kNone;
}

void EventCore::tick(std::int64_t now, const std::map<int, int>& at_fault) {
  out_ = {};
  if (d_.state == EventState::kOpen && now >= d_.settings.start_unix) {
    begin(now);
  } else if (d_.state == EventState::kRunning && !d_.paused && now >= d_.round_ends) {
    end_round(now, at_fault);
  }
}

// The field is made and seated: pair numbers, the movement, round 1; or,
// too few, the event is cancelled and every fee refunded.
std::vector<std::array<Player, 2>> EventCore::units() const {
  std::vector<std::array<Player, 2>> units;  // pairs, or (player, -) in a drive
  std::vector<Player> singles;
  for (const Entry& e : d_.entries) {
    if (!pairs_event(d_.settings.kind)) {
      units.push_back({e.player, Player{}});
    } else if (e.partner) {
      units.push_back({e.player, *e.partner});
    } else {
      singles.push_back(e.player);
    }
  }
  for (size_t i = 0; i + 1 < singles.size(); i += 2) units.push_back({singles[i], singles[i + 1]});
  if (singles.size() % 2 == 1) units.push_back({singles.back(), computer()});
  return units;
}

void EventCore::begin(std::int64_t now) {
  std::vector<std::array<Player, 2>> units = this->units();
  if (static_cast<int>(units.size()) < field_needed()) {
    d_.state = EventState::kCancelled;
    refund_all();
    out_.notice = "cancelled: too few entries";
    out_.changed = true;
    return;
  }
  int field = static_cast<int>(units.size());
  if (d_.settings.kind == MovementKind::kMitchell && field % 2 == 1) {
    units.push_back({computer(), computer()});
    ++field;
  }
  const int movement_field = d_.settings.kind == MovementKind::kMitchell ? field / 2 : field;
  auto made = make_movement(
      {d_.settings.kind, movement_field, d_.settings.rounds, d_.settings.boards_per_round});
  if (std::holds_alternative<std::string>(made) && d_.settings.rounds) {
    // Fewer entries than expected: as many rounds as the field allows.
    made = make_movement(
        {d_.settings.kind, movement_field, std::nullopt, d_.settings.boards_per_round});
  }
  if (std::holds_alternative<std::string>(made)) {
    d_.state = EventState::kCancelled;
    refund_all();
    out_.notice = "cancelled: " + std::get<std::string>(made);
    out_.changed = true;
    return;
  }
  movement_ = std::get<Movement>(made);
  d_.field = movement_field;
  d_.planned_rounds = static_cast<int>(movement_->rounds.size());
  for (int i = 0; i < field; ++i) {
    const auto& u = units[static_cast<size_t>(i)];
    switch (d_.settings.kind) {
      case MovementKind::kMitchell: d_.pairs[{i % 2, i / 2 + 1}] = u; break;
      case MovementKind::kHowell: d_.pairs[{0, i + 1}] = u; break;
      case MovementKind::kDrive: d_.drive_players[i + 1] = u[0]; break;
    }
  }
  d_.state = EventState::kRunning;
  d_.round = 0;
  out_.notice = "started";
  open_round(now);
}

void EventCore::open_round(std::int64_t now) {
  ++d_.round;
  d_.tables.clear();
  const Round& r = movement_->rounds[static_cast<size_t>(d_.round - 1)];
  for (const Sitting& s : r.tables) {
    EventTable t;
    t.round = d_.round;
    t.table = s.table;
    t.boards = s.boards;
    if (d_.settings.kind == MovementKind::kDrive) {
      t.players = s.players;
      for (size_t seat = 0; seat < 4; ++seat) t.seats[seat] = d_.drive_players.at(s.players[seat]);
    } else {
      const int ew_dir = d_.settings.kind == MovementKind::kMitchell ? 1 : 0;
      t.ns = s.ns;
      t.ew = s.ew;
      const auto& ns = d_.pairs.at({0, s.ns});
      const auto& ew = d_.pairs.at({ew_dir, s.ew});
      t.seats = {ns[0], ew[0], ns[1], ew[1]};
    }
    d_.tables.push_back(t);
  }
  d_.round_ends = now + d_.settings.round_seconds;
  out_.open = d_.tables;
  out_.clock = d_.round_ends;
  out_.notice = out_.notice.empty() ? "round " + std::to_string(d_.round)
                                    : out_.notice + "; round " + std::to_string(d_.round);
  out_.changed = true;
}

EventError EventCore::board_finished(int round, int table, int board, double ns_score,
                                     double ew_score, std::int64_t now,
                                     std::optional<BoardPlay> play) {
  out_ = {};
  if (d_.state != EventState::kRunning) return EventError::kNotRunning;
  if (round != d_.round) return EventError::kUnknownTable;
  auto t = std::find_if(d_.tables.begin(), d_.tables.end(),
                        [&](const EventTable& x) { return x.table == table; });
  if (t == d_.tables.end() ||
      std::find(t->boards.begin(), t->boards.end(), board) == t->boards.end() ||
      t->done.count(board)) {
    return EventError::kUnknownTable;
  }
  t->done.insert(board);
  d_.results.push_back(
      {board, round, table, t->ns, t->ew, t->players, ns_score, ew_score, {}, std::move(play)});
  out_.changed = true;
  if (std::all_of(d_.tables.begin(), d_.tables.end(),
                  [](const EventTable& x) { return x.finished(); })) {
    end_round(now, {});
  }
  return EventError::kNone;
}

// The round ends: boards not finished are adjusted, the tables close, and
// the next round opens or the event finishes.
void EventCore::end_round(std::int64_t now, const std::map<int, int>& at_fault) {
  for (EventTable& t : d_.tables) {
    for (int board : t.boards) {
      if (t.done.count(board)) continue;
      int ns_percent = 50;
      if (auto f = at_fault.find(t.table); f != at_fault.end())
        ns_percent = f->second == 0 ? 40 : 60;
      d_.results.push_back(
          {board, t.round, t.table, t.ns, t.ew, t.players, 0, 0, ns_percent, std::nullopt});
      t.done.insert(board);
    }
  }
  out_.close_round = true;
  out_.changed = true;
  if (d_.round >= static_cast<int>(movement_->rounds.size())) {
    finish(now);
  } else {
    open_round(now);
  }
}

void EventCore::finish(std::int64_t now) {
  (void)now;
  d_.state = EventState::kFinished;
  d_.tables.clear();
  d_.round_ends = 0;
  out_.clock = 0;
  // Ended before any board was played (every result adjusted): nobody won
  // anything, and every fee goes back.
  const bool played = std::any_of(d_.results.begin(), d_.results.end(),
                                  [](const BoardResult& r) { return !r.adjusted_ns_percent; });
  if (!played) {
    out_.notice = "finished before any board was played: every fee given back";
    refund_all();
    return;
  }
  out_.notice = "finished";
  pay_prizes();
}

// The pot (every fee paid, less the house's part) to the winners: a
// Mitchell's half to each direction's first; equal firsts share; each
// player of a pair half of the pair's share; computers take nothing (their
// share stays with the house). Whole chips, rounded down.
void EventCore::pay_prizes() {
  std::int64_t pot = 0;
  for (const auto& [account, chips] : d_.paid) pot += chips;
  d_.paid.clear();
  if (pot <= 0) return;
  pot -= pot * d_.settings.house_percent / 100;
  std::vector<std::pair<std::vector<Player>, std::int64_t>> shares;  // winners, their part
  auto firsts = [](const std::vector<Standing>& list) {
    std::vector<int> out;
    for (const Standing& s : list) {
      if (s.rank == 1) out.push_back(s.pair);
    }
    return out;
  };
  if (d_.settings.kind == MovementKind::kDrive) {
    std::vector<Player> winners;
    for (const PlayerStanding& s : drive_standings_now()) {
      if (s.rank == 1) winners.push_back(d_.drive_players.at(s.player));
    }
    shares.emplace_back(winners, pot);
  } else {
    const Standings s = pair_standings();
    const bool mitchell = d_.settings.kind == MovementKind::kMitchell;
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
        const auto& players = d_.pairs.at({dir, pair});
        shares.push_back({{players[0], players[1]}, per_pair});
      }
    }
  }
  bool first = true;
  for (const auto& [players, part] : shares) {
    if (players.empty()) continue;
    const std::int64_t each = part / static_cast<std::int64_t>(players.size());
    for (const Player& p : players) {
      if (p.computer() || each <= 0) continue;
      move_chips(p.account, each, ChipMove::Why::kPrize, first);
      first = false;
    }
  }
}

void EventCore::refund_all() {
  for (const auto& [account, chips] : d_.paid) {
    if (chips > 0) move_chips(account, chips, ChipMove::Why::kRefund, true);
  }
  d_.paid.clear();
}

void EventCore::move_chips(std::int64_t account, std::int64_t chips, ChipMove::Why why,
                           bool new_batch) {
  if (new_batch) ++d_.chip_batches;
  out_.chips.push_back({account, chips, why, d_.chip_batches});
}

EventError EventCore::pause(std::int64_t account, std::int64_t now) {
  out_ = {};
  if (account != d_.director.account) return EventError::kNotDirector;
  if (d_.state != EventState::kRunning || d_.paused) return EventError::kNotRunning;
  d_.paused = true;
  d_.paused_left = std::max<std::int64_t>(0, d_.round_ends - now);
  out_.hold = true;
  out_.clock = 0;
  out_.notice = "paused";
  out_.changed = true;
  return EventError::kNone;
}

EventError EventCore::resume(std::int64_t account, std::int64_t now) {
  out_ = {};
  if (account != d_.director.account) return EventError::kNotDirector;
  if (d_.state != EventState::kRunning || !d_.paused) return EventError::kNotRunning;
  d_.paused = false;
  d_.round_ends = now + d_.paused_left;
  out_.resume = true;
  out_.clock = d_.round_ends;
  out_.notice = "resumed";
  out_.changed = true;
  return EventError::kNone;
}

EventError EventCore::extend(std::int64_t account, int seconds, std::int64_t now) {
  (void)now;
  out_ = {};
  if (account != d_.director.account) return EventError::kNotDirector;
  if (d_.state != EventState::kRunning) return EventError::kNotRunning;
  if (d_.paused) {
    d_.paused_left += seconds;
  } else {
    d_.round_ends += seconds;
    out_.clock = d_.round_ends;
  }
  out_.notice = "round " + std::to_string(d_.round) + " extended";
  out_.changed = true;
  return EventError::kNone;
}

EventError EventCore::replace(std::int64_t account, std::int64_t who, const Player& by,
                              std::int64_t now) {
  (void)now;
  out_ = {};
  if (account != d_.director.account) return EventError::kNotDirector;
  if (d_.state != EventState::kRunning) return EventError::kNotRunning;
  bool found = false;
  for (auto& [key, players] : d_.pairs) {
    for (Player& p : players) {
      if (p.account == who) {
        p = by;
        found = true;
      }
    }
  }
  for (auto& [number, p] : d_.drive_players) {
    if (p.account == who) {
      p = by;
      found = true;
    }
  }
  if (!found) return EventError::kUnknownPlayer;
  for (EventTable& t : d_.tables) {
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
  if (account != d_.director.account) return EventError::kNotDirector;
  if (d_.state != EventState::kRunning) return EventError::kNotRunning;
  d_.paused = false;
  // The round ends as if its clock ran out, and no other round follows.
  movement_->rounds.resize(static_cast<size_t>(d_.round));
  d_.planned_rounds = d_.round;
  end_round(now, at_fault);
  return EventError::kNone;
}

EventError EventCore::cancel(std::int64_t account, std::int64_t now) {
  (void)now;
  out_ = {};
  if (account != d_.director.account) return EventError::kNotDirector;
  if (d_.state == EventState::kFinished || d_.state == EventState::kCancelled) {
    return EventError::kNotRunning;
  }
  if (d_.state == EventState::kRunning) out_.close_round = true;
  d_.state = EventState::kCancelled;
  d_.tables.clear();
  out_.clock = 0;
  refund_all();
  out_.notice = "cancelled by the director";
  out_.changed = true;
  return EventError::kNone;
}

}  // namespace whist::event
