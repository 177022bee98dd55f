// The table's own events (docs/protocol.md, Table events), besides the
// game's (table_json.hpp event_text): a closed set, one struct each, and
// one writer, table_event_text(), that writes the event object's JSON text
// (keys in dump()'s order) for the table.event envelope.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace whist::protocol {

// A registered player's rating as shown beside their name: rounded, and
// provisional while the deviation is over 110 ("1512?").
struct ShownRating {
  int rating = 0;
  bool provisional = true;
  bool operator==(const ShownRating&) const = default;
};

// A seat as the table shows it (in "start", and the table's summary).
struct SeatInfo {
  int seat = 0;
  std::string name;       // empty: a free seat (null)
  std::int64_t user = 0;  // 0: a free seat (null); negative: a computer player
  bool computer = false;
  std::string strength;    // a computer player's: "beginner", "club" or "expert"
  bool connected = false;  // and at the table (not away)
  // The player's rating in the table's pool, once read (none: a free seat,
  // a computer, a guest, or not read yet).
  std::optional<ShownRating> rating;
};

namespace event {

struct Sit {
  int seat = 0;
  std::string name;
  bool computer = false;  // written only for a computer player
  std::string strength;   // a computer player's
};
struct Leave {
  int seat = 0;
};
struct Connected {
  int seat = 0;
};
struct Disconnected {
  int seat = 0;
  std::string reason;  // "lobby" or "idle" when away; empty when the connection ended
};
struct Chat {
  std::string from;
  std::optional<int> seat;    // null: a watcher
  std::optional<int> phrase;  // a preset phrase's number
  std::string text;
  // A watcher's line from during a game at a rated table, which reached
  // the watchers only then (table.watcher_chat) and everyone after it.
  bool during_game = false;
};
struct Rematch {
  int seat = 0;
};
// A player's card in the cut for partners (settings.cut): the seat they
// sat at before it and the seat after it.
struct CutDraw {
  std::string card;
  int from = 0;
  int seat = 0;
};
// The cut before a game (settings.cut): each player's card, the first
// dealer and the seats after it.
struct Cut {
  std::vector<CutDraw> draws;  // by seat before the cut
  int dealer = 0;
  std::vector<SeatInfo> seats;
};
// A claim (table.claim): the claimer's seat, the tricks claimed and the
// claimer's hand, shown to everyone.
struct Claim {
  int seat = 0;
  int tricks = 0;
  std::vector<std::string> hand;
};
// An opponent's answer to the claim (a computer's too). A refusal ends the
// claim; when every opponent accepted, the claim action follows.
struct ClaimAnswer {
  int seat = 0;
  bool accept = false;
  bool timeout = false;  // no answer in time: refused for them
};
// A player asks to take back their last card (table.undo); everyone else
// at the table answers. When all agree, the undo action follows.
struct UndoAsked {
  int seat = 0;
  std::string card;
};
// An answer to the undo (a computer's agreement too). A refusal ends it.
struct UndoAnswer {
  int seat = 0;
  bool accept = false;
  bool timeout = false;  // no answer in time: refused for them
};
struct Start {
  int dealer = 0;
  std::vector<SeatInfo> seats;
};
// The computer acted for the seat (its time ran out, or it is away).
struct Auto {
  int seat = 0;
};
struct Result {
  std::int64_t game = 0;
  std::vector<int> scores;
  std::vector<int> winners;
};
// The operator closed the table.
struct Closed {
  std::string reason;
};
// A Compete game could not start (the buy-ins could not be charged).
struct StartFailed {};
struct BuyInRefused {
  int seat = 0;
};
// A scheduled table not full at its start time.
struct Cancelled {};
// A rated game's rating changes, once they are stored (docs/ratings.md):
// each rated player's seat, their new rating and its change, both rounded
// (the change is the difference of the rounded ratings), and whether it is
// still provisional (a deviation over 110).
struct SeatRating {
  int seat = 0;
  int rating = 0;
  int change = 0;
  bool provisional = false;
};
struct Rated {
  std::int64_t game = 0;
  std::string pool;  // "classic", "bid" or "exact"
  std::vector<SeatRating> seats;
};
// A seated player's rating, once read (after they sat, after a restart).
struct Rating {
  int seat = 0;
  ShownRating rating;
};

}  // namespace event

using TableEvent =
    std::variant<event::Sit, event::Leave, event::Connected, event::Disconnected, event::Chat,
                 event::Rematch, event::Cut, event::Claim, event::ClaimAnswer, event::UndoAsked,
                 event::UndoAnswer, event::Start, event::Auto, event::Result, event::Closed,
                 event::StartFailed, event::BuyInRefused, event::Cancelled, event::Rated,
                 event::Rating>;

// The event object's JSON text ({"seat":2,"type":"leave"}).
std::string table_event_text(const TableEvent& e);
// The table.event message around an event's text (a table's event or a
// game's, event_text): {"d":{"event":..,"table":..,"v":..},"t":"table.event"}.
std::string table_event_message(std::string_view event, std::int64_t table, std::int64_t v);
// Such a message's "d", as the message holds it (a table.sync answer
// carries the missed events' "d" as they were sent).
std::string_view table_event_data(std::string_view message);
// A list of seats' JSON text, as "start" and the table's summary carry it.
std::string seats_text(const std::vector<SeatInfo>& seats);
// The same without the ratings: a game record's seats.
std::string record_seats_text(const std::vector<SeatInfo>& seats);

}  // namespace whist::protocol
