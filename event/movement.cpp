#include "event/movement.hpp"

#include <algorithm>
#include <tuple>
#include <utility>

namespace whist::event {
namespace {

// Board set s (0-based) of B boards: boards s*B+1 .. (s+1)*B.
std::vector<int> board_set(int set, int per_round) {
  std::vector<int> boards;
  for (int b = 0; b < per_round; ++b) boards.push_back(set * per_round + b + 1);
  return boards;
}

int mod(int a, int m) { return ((a % m) + m) % m; }

// N/S pair t sits at table t. E/W pair e (0-based) sits at table e + r in
// round r (0-based), one more after the skip; set s plays at table s - r,
// so table t plays set t + r. E/W pair e then plays set e + 2r (+1 after
// the skip): with T odd 2r runs over every residue in T rounds; with T even
// the even residues in rounds 0..T/2-1 and the odd ones after the skip.
Movement mitchell(int tables, int rounds, int per_round) {
  Movement m{MovementKind::kMitchell, tables, tables, per_round, tables * per_round, {}};
  const bool skip = tables % 2 == 0;
  for (int r = 0; r < rounds; ++r) {
    Round round;
    round.number = r + 1;
    const int shift = r + (skip && r >= tables / 2 ? 1 : 0);
    for (int t = 0; t < tables; ++t) {
      Sitting s;
      s.table = t + 1;
      s.ns = t + 1;
      s.ew = mod(t - shift, tables) + 1;
      s.boards = board_set(mod(t + r, tables), per_round);
      round.tables.push_back(std::move(s));
    }
    m.rounds.push_back(std::move(round));
  }
  return m;
}

// The circle method on P' = P rounded up to even: pair P' stays at table 1
// against pair r+1; at table k+1 pairs r+k and r-k (mod P'-1) meet. With an
// odd P, P' is a phantom and its opponent sits out. Every table plays set r.
// Directions: at table 1 the fixed pair sits N/S in even rounds; at table
// k+1 pair r+k sits N/S when k is odd. A pair x then sits N/S exactly when
// x - r is odd (mod P'-1), or at table 1 by the round's parity: N/S and E/W
// differ by at most one over the event.
Movement howell(int pairs, int rounds, int per_round) {
  const int full = pairs + pairs % 2;
  const int cycle = full - 1;
  const bool phantom = pairs % 2 == 1;
  Movement m{MovementKind::kHowell, pairs, full / 2 - (phantom ? 1 : 0), per_round,
             rounds * per_round,    {}};
  for (int r = 0; r < rounds; ++r) {
    Round round;
    round.number = r + 1;
    const std::vector<int> boards = board_set(r, per_round);
    auto add = [&](int ns, int ew) {
      Sitting s;
      s.table = static_cast<int>(round.tables.size()) + 1;
      s.ns = ns;
      s.ew = ew;
      s.boards = boards;
      round.tables.push_back(std::move(s));
    };
    const int fixed = full;
    const int against = mod(r, cycle) + 1;
    if (phantom) {
      round.sit_out.push_back(against);
    } else if (r % 2 == 0) {
      add(fixed, against);
    } else {
      add(against, fixed);
    }
    for (int k = 1; k < full / 2; ++k) {
      const int a = mod(r + k, cycle) + 1;
      const int b = mod(r - k, cycle) + 1;
      if (k % 2 == 1) {
        add(a, b);
      } else {
        add(b, a);
      }
    }
    m.rounds.push_back(std::move(round));
  }
  return m;
}

using Partnership = std::pair<int, int>;

// Round r's partnerships of a round-robin of the players: with N even,
// player N with r+1 and r+k with r-k (mod N-1); with N odd, r+1 sits out
// and r+k partners r-k (mod N). Every two players partner exactly once in
// N-1 (even) or N (odd) rounds.
std::vector<Partnership> partnerships(int players, int r, int* sitter) {
  std::vector<Partnership> out;
  if (players % 2 == 0) {
    const int cycle = players - 1;
    out.emplace_back(players, mod(r, cycle) + 1);
    for (int k = 1; k < players / 2; ++k) {
      out.emplace_back(mod(r + k, cycle) + 1, mod(r - k, cycle) + 1);
    }
    *sitter = 0;
  } else {
    *sitter = mod(r, players) + 1;
    for (int k = 1; k <= players / 2; ++k) {
      out.emplace_back(mod(r + k, players) + 1, mod(r - k, players) + 1);
    }
  }
  return out;
}

class Drive {
 public:
  // `rounds`: how many the drive plays (their partnerships count as
  // meetings to come when setting opponents).
  Drive(int players, int rounds)
      : n_(players),
        met_(static_cast<size_t>(players + 1), std::vector<int>(static_cast<size_t>(players + 1))),
        partners_in_(static_cast<size_t>(players + 1),
                     std::vector<int>(static_cast<size_t>(players + 1), -1)),
        sat_out_(static_cast<size_t>(players + 1)),
        last_out_(static_cast<size_t>(players + 1), -1) {
    for (int r = 0; r < rounds; ++r) {
      int sitter = 0;
      for (auto [a, b] : partnerships(players, r, &sitter)) {
        partners_in_[static_cast<size_t>(a)][static_cast<size_t>(b)] = r;
        partners_in_[static_cast<size_t>(b)][static_cast<size_t>(a)] = r;
      }
    }
  }

  Round round(int r, int per_round) {
    Round round;
    round.number = r + 1;
    int sitter = 0;
    std::vector<Partnership> ps = partnerships(n_, r, &sitter);
    if (sitter != 0) sit_out(sitter, round, r);
    if (ps.size() % 2 == 1) {
      const size_t out = sitting_partnership(ps, sitter);
      sit_out(ps[out].first, round, r);
      sit_out(ps[out].second, round, r);
      ps.erase(ps.begin() + static_cast<std::ptrdiff_t>(out));
    }
    std::sort(round.sit_out.begin(), round.sit_out.end());
    const std::vector<int> boards = board_set(r, per_round);
    for (auto [p, q] : match(ps, r)) {
      Sitting s;
      s.table = static_cast<int>(round.tables.size()) + 1;
      s.players = {ps[p].first, ps[q].first, ps[p].second, ps[q].second};
      s.boards = boards;
      for (int x : s.players) {
        for (int y : s.players) {
          if (x != y) ++met_[static_cast<size_t>(x)][static_cast<size_t>(y)];
        }
      }
      round.tables.push_back(std::move(s));
    }
    return round;
  }

 private:
  void sit_out(int player, Round& round, int r) {
    ++sat_out_[static_cast<size_t>(player)];
    last_out_[static_cast<size_t>(player)] = r;
    round.sit_out.push_back(player);
  }

  // Which partnership sits out when a round has one too many. With N odd
  // (N = 4T + 3) it is always the k-th, k nearest N/3: player v then sits
  // out in rounds v - k, v (alone) and v + k, three times in N rounds and
  // a third of the drive apart. With N even (N = 4T + 2) the partnership
  // whose players have sat out least, then longest ago.
  size_t sitting_partnership(const std::vector<Partnership>& ps, int sitter) const {
    if (sitter != 0) {
      const int k = std::clamp((n_ + 1) / 3, 1, n_ / 2);
      return static_cast<size_t>(k - 1);  // ps[k - 1] is {r + k, r - k}
    }
    auto key = [&](const Partnership& p) {
      const size_t a = static_cast<size_t>(p.first);
      const size_t b = static_cast<size_t>(p.second);
      return std::tuple(std::max(sat_out_[a], sat_out_[b]), sat_out_[a] + sat_out_[b],
                        std::max(last_out_[a], last_out_[b]));
    };
    size_t best = 0;
    for (size_t i = 1; i < ps.size(); ++i) {
      if (key(ps[i]) < key(ps[best])) best = i;
    }
    return best;
  }

  // What setting two partnerships against each other in round r costs: the
  // square of how often each player will have sat with each new opponent
  // (before, or as partners in a later round), so a first meeting is free
  // and a third costs more than two seconds.
  int cost(const Partnership& p, const Partnership& q, int r) const {
    int c = 0;
    for (int x : {p.first, p.second}) {
      for (int y : {q.first, q.second}) {
        const size_t i = static_cast<size_t>(x);
        const size_t j = static_cast<size_t>(y);
        const int m = met_[i][j] + (partners_in_[i][j] > r ? 1 : 0);
        c += m * m;
      }
    }
    return c;
  }

  // Pairs the partnerships into tables: greedily, each with its cheapest
  // free opponent, then swapping opponents between two tables while that
  // lowers the total (deterministic; a local optimum, not always the best).
  std::vector<std::pair<size_t, size_t>> match(const std::vector<Partnership>& ps, int r) const {
    auto cost = [&](const Partnership& p, const Partnership& q) { return this->cost(p, q, r); };
    std::vector<std::pair<size_t, size_t>> tables;
    std::vector<bool> used(ps.size());
    for (size_t i = 0; i < ps.size(); ++i) {
      if (used[i]) continue;
      used[i] = true;
      size_t best = ps.size();
      for (size_t j = i + 1; j < ps.size(); ++j) {
        if (!used[j] && (best == ps.size() || cost(ps[i], ps[j]) < cost(ps[i], ps[best]))) {
          best = j;
        }
      }
      used[best] = true;
      tables.emplace_back(i, best);
    }
    bool better = true;
    while (better) {
      better = false;
      for (size_t a = 0; a < tables.size(); ++a) {
        for (size_t b = a + 1; b < tables.size(); ++b) {
          auto [p1, q1] = tables[a];
          auto [p2, q2] = tables[b];
          const int now = cost(ps[p1], ps[q1]) + cost(ps[p2], ps[q2]);
          const int swap1 = cost(ps[p1], ps[p2]) + cost(ps[q1], ps[q2]);
          const int swap2 = cost(ps[p1], ps[q2]) + cost(ps[q1], ps[p2]);
          if (swap1 < now && swap1 <= swap2) {
            tables[a] = {p1, p2};
            tables[b] = {q1, q2};
            better = true;
          } else if (swap2 < now) {
            tables[a] = {p1, q2};
            tables[b] = {q1, p2};
            better = true;
          }
        }
      }
    }
    return tables;
  }

  int n_;
  std::vector<std::vector<int>> met_;
  std::vector<std::vector<int>> partners_in_;  // the round two players partner in, or -1
  std::vector<int> sat_out_;
  std::vector<int> last_out_;
};

Movement drive(int players, int rounds, int per_round) {
  Movement m{MovementKind::kDrive, players, players / 4, per_round, rounds * per_round, {}};
  Drive d(players, rounds);
  for (int r = 0; r < rounds; ++r) m.rounds.push_back(d.round(r, per_round));
  return m;
}

}  // namespace

const char* kind_name(MovementKind k) {
  switch (k) {
    case MovementKind::kMitchell: return "mitchell";
    case MovementKind::kHowell: return "howell";
    case MovementKind::kDrive: return "drive";
  }
  return "mitchell";
}

std::optional<MovementKind> kind_from_name(const std::string& name) {
  for (MovementKind k : {MovementKind::kMitchell, MovementKind::kHowell, MovementKind::kDrive}) {
    if (name == kind_name(k)) return k;
  }
  return std::nullopt;
}

std::variant<int, std::string> max_rounds(MovementKind kind, int field) {
  switch (kind) {
    case MovementKind::kMitchell:
      if (field < 3 || field > kMaxMitchellTables) {
        return "a Mitchell takes 3 to " + std::to_string(kMaxMitchellTables) + " tables, not " +
               std::to_string(field);
      }
      return field % 2 == 1 ? field : field - 1;
    case MovementKind::kHowell:
      if (field < kMinHowellPairs || field > kMaxHowellPairs) {
        return "a Howell takes " + std::to_string(kMinHowellPairs) + " to " +
               std::to_string(kMaxHowellPairs) + " pairs (a Mitchell is for more), not " +
               std::to_string(field);
      }
      return field % 2 == 1 ? field : field - 1;
    case MovementKind::kDrive:
      if (field < 4 || field > kMaxDrivePlayers) {
        return "a drive takes 4 to " + std::to_string(kMaxDrivePlayers) + " players, not " +
               std::to_string(field);
      }
      return field % 2 == 1 ? field : field - 1;
  }
  return "unknown movement";
}

std::variant<Movement, std::string> make_movement(const MovementRequest& request) {
  auto most = max_rounds(request.kind, request.field);
  if (auto* why = std::get_if<std::string>(&most)) return *why;
  const int allowed = std::get<int>(most);
  const int rounds = request.rounds.value_or(allowed);
  if (rounds < 1) return "rounds must be at least 1, not " + std::to_string(rounds);
  if (rounds > allowed) {
    return "this " + std::string(kind_name(request.kind)) + " allows at most " +
           std::to_string(allowed) + " rounds, not " + std::to_string(rounds);
  }
  if (request.boards_per_round < kMinBoardsPerRound ||
      request.boards_per_round > kMaxBoardsPerRound) {
    return "boards per round must be " + std::to_string(kMinBoardsPerRound) + " to " +
           std::to_string(kMaxBoardsPerRound) + ", not " + std::to_string(request.boards_per_round);
  }
  switch (request.kind) {
    case MovementKind::kMitchell: return mitchell(request.field, rounds, request.boards_per_round);
    case MovementKind::kHowell: return howell(request.field, rounds, request.boards_per_round);
    case MovementKind::kDrive: return drive(request.field, rounds, request.boards_per_round);
  }
  return "unknown movement";
}

}  // namespace whist::event
