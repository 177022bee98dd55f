// The data of the table's own acknowledgements (docs/protocol.md, Tables):
// a closed set, one struct each, and one writer, table_reply_text(), that
// writes the ack's "d" as JSON text (keys in dump()'s order), for
// ack_message(). The table core fills them; tests/protocol/replies.jsonl
// pins their text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/action.hpp"
#include "engine/observation.hpp"
#include "protocol/table_summary.hpp"

namespace whist::protocol {

namespace table_reply {

// table.state, and what table.sit, table.watch and a table.sync too far
// behind answer: the table's summary, its version, the asker's seat (none:
// a watcher), their view of the game (none: no game) and the time left to
// the seat to act (none: no turn clock running).
// A claim waiting for its answers, as a state answer carries it.
struct ClaimState {
  int seat = 0;
  int tricks = 0;
  std::vector<std::string> hand;  // the claimer's cards, shown to all
  std::vector<int> accepted;      // the opponents who accepted so far
};
// An undo waiting for its answers, as a state answer carries it.
struct UndoState {
  int seat = 0;
  std::string card;
  std::vector<int> accepted;  // those who agreed so far
};
struct State {
  TableSummary table;
  std::int64_t v = 0;
  std::optional<int> seat;
  std::optional<Observation> view;
  std::optional<std::int64_t> turn_ms_left;
  std::optional<ClaimState> claim;  // none: no claim waits (no "claim" key)
  std::optional<UndoState> undo;    // none: no undo waits (no "undo" key)
};
// table.sync: the events missed since the asker's version, each the
// table.event message as it was sent (its "d" is spliced in as it is),
// then the view (none: no game, and no "view" key) and the time left.
struct Sync {
  std::int64_t table = 0;
  std::int64_t v = 0;
  std::vector<std::string_view> events;
  std::optional<Observation> view;
  std::optional<std::int64_t> turn_ms_left;
};
// table.add_bot: the seat given to a computer player, and its name.
struct ComputerSeated {
  int seat = 0;
  std::string name;
};
// table.suggest: the action suggested, at the table's version when asked.
struct Suggestion {
  Action action;
  Variant variant = Variant::kClassic;
  std::int64_t v = 0;
};
// table.invite: the usernames invited and those with no account.
struct Invited {
  std::vector<std::string> invited;
  std::vector<std::string> unknown;
};
// table.invite_link: the token of the table's invite link (none: revoked).
struct InviteLink {
  std::optional<std::string> token;
};
// table.act: the table's version after the action.
struct Acted {
  std::int64_t v = 0;
};

}  // namespace table_reply

using TableReply = std::variant<table_reply::State, table_reply::Sync, table_reply::ComputerSeated,
                                table_reply::Suggestion, table_reply::Invited, table_reply::Acted,
                                table_reply::InviteLink>;

// The ack's data as JSON text.
std::string table_reply_text(const TableReply& r);
// The whole ack of request `id` (JSON text, or empty).
std::string ack_message(const std::string& id, const TableReply& r);

}  // namespace whist::protocol
