#include "engine/card.hpp"

#include <array>

namespace whist {

namespace {
constexpr std::string_view kRankLetters = "23456789TJQKA";
constexpr std::string_view kSuitLetters = "CDHS";
}  // namespace

char suit_letter(int suit) { return suit >= 0 && suit < kSuits ? kSuitLetters[suit] : '?'; }

std::string card_name(Card c) {
  if (c == kBlackJoker) return "BJ";
  if (c == kRedJoker) return "RJ";
  if (c >= 52) return "??";
  return {kRankLetters[rank_of(c)], kSuitLetters[suit_of(c)]};
}

std::string_view card_code(Card c) {
  // Two letters per card, in card order (rank-major within each suit as
  // card_name writes them), then the jokers.
  static const std::array<char, 2 * 54> kCodes = [] {
    std::array<char, 2 * 54> codes{};
    for (int i = 0; i < 54; ++i) {
      const std::string name = card_name(static_cast<Card>(i));
      codes[static_cast<size_t>(2 * i)] = name[0];
      codes[static_cast<size_t>(2 * i + 1)] = name[1];
    }
    return codes;
  }();
  if (c >= 54) return "??";
  return {kCodes.data() + 2 * c, 2};
}

std::optional<Card> parse_card(std::string_view s) {
  if (s.size() != 2) return std::nullopt;
  if (s == "BJ") return kBlackJoker;
  if (s == "RJ") return kRedJoker;
  auto r = kRankLetters.find(s[0]);
  auto u = kSuitLetters.find(s[1]);
  if (r == std::string_view::npos || u == std::string_view::npos) return std::nullopt;
  return make_card(static_cast<int>(u), static_cast<int>(r));
}

std::optional<int> parse_suit(std::string_view s) {
  if (s.size() != 1) return std::nullopt;
  auto u = kSuitLetters.find(s[0]);
  if (u == std::string_view::npos) return std::nullopt;
  return static_cast<int>(u);
}

std::vector<Card> cards_of(CardSet s) {
  std::vector<Card> out;
  out.reserve(static_cast<size_t>(count(s)));
  for (; s; s &= s - 1) out.push_back(lowest(s));
  return out;
}

CardSet set_of(const std::vector<Card>& cards) {
  CardSet s = 0;
  for (Card c : cards) s |= bit(c);
  return s;
}

std::string set_text(CardSet s) {
  std::string out;
  for (Card c : cards_of(s)) {
    if (!out.empty()) out += ' ';
    out += card_name(c);
  }
  return out;
}

}  // namespace whist
