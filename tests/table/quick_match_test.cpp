// Quick play's choice among forming tables (table/quick_match.hpp).
#include <catch2/catch.hpp>
#include <vector>

#include "table/quick_match.hpp"

using whist::table::FormingTable;
using whist::table::pick_forming;

TEST_CASE("quick match: the nearest rating within the band, the band widening with the wait") {
  // Two tables formed at the same moment: 1400 and 1800.
  const std::vector<FormingTable> tables{{1, 0, 1400}, {2, 0, 1800}};
  CHECK(pick_forming(tables, 1450, 0) == 1);
  CHECK(pick_forming(tables, 1750, 0) == 2);
  CHECK(pick_forming(tables, 1601, 0) == 2);
  // Too far from both at first (the band is 200): a new table.
  CHECK(pick_forming(tables, 2100, 0) == std::nullopt);
  CHECK(pick_forming(tables, 1100, 999) == std::nullopt);
  // After two seconds the band is 300: 1800 is within reach of 2100.
  CHECK(pick_forming(tables, 2100, 2000) == 2);
  // After 20 seconds the band is 1,200 points; still the nearest first.
  CHECK(pick_forming(tables, 300, 20000) == 1);
  CHECK(pick_forming(tables, 100, 20000) == std::nullopt);
  CHECK(pick_forming(tables, 3000, 20000) == 2);
}

TEST_CASE("quick match: the longest waiting on a tie; none without tables") {
  const std::vector<FormingTable> tables{{7, 5000, 1500}, {8, 1000, 1500}, {9, 0, 1700}};
  CHECK(pick_forming(tables, 1500, 6000) == 8);
  // 1600 is 100 from each: the longest waiting of them (9, since 0).
  CHECK(pick_forming(tables, 1600, 6000) == 9);
  CHECK(pick_forming({}, 1500, 0) == std::nullopt);
}
