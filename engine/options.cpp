#include "engine/options.hpp"

#include <array>
#include <type_traits>
#include <utility>

namespace whist {

std::string_view variant_name(Variant v) {
  switch (v) {
    case Variant::kClassic: return "classic";
    case Variant::kBid: return "bid";
    case Variant::kExact: return "exact";
  }
  return "?";
}

std::optional<Variant> parse_variant(std::string_view s) {
  if (s == "classic") return Variant::kClassic;
  if (s == "bid") return Variant::kBid;
  if (s == "exact") return Variant::kExact;
  return std::nullopt;
}

namespace {

using Error = std::optional<std::string>;

// Accessors of the specs' table: a field as a number and back.
template <auto Field>
std::int64_t get_field(const Options& o) {
  return static_cast<std::int64_t>(o.*Field);
}
template <auto Field>
void set_field(Options& o, std::int64_t v) {
  using T = std::remove_reference_t<decltype(o.*Field)>;
  o.*Field = static_cast<T>(v);
}

template <auto Field>
OptionSpec flag(std::string_view name, std::string_view label, std::string_view help) {
  return {name, OptionType::kBool, 0, 1, {}, label, help, get_field<Field>, set_field<Field>};
}
template <auto Field>
OptionSpec number(std::string_view name, int lo, int hi, std::string_view label,
                  std::string_view help) {
  return {name, OptionType::kInt, lo, hi, {}, label, help, get_field<Field>, set_field<Field>};
}
template <auto Field>
OptionSpec choice(std::string_view name, std::vector<OptionChoice> choices, std::string_view label,
                  std::string_view help) {
  const int n = static_cast<int>(choices.size());
  OptionSpec spec{name, OptionType::kChoice, 0, n - 1, {}, label, help};
  spec.choices = std::move(choices);
  spec.get = get_field<Field>;
  spec.set = set_field<Field>;
  return spec;
}

OptionSpec event_only(OptionSpec spec) {
  spec.event_only = true;
  return spec;
}

std::vector<OptionSpec> classic_specs() {
  return {
      number<&Options::play_to>("play_to", 1, 15, "Play to",
                                "Points a side needs to win the game."),
      choice<&Options::trump>("trump",
                              {{"turn", "Turned card"},
                               {"rotate", "Rotate ♥ ♦ ♠ ♣"},
                               {"rotate_nt", "Rotate ♥ ♦ ♠ ♣ NT"}},
                              "Trumps",
                              "Turn up the dealer's last card, or rotate hearts, diamonds, spades, "
                              "clubs (and no trump)."),
      choice<&Options::honours>("honours", {{"off", "Off"}, {"on", "On"}, {"capped", "Capped"}},
                                "Honours",
                                "3 or 4 trump honours (A K Q J) dealt to a side score 2 or 4; "
                                "capped never wins the game."),
      flag<&Options::honours_bar>("honours_bar", "No honours at game point",
                                  "A side one point from game at the start of a deal (4 of 5, 9 "
                                  "of 10) cannot score honours."),
      flag<&Options::rubber>("rubber", "Rubber",
                             "Best of three games: a game is worth 3, 2 or 1 by the losers' "
                             "score, and the rubber 2 more."),
      event_only(number<&Options::boards>(
          "boards", 0, 16, "Boards",
          "An event's boards: the game is this many deals, each scored alone (0: play to "
          "play_to).")),
      event_only(choice<&Options::first_trump>("first_trump",
                                               {{"hearts", "Hearts"},
                                                {"diamonds", "Diamonds"},
                                                {"spades", "Spades"},
                                                {"clubs", "Clubs"},
                                                {"notrump", "No trump"}},
                                               "First trump",
                                               "Where a rotation of trumps starts.")),
  };
}

std::vector<OptionSpec> bid_specs() {
  return {
      number<&Options::play_to>(
          "play_to", 1, 15, "Play to",
          "The game ends when a side reaches this score, or falls to minus this score."),
      number<&Options::jokers>(
          "jokers", 0, 2, "Jokers",
          "Jokers in the pack: they are the highest trumps (one joker is the red, big one)."),
      number<&Options::min_bid>("min_bid", 1, 4, "Lowest bid",
                                "The lowest level that may be bid (level L needs 6 + L tricks)."),
      flag<&Options::low_beats_high>(
          "low_beats_high", "Downtown beats uptown",
          "At the same level, a downtown (low) bid beats an uptown (high) one."),
      choice<&Options::sport_kitty>(
          "sport_kitty", {{"never", "Never"}, {"trump", "After a trump bid"}, {"always", "Always"}},
          "Show the kitty", "When the kitty is shown to everyone after the bidding."),
      flag<&Options::bidder_gets_kitty>(
          "bidder_gets_kitty", "Declarer takes the kitty",
          "The declarer adds the kitty to the hand and discards as many cards."),
      flag<&Options::bidder_leads>(
          "bidder_leads", "Declarer leads",
          "The declarer, not the dealer's left, leads to the first trick."),
      flag<&Options::double_nt>("double_nt", "Double no trump",
                                "A no-trump contract scores double, made or set."),
      flag<&Options::defensive_scoring>("defensive_scoring", "Defenders score",
                                        "The defenders score their tricks over six."),
      event_only(number<&Options::boards>(
          "boards", 0, 16, "Boards",
          "An event's boards: the game is this many deals, each scored alone (0: play to "
          "play_to).")),
  };
}

std::vector<OptionSpec> exact_specs() {
  return {
      flag<&Options::trumps>(
          "trumps", "Trumps",
          "A turned card names trumps each deal; otherwise every deal is at no trump."),
      flag<&Options::round_trip>("round_trip", "Round trip",
                                 "After the largest hand, hand sizes go back down to the first."),
      number<&Options::initial_cards>(
          "initial_cards", 1, 26, "First hand",
          "Cards each in the first deal (default: 7, or 4 with 5 or 6 players)."),
      number<&Options::max_cards>("max_cards", 1, 26, "Largest hand",
                                  "The largest hand; times the number of players, it may not "
                                  "exceed 52 (default: 13, 10 or 8)."),
  };
}

std::string choice_list(const OptionSpec& spec) {
  std::string list;
  for (const auto& c : spec.choices) list += (list.empty() ? "" : ", ") + std::string(c.value);
  return list;
}

// The value checked against its spec, as a number (see OptionSpec::get).
std::variant<std::int64_t, std::string> read_value(const OptionSpec& spec, const OptionValue& v) {
  const std::string name(spec.name);
  switch (spec.type) {
    case OptionType::kBool:
      if (const auto* b = std::get_if<bool>(&v)) return std::int64_t{*b};
      return "option " + name + " must be true or false";
    case OptionType::kInt: {
      const auto* i = std::get_if<std::int64_t>(&v);
      if (!i) return "option " + name + " must be a whole number";
      if (*i < spec.min || *i > spec.max)
        return "option " + name + " must be from " + std::to_string(spec.min) + " to " +
               std::to_string(spec.max);
      return *i;
    }
    case OptionType::kChoice:
      if (const auto* s = std::get_if<std::string>(&v))
        for (size_t k = 0; k < spec.choices.size(); ++k)
          if (*s == spec.choices[k].value) return static_cast<std::int64_t>(k);
      return "option " + name + " must be one of " + choice_list(spec);
  }
  return "option " + name + " is unknown";
}

}  // namespace

const std::vector<OptionSpec>& option_specs(Variant v) {
  static const std::vector<OptionSpec> classic = classic_specs();
  static const std::vector<OptionSpec> bid = bid_specs();
  static const std::vector<OptionSpec> exact = exact_specs();
  switch (v) {
    case Variant::kBid: return bid;
    case Variant::kExact: return exact;
    default: return classic;
  }
}

const std::vector<Variant>& variants() {
  static const std::vector<Variant> all = {Variant::kClassic, Variant::kBid, Variant::kExact};
  return all;
}

std::string_view variant_title(Variant v) {
  switch (v) {
    case Variant::kBid: return "Bid Whist";
    case Variant::kExact: return "Exact-bid Whist";
    default: return "Classic Whist";
  }
}

std::string_view variant_blurb(Variant v) {
  switch (v) {
    case Variant::kBid:
      return "Four players in two partnerships; one call each for the contract, a kitty, and "
             "jokers.";
    case Variant::kExact:
      return "Two to six players, each for themselves; bid the exact number of tricks you will "
             "take.";
    default:
      return "Four players in two partnerships; no bidding, the turned card or a fixed rotation "
             "names trumps.";
  }
}

int min_players(Variant v) { return v == Variant::kExact ? 2 : 4; }
int max_players(Variant v) { return v == Variant::kExact ? 6 : 4; }

Error set_option(Variant v, Options& o, std::string_view name, const OptionValue& value) {
  for (const OptionSpec& spec : option_specs(v)) {
    if (spec.name != name) continue;
    auto read = read_value(spec, value);
    if (auto* err = std::get_if<std::string>(&read)) return std::move(*err);
    spec.set(o, std::get<std::int64_t>(read));
    return std::nullopt;
  }
  return "unknown option " + std::string(name) + " for " + std::string(variant_name(v)) + " whist";
}

bool event_only_option(Variant v, std::string_view name) {
  for (const OptionSpec& spec : option_specs(v)) {
    if (spec.name == name) return spec.event_only;
  }
  return false;
}

Error finalize(Rules& r) {
  Options& o = r.options;
  if (r.players < min_players(r.variant) || r.players > max_players(r.variant)) {
    if (r.variant == Variant::kExact) return "exact-bid whist is played by 2 to 6 players";
    return std::string(variant_name(r.variant)) + " whist is played by 4 players";
  }
  switch (r.variant) {
    case Variant::kClassic:
      if (o.play_to == 0) o.play_to = 5;
      if (o.boards > 0 && (o.rubber || o.honours_bar)) {
        return "a game of boards has no game to win: rubber and honours_bar must be off";
      }
      if (o.first_trump == FirstTrump::kNoTrump && o.trump == ClassicTrump::kRotate) {
        return "first_trump notrump needs trump rotate_nt";
      }
      return std::nullopt;
    case Variant::kBid:
      if (o.play_to == 0) o.play_to = 7;
      return std::nullopt;
    case Variant::kExact: {
      const int def_initial = r.players <= 4 ? 7 : 4;
      const int def_max = r.players <= 4 ? 13 : (r.players == 5 ? 10 : 8);
      if (o.initial_cards == 0) o.initial_cards = def_initial;
      if (o.max_cards == 0) o.max_cards = def_max;
      if (o.initial_cards > o.max_cards) return "initial_cards may not exceed max_cards";
      if (o.max_cards * r.players > 52)
        return "max_cards times the number of players may not exceed 52";
      return std::nullopt;
    }
  }
  return "unknown variant";
}

std::vector<std::pair<std::string, OptionValue>> option_values(const Rules& r) {
  std::vector<std::pair<std::string, OptionValue>> out;
  for (const OptionSpec& spec : option_specs(r.variant)) {
    const std::int64_t x = spec.get(r.options);
    if (spec.event_only && x == 0) continue;
    OptionValue value = x;
    if (spec.type == OptionType::kBool) value = x != 0;
    if (spec.type == OptionType::kChoice)
      value = std::string(spec.choices.at(static_cast<size_t>(x)).value);
    out.emplace_back(std::string(spec.name), std::move(value));
  }
  return out;
}

int exact_deal_count(const Rules& r) {
  const int span = r.options.max_cards - r.options.initial_cards;
  return r.options.round_trip ? 2 * span + 1 : span + 1;
}

int exact_hand_size(const Rules& r, int deal_index) {
  const int up = r.options.initial_cards + deal_index;
  if (up <= r.options.max_cards) return up;
  return 2 * r.options.max_cards - up;  // on the way back down
}

const std::vector<Preset>& classic_presets() {
  static const std::vector<Preset> presets = [] {
    auto make = [](int play_to, ClassicTrump t, Honours h, bool british = false) {
      Options o;
      o.play_to = play_to;
      o.trump = t;
      o.honours = h;
      o.honours_bar = british;
      o.rubber = british;
      return o;
    };
    return std::vector<Preset>{
        {"whist5", "Whist 5-Point", make(5, ClassicTrump::kTurn, Honours::kOff)},
        {"whist7rotate", "Whist 7-Point Rotate Trump",
         make(7, ClassicTrump::kRotate, Honours::kOff)},
        {"whist9honours", "Whist 9-Point Honours", make(9, ClassicTrump::kTurn, Honours::kCapped)},
        {"trickster", "Trickster Classic", make(7, ClassicTrump::kTurn, Honours::kOn)},
        {"short_rubber", "Short Whist Rubber", make(5, ClassicTrump::kTurn, Honours::kOn, true)},
        {"long_whist", "Long Whist Rubber", make(10, ClassicTrump::kTurn, Honours::kOn, true)},
    };
  }();
  return presets;
}

}  // namespace whist
