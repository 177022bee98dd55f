// The JSON form of game records and actions (docs/records.md) and of
// whist-replay's output.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/record.hpp"

namespace whist::protocol {

// Reads a record. A record-level fault (not JSON, a missing or mistyped
// field, an unknown option) is returned as a message; a deal or an action
// that cannot be read is kept in the record as its reason, an error only
// if replay reaches it.
std::variant<GameRecord, std::string> parse_record(std::string_view text);

// One action object: the Action, or why it is malformed (not an object, no
// seat or type, a seat out of range, an unknown type, a missing or mistyped
// field, a string that is not a card of the variant's pack).
std::variant<Action, std::string> parse_action(const nlohmann::json& j, const Rules& rules);
// The same for an action by `seat`, whatever the object says of its seat.
std::variant<Action, std::string> parse_action(const nlohmann::json& j, const Rules& rules,
                                               int seat);

class JsonText;
// One action object, written as text (keys in order), or as a document.
// `hide_discard`: a discard without its cards (as the table shows it).
void write_action(JsonText& out, const Action& a, Variant v, bool hide_discard = false);
std::string action_text(const Action& a, Variant v);
nlohmann::json action_json(const Action& a, Variant v);
nlohmann::json record_json(const GameRecord& r);
// One deal as a record writes it: hands, kitty, turned card.
nlohmann::json deal_json(const DealSpec& d);
nlohmann::json options_json(const Rules& r);

// A game's texts as storage keeps them (storage/game_store.hpp), in the
// records' format: its setup (variant, options, players, the first dealer
// and the seed), a deal (deal_json) and its result ({"scores",
// "winners"}). An action is action_text.
std::string game_setup_text(const Rules& r, int dealer, std::uint64_t seed);
std::string deal_text(const DealSpec& d);
std::string game_result_text(const std::vector<int>& scores, const std::vector<int>& winners);

// whist-replay's output document and exit status (0, 1 or 2).
struct ReplayOutput {
  int exit_status = 0;
  std::string json;  // one line
};
ReplayOutput replay_output(const ReplayResult& r);
ReplayOutput malformed_output(const std::string& message);

}  // namespace whist::protocol
