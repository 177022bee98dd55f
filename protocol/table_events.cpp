#include "protocol/table_events.hpp"

#include "protocol/json_text.hpp"

namespace whist::protocol {

namespace {

// `live`: a table's seats (ratings, computers' strengths), not a record's.
void write_seats(JsonText& out, const std::vector<SeatInfo>& seats, bool live = true) {
  out.begin_array();
  for (const SeatInfo& s : seats) {
    out.begin_object().key("computer").value(s.computer).key("connected").value(s.connected);
    out.key("name");
    if (s.user) {
      out.value(std::string_view(s.name));
    } else {
      out.null();
    }
    if (live && s.rating) {
      out.key("provisional").value(s.rating->provisional);
      out.key("rating").value(s.rating->rating);
    }
    out.key("seat").value(s.seat);
    if (live && s.computer && !s.strength.empty())
      out.key("strength").value(std::string_view(s.strength));
    out.key("user");
    if (s.user) {
      out.value(s.user);
    } else {
      out.null();
    }
    out.end_object();
  }
  out.end_array();
}

// Each event's fields, in key order, then its type (every key sorts
// before "type" except "winners", written after it).
struct Writer {
  JsonText& out;
  void operator()(const event::Sit& e) const {
    if (e.computer) out.key("computer").value(true);
    out.key("name").value(std::string_view(e.name)).key("seat").value(e.seat);
    if (e.computer && !e.strength.empty()) out.key("strength").value(std::string_view(e.strength));
    out.key("type").value("sit");
  }
  void operator()(const event::Leave& e) const {
    out.key("seat").value(e.seat).key("type").value("leave");
  }
  void operator()(const event::Connected& e) const {
    out.key("seat").value(e.seat).key("type").value("connected");
  }
  void operator()(const event::Disconnected& e) const {
    if (!e.reason.empty()) out.key("reason").value(std::string_view(e.reason));
    out.key("seat").value(e.seat).key("type").value("disconnected");
  }
  void operator()(const event::Chat& e) const {
    if (e.during_game) out.key("during_game").value(true);
    out.key("from").value(std::string_view(e.from));
    if (e.phrase) out.key("phrase").value(*e.phrase);
    out.key("seat").optional(e.seat);
    out.key("text").value(std::string_view(e.text)).key("type").value("chat");
  }
  void operator()(const event::Rematch& e) const {
    out.key("seat").value(e.seat).key("type").value("rematch");
  }
  void operator()(const event::Cut& e) const {
    out.key("dealer").value(e.dealer).key("draws").begin_array();
    for (const event::CutDraw& d : e.draws) {
      out.begin_object().key("card").value(std::string_view(d.card)).key("from").value(d.from);
      out.key("seat").value(d.seat).end_object();
    }
    out.end_array();
    write_seats(out.key("seats"), e.seats);
    out.key("type").value("cut");
  }
  void operator()(const event::Claim& e) const {
    out.key("hand").begin_array();
    for (const std::string& c : e.hand) out.value(std::string_view(c));
    out.end_array().key("seat").value(e.seat).key("tricks").value(e.tricks);
    out.key("type").value("claim");
  }
  void operator()(const event::ClaimAnswer& e) const {
    out.key("accept").value(e.accept).key("seat").value(e.seat);
    if (e.timeout) out.key("timeout").value(true);
    out.key("type").value("claim_answer");
  }
  void operator()(const event::UndoAsked& e) const {
    out.key("card").value(std::string_view(e.card)).key("seat").value(e.seat);
    out.key("type").value("undo_asked");
  }
  void operator()(const event::UndoAnswer& e) const {
    out.key("accept").value(e.accept).key("seat").value(e.seat);
    if (e.timeout) out.key("timeout").value(true);
    out.key("type").value("undo_answer");
  }
  void operator()(const event::Start& e) const {
    out.key("dealer").value(e.dealer);
    write_seats(out.key("seats"), e.seats);
    out.key("type").value("start");
  }
  void operator()(const event::Auto& e) const {
    out.key("seat").value(e.seat).key("type").value("auto");
  }
  void operator()(const event::Result& e) const {
    out.key("game").value(e.game).key("scores").int_array(e.scores);
    out.key("type").value("result").key("winners").int_array(e.winners);
  }
  void operator()(const event::Closed& e) const {
    out.key("reason").value(std::string_view(e.reason)).key("type").value("closed");
  }
  void operator()(const event::StartFailed&) const { out.key("type").value("start_failed"); }
  void operator()(const event::BuyInRefused& e) const {
    out.key("seat").value(e.seat).key("type").value("buy_in_refused");
  }
  void operator()(const event::Cancelled&) const { out.key("type").value("cancelled"); }
  void operator()(const event::Rated& e) const {
    out.key("game").value(e.game).key("pool").value(std::string_view(e.pool));
    out.key("seats").begin_array();
    for (const event::SeatRating& s : e.seats) {
      out.begin_object().key("change").value(s.change).key("provisional").value(s.provisional);
      out.key("rating").value(s.rating).key("seat").value(s.seat).end_object();
    }
    out.end_array().key("type").value("rated");
  }
  void operator()(const event::Rating& e) const {
    out.key("provisional").value(e.rating.provisional).key("rating").value(e.rating.rating);
    out.key("seat").value(e.seat).key("type").value("rating");
  }
};

}  // namespace

std::string table_event_text(const TableEvent& e) {
  JsonText out(128);
  out.begin_object();
  std::visit(Writer{out}, e);
  out.end_object();
  return out.take();
}

namespace {
// What table_event_message writes around the "d" object.
constexpr std::string_view kEventHead = R"({"d":)";
constexpr std::string_view kEventTail = R"(,"t":"table.event"})";
}  // namespace

std::string table_event_message(std::string_view event, std::int64_t table, std::int64_t v) {
  // The envelope written around the event's text (keys in order).
  JsonText out(event.size() + 64);
  out.begin_object().key("d").begin_object().key("event").raw(event);
  out.key("table").value(table).key("v").value(v).end_object();
  out.key("t").value("table.event").end_object();
  return out.take();
}

std::string_view table_event_data(std::string_view message) {
  return message.substr(kEventHead.size(), message.size() - kEventHead.size() - kEventTail.size());
}

std::string seats_text(const std::vector<SeatInfo>& seats) {
  JsonText out(64 * seats.size() + 2);
  write_seats(out, seats);
  return out.take();
}

std::string record_seats_text(const std::vector<SeatInfo>& seats) {
  JsonText out(64 * seats.size() + 2);
  write_seats(out, seats, false);
  return out.take();
}

}  // namespace whist::protocol
