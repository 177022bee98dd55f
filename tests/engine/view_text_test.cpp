// The views and actions the server writes as text (protocol/table_json.cpp,
// record_json.cpp) against documents built field by field with
// nlohmann::json, the way they were built before: the same text, byte for
// byte, for every seat and watcher after every action of whole games of
// every variant, so the clients see no difference.
#include <catch2/catch.hpp>
#include <map>
#include <nlohmann/json.hpp>

#include "engine/rng.hpp"
#include "protocol/json_text.hpp"
#include "protocol/messages.hpp"
#include "protocol/record_json.hpp"
#include "protocol/table_json.hpp"
#include "tests/engine/scripted.hpp"

using namespace whist;
using nlohmann::json;

namespace {

json reference_cards(CardSet s) {
  json a = json::array();
  for (Card c : cards_of(s)) a.push_back(card_name(c));
  return a;
}

json reference_action(const Action& a, Variant v) {
  json j = {{"seat", a.seat}, {"type", std::string(action_type_name(a.type))}};
  switch (a.type) {
    case ActionType::kBid:
      if (v == Variant::kExact) {
        j["tricks"] = a.tricks;
      } else {
        j["level"] = a.level;
        j["mode"] = std::string(bid_mode_name(a.mode));
      }
      break;
    case ActionType::kPass: break;
    case ActionType::kDiscard: j["cards"] = reference_cards(a.cards); break;
    case ActionType::kTrump: j["suit"] = std::string(1, suit_letter(a.suit)); break;
    case ActionType::kDirection: j["mode"] = std::string(bid_mode_name(a.mode)); break;
    case ActionType::kPlay:
    case ActionType::kUndo: j["card"] = card_name(a.card); break;
    case ActionType::kClaim: j["tricks"] = a.tricks; break;
  }
  return j;
}

json reference_trump(int trump) {
  if (trump < 0) return nullptr;
  if (trump == kNoSuit) return "NT";
  return std::string(1, suit_letter(trump));
}

json reference_view(const Observation& o) {
  static const char* kPhases[] = {"waiting", "bidding", "discard", "choose", "play", "over"};
  const Variant v = o.rules.variant;
  json j = {{"seat", o.seat >= 0 ? json(o.seat) : json(nullptr)},
            {"phase", kPhases[static_cast<int>(o.phase)]},
            {"deal", o.deal_index},
            {"dealer", o.dealer},
            {"hand_size", o.hand_size},
            {"to_act", o.to_act >= 0 ? json(o.to_act) : json(nullptr)},
            {"hand", reference_cards(o.hand)},
            {"hand_counts", o.hand_counts},
            {"turned", o.turned != kNoCard ? json(card_name(o.turned)) : json(nullptr)},
            {"trump", reference_trump(o.trump)},
            {"downtown", o.downtown},
            {"tricks_won", o.tricks_won},
            {"scores", o.scores},
            {"game_over", o.game_over},
            {"winners", o.winners}};
  if (v == Variant::kBid) {
    j["kitty"] = o.kitty_known ? reference_cards(o.kitty) : json(nullptr);
    if (o.discards) j["discards"] = reference_cards(o.discards);
    j["contract"] = o.contract.declarer >= 0
                        ? json{{"declarer", o.contract.declarer},
                               {"level", o.contract.level},
                               {"mode", std::string(bid_mode_name(o.contract.mode))}}
                        : json(nullptr);
  }
  json calls = json::array();
  for (const Call& c : o.calls) {
    json cj = {{"seat", c.seat}};
    if (c.pass)
      cj["pass"] = true;
    else if (v == Variant::kExact)
      cj["tricks"] = c.tricks;
    else
      cj.update({{"level", c.level}, {"mode", std::string(bid_mode_name(c.mode))}});
    calls.push_back(cj);
  }
  j["calls"] = calls;
  json tricks = json::array();
  for (const PlayedTrick& t : o.tricks) {
    json cs = json::array();
    for (int i = 0; i < t.size; ++i) cs.push_back(card_name(t.cards[static_cast<size_t>(i)]));
    tricks.push_back({{"leader", t.leader}, {"winner", t.winner}, {"cards", cs}});
  }
  j["tricks"] = tricks;
  json cur = json::array();
  for (int i = 0; i < o.current.size; ++i)
    cur.push_back(card_name(o.current.cards[static_cast<size_t>(i)]));
  j["trick"] = {{"leader", o.current.leader}, {"cards", cur}};
  json results = json::array();
  for (const HandResult& h : o.results) {
    json r = {{"tricks", h.tricks.vec()}, {"score", h.score.vec()}};
    if (v == Variant::kClassic) r["honours"] = h.honours.vec();
    if (o.rules.options.rubber) r["game"] = h.game;
    results.push_back(r);
  }
  j["results"] = results;
  if (o.rules.options.rubber) {
    json games = json::array();
    for (const RubberGame& rg : o.games)
      games.push_back({{"winner", rg.winner},
                       {"score", rg.score.vec()},
                       {"value", rg.value},
                       {"deals", rg.deals}});
    j["games"] = games;
  }
  json legal = json::array();
  for (const Action& a : o.legal) legal.push_back(reference_action(a, v));
  j["legal"] = legal;
  if (o.phase == Phase::kDiscard && o.seat >= 0 && o.seat == o.to_act)
    j["discard"] = count(o.kitty);
  return j;
}

json reference_event_fields(const Event& e, const Game& g) {
  const Variant v = g.rules().variant;
  switch (e.type) {
    case EventType::kDealStarted:
      return {{"type", "deal"},
              {"deal", e.value},
              {"dealer", e.seat},
              {"hand_size", v == Variant::kExact ? exact_hand_size(g.rules(), e.value)
                            : v == Variant::kBid ? 12
                                                 : 13},
              {"turned", e.card != kNoCard ? json(card_name(e.card)) : json(nullptr)}};
    case EventType::kAction: {
      json a = reference_action(e.action, v);
      if (e.action.type == ActionType::kDiscard) a.erase("cards");  // hidden
      return {{"type", "action"}, {"action", a}};
    }
    case EventType::kContract:
      return {{"type", "contract"},
              {"declarer", e.seat},
              {"level", e.action.level},
              {"mode", std::string(bid_mode_name(e.action.mode))}};
    case EventType::kKittyShown: return {{"type", "kitty"}, {"cards", reference_cards(e.cards)}};
    case EventType::kKittyTaken:
      return {{"type", "kitty_taken"}, {"seat", e.seat}, {"count", 4 + g.rules().options.jokers}};
    case EventType::kTrumpSet:
      return {{"type", "trump"}, {"trump", reference_trump(e.value)}, {"downtown", e.card == 1}};
    case EventType::kTrickWon: return {{"type", "trick"}, {"winner", e.seat}, {"index", e.value}};
    case EventType::kDealEnded: {
      const HandResult& h = g.results().at(static_cast<size_t>(e.value));
      json j = {{"type", "deal_end"},
                {"deal", e.value},
                {"tricks", h.tricks.vec()},
                {"score", h.score.vec()}};
      if (v == Variant::kClassic) j["honours"] = h.honours.vec();
      if (g.rules().options.rubber) j["game"] = h.game;
      return j;
    }
    case EventType::kRubberGame: {
      const RubberGame& rg = g.games().at(static_cast<size_t>(e.value));
      return {{"type", "rubber_game"},   {"game", e.value},   {"winner", rg.winner},
              {"score", rg.score.vec()}, {"value", rg.value}, {"deals", rg.deals}};
    }
    case EventType::kGameOver: {
      json j = {{"type", "game_over"}, {"scores", g.scores()}, {"winners", g.winners()}};
      if (g.rules().options.rubber) j["rubber_points"] = g.rubber_points();
      return j;
    }
  }
  return {{"type", "unknown"}};
}

// A game event, with the phase and the seat to act after the action.
json reference_event(const Event& e, const Game& g) {
  static const char* kPhases[] = {"waiting", "bidding", "discard", "choose", "play", "over"};
  json j = reference_event_fields(e, g);
  j["phase"] = kPhases[static_cast<int>(g.phase())];
  j["to_act"] = g.current_seat() >= 0 ? json(g.current_seat()) : json(nullptr);
  return j;
}

// Plays a whole game at random, comparing every view, action and event on
// the way.
std::map<int, int> compare_game(const Rules& rules, std::uint64_t seed) {
  Game g =
      Game::seeded(rules, static_cast<int>(seed % static_cast<std::uint64_t>(rules.players)), seed);
  Rng rng(seed);
  int views = 0;
  std::map<int, int> kinds;  // events seen by type
  while (true) {
    for (int seat = -1; seat < rules.players; ++seat) {
      const Observation o = g.observation(seat);
      const std::string text = protocol::observation_text(o);
      REQUIRE(text == reference_view(o).dump());
      ++views;
    }
    if (g.is_over()) break;
    const auto legal = g.legal_actions();
    REQUIRE_FALSE(legal.empty());
    for (const Action& a : legal)
      REQUIRE(protocol::action_text(a, rules.variant) == reference_action(a, rules.variant).dump());
    const Action a = legal[rng.next() % legal.size()];
    const ApplyResult res = g.apply(a);
    REQUIRE(res.ok());
    for (const Event& e : res.events) {
      REQUIRE(protocol::event_text(e, g) == reference_event(e, g).dump());
      ++kinds[static_cast<int>(e.type)];
    }
  }
  CHECK(views > 100);
  return kinds;
}

}  // namespace

TEST_CASE("views and actions as text are the documents' text, in every variant", "[view]") {
  const std::uint64_t seeds[] = {1, 2, 3};
  std::map<int, int> kinds;
  const auto add = [&](const std::map<int, int>& more) {
    for (const auto& [k, n] : more) kinds[k] += n;
  };
  for (const std::uint64_t seed : seeds) {
    add(compare_game(test::rules(Variant::kClassic), seed));
    add(compare_game(test::rules(Variant::kClassic, {{"honours", std::string("on")},
                                                     {"trump", std::string("rotate_nt")}}),
                     seed));
    add(compare_game(
        test::rules(Variant::kClassic,
                    {{"honours", std::string("on")}, {"honours_bar", true}, {"rubber", true}}),
        seed));
    add(compare_game(test::rules(Variant::kBid), seed));
    add(compare_game(test::rules(Variant::kBid, {{"sport_kitty", std::string("always")},
                                                 {"bidder_gets_kitty", false}}),
                     seed));
    add(compare_game(test::rules(Variant::kBid, {{"sport_kitty", std::string("trump")},
                                                 {"jokers", std::int64_t{0}}}),
                     seed));
    add(compare_game(test::rules(Variant::kExact), seed));
    add(compare_game(test::rules(Variant::kExact, {{"trumps", false}}, 3), seed));
  }
  // Every kind of event came up.
  for (int k = 0; k <= static_cast<int>(EventType::kGameOver); ++k) CHECK(kinds[k] > 0);
}

TEST_CASE("strings in JSON text are escaped as documents escape them", "[view]") {
  const std::string tricky = std::string("a\"b\\c\n\t\x01\x1f") + "é\x7f";
  protocol::JsonText out(4);  // little room: it grows
  out.begin_object().key(tricky).value(tricky).key("n").null().end_object();
  CHECK(out.take() == json{{tricky, tricky}, {"n", nullptr}}.dump());
}

TEST_CASE("an ack is written as a document would write it", "[view]") {
  // Request ids reach ack_message as JSON text: a string (escaped) or a
  // number, or nothing.
  for (const json& id : {json("a\"b\\c\x01"), json(42), json(-7)}) {
    for (const json& data : {json::object(), json{{"v", 12}}, json{{"b", 1}, {"a", "x"}}}) {
      json expected = {{"t", "ack"}, {"d", data}, {"id", id}};
      CHECK(protocol::ack_message(id.dump(), data.dump()) == expected.dump());
    }
  }
  CHECK(protocol::ack_message("") == json{{"t", "ack"}, {"d", json::object()}}.dump());
}

TEST_CASE("a table's action is read once, for the seat that sent it", "[view]") {
  const auto parsed = protocol::parse_request(
      R"({"t":"table.act","id":3,"d":{"table":9,"action":{"type":"play","card":"QS","seat":2}}})");
  REQUIRE(std::holds_alternative<protocol::Request>(parsed));
  const auto& req = std::get<protocol::Request>(parsed);
  const auto* act = std::get_if<protocol::TableAct>(&req.message);
  REQUIRE(act);
  CHECK(act->table == 9);
  const Rules rules = test::rules(Variant::kClassic);
  // The seat in the object is not the sender's: the sender's counts.
  const auto a = protocol::to_action(act->action, rules, 1);
  REQUIRE(std::holds_alternative<Action>(a));
  CHECK(std::get<Action>(a).seat == 1);
  CHECK(std::get<Action>(a).type == ActionType::kPlay);
  CHECK(card_name(std::get<Action>(a).card) == "QS");
  CHECK(std::holds_alternative<std::string>(protocol::to_action(act->action, rules, 4)));
  // Not an object: the request itself is refused.
  CHECK(std::holds_alternative<protocol::ParseError>(
      protocol::parse_request(R"({"t":"table.act","d":{"table":9,"action":"QS"}})")));
}
