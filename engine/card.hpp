// Cards, suits, ranks and sets of cards.
//
// A card is a small integer: suit * 13 + rank for the 52 standard cards,
// with suits ordered C D H S (0..3) and ranks 2..A (0..12), then the black
// (little) joker 52 and the red (big) joker 53. A set of cards is a 64-bit
// mask with bit `card` set for each card in it. Notation (rules.md): rank
// then suit, `TS` for the ten of spades, `BJ` and `RJ` for the jokers.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace whist {

using Card = std::uint8_t;
using CardSet = std::uint64_t;

inline constexpr int kSuits = 4;
inline constexpr int kRanks = 13;
inline constexpr Card kBlackJoker = 52;
inline constexpr Card kRedJoker = 53;
inline constexpr Card kNoCard = 255;
// The "suit" of a joker when it has none (no-trump), and "no trump".
inline constexpr int kNoSuit = 4;

enum Rank : int { kTwo = 0, kTen = 8, kJack = 9, kQueen = 10, kKing = 11, kAce = 12 };

constexpr Card make_card(int suit, int rank) { return static_cast<Card>(suit * kRanks + rank); }
constexpr bool is_joker(Card c) { return c == kBlackJoker || c == kRedJoker; }
// Printed suit of a card; jokers have none (kNoSuit).
constexpr int suit_of(Card c) { return c >= 52 ? kNoSuit : c / kRanks; }
constexpr int rank_of(Card c) { return c % kRanks; }

constexpr CardSet bit(Card c) { return CardSet{1} << c; }
constexpr bool contains(CardSet s, Card c) { return (s >> c) & 1U; }
constexpr int count(CardSet s) { return std::popcount(s); }
constexpr Card lowest(CardSet s) { return static_cast<Card>(std::countr_zero(s)); }
inline constexpr CardSet kStandardPack = (CardSet{1} << 52) - 1;
constexpr CardSet suit_cards(int suit) { return CardSet{0x1FFF} << (suit * kRanks); }
inline constexpr CardSet kJokers = bit(kBlackJoker) | bit(kRedJoker);

// The pack for a number of jokers: 0, 1 (the red joker) or 2.
constexpr CardSet pack_with_jokers(int jokers) {
  return kStandardPack | (jokers >= 1 ? bit(kRedJoker) : 0) | (jokers >= 2 ? bit(kBlackJoker) : 0);
}

// "TS", "BJ"; "??" for anything else.
std::string card_name(Card c);
// The same, as a view of a static table (no string made: for writers that
// copy it out at once).
std::string_view card_code(Card c);
// Parses the upper-case notation; nullopt for anything else.
std::optional<Card> parse_card(std::string_view s);
// 'C', 'D', 'H', 'S'; nullopt otherwise.
std::optional<int> parse_suit(std::string_view s);
char suit_letter(int suit);

// Cards of a set in ascending order (suit, then rank, jokers last).
std::vector<Card> cards_of(CardSet s);
CardSet set_of(const std::vector<Card>& cards);
// "AS KS 2H" style listing, for tests and messages about one's own cards.
std::string set_text(CardSet s);

}  // namespace whist
