// The sessions' replies as protocol/replies.hpp writes them, each compared
// with tests/protocol/replies.jsonl: its lines were written, from the same
// sample data, by the JSON documents the sessions built before issue 20's
// typed replies, so that the wire stays the same byte for byte. welcome's
// rules are "RULES" there (rules_json_test.cpp checks them).
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "protocol/replies.hpp"
#include "protocol/rules_json.hpp"

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
  const SeatResult a{0, 7, "alice", 0, true, 7, 220}, b{1, 0, "Computer 1", 1, false, 3, 0},
      c{2, 12, kOdd, 0, true, 7, -5};
  w["results.games"] = text(GamesPage{
      alice,
      {{42, 5, "classic", 1700000000, a, {a, b, c}}, {40, 3, "exact", 1690000000, c, {c}}},
      40});
  w["results.games.empty"] = text(GamesPage{alice, {}, {}});
  w["results.stats"] = text(Stats{alice, {{"classic", 3, 2}, {"exact", 1, 0}}});
  w["welcome"] = without_rules(welcome_message({"whistd/0.1.0", {}, "none"}, ""));
  w["welcome.resumed"] = without_rules(
      welcome_message({"whistd/0.1.0", UserInfo{8, kOdd, true}, "resumed"}, "\"abc\""));
  w["welcome.invalid"] = without_rules(welcome_message({"whistd/0.1.0", {}, "invalid"}, "3"));
  w["notice.user"] = friend_notice_text(UserRef{7, kOdd});
  w["notice.friend"] = friend_notice_text(FriendInfo{{7, "alice"}, true, 5, 1});
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

TEST_CASE("an ack carries the reply as its data", "[replies]") {
  CHECK(ack_message("5", reply::ChipsBalance{12}) == R"({"d":{"chips":12},"id":5,"t":"ack"})");
  CHECK(ack_message("", reply::Done{}) == R"({"d":{},"t":"ack"})");
}
