// Glicko-2 against Glickman's worked example and against the properties a
// player expects of a rating.
#include "rating/glicko2.hpp"

#include <catch2/catch.hpp>
#include <random>
#include <vector>

using namespace whist::rating;

TEST_CASE("Glickman's worked example: 1500/200/0.06 against 1400/30, 1550/100, 1700/300") {
  const Rating player{1500, 200, 0.06};
  const std::vector<Result> results{
      {{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}};
  // The example's tau is 0.5.
  const Rating r = update(player, results, Settings{.tau = 0.5});
  CHECK(r.rating == Approx(1464.06).margin(0.01));
  CHECK(r.deviation == Approx(151.52).margin(0.01));
  CHECK(r.volatility == Approx(0.05999).margin(0.00001));
}

TEST_CASE("a draw between two equal players changes no rating, and narrows both deviations") {
  const Rating a{1620, 80, 0.06};
  const std::vector<Result> draw{{a, 0.5}};
  const Rating r = update(a, draw);
  CHECK(r.rating == Approx(1620).margin(1e-9));
  CHECK(r.deviation < a.deviation);
}

TEST_CASE("winning never lowers a rating, losing never raises one") {
  std::mt19937 rng(20261126);
  std::uniform_real_distribution<double> rating(800, 2400), deviation(30, 350), vol(0.03, 0.09);
  for (int i = 0; i < 2000; ++i) {
    const Rating me{rating(rng), deviation(rng), vol(rng)};
    const Rating them{rating(rng), deviation(rng), vol(rng)};
    const std::vector<Result> won{{them, 1}}, lost{{them, 0}};
    INFO("me " << me.rating << "/" << me.deviation << ", them " << them.rating << "/"
               << them.deviation);
    CHECK(update(me, won).rating >= me.rating);
    CHECK(update(me, lost).rating <= me.rating);
    // A win is worth more against a stronger player than against a weaker one.
    const Rating stronger{them.rating + 100, them.deviation, them.volatility};
    const std::vector<Result> won_stronger{{stronger, 1}};
    CHECK(update(me, won_stronger).rating > update(me, won).rating);
  }
}

TEST_CASE("the deviation shrinks with games from the start, and grows with idle days") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> spread(-200, 200), deviation(50, 350);
  std::bernoulli_distribution win(0.5);
  Rating me = kStart;
  CHECK(provisional(me));
  int games = 0;
  while (me.deviation > 100) {
    const Rating them{me.rating + spread(rng), deviation(rng), 0.06};
    const std::vector<Result> game{{them, win(rng) ? 1.0 : 0.0}};
    const Rating next = update(me, game);
    CHECK(next.deviation < me.deviation);
    me = next;
    REQUIRE(++games < 100);
  }
  CHECK_FALSE(provisional(me));
  // Idle days widen it, a month more than a day, never past the start's.
  const Rating day = idle(me, 1), month = idle(me, 30);
  CHECK(day.deviation > me.deviation);
  CHECK(month.deviation > day.deviation);
  CHECK(day.rating == me.rating);
  CHECK(idle(me, 1e6).deviation == Approx(350));
  // A period without a game is an idle day.
  CHECK(update(me, {}).deviation == Approx(day.deviation));
}

TEST_CASE("a partnership meets the other side as one composite player") {
  const std::vector<Rating> side{{1600, 60, 0.06}, {1400, 80, 0.07}};
  const Rating c = composite(side);
  CHECK(c.rating == Approx(1500));
  CHECK(c.deviation == Approx(std::sqrt((60.0 * 60 + 80.0 * 80) / 2)));
  CHECK(c.volatility == Approx(0.065));
  CHECK_THROWS(composite(std::vector<Rating>{}));
}

TEST_CASE("an exact-bid game of N players: pairwise results by place, weighted to one game") {
  const std::vector<Rating> players{
      {1500, 100, 0.06}, {1600, 100, 0.06}, {1450, 100, 0.06}, {1500, 100, 0.06}};
  const std::vector<int> places{2, 1, 2, 4};  // seats 0 and 2 share the second place
  const auto r = ranked_results(players, places, 0);
  REQUIRE(r.size() == 3);
  double weight = 0;
  for (const Result& x : r) weight += x.weight;
  CHECK(weight == Approx(1));
  CHECK(r[0].opponent.rating == 1600);
  CHECK(r[0].score == 0);
  CHECK(r[1].opponent.rating == 1450);
  CHECK(r[1].score == 0.5);
  CHECK(r[2].score == 1);
  // Weighted to one game: the first of a three-way game moves less than a
  // player who beat each of them in a game of their own.
  const auto first = ranked_results(players, places, 1);
  Rating alone = players[1];
  for (const Result& x : first) {
    const std::vector<Result> one{{x.opponent, x.score}};
    alone = update(alone, one);
  }
  const Rating weighted = update(players[1], first);
  CHECK(weighted.rating > players[1].rating);
  CHECK(weighted.rating < alone.rating);
  CHECK_THROWS(ranked_results(players, std::vector<int>{1, 2}, 0));
}
