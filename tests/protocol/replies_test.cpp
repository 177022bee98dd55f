// The sessions' replies as protocol/replies.hpp writes them, and the
// table's as protocol/table_replies.hpp does ("table.*"), each compared
// with tests/protocol/replies.jsonl: its lines were written, from the same
// sample data, by the JSON documents the sessions and the table core built
// before issue 20's typed replies, so that the wire stays the same byte for
// byte. welcome's rules are "RULES" there (rules_json_test.cpp checks
// them).
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "protocol/replies.hpp"
#include "protocol/rules_json.hpp"
#include "protocol/table_replies.hpp"

using namespace whist::protocol;
using nlohmann::json;

namespace {

std::map<std::string, std::string> golden() {
  std::ifstream in(std::string(WHIST_PROTOCOL_TESTS_DIR) + "/replies.jsonl");
  REQUIRE(in);
  std::map<std::string, std::string> out;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) {
      const json g = json::parse(line);
      out[g.at("reply").get<std::string>()] = g.at("text").get<std::string>();
    }
  return out;
}

const std::string kOdd = "Zo\xc3\xab \"Z\"\\\n\x01";  // escaped, and UTF-8 passed as it is

std::string without_rules(std::string welcome) {
  const std::string rules = rules_json().dump();
  const auto at = welcome.find(rules);
  REQUIRE(at != std::string::npos);
  return welcome.replace(at, rules.size(), "\"RULES\"");
}

// Each reply as a named value (GCC 12 warns of a temporary aggregate
// moved into the variant).
template <typename T>
std::string text(const T& r) {
  const reply::Reply v = r;
  return reply::reply_text(v);
}

template <typename T>
std::string table_text(const T& r) {
  const TableReply v = r;
  return table_reply_text(v);
}

TableSetup setup_of(const json& d) {
  auto parsed = parse_table_setup(d);
  REQUIRE(std::holds_alternative<TableSetup>(parsed));
  return std::get<TableSetup>(parsed);
}

// The table's answers, from the sample data the golden lines were written
// from.
void table_written(std::map<std::string, std::string>& w) {
  using namespace table_reply;
  TableSummary s;
  s.setup = setup_of({{"variant", "classic"}});
  s.table = 12;
  s.state = "playing";
  s.creator = kOdd;
  s.seats = {{0, "alice", 7, false, {}, true, ShownRating{1512, true}},
             {1, "", 0, false, {}, false, {}},
             {2, "Computer 1", -1, true, {}, true, {}},
             {3, kOdd, 9, false, {}, false, ShownRating{1388, false}}};
  s.watchers = 1;
  s.game = 41;
  s.scores = std::vector<int>{3, 5};
  TableSummary open = s;
  open.state = "open";
  open.game = 0;
  open.scores.reset();
  open.setup.settings.kind = TableKind::kPlay;
  const whist::Game g = whist::Game::seeded(s.setup.rules, 1, 42);
  w["table.state"] = table_text(State{s, 17, 2, g.observation(2), 15000, {}, {}});
  w["table.state.watcher"] = table_text(State{s, 17, {}, g.observation_for_watcher(), {}, {}, {}});
  w["table.state.open"] = table_text(State{open, 3, 0, {}, {}, {}, {}});
  w["table.state.claim"] =
      table_text(State{open, 4, 1, {}, {}, ClaimState{2, 5, {"AS", "KD"}, {3}}, {}});
  w["table.state.undo"] = table_text(State{open, 5, 0, {}, {}, {}, UndoState{1, "QH", {2, 3}}});
  const std::string chat = table_event_message(table_event_text(event::Chat{
                                                   kOdd, std::nullopt, std::nullopt, kOdd, false}),
                                               12, 16),
                    leave = table_event_message(table_event_text(event::Leave{1}), 12, 17);
  w["table.sync"] = table_text(Sync{12, 17, {chat, leave}, g.observation(2), 15000});
  w["table.sync.watcher"] = table_text(Sync{12, 17, {leave}, g.observation_for_watcher(), {}});
  w["table.sync.none"] = table_text(Sync{12, 3, {}, {}, {}});
  w["table.bot"] = table_text(ComputerSeated{2, "Computer 1"});
  const whist::Rules exact = setup_of({{"variant", "exact"}, {"players", 3}}).rules;
  const whist::Rules bid = setup_of({{"variant", "bid"}}).rules;
  const whist::Game ge = whist::Game::seeded(exact, 0, 7), gb = whist::Game::seeded(bid, 0, 7);
  w["table.suggest"] =
      table_text(Suggestion{g.legal_actions().back(), whist::Variant::kClassic, 17});
  w["table.suggest.exact"] =
      table_text(Suggestion{ge.legal_actions().back(), whist::Variant::kExact, 4});
  w["table.suggest.bid"] =
      table_text(Suggestion{gb.legal_actions().front(), whist::Variant::kBid, 5});
  w["table.invite"] = table_text(Invited{{"alice", kOdd}, {"zed"}});
  w["table.invite.none"] = table_text(Invited{});
  w["table.invite_link"] = table_text(InviteLink{"abcdefghijklmnopqrstuvwxyz"});
  w["table.invite_link.revoked"] = table_text(InviteLink{});
}

std::map<std::string, std::string> written() {
  using namespace reply;
  std::map<std::string, std::string> w;
  w["done"] = text(Done{});
  const UserInfo alice_info{7, "alice", false}, guest_info{8, kOdd, true};
  w["session"] = text(Session{alice_info, "tok-abc"});
  w["session.guest"] = text(Session{guest_info, "t2"});
  w["lobby.list.empty"] = text(LobbyList{});
  w["lobby.list"] = text(
      LobbyList{{json{{"id", 3}, {"name", kOdd}, {"seats", {{{"seat", 0}, {"user", 7}}}}}.dump(),
                 R"({"fill_at":null,"id":4})"}});
  const FriendInfo bob{{12, "bob"}, true, 5, 2};
  const FriendInfo odd{{13, kOdd}, false, {}, {}};
  w["friend.requested"] = text(FriendRequested{{12, "bob"}});
  w["friend.friends"] = text(FriendsNow{bob});
  w["friend.accepted"] = text(FriendAccepted{odd});
  w["friend.accepted.watching"] = text(FriendAccepted{{{14, "carol"}, true, 9, {}}});
  w["friends.list"] = text(FriendsList{{{{12, "bob"}, true, 5, 0}, odd}, {{15, "dave"}}, {}});
  w["friends.list.empty"] = text(FriendsList{});
  w["chips.balance"] = text(ChipsBalance{1000});
  w["chips.history"] = text(ChipsHistory{
      390,
      {{17, -110, "buy_in", 42, 1700000000, "buyin:42"}, {16, 500, "grant", 0, 1690000000, kOdd}},
      16});
  w["chips.history.end"] = text(ChipsHistory{});
  w["chips.topup"] = text(ChipsTopup{"applied", 200, 300, 100, "2026-11-25"});
  w["chips.topup.off"] = text(ChipsTopup{"off", 0, 50, 0, "2026-11-25"});
  w["results.leaderboard"] = text(Leaderboard{
      "classic",
      3,
      {{1, 7, "alice", 3, 2}, {2, 12, kOdd, 7, 1}, {3, 13, "bob", 4, 4}, {4, 14, "eve", 10, 0}}});
  w["results.leaderboard.empty"] = text(Leaderboard{"bid", 1, {}});
  const UserRef alice{7, "alice"};
  const SeatResult a{0, 7, "alice", 0, true, 7, 220, RatingChange{1512, 12, true}},
      b{1, 0, "Computer 1", 1, false, 3, 0, {}}, c{2, 12, kOdd, 0, true, 7, -5, {}};
  const std::vector<PlayedGame> games{{42, 5, "classic", 1700000000, a, {a, b, c}},
                                      {40, 3, "exact", 1690000000, c, {c}}};
  w["results.games"] = text(GamesPage{alice, games, 40, false});
  w["results.games.empty"] = text(GamesPage{alice, {}, {}, false});
  w["results.games.hidden"] = text(GamesPage{alice, {}, {}, true});
  w["ratings.leaderboard"] =
      text(RatingBoard{"classic", {{1, 7, "alice", 1712, 64, 31}, {2, 12, kOdd, 1650, 80, 10}}});
  w["ratings.leaderboard.empty"] = text(RatingBoard{"events", {}});
  const Profile mine{
      alice,
      false,
      1690000000,
      "self",
      true,
      false,
      {{"classic", 1512, 97, false, 2, {{40, 1690000000, 1488}, {42, 1700000000, 1512}}}},
      {{"classic", 3, 2}},
      games};
  w["profile"] = text(mine);
  Profile theirs;  // a guest's, whose games are hidden from the asker
  theirs.user = UserRef{12, kOdd};
  theirs.guest = true;
  theirs.member_since = 1690000001;
  theirs.relation = "none";
  theirs.hide_games = true;
  theirs.variants = {{"exact", 1, 1}};
  w["profile.hidden"] = text(theirs);
  w["profile.set"] = text(ProfileSettings{true});
  w["prefs"] = text(Prefs{"ascending", false, "confirm", true, false, 35, false, "dark"});
  w["account.password"] = text(PasswordChanged{2});
  w["account.sessions"] =
      text(SessionList{{{"3f2a9c1b4d5e6f70", "Firefox on Linux", 1700000000, 1700000600, true},
                        {"0123456789abcdef", kOdd, 1690000000, 1690000000, false}}});
  w["account.sessions.none"] = text(SessionList{});
  w["account.delete"] = text(AccountDeleted{"deleted player 42", 480});
  w["safety.list"] =
      text(SafetyLists{{{"bob", 1700000000}, {kOdd, 1700000100}}, {{"cat", 1690000000}}});
  w["safety.list.none"] = text(SafetyLists{});
  w["results.stats"] = text(Stats{alice, {{"classic", 3, 2}, {"exact", 1, 0}}});
  w["welcome"] = without_rules(welcome_message({"whistd/0.1.0", {}, "none"}, ""));
  w["welcome.resumed"] = without_rules(
      welcome_message({"whistd/0.1.0", UserInfo{8, kOdd, true}, "resumed"}, "\"abc\""));
  w["welcome.invalid"] = without_rules(welcome_message({"whistd/0.1.0", {}, "invalid"}, "3"));
  w["notice.user"] = friend_notice_text(UserRef{7, kOdd});
  w["notice.friend"] = friend_notice_text(FriendInfo{{7, "alice"}, true, 5, 1});
  table_written(w);
  return w;
}

}  // namespace

TEST_CASE("every reply is written as the sessions wrote it", "[replies]") {
  const auto want = golden();
  const auto got = written();
  REQUIRE(want.size() == got.size());
  for (const auto& [name, text] : want) {
    INFO(name);
    REQUIRE(got.count(name));
    CHECK(got.at(name) == text);
  }
}

TEST_CASE("a table.event message's data is what a sync answer carries", "[replies]") {
  const std::string m = table_event_message(R"({"seat":1,"type":"leave"})", 12, 17);
  CHECK(m == R"({"d":{"event":{"seat":1,"type":"leave"},"table":12,"v":17},"t":"table.event"})");
  CHECK(table_event_data(m) == json::parse(m)["d"].dump());
}

TEST_CASE("an ack carries the reply as its data", "[replies]") {
  CHECK(ack_message("5", reply::ChipsBalance{12}) == R"({"d":{"chips":12},"id":5,"t":"ack"})");
  CHECK(ack_message("", reply::Done{}) == R"({"d":{},"t":"ack"})");
  CHECK(ack_message("\"x\"", table_reply::Acted{9}) == R"({"d":{"v":9},"id":"x","t":"ack"})");
}
