// The table's events and the server's pushes, each written by its one
// writer: the same text as the documents they replace (dump()'s key
// order), so the wire is unchanged.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/pushes.hpp"
#include "protocol/table_events.hpp"

using namespace whist::protocol;
using nlohmann::json;

namespace {
void same(const TableEvent& e, const json& expected) {
  INFO(expected.dump());
  CHECK(table_event_text(e) == expected.dump());
}
}  // namespace

TEST_CASE("every table event is written as its document", "[events]") {
  same(event::Sit{2, "Ann \"A\"", false, {}},
       {{"type", "sit"}, {"seat", 2}, {"name", "Ann \"A\""}});
  same(event::Sit{1, "Computer 1", true, {}},
       {{"type", "sit"}, {"seat", 1}, {"name", "Computer 1"}, {"computer", true}});
  same(event::Sit{1, "Computer 1", true, "club"}, {{"type", "sit"},
                                                   {"seat", 1},
                                                   {"name", "Computer 1"},
                                                   {"computer", true},
                                                   {"strength", "club"}});
  same(event::Leave{3}, {{"type", "leave"}, {"seat", 3}});
  same(event::Connected{0}, {{"type", "connected"}, {"seat", 0}});
  same(event::Disconnected{1, {}}, {{"type", "disconnected"}, {"seat", 1}});
  same(event::Disconnected{1, "lobby"},
       {{"type", "disconnected"}, {"seat", 1}, {"reason", "lobby"}});
  same(event::Chat{"Bo", 2, std::nullopt, "hi\n\u00e9", false},
       {{"type", "chat"}, {"from", "Bo"}, {"seat", 2}, {"text", "hi\n\u00e9"}});
  same(event::Chat{"Cy", std::nullopt, 3, "Well played", false}, {{"type", "chat"},
                                                                  {"from", "Cy"},
                                                                  {"seat", nullptr},
                                                                  {"phrase", 3},
                                                                  {"text", "Well played"}});
  same(event::Chat{"Di", std::nullopt, std::nullopt, "go on", true}, {{"type", "chat"},
                                                                      {"from", "Di"},
                                                                      {"seat", nullptr},
                                                                      {"text", "go on"},
                                                                      {"during_game", true}});
  CHECK(push::push_text(push::WatcherChat{12, "Di", 3, "Well played"}) ==
        json{{"t", "table.watcher_chat"},
             {"d", {{"table", 12}, {"from", "Di"}, {"phrase", 3}, {"text", "Well played"}}}}
            .dump());
  same(event::Rematch{2}, {{"type", "rematch"}, {"seat", 2}});
  same(event::Auto{1}, {{"type", "auto"}, {"seat", 1}});
  same(event::Claim{2, 5, {"AS", "KS"}},
       {{"type", "claim"}, {"seat", 2}, {"tricks", 5}, {"hand", {"AS", "KS"}}});
  same(event::ClaimAnswer{1, true, false},
       {{"type", "claim_answer"}, {"seat", 1}, {"accept", true}});
  same(event::ClaimAnswer{3, false, true},
       {{"type", "claim_answer"}, {"seat", 3}, {"accept", false}, {"timeout", true}});
  same(event::Cut{{{"KS", 0, 1}, {"AH", 1, 0}}, 0, {}},
       {{"type", "cut"},
        {"dealer", 0},
        {"draws",
         {{{"card", "KS"}, {"from", 0}, {"seat", 1}}, {{"card", "AH"}, {"from", 1}, {"seat", 0}}}},
        {"seats", json::array()}});
  same(event::Result{12, {5, 3, 5, 3}, {0, 2}},
       {{"type", "result"}, {"game", 12}, {"scores", {5, 3, 5, 3}}, {"winners", {0, 2}}});
  same(event::Result{12, {1, 0}, {}},
       {{"type", "result"}, {"game", 12}, {"scores", {1, 0}}, {"winners", json::array()}});
  same(event::Closed{"maintenance"}, {{"type", "closed"}, {"reason", "maintenance"}});
  same(event::StartFailed{}, {{"type", "start_failed"}});
  same(event::BuyInRefused{3}, {{"type", "buy_in_refused"}, {"seat", 3}});
  same(event::Cancelled{}, {{"type", "cancelled"}});
  same(event::Rated{12, "classic", {{0, 1512, 12, true}, {3, 1488, -12, false}}},
       {{"type", "rated"},
        {"game", 12},
        {"pool", "classic"},
        {"seats",
         {{{"seat", 0}, {"rating", 1512}, {"change", 12}, {"provisional", true}},
          {{"seat", 3}, {"rating", 1488}, {"change", -12}, {"provisional", false}}}}});
  same(event::Rated{13, "exact", {}},
       {{"type", "rated"}, {"game", 13}, {"pool", "exact"}, {"seats", json::array()}});
  same(event::Rating{2, {1500, true}},
       {{"type", "rating"}, {"seat", 2}, {"rating", 1500}, {"provisional", true}});
  const std::vector<SeatInfo> seats = {{0, "Ann", 7, false, {}, true, ShownRating{1612, false}},
                                       {1, "", 0, false, {}, false, {}},
                                       {2, "Computer 1", -1, true, "beginner", true, {}}};
  const json seats_json = {{{"seat", 0},
                            {"name", "Ann"},
                            {"user", 7},
                            {"computer", false},
                            {"connected", true},
                            {"rating", 1612},
                            {"provisional", false}},
                           {{"seat", 1},
                            {"name", nullptr},
                            {"user", nullptr},
                            {"computer", false},
                            {"connected", false}},
                           {{"seat", 2},
                            {"name", "Computer 1"},
                            {"user", -1},
                            {"computer", true},
                            {"connected", true},
                            {"strength", "beginner"}}};
  same(event::Start{1, seats}, {{"type", "start"}, {"dealer", 1}, {"seats", seats_json}});
  CHECK(seats_text(seats) == seats_json.dump());
  CHECK(seats_text({}) == "[]");
  // A game record's seats carry no ratings, nor computers' strengths.
  json record_json = seats_json;
  record_json[0].erase("rating");
  record_json[0].erase("provisional");
  record_json[2].erase("strength");
  CHECK(record_seats_text(seats) == record_json.dump());
}

TEST_CASE("every push is written as its document", "[events]") {
  using namespace whist::protocol::push;
  CHECK(push_text(Banned{"rude"}) == json{{"t", "banned"}, {"d", {{"reason", "rude"}}}}.dump());
  CHECK(push_text(SessionEnded{"your password was changed"}) ==
        json{{"t", "session.ended"}, {"d", {{"reason", "your password was changed"}}}}.dump());
  CHECK(
      push_text(ServerRestarting{}) ==
      json{{"t", "server.restarting"},
           {"d", {{"message", "the server is restarting; reconnect in a few seconds to carry on"}}}}
          .dump());
  CHECK(push_text(TableOpened{4, true}) ==
        json{{"t", "table.opened"}, {"d", {{"table", 4}, {"started", true}}}}.dump());
  const json summary = {{"table", 4}, {"state", "open"}};
  CHECK(push_text(LobbyTable{summary.dump()}) == json{{"t", "lobby.table"}, {"d", summary}}.dump());
  CHECK(push_text(LobbyRemoved{4}) == json{{"t", "lobby.removed"}, {"d", {{"table", 4}}}}.dump());
  const json d = {{"user", {{"id", 3}, {"name", "Al"}}}};
  CHECK(push_text(Friend{"friend.online", d.dump()}) ==
        json{{"t", "friend.online"}, {"d", d}}.dump());
}
