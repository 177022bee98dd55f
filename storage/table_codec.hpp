// A table as storage keeps it (the text of its row in TableStore): its
// settings and rules, its creator, who sits where and who is invited, which
// is what a table needs to come back after a restart. Storage's own format,
// not the wire's: it is written and read here only, and read strictly.
//
// The text is JSON, the same shape as schema version 6 wrote it (with the
// wire's table_setup_json), so every row written before reads back:
//   {"setup": {"variant", "players", "options": {name: value},
//              "settings": {timer_bid, timer_play, chat, watching,
//                           suggestions, kind, buy_in, invite_only,
//                           friends_only, start_at (null: none),
//                           computers_fill},
//              "preset" (optional)},
//    "creator": name, "seats": [{"seat", "user", "name", "strength" (a
//    computer's; absent: expert)}...],
//    "invited": [account...]}
// A seat's "computer" and "connected", written before, are read and
// ignored; a row closed by a running table has no seats or invited.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/ai/player.hpp"
#include "table/settings.hpp"

namespace whist::storage {

struct StoredSeat {
  std::int64_t user = 0;  // 0: empty; negative: a computer player
  std::string name;
  ai::Strength strength = ai::Strength::kExpert;  // a computer player's ("strength")
};

struct StoredTable {
  TableSetup setup;
  std::string creator;
  std::vector<StoredSeat> seats;  // by seat number; empty, or one per player
  std::vector<std::int64_t> invited;
  std::string invite_link;  // the invite link's token; empty: none
};

std::string encode_table(const StoredTable& t);
// Throws StorageError saying what is wrong: not JSON, a key missing or
// unknown, a value of the wrong type or out of range, rules the engine
// refuses (engine/options.hpp's set_option and finalize).
StoredTable decode_table(std::string_view text);
// The buy-in per seat of a stored table (its Compete chips); 0 when it has
// none or its row cannot be read.
int stored_buy_in(std::string_view text);

}  // namespace whist::storage
