// The results of a finished game, seat by seat, as storage keeps them
// (FinishGame: the result, each seat's result and at a Compete table the
// payout, in one transaction), its rating changes, and the ratings shown
// beside the seated players' names (read when they sit, and after a
// restart; the "rating" event tells the table).
#include <algorithm>

#include "table/core.hpp"
#include "table/payout.hpp"

namespace whist::table {

storage::GameResults TableCore::game_results() const {
  storage::GameResults r;
  r.variant = std::string(variant_name(setup_.rules.variant));
  if (!game_) return r;
  const auto scores = game_->scores();
  const auto winners = game_->winners();
  // Scores are per team (seat % 2) in classic and bid whist, per seat in
  // exact whist; `winners` names the sides with the best score.
  const bool teams = setup_.rules.variant != Variant::kExact;
  for (size_t i = 0; i < seats_.size(); ++i) {
    storage::SeatResult s;
    s.seat = static_cast<int>(i);
    s.account = seats_[i].user;
    s.name = seats_[i].name;
    s.side = teams ? s.seat % 2 : s.seat;
    s.won = std::find(winners.begin(), winners.end(), s.side) != winners.end();
    s.score = static_cast<size_t>(s.side) < scores.size() ? scores[static_cast<size_t>(s.side)] : 0;
    r.seats.push_back(std::move(s));
  }
  // Compete: each winner is paid a share of the pot, everyone paid the
  // buy-in.
  if (const int buy_in = setup_.settings.buy_in; buy_in > 0) {
    const int players = static_cast<int>(seats_.size());
    const auto paid = winning_seats(winners, static_cast<int>(scores.size()), players);
    const std::int64_t share =
        payout_share(buy_in, players, static_cast<int>(paid.size()), config_.house_fee_percent);
    for (storage::SeatResult& s : r.seats) {
      const bool won = std::find(paid.begin(), paid.end(), s.seat) != paid.end();
      s.chips_delta = (won ? share : 0) - buy_in;
    }
  }
  return r;
}

void TableCore::store_result() {
  store::FinishGame job;
  job.game = game_key();
  job.scores = game_->scores();
  job.winners = game_->winners();
  job.results = game_results();
  job.buy_in = setup_.settings.buy_in;
  job.fee_percent = config_.house_fee_percent;
  if (job.buy_in > 0) {
    for (const Seat& st : seats_) job.users.push_back(st.user);
    job.winning_seats = winning_seats(game_->winners(), static_cast<int>(game_->scores().size()),
                                      static_cast<int>(seats_.size()));
  }
  job.now = now_.unix_s();
  job.rated = rated_game();
  store(std::move(job));
}

bool TableCore::rated_game() const {
  // A computer player seated makes the game unrated. (Computers sit only
  // between games, so those seated now were there at the start; a stand-in
  // plays for a seat that stays its player's, and changes nothing.)
  return setup_.settings.rated &&
         std::none_of(seats_.begin(), seats_.end(), [](const Seat& s) { return s.computer; });
}

void TableCore::game_rated(const protocol::event::Rated& changes, Now now) {
  run(now, [&] {
    if (closed_ || changes.seats.empty()) return;
    broadcast(changes);
    // The names' labels show the new ratings (the event says them).
    for (const auto& s : changes.seats)
      if (static_cast<size_t>(s.seat) < seats_.size())
        seats_[static_cast<size_t>(s.seat)].rating = protocol::ShownRating{s.rating, s.provisional};
    announce();
  });
}

int TableCore::forming_rating() const {
  int sum = 0, people = 0;
  for (const Seat& st : seats_) {
    if (st.user <= 0) continue;
    sum += st.rating ? st.rating->rating : 1500;
    ++people;
  }
  return people ? (sum + people / 2) / people : 1500;
}

void TableCore::read_rating(std::int64_t user) {
  store(store::ReadRating{user, std::string(variant_name(setup_.rules.variant))});
}

void TableCore::rating_read(std::int64_t user, std::optional<protocol::ShownRating> rating,
                            Now now) {
  run(now, [&] {
    const int seat = seat_of(user);
    if (closed_ || seat < 0 || !rating) return;
    Seat& st = seats_[static_cast<size_t>(seat)];
    if (st.rating == rating) return;
    st.rating = rating;
    broadcast(protocol::event::Rating{seat, *rating});
    announce();
  });
}

}  // namespace whist::table
