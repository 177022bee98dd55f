#include "tests/engine/scripted.hpp"

#include <sstream>
#include <stdexcept>

namespace whist::test {

Card card(std::string_view name) {
  auto c = parse_card(name);
  if (!c) throw std::invalid_argument("bad card name: " + std::string(name));
  return *c;
}

std::vector<Card> cards(std::string_view text) {
  std::vector<Card> out;
  std::istringstream in{std::string(text)};
  std::string word;
  while (in >> word) out.push_back(card(word));
  return out;
}

CardSet set(std::string_view text) { return set_of(cards(text)); }

Rules rules(Variant v, std::initializer_list<std::pair<std::string_view, OptionValue>> options,
            int players) {
  Rules r;
  r.variant = v;
  r.players = players;
  for (const auto& [name, value] : options)
    if (auto err = set_option(v, r.options, name, value)) throw std::invalid_argument(*err);
  if (auto err = finalize(r)) throw std::invalid_argument(*err);
  return r;
}

DealSpec full_suit_a_seat(std::string_view turned) {
  return deal({"AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
               "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"},
              "", turned);
}

DealSpec deal(std::vector<std::string> hands, std::string_view kitty, std::string_view turned) {
  DealSpec d;
  for (const auto& h : hands) d.hands.push_back(cards(h));
  if (!kitty.empty()) {
    d.has_kitty = true;
    d.kitty = cards(kitty);
  }
  if (!turned.empty()) d.turned = card(turned);
  return d;
}

void give(Game& g, const DealSpec& d) {
  const int k = g.deal_index() + 1;
  const int dealer = (g.first_dealer() + k) % g.players();
  auto checked = check_deal(g.rules(), k, dealer, d);
  if (auto* why = std::get_if<std::string>(&checked)) throw std::invalid_argument(*why);
  g.start_deal(std::get<Deal>(checked));
}

Game game(const Rules& r, int dealer, const DealSpec& first) {
  Game g = Game::with_given_deals(r, dealer);
  give(g, first);
  return g;
}

Events act(Game& g, const Action& a) {
  auto res = g.apply(a);
  if (!res.ok())
    throw std::runtime_error("refused: " + std::string(error_code(res.error)) + " (" +
                             std::string(action_type_name(a.type)) + " by seat " +
                             std::to_string(a.seat) + ")");
  return res.events;
}

RuleError refuse(Game& g, const Action& a) {
  const std::string before = fingerprint(g);
  auto res = g.apply(a);
  if (res.ok()) throw std::runtime_error("an illegal action was accepted");
  if (fingerprint(g) != before) throw std::runtime_error("a refused action changed the game");
  return res.error;
}

void play(Game& g, std::string_view text) {
  for (Card c : cards(text)) act(g, Action::play(g.current_seat(), c));
}

void finish_deal(Game& g) {
  const int deal = g.deal_index();
  while (!g.is_over() && !g.awaiting_deal() && g.deal_index() == deal) {
    const CardSet legal = g.legal_cards();
    if (!legal) throw std::runtime_error("finish_deal outside card play");
    act(g, Action::play(g.current_seat(), lowest(legal)));
  }
}

std::string fingerprint(const Game& g) {
  std::ostringstream out;
  out << static_cast<int>(g.phase()) << '|' << g.current_seat() << '|' << g.deal_index() << '|'
      << g.history().size() << '|' << g.trump_suit() << '|';
  for (int s = 0; s < g.players(); ++s) out << g.hand(s) << ',' << g.tricks_won(s) << ';';
  const Trick& t = g.trick();
  out << '|' << int(t.leader) << int(t.size) << int(t.led_suit) << int(t.best);
  for (int i = 0; i < t.size; ++i) out << ',' << int(t.cards[static_cast<size_t>(i)]);
  out << '|';
  for (int s : g.scores()) out << s << ',';
  out << '|' << g.results().size() << '|' << int(g.contract().declarer) << int(g.contract().level);
  return out.str();
}

}  // namespace whist::test
