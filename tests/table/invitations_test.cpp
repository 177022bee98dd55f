// Invitation-only and friends-only tables: who sees them and may come,
// table.invite, table.decline, and the invitations' end
// (table/invitations.cpp).
#include <catch2/catch.hpp>

#include "tests/table/harness.hpp"

using namespace whist;
using namespace whist::table;
using namespace whist::table::testing;

namespace {

std::set<std::int64_t> ids(Harness& h, std::initializer_list<const char*> names) {
  std::set<std::int64_t> out;
  for (const char* n : names) out.insert(h.person(n).id);
  return out;
}

}  // namespace

TEST_CASE("an invitation-only table: only the invited see it and come; the rest find no table") {
  Harness h(setup_of(classic({{"invite_only", true}})));
  const Conn a = h.connect("alice"), b = h.connect("bob"), c = h.connect("carol");
  h.person("dave");
  h.sit(a);
  REQUIRE(h.audience);
  CHECK(*h.audience == ids(h, {"alice"}));
  CHECK(code(h.send(b, "table.sit")) == "no_table");
  CHECK(code(h.send(b, "table.watch")) == "no_table");
  const json r = h.send(a, "table.invite", {{"users", {"bob", "dave", "nobody"}}});
  REQUIRE(code(r) == "ack");
  CHECK(r["d"]["invited"] == json({"bob", "dave"}));
  CHECK(r["d"]["unknown"] == json({"nobody"}));
  CHECK(*h.audience == ids(h, {"alice", "bob", "dave"}));
  const auto rows = h.jobs_of<store::SaveTable>();
  CHECK(rows.back().row.invited.size() == 2);
  CHECK(code(h.send(b, "table.watch")) == "ack");
  CHECK(h.sit(b) == 1);
  CHECK(code(h.send(c, "table.sit")) == "no_table");
  // Only those seated invite.
  CHECK(code(h.send(b, "table.invite", {{"users", {"carol"}}})) == "ack");
  const Conn d = h.connect("dave");
  CHECK(code(h.send(d, "table.invite", {{"users", {"carol"}}})) == "not_seated");
}

TEST_CASE("table.decline: an invitee says no; the table is hidden from them again") {
  Harness h(setup_of(classic({{"invite_only", true}})));
  const Conn a = h.connect("alice"), b = h.connect("bob");
  h.sit(a);
  h.send(a, "table.invite", {{"users", {"bob"}}});
  REQUIRE(code(h.send(b, "table.decline")) == "ack");
  CHECK(*h.audience == ids(h, {"alice"}));
  CHECK(code(h.send(b, "table.decline")) == "no_table");  // not invited: no such table
  CHECK(code(h.send(a, "table.decline")) == "seated");
  Harness open(setup_of(classic({{"friends_only", false}})));
  const Conn x = open.connect("xavier");
  CHECK(code(open.send(x, "table.decline")) == "not_invited");
}

TEST_CASE("invitations are for invitation-only and friends-only tables, before the game") {
  Harness open(setup_of(classic({{"friends_only", false}})));
  const Conn a = open.connect("alice");
  open.sit(a);
  CHECK(code(open.send(a, "table.invite", {{"users", {"bob"}}})) == "not_invite_only");
  CHECK(!open.audience);

  Harness h(setup_of(classic({{"invite_only", true}})));
  for (const char* n : {"bob", "carol", "dave", "erin"}) h.person(n);  // accounts
  const Conn al = h.connect("alice");
  h.sit(al);
  h.send(al, "table.invite", {{"users", {"bob", "carol", "dave", "erin"}}});
  for (const char* n : {"bob", "carol", "dave"}) h.sit(h.connect(n));
  // The game started: erin's invitation has expired.
  CHECK(*h.audience == ids(h, {"alice", "bob", "carol", "dave"}));
  CHECK(h.jobs_of<store::SaveTable>().back().row.invited.empty());
  CHECK(code(h.send(h.connect("erin"), "table.watch")) == "no_table");
  CHECK(code(h.send(al, "table.invite", {{"users", {"erin"}}})) == "game_in_progress");
}

TEST_CASE("an invitation answered after the game started is refused") {
  Harness h(setup_of(classic({{"invite_only", true}})));
  h.hold_reads = true;
  for (const char* n : {"bob", "carol", "dave", "erin"}) h.person(n);  // accounts
  const Conn a = h.connect("alice");
  h.sit(a);
  h.send(a, "table.invite", {{"users", {"bob", "carol", "dave"}}}, "inv");
  CHECK(h.replies(a, "inv").empty());  // the accounts are being looked up
  h.answer_reads();
  CHECK(code(h.replies(a, "inv").at(0)) == "ack");
  h.sit(h.connect("bob"));
  h.sit(h.connect("carol"));
  h.send(a, "table.invite", {{"users", {"erin"}}}, "late");
  h.sit(h.connect("dave"));  // the game starts while erin is looked up
  h.answer_reads();
  const auto late = h.replies(a, "late");
  REQUIRE(late.size() == 1);
  CHECK(code(late[0]) == "game_in_progress");
  CHECK(!h.audience->count(h.person("erin").id));
}

TEST_CASE("a friends-only table is seen by the friends of those seated") {
  Harness h(setup_of(classic()));  // a Join table: friends only unless opened
  REQUIRE(h.core().setup().settings.friends_only);
  const std::int64_t alice = h.person("alice").id, bob = h.person("bob").id;
  h.friends[alice] = {bob};
  h.friends[bob] = {h.person("carol").id};
  const Conn a = h.connect("alice");
  h.sit(a);
  CHECK(*h.audience == ids(h, {"alice", "bob"}));
  const Conn c = h.connect("carol");
  CHECK(code(h.send(c, "table.watch")) == "no_table");
  h.sit(h.connect("bob"));
  CHECK(*h.audience == ids(h, {"alice", "bob", "carol"}));
  CHECK(code(h.send(c, "table.watch")) == "ack");
  // Invitations there add people.
  h.person("dave");
  const json r = h.send(a, "table.invite", {{"users", {"dave"}}});
  CHECK(code(r) == "ack");
  CHECK(h.audience->count(h.person("dave").id));
  CHECK(code(h.send(h.connect("erin"), "table.sit")) == "no_table");
}

TEST_CASE("whom someone seated blocked cannot see, sit at or watch a private table") {
  Harness h(setup_of(classic()));  // friends only
  const std::int64_t alice = h.person("alice").id, bob = h.person("bob").id;
  const std::int64_t carol = h.person("carol").id;
  h.friends[alice] = {bob};
  h.friends[bob] = {alice, carol};
  h.blocked[alice] = {carol};
  h.sit(h.connect("alice"));
  h.sit(h.connect("bob"));
  // carol is bob's friend, but alice blocked her: for her there is no table.
  const Conn c = h.connect("carol");
  CHECK(code(h.send(c, "table.watch")) == "no_table");
  CHECK(code(h.send(c, "table.sit")) == "no_table");
  // An invitation by bob does not let her in either; by alice, she is not
  // found (alice blocked her; carol blocked no one).
  CHECK(code(h.send(h.connect("bob"), "table.invite", {{"users", {"carol"}}})) == "ack");
  CHECK(code(h.send(c, "table.sit")) == "no_table");
  // Someone who blocked the inviter is not found by them.
  h.person("dave");
  h.blocked[h.person("dave").id] = {alice};
  const json r = h.send(h.connect("alice"), "table.invite", {{"users", {"dave"}}});
  REQUIRE(code(r) == "ack");
  CHECK(r["d"]["invited"] == json::array());
  CHECK(r["d"]["unknown"] == json({"dave"}));
  (void)bob;
}

TEST_CASE(
    "an invite link: the creator's token lets its holder sit or watch; revoked, it does not") {
  Harness h(setup_of(classic({{"invite_only", true}})));
  const Conn a = h.connect("alice"), b = h.connect("bob"), c = h.connect("carol"),
             d = h.connect("dave");
  h.sit(a);
  const json made = h.send(a, "table.invite_link");
  REQUIRE(code(made) == "ack");
  const std::string token = made["d"]["token"];
  CHECK(token.size() == 26);
  // The same token until revoked, and kept with the table's row.
  CHECK(h.send(a, "table.invite_link")["d"]["token"] == token);
  CHECK(h.jobs_of<store::SaveTable>().back().row.invite_link == token);
  // A wrong token is no invitation: the table does not exist for them.
  CHECK(code(h.send(b, "table.sit", {{"invite", token + "x"}})) == "no_table");
  CHECK(code(h.send(b, "table.watch", {{"invite", "nonsense"}})) == "no_table");
  // The right one invites: bob sits, carol watches and then sits.
  CHECK(code(h.send(b, "table.sit", {{"invite", token}})) == "ack");
  CHECK(code(h.send(c, "table.watch", {{"invite", token}})) == "ack");
  CHECK(h.audience->count(h.person("carol").id) == 1);
  CHECK(h.sit(c) == 2);
  // Only the creator has the link.
  CHECK(code(h.send(b, "table.invite_link")) == "not_creator");
  // Revoked: the old token invites nobody more; those it invited stay.
  const json revoked = h.send(a, "table.invite_link", {{"revoke", true}});
  REQUIRE(code(revoked) == "ack");
  CHECK(revoked["d"]["token"].is_null());
  CHECK(h.jobs_of<store::SaveTable>().back().row.invite_link.empty());
  CHECK(code(h.send(d, "table.sit", {{"invite", token}})) == "no_table");
  CHECK(h.audience->count(h.person("bob").id) == 1);
  // A new link is a new token.
  const std::string fresh = h.send(a, "table.invite_link")["d"]["token"];
  CHECK(fresh != token);
  CHECK(code(h.send(d, "table.sit", {{"invite", fresh}})) == "ack");
}

TEST_CASE("an invite link survives a restart, is only for invitation-only tables, and no block") {
  Harness h(setup_of(classic({{"invite_only", true}})));
  const Conn a = h.connect("alice");
  h.sit(a);
  const std::string token = h.send(a, "table.invite_link")["d"]["token"];
  auto r = h.restart();
  const Conn b = r->connect("bob");
  CHECK(code(r->send(b, "table.watch", {{"invite", token}})) == "ack");
  // Someone seated blocked erin: the link does not bring her in.
  Harness k(setup_of(classic({{"invite_only", true}})));
  const Conn ka = k.connect("alice");
  k.blocked[k.person("alice").id] = {k.person("erin").id};
  k.sit(ka);
  const std::string t2 = k.send(ka, "table.invite_link")["d"]["token"];
  CHECK(code(k.send(k.connect("erin"), "table.sit", {{"invite", t2}})) == "no_table");
  // An open table needs no link.
  Harness open(setup_of(classic({{"friends_only", false}})));
  const Conn x = open.connect("alice");
  open.sit(x);
  CHECK(code(open.send(x, "table.invite_link")) == "not_invite_only");
  CHECK(code(open.send(open.connect("yves"), "table.sit", {{"invite", "anything"}})) == "ack");
}
