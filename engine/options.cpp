#include "engine/options.hpp"

#include <array>

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

Error want_int(std::string_view name, const OptionValue& v, int lo, int hi, int& out) {
  const auto* i = std::get_if<std::int64_t>(&v);
  if (!i) return "option " + std::string(name) + " must be a whole number";
  if (*i < lo || *i > hi)
    return "option " + std::string(name) + " must be from " + std::to_string(lo) + " to " +
           std::to_string(hi);
  out = static_cast<int>(*i);
  return std::nullopt;
}

Error want_bool(std::string_view name, const OptionValue& v, bool& out) {
  const auto* b = std::get_if<bool>(&v);
  if (!b) return "option " + std::string(name) + " must be true or false";
  out = *b;
  return std::nullopt;
}

template <typename E, size_t N>
Error want_enum(std::string_view name, const OptionValue& v,
                const std::array<std::string_view, N>& names, E& out) {
  const auto* s = std::get_if<std::string>(&v);
  std::string list;
  for (auto n : names) list += (list.empty() ? "" : ", ") + std::string(n);
  if (s) {
    for (size_t i = 0; i < N; ++i) {
      if (*s == names[i]) {
        out = static_cast<E>(i);
        return std::nullopt;
      }
    }
  }
  return "option " + std::string(name) + " must be one of " + list;
}

constexpr std::array<std::string_view, 3> kTrumpNames = {"turn", "rotate", "rotate_nt"};
constexpr std::array<std::string_view, 3> kHonoursNames = {"off", "on", "capped"};
constexpr std::array<std::string_view, 3> kSportNames = {"never", "trump", "always"};

}  // namespace

Error set_option(Variant v, Options& o, std::string_view name, const OptionValue& value) {
  switch (v) {
    case Variant::kClassic:
      if (name == "play_to") return want_int(name, value, 1, 15, o.play_to);
      if (name == "trump") return want_enum(name, value, kTrumpNames, o.trump);
      if (name == "honours") return want_enum(name, value, kHonoursNames, o.honours);
      break;
    case Variant::kBid:
      if (name == "play_to") return want_int(name, value, 1, 15, o.play_to);
      if (name == "jokers") return want_int(name, value, 0, 2, o.jokers);
      if (name == "min_bid") return want_int(name, value, 1, 4, o.min_bid);
      if (name == "low_beats_high") return want_bool(name, value, o.low_beats_high);
      if (name == "sport_kitty") return want_enum(name, value, kSportNames, o.sport_kitty);
      if (name == "bidder_gets_kitty") return want_bool(name, value, o.bidder_gets_kitty);
      if (name == "bidder_leads") return want_bool(name, value, o.bidder_leads);
      if (name == "double_nt") return want_bool(name, value, o.double_nt);
      if (name == "defensive_scoring") return want_bool(name, value, o.defensive_scoring);
      break;
    case Variant::kExact:
      if (name == "trumps") return want_bool(name, value, o.trumps);
      if (name == "round_trip") return want_bool(name, value, o.round_trip);
      if (name == "initial_cards") return want_int(name, value, 1, 26, o.initial_cards);
      if (name == "max_cards") return want_int(name, value, 1, 26, o.max_cards);
      break;
  }
  return "unknown option " + std::string(name) + " for " + std::string(variant_name(v)) + " whist";
}

Error finalize(Rules& r) {
  Options& o = r.options;
  switch (r.variant) {
    case Variant::kClassic:
    case Variant::kBid:
      if (r.players != 4)
        return std::string(variant_name(r.variant)) + " whist is played by 4 players";
      if (o.play_to == 0) o.play_to = r.variant == Variant::kClassic ? 5 : 7;
      return std::nullopt;
    case Variant::kExact: {
      if (r.players < 2 || r.players > 6) return "exact-bid whist is played by 2 to 6 players";
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
  const Options& o = r.options;
  std::vector<std::pair<std::string, OptionValue>> out;
  auto i = [](int x) { return OptionValue(static_cast<std::int64_t>(x)); };
  auto s = [](std::string_view x) { return OptionValue(std::string(x)); };
  switch (r.variant) {
    case Variant::kClassic:
      out = {{"play_to", i(o.play_to)},
             {"trump", s(kTrumpNames[static_cast<int>(o.trump)])},
             {"honours", s(kHonoursNames[static_cast<int>(o.honours)])}};
      break;
    case Variant::kBid:
      out = {{"play_to", i(o.play_to)},
             {"jokers", i(o.jokers)},
             {"min_bid", i(o.min_bid)},
             {"low_beats_high", o.low_beats_high},
             {"sport_kitty", s(kSportNames[static_cast<int>(o.sport_kitty)])},
             {"bidder_gets_kitty", o.bidder_gets_kitty},
             {"bidder_leads", o.bidder_leads},
             {"double_nt", o.double_nt},
             {"defensive_scoring", o.defensive_scoring}};
      break;
    case Variant::kExact:
      out = {{"trumps", o.trumps},
             {"round_trip", o.round_trip},
             {"initial_cards", i(o.initial_cards)},
             {"max_cards", i(o.max_cards)}};
      break;
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
    auto make = [](int play_to, ClassicTrump t, Honours h) {
      Options o;
      o.play_to = play_to;
      o.trump = t;
      o.honours = h;
      return o;
    };
    return std::vector<Preset>{
        {"whist5", "Whist 5-Point", make(5, ClassicTrump::kTurn, Honours::kOff)},
        {"whist7rotate", "Whist 7-Point Rotate Trump",
         make(7, ClassicTrump::kRotate, Honours::kOff)},
        {"whist9honours", "Whist 9-Point Honours", make(9, ClassicTrump::kTurn, Honours::kCapped)},
        {"trickster", "Trickster Classic", make(7, ClassicTrump::kTurn, Honours::kOn)},
    };
  }();
  return presets;
}

}  // namespace whist
