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
