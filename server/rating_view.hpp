// Ratings as players see them: rounded, with the provisional mark (a
// deviation over 110, "1512?"), and a rated game's change as the
// difference of the rounded ratings, so that the numbers shown add up.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "protocol/replies.hpp"
#include "protocol/table_events.hpp"
#include "rating/glicko2.hpp"
#include "storage/database.hpp"

namespace whist::server {

protocol::ShownRating shown(const rating::Rating& r);
protocol::reply::RatingChange rating_change(const rating::Rating& before,
                                            const rating::Rating& after);
// A registered player's rating in `pool` as shown beside their name: 1500?
// for one never rated there; none for a guest or an unknown account. On
// the storage thread.
std::optional<protocol::ShownRating> shown_rating(storage::Database& db, std::int64_t account,
                                                  std::string_view pool);

}  // namespace whist::server
