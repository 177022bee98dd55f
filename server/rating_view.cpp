#include "server/rating_view.hpp"

#include <cmath>

namespace whist::server {

namespace {
int rounded(double x) { return static_cast<int>(std::lround(x)); }
}  // namespace

protocol::ShownRating shown(const rating::Rating& r) {
  return {rounded(r.rating), rating::provisional(r)};
}

protocol::reply::RatingChange rating_change(const rating::Rating& before,
                                            const rating::Rating& after) {
  const int now = rounded(after.rating);
  return {now, now - rounded(before.rating), rating::provisional(after)};
}

std::optional<protocol::ShownRating> shown_rating(storage::Database& db, std::int64_t account,
                                                  std::string_view pool) {
  const auto who = db.accounts().account_by_id(account);
  if (!who || who->guest) return std::nullopt;
  for (const storage::StoredRating& r : db.ratings().ratings_of(account))
    if (r.pool == pool) return shown(r.rating);
  return shown(rating::kStart);
}

}  // namespace whist::server
