// Glicko-2, step by step as Glickman's 2012 description numbers them.
#include "rating/glicko2.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

namespace whist::rating {

namespace {

// Step 2: the Glicko-2 scale.
constexpr double kScale = 173.7178;
constexpr double kCentre = 1500;

double g(double phi) {
  return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double expected(double mu, double mu_j, double phi_j) {
  return 1 / (1 + std::exp(-g(phi_j) * (mu - mu_j)));
}

// Step 5: the new volatility, by the Illinois algorithm on f.
double new_volatility(double phi, double sigma, double v, double delta, const Settings& s) {
  const double a = std::log(sigma * sigma);
  const double tau2 = s.tau * s.tau;
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / tau2;
  };
  double A = a;
  double B;
  if (delta * delta > phi * phi + v) {
    B = std::log(delta * delta - phi * phi - v);
  } else {
    double k = 1;
    while (f(a - k * s.tau) < 0) k += 1;
    B = a - k * s.tau;
  }
  double fA = f(A), fB = f(B);
  while (std::abs(B - A) > s.epsilon) {
    const double C = A + (A - B) * fA / (fB - fA);
    const double fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return std::exp(A / 2);
}

}  // namespace

Rating idle(const Rating& r, double days, const Settings& s) {
  if (days <= 0) return r;
  const double phi = r.deviation / kScale;
  const double widened = std::sqrt(phi * phi + days * r.volatility * r.volatility) * kScale;
  return {r.rating, std::min(widened, s.max_deviation), r.volatility};
}

Rating update(const Rating& r, std::span<const Result> results, const Settings& s) {
  double weight = 0;
  for (const Result& x : results) weight += x.weight;
  if (weight <= 0) return idle(r, 1, s);
  const double mu = (r.rating - kCentre) / kScale;
  const double phi = r.deviation / kScale;
  // Steps 3 and 4: the estimated variance v and improvement delta.
  double inv_v = 0, sum = 0;
  for (const Result& x : results) {
    const double mu_j = (x.opponent.rating - kCentre) / kScale;
    const double phi_j = x.opponent.deviation / kScale;
    const double e = expected(mu, mu_j, phi_j);
    inv_v += x.weight * g(phi_j) * g(phi_j) * e * (1 - e);
    sum += x.weight * g(phi_j) * (x.score - e);
  }
  const double v = 1 / inv_v;
  const double delta = v * sum;
  // Steps 5 to 8.
  const double sigma = new_volatility(phi, r.volatility, v, delta, s);
  const double phi_star = std::sqrt(phi * phi + sigma * sigma);
  const double phi_new = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v);
  const double mu_new = mu + phi_new * phi_new * sum;
  return {mu_new * kScale + kCentre, std::min(phi_new * kScale, s.max_deviation), sigma};
}

Rating composite(std::span<const Rating> side) {
  if (side.empty()) throw std::invalid_argument("a side of no players");
  double rating = 0, variance = 0, volatility = 0;
  for (const Rating& r : side) {
    rating += r.rating;
    variance += r.deviation * r.deviation;
    volatility += r.volatility;
  }
  const auto n = static_cast<double>(side.size());
  return {rating / n, std::sqrt(variance / n), volatility / n};
}

std::vector<Result> ranked_results(std::span<const Rating> players, std::span<const int> ranks,
                                   int me) {
  if (players.size() != ranks.size() || players.size() < 2 || me < 0 ||
      static_cast<size_t>(me) >= players.size())
    throw std::invalid_argument("ranked_results: a place for each of two or more players");
  const double weight = 1.0 / static_cast<double>(players.size() - 1);
  const int mine = ranks[static_cast<size_t>(me)];
  std::vector<Result> out;
  out.reserve(players.size() - 1);
  for (size_t j = 0; j < players.size(); ++j) {
    if (static_cast<int>(j) == me) continue;
    const double score = mine < ranks[j] ? 1 : mine > ranks[j] ? 0 : 0.5;
    out.push_back({players[j], score, weight});
  }
  return out;
}

}  // namespace whist::rating
