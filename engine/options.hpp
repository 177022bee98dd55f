// The variants, their options with defaults and limits, and the presets.
//
// Option names and values are those of rules.md; `set_option` is the one
// place that reads an option by name, so the record reader, the protocol and
// the lobby all accept and refuse exactly the same things.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace whist {

enum class Variant : std::uint8_t { kClassic, kBid, kExact };
enum class ClassicTrump : std::uint8_t { kTurn, kRotate, kRotateNt };
enum class Honours : std::uint8_t { kOff, kOn, kCapped };
// Where a classic rotation of trumps starts (rotate: the first four).
enum class FirstTrump : std::uint8_t { kHearts, kDiamonds, kSpades, kClubs, kNoTrump };
enum class SportKitty : std::uint8_t { kNever, kTrump, kAlways };

std::string_view variant_name(Variant v);
std::optional<Variant> parse_variant(std::string_view s);

struct Options {
  // classic and bid (0 = the variant's default: classic 5, bid 7)
  int play_to = 0;
  // classic
  ClassicTrump trump = ClassicTrump::kTurn;
  Honours honours = Honours::kOff;
  bool honours_bar = false;  // no honours for a side one point from game
  bool rubber = false;       // best of three games
  // classic and bid, events only (never offered at tables): a game of
  // `boards` deals, each scored alone, over after the last (0: play to
  // play_to); classic: the rotation's first trump (board b of an event
  // starts at b's trump).
  int boards = 0;
  FirstTrump first_trump = FirstTrump::kHearts;
  // bid
  int jokers = 2;
  int min_bid = 1;
  bool low_beats_high = true;
  SportKitty sport_kitty = SportKitty::kNever;
  bool bidder_gets_kitty = true;
  bool bidder_leads = false;
  bool double_nt = false;
  bool defensive_scoring = false;
  // exact (0 = the default for the number of players)
  bool trumps = true;
  bool round_trip = false;
  int initial_cards = 0;
  int max_cards = 0;
};

// A variant, its number of players and its options, defaults resolved.
struct Rules {
  Variant variant = Variant::kClassic;
  int players = 4;
  Options options;
};

using OptionValue = std::variant<bool, std::int64_t, std::string>;

// How one option is described to a client (protocol/rules_json) and read
// (set_option): its name, type, allowed values, and words for people. The
// table of specs in options.cpp is the one place an option is written.
enum class OptionType : std::uint8_t { kBool, kInt, kChoice };

struct OptionChoice {
  std::string_view value;
  std::string_view label;
};

struct OptionSpec {
  std::string_view name;
  OptionType type = OptionType::kBool;
  int min = 0;  // kInt: the range, both ends included
  int max = 0;
  std::vector<OptionChoice> choices;  // kChoice: the values, in order
  std::string_view label;             // a few words for a form
  std::string_view help;              // one sentence
  // The value as a number (kBool: 0/1, kChoice: the index in `choices`).
  std::int64_t (*get)(const Options&) = nullptr;
  void (*set)(Options&, std::int64_t) = nullptr;
  // Events' boards only: records and an event's tables take it, a table's
  // settings never offer it (rules_json leaves it out) nor accept it, and
  // records leave it out at its default.
  bool event_only = false;
};

// A variant's options in their fixed order (that of records and listings).
const std::vector<OptionSpec>& option_specs(Variant v);

// The variants in order, and the players each is played by.
const std::vector<Variant>& variants();
std::string_view variant_title(Variant v);  // "Classic Whist"
std::string_view variant_blurb(Variant v);  // one sentence for the lobby
int min_players(Variant v);
int max_players(Variant v);

// Sets one option by its rules.md name; an error message for an unknown
// name, a value of the wrong type, or one out of range.
std::optional<std::string> set_option(Variant v, Options& o, std::string_view name,
                                      const OptionValue& value);

// Whether an option of the variant is for events' boards only.
bool event_only_option(Variant v, std::string_view name);

// Fills in defaults that depend on the variant and players and checks the
// whole: players for the variant, exact's hand sizes. An error message or
// nothing.
std::optional<std::string> finalize(Rules& r);

// The options of a variant by name with their values, for records and
// listings: (name, value) in a fixed order.
std::vector<std::pair<std::string, OptionValue>> option_values(const Rules& r);

// Exact: the hand size of deal k (0-based) and the number of deals.
int exact_hand_size(const Rules& r, int deal_index);
int exact_deal_count(const Rules& r);

// Classic presets the lobby offers.
struct Preset {
  std::string_view id;
  std::string_view name;
  Options options;
};
const std::vector<Preset>& classic_presets();

}  // namespace whist
