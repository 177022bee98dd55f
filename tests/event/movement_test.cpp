// Movements: the properties each kind promises (event/movement.hpp), for
// every field from 2 to 20 tables where the kind applies.
#include <catch2/catch.hpp>
#include <map>
#include <set>

#include "event/movement.hpp"

using namespace whist::event;

namespace {

Movement make(MovementKind kind, int field, std::optional<int> rounds = std::nullopt,
              int per_round = 3) {
  auto m = make_movement({kind, field, rounds, per_round});
  INFO((std::holds_alternative<std::string>(m) ? std::get<std::string>(m) : ""));
  REQUIRE(std::holds_alternative<Movement>(m));
  return std::get<Movement>(m);
}

std::string refusal(MovementKind kind, int field, std::optional<int> rounds = std::nullopt,
                    int per_round = 3) {
  auto m = make_movement({kind, field, rounds, per_round});
  REQUIRE(std::holds_alternative<std::string>(m));
  return std::get<std::string>(m);
}

// What every movement promises: tables numbered 1..n in play, boards in
// 1..boards, each board played at least once, a round's boards per table.
void check_common(const Movement& m) {
  std::set<int> played;
  for (const Round& r : m.rounds) {
    REQUIRE(static_cast<int>(r.tables.size()) == m.tables);
    for (size_t i = 0; i < r.tables.size(); ++i) {
      const Sitting& s = r.tables[i];
      CHECK(s.table == static_cast<int>(i) + 1);
      REQUIRE(static_cast<int>(s.boards.size()) == m.boards_per_round);
      for (int b : s.boards) {
        CHECK(b >= 1);
        CHECK(b <= m.boards);
        played.insert(b);
      }
    }
  }
  CHECK(static_cast<int>(played.size()) == m.boards);
}

}  // namespace

TEST_CASE("Mitchell: every N/S pair meets each E/W pair and each board at most once") {
  for (int tables = 3; tables <= 20; ++tables) {
    INFO("tables " << tables);
    const Movement m = make(MovementKind::kMitchell, tables);
    check_common(m);
    const bool odd = tables % 2 == 1;
    REQUIRE(static_cast<int>(m.rounds.size()) == (odd ? tables : tables - 1));
    CHECK(m.boards == tables * 3);
    std::map<int, std::set<int>> ns_boards, ew_boards, ns_met;
    std::map<int, int> ew_table;  // where each E/W pair sat last round
    for (const Round& r : m.rounds) {
      CHECK(r.bye.empty());
      CHECK(r.sit_out_ns.empty());
      CHECK(r.sit_out_ew.empty());
      std::set<int> ews, sets;
      for (const Sitting& s : r.tables) {
        CHECK(s.ns == s.table);  // N/S stationary
        CHECK(ews.insert(s.ew).second);
        CHECK(sets.insert(s.boards.front()).second);  // no relay: a set per table
        CHECK(ns_met[s.ns].insert(s.ew).second);
        for (int b : s.boards) {
          CHECK(ns_boards[s.ns].insert(b).second);
          CHECK(ew_boards[s.ew].insert(b).second);
        }
        // E/W move up one table (two once, after round T/2, when T is even).
        if (r.number > 1) {
          const int step = (s.table - ew_table[s.ew] + tables) % tables;
          const bool skip = !odd && r.number == tables / 2 + 1;
          CHECK(step == (skip ? 2 : 1));
        }
      }
      for (const Sitting& s : r.tables) ew_table[s.ew] = s.table;
      CHECK(static_cast<int>(ews.size()) == tables);
    }
    // Odd: every pair plays every board; even: all but one set of three.
    for (int pair = 1; pair <= tables; ++pair) {
      CHECK(static_cast<int>(ns_boards[pair].size()) == (odd ? m.boards : m.boards - 3));
      CHECK(static_cast<int>(ew_boards[pair].size()) == (odd ? m.boards : m.boards - 3));
    }
  }
}

TEST_CASE("Mitchell: boards move down a table, the field and rounds are checked") {
  const Movement m = make(MovementKind::kMitchell, 5, 4, 2);
  REQUIRE(m.rounds.size() == 4);
  CHECK(m.boards == 10);
  // Table 1 plays set 1 (boards 1-2) in round 1 and set 2 in round 2: the
  // set that was at table 2 moved down.
  CHECK(m.rounds[0].tables[0].boards == std::vector<int>{1, 2});
  CHECK(m.rounds[1].tables[0].boards == std::vector<int>{3, 4});
  CHECK(m.rounds[1].tables[0].ew == 5);
  CHECK(refusal(MovementKind::kMitchell, 2) == "a Mitchell takes 3 to 60 tables, not 2");
  CHECK(refusal(MovementKind::kMitchell, 6, 6) == "this mitchell allows at most 5 rounds, not 6");
  CHECK(refusal(MovementKind::kMitchell, 5, 0) == "rounds must be at least 1, not 0");
  CHECK(refusal(MovementKind::kMitchell, 5, std::nullopt, 0) ==
        "boards per round must be 1 to 16, not 0");
}

TEST_CASE("Howell: every pair meets every other once, plays each board once") {
  for (int pairs = 4; pairs <= 10; ++pairs) {
    INFO("pairs " << pairs);
    const Movement m = make(MovementKind::kHowell, pairs);
    check_common(m);
    const bool odd = pairs % 2 == 1;
    REQUIRE(static_cast<int>(m.rounds.size()) == (odd ? pairs : pairs - 1));
    CHECK(m.tables == pairs / 2);
    std::map<int, std::set<int>> met, boards;
    std::map<int, int> ns_count, ew_count, sat_out;
    for (const Round& r : m.rounds) {
      std::set<int> seated;
      for (const Sitting& s : r.tables) {
        CHECK(s.boards == r.tables.front().boards);  // every table plays the round's set
        CHECK(seated.insert(s.ns).second);
        CHECK(seated.insert(s.ew).second);
        CHECK(met[s.ns].insert(s.ew).second);
        CHECK(met[s.ew].insert(s.ns).second);
        ++ns_count[s.ns];
        ++ew_count[s.ew];
        for (int b : s.boards) {
          CHECK(boards[s.ns].insert(b).second);
          CHECK(boards[s.ew].insert(b).second);
        }
      }
      CHECK(r.sit_out.size() == (odd ? 1U : 0U));
      for (int p : r.sit_out) {
        CHECK(seated.count(p) == 0);
        ++sat_out[p];
      }
      CHECK(static_cast<int>(seated.size() + r.sit_out.size()) == pairs);
    }
    for (int p = 1; p <= pairs; ++p) {
      INFO("pair " << p);
      CHECK(static_cast<int>(met[p].size()) == pairs - 1);  // met everyone
      CHECK(sat_out[p] == (odd ? 1 : 0));
      CHECK(static_cast<int>(boards[p].size()) == m.boards - (odd ? 3 : 0));
      CHECK(std::abs(ns_count[p] - ew_count[p]) <= 1);
    }
  }
  CHECK(refusal(MovementKind::kHowell, 3).find("4 to 10 pairs") != std::string::npos);
  CHECK(refusal(MovementKind::kHowell, 11).find("4 to 10 pairs") != std::string::npos);
  CHECK(refusal(MovementKind::kHowell, 6, 6) == "this howell allows at most 5 rounds, not 6");
}

TEST_CASE("Drive: nobody partners anyone twice; sit-outs in turn") {
  for (int players = 4; players <= 83; ++players) {
    INFO("players " << players);
    const Movement m = make(MovementKind::kDrive, players);
    check_common(m);
    const int rounds = players % 2 == 1 ? players : players - 1;
    REQUIRE(static_cast<int>(m.rounds.size()) == rounds);
    CHECK(m.tables == players / 4);
    std::map<int, std::set<int>> partners, boards;
    std::map<int, int> sat_out;
    for (const Round& r : m.rounds) {
      std::set<int> seated;
      for (const Sitting& s : r.tables) {
        CHECK(s.boards == r.tables.front().boards);
        for (int seat = 0; seat < 4; ++seat) {
          const int p = s.players[static_cast<size_t>(seat)];
          CHECK(p >= 1);
          CHECK(p <= players);
          CHECK(seated.insert(p).second);
          CHECK(partners[p].insert(s.players[static_cast<size_t>((seat + 2) % 4)]).second);
          for (int b : s.boards) CHECK(boards[p].insert(b).second);
        }
      }
      CHECK(static_cast<int>(r.sit_out.size()) == players % 4);
      for (int p : r.sit_out) {
        CHECK(seated.count(p) == 0);
        ++sat_out[p];
      }
    }
    int least = rounds, most = 0;
    for (int p = 1; p <= players; ++p) {
      least = std::min(least, sat_out[p]);
      most = std::max(most, sat_out[p]);
    }
    switch (players % 4) {
      case 0:  // a whole drive: everyone partners everyone once
        CHECK(most == 0);
        for (int p = 1; p <= players; ++p)
          CHECK(static_cast<int>(partners[p].size()) == players - 1);
        break;
      case 1:  // one sits out a round, each once; everyone partners everyone once
        CHECK(least == 1);
        CHECK(most == 1);
        for (int p = 1; p <= players; ++p)
          CHECK(static_cast<int>(partners[p].size()) == players - 1);
        break;
      case 3:  // three sit out, each three times
        CHECK(least == 3);
        CHECK(most == 3);
        break;
      case 2:  // two sit out: once or twice, now and then three times
        CHECK(least >= 1);
        CHECK(most - least <= 2);
        break;
    }
  }
}

TEST_CASE("Drive: the first rounds of a long field are new faces") {
  // Nobody sits with anyone twice in the first two rounds of a field of 16
  // or more, nor in six rounds of 60 (docs/events.md).
  auto repeats = [](const Movement& m) {
    std::map<std::pair<int, int>, int> met;
    int twice = 0;
    for (const Round& r : m.rounds) {
      for (const Sitting& s : r.tables) {
        for (int a : s.players) {
          for (int b : s.players) {
            if (a < b && ++met[{a, b}] > 1) ++twice;
          }
        }
      }
    }
    return twice;
  };
  for (int players = 16; players <= 240; ++players) {
    INFO("players " << players);
    CHECK(repeats(make(MovementKind::kDrive, players, 2)) == 0);
  }
  CHECK(repeats(make(MovementKind::kDrive, 60, 6)) == 0);
  CHECK(repeats(make(MovementKind::kDrive, 8)) > 0);  // 8 players cannot avoid it
  CHECK(refusal(MovementKind::kDrive, 3) == "a drive takes 4 to 240 players, not 3");
  CHECK(refusal(MovementKind::kDrive, 8, 8) == "this drive allows at most 7 rounds, not 8");
}

TEST_CASE("Movements are the same every time") {
  for (MovementKind k : {MovementKind::kMitchell, MovementKind::kHowell, MovementKind::kDrive}) {
    const int field = k == MovementKind::kDrive ? 22 : 6;
    const Movement a = make(k, field);
    const Movement b = make(k, field);
    REQUIRE(a.rounds.size() == b.rounds.size());
    for (size_t r = 0; r < a.rounds.size(); ++r) {
      for (size_t t = 0; t < a.rounds[r].tables.size(); ++t) {
        CHECK(a.rounds[r].tables[t].ns == b.rounds[r].tables[t].ns);
        CHECK(a.rounds[r].tables[t].ew == b.rounds[r].tables[t].ew);
        CHECK(a.rounds[r].tables[t].players == b.rounds[r].tables[t].players);
      }
    }
    CHECK(kind_from_name(kind_name(k)) == k);
  }
  CHECK_FALSE(kind_from_name("swiss"));
}
