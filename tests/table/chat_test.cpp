// table.chat: the modes before, during and after a game, cleaning, length
// (table/chat.cpp).
#include <catch2/catch.hpp>

#include "tests/table/harness.hpp"

using namespace whist::table;
using namespace whist::table::testing;

namespace {

Harness with_chat(const std::string& mode) {
  return Harness(setup_of(classic({{"friends_only", false}, {"chat", mode}})));
}

}  // namespace

TEST_CASE("text chat reaches everyone at the table, watchers too, with who said it") {
  Harness h(setup_of());
  const Conn a = h.connect("alice"), b = h.connect("bob"), w = h.connect("wendy");
  h.sit(a);
  h.sit(b);
  h.send(w, "table.watch");
  REQUIRE(code(h.send(a, "table.chat", {{"text", "hello"}})) == "ack");
  for (const Conn c : {a, b, w}) {
    const auto lines = h.events(c, "chat");
    REQUIRE(lines.size() == 1);
    CHECK(lines[0]["text"] == "hello");
    CHECK(lines[0]["from"] == "alice");
    CHECK(lines[0]["seat"] == 0);
  }
  REQUIRE(code(h.send(w, "table.chat", {{"text", "hi all"}})) == "ack");
  CHECK(h.events(a, "chat").back()["seat"].is_null());
  CHECK(code(h.send(h.connect("zed"), "table.chat", {{"text", "x"}})) == "not_seated");
}

TEST_CASE("preset chat: phrases only during the game, anything before and after") {
  Harness h = with_chat("preset");
  const Conn a = h.connect("alice");
  h.sit(a);
  CHECK(code(h.send(a, "table.chat", {{"text", "before"}})) == "ack");
  h.send(a, "table.leave");
  Harness g = with_chat("preset");
  const auto at = seat_four(g);
  const json refused = g.send(at.at(0), "table.chat", {{"text", "during"}});
  CHECK(code(refused) == "chat_off");
  CHECK(refused["d"]["message"] ==
        "the table's chat setting forbids it during the game: only preset phrases");
  REQUIRE(code(g.send(at.at(0), "table.chat", {{"phrase", 2}})) == "ack");
  const auto line = g.events(at.at(1), "chat").back();
  CHECK(line["phrase"] == 2);
  CHECK(line["text"] == whist::chat_phrases()[2]);
  CHECK(code(g.send(at.at(0), "table.chat", {{"phrase", 11}})) == "bad_phrase");
  g.play(at);
  REQUIRE(g.game()->is_over());
  CHECK(code(g.send(at.at(0), "table.chat", {{"text", "after"}})) == "ack");
}

TEST_CASE("no chat: nothing during the game, anything before and after") {
  Harness h = with_chat("none");
  const Conn a = h.connect("alice"), b = h.connect("bob"), c = h.connect("carol");
  h.sit(a);
  CHECK(code(h.send(a, "table.chat", {{"phrase", 0}})) == "ack");
  h.sit(b);
  h.sit(c);
  const Conn d = h.connect("dave");
  h.sit(d);
  const json text = h.send(a, "table.chat", {{"text", "x"}});
  CHECK(code(text) == "chat_off");
  CHECK(text["d"]["message"] == "the table's chat setting forbids it during the game: chat is off");
  CHECK(code(h.send(a, "table.chat", {{"phrase", 0}})) == "chat_off");
  h.play({{0, a}, {1, b}, {2, c}, {3, d}});
  CHECK(code(h.send(b, "table.chat", {{"text", "gg"}})) == "ack");
}

TEST_CASE("chat text is cleaned of control and reordering characters, and trimmed") {
  Harness h(setup_of());
  const Conn a = h.connect("alice");
  h.sit(a);
  const std::string dirty = std::string("  a\x01") + "b\x7f" + "c\xc2\x85" + "d\xe2\x80\xae" +
                            "e\xe2\x81\xa6" + "f\xd8\x9c" + "g\xe2\x80\x8f" + "h\n  ";
  REQUIRE(code(h.send(a, "table.chat", {{"text", dirty}})) == "ack");
  CHECK(h.events(a, "chat").back()["text"] == "abcdefgh");
  // Text that is nothing once cleaned is refused.
  const json empty = h.send(a, "table.chat", {{"text", " \x02\xe2\x80\x8e "}});
  CHECK(code(empty) == "bad_chat");
  CHECK(empty["d"]["message"] == "bad chat line: say something");
  // Letters outside ASCII stay.
  REQUIRE(code(h.send(a, "table.chat", {{"text", "d\xc3\xa9j\xc3\xa0 \xe2\x99\xa0"}})) == "ack");
  CHECK(h.events(a, "chat").back()["text"] == "d\xc3\xa9j\xc3\xa0 \xe2\x99\xa0");
}

TEST_CASE("a chat line has at most 200 characters, counted as characters") {
  Harness h(setup_of());
  const Conn a = h.connect("alice");
  h.sit(a);
  std::string e200;
  for (int i = 0; i < 200; ++i) e200 += "\xc3\xa9";  // é: 400 bytes
  CHECK(code(h.send(a, "table.chat", {{"text", e200}})) == "ack");
  const json r = h.send(a, "table.chat", {{"text", e200 + "x"}});
  CHECK(code(r) == "bad_chat");
  CHECK(r["d"]["message"].get<std::string>().find("200") != std::string::npos);
  CHECK(h.events(a, "chat").size() == 1);
}

TEST_CASE(
    "at a rated table, watchers' chat during a game reaches the watchers only, and "
    "everyone after it") {
  Harness h(setup_of(classic({{"friends_only", false}})));
  REQUIRE(h.core().setup().settings.rated);
  const auto at = seat_four(h);
  const Conn w = h.connect("wendy"), x = h.connect("xavier");
  h.send(w, "table.watch");
  h.send(x, "table.watch");
  REQUIRE(h.game() != nullptr);
  const auto before = h.events(at.at(0), "chat").size();
  REQUIRE(code(h.send(w, "table.chat", {{"text", "play the king!"}})) == "ack");
  // The players are not told; the watchers are, outside the versions.
  CHECK(h.events(at.at(0), "chat").size() == before);
  CHECK(h.events(w, "chat").empty());
  for (const Conn c : {w, x}) {
    std::vector<json> told;
    for (const json& m : h.inbox(c))
      if (m["t"] == "table.watcher_chat") told.push_back(m);
    REQUIRE(told.size() == 1);
    const json& m = told[0];
    CHECK(m["d"]["from"] == "wendy");
    CHECK(m["d"]["text"] == "play the king!");
    CHECK_FALSE(m["d"].contains("v"));
  }
  for (const auto& [seat, c] : at)
    for (const json& m : h.inbox(c)) CHECK(m["t"] != "table.watcher_chat");
  // A player's line reaches everyone as ever.
  REQUIRE(code(h.send(at.at(0), "table.chat", {{"text", "gl"}})) == "ack");
  CHECK(h.events(w, "chat").back()["text"] == "gl");
  h.play(at);
  REQUIRE(h.game()->is_over());
  // After the game, everyone reads it, marked, after the result.
  for (const Conn c : {at.at(0), at.at(3), w}) {
    const auto lines = h.events(c, "chat");
    REQUIRE_FALSE(lines.empty());
    CHECK(lines.back()["text"] == "play the king!");
    CHECK(lines.back()["during_game"] == true);
    CHECK(lines.back()["seat"].is_null());
    CHECK(lines.back()["v"] > h.events(c, "result")[0]["v"]);
  }
  // And after the game, watchers talk to everyone again.
  REQUIRE(code(h.send(x, "table.chat", {{"text", "well played"}})) == "ack");
  CHECK(h.events(at.at(1), "chat").back()["text"] == "well played");
  CHECK_FALSE(h.events(at.at(1), "chat").back().contains("during_game"));
}

TEST_CASE("at an unrated table, watchers talk to everyone during the game") {
  Harness h(setup_of(classic({{"friends_only", false}, {"rated", false}})));
  const auto at = seat_four(h);
  const Conn w = h.connect("wendy");
  h.send(w, "table.watch");
  REQUIRE(code(h.send(w, "table.chat", {{"text", "hi"}})) == "ack");
  CHECK(h.events(at.at(2), "chat").back()["text"] == "hi");
}
