#include <catch2/catch.hpp>

// Account care and safety in storage (storage/account_care.cpp,
// safety.cpp) on real files: an account closed (chips to the house through
// the ledger, the ledger still sound, its name replaced in results, games
// and tables, held from new accounts for 30 days, refused while seated),
// closed twice, the reset codes, mutes, blocks (ending a friendship),
// reports and their limits, the chat mute, and a player's data.

#include <nlohmann/json.hpp>
#include <string>

#include "storage/account_care.hpp"
#include "storage/sql_database.hpp"
#include "storage/table_codec.hpp"
#include "tests/storage/support.hpp"

using namespace whist::storage;
using Db = whist::storage::SqlDatabase;
using whist::storage::test::Raw;
using whist::storage::test::TempDb;

namespace {

constexpr std::int64_t kNow = 1'700'000'000;

GameResults two_of(std::int64_t ann, std::int64_t ben) {
  GameResults r;
  r.variant = "classic";
  const std::int64_t ids[] = {ann, ben, 0, 0};
  const char* names[] = {"ann", "ben", "Computer 1", "Computer 2"};
  for (int i = 0; i < 4; ++i) {
    SeatResult s;
    s.seat = i;
    s.account = ids[i];
    s.name = names[i];
    s.side = i % 2;
    s.score = s.side == 0 ? 5 : 3;
    s.won = s.side == 0;
    r.seats.push_back(s);
  }
  return r;
}

}  // namespace

TEST_CASE("closing an account gives its chips to the house and erases its name",
          "[storage][account_care]") {
  TempDb file;
  Db db(file.path());
  const auto ann = db.ledger().create_player("ann", "h", 500, kNow).value();
  const auto ben = db.ledger().create_player("ben", "h", 500, kNow).value();
  db.accounts().create_session(ann, "tok-a", kNow, kNow + 3600, "Firefox on Linux");
  REQUIRE(db.friends().request_friend(ann, ben, kNow) == FriendResult::kRequested);
  REQUIRE(db.friends().accept_friend(ben, ann));
  REQUIRE(db.safety().mute(ben, ann, kNow));
  Prefs dark;
  dark.theme = Prefs::Theme::kDark;
  REQUIRE(db.accounts().set_prefs(ann, dark));

  // A finished game with ann at seat 0, stored as the server stores it.
  const auto table = db.tables().create_table(
      R"({"creator":"ann","invited":[],"seats":[{"name":"ann","seat":0,"user":)" +
          std::to_string(ann) + R"(}],"setup":{}})",
      TableState::kFinished, kNow);
  const std::string seats =
      R"([{"computer":false,"connected":true,"name":"ann","seat":0,"user":)" + std::to_string(ann) +
      R"(},{"computer":false,"connected":true,"name":"ben","seat":1,"user":)" +
      std::to_string(ben) + "}]";
  const auto game = db.games().create_game(table, R"({"variant":"classic"})", seats, kNow);
  db.games().finish_game(game, GameState::kFinished, R"({"scores":[5,3]})", kNow + 60,
                         two_of(ann, ben));

  const auto closed = close_account(db, ann, kNow + 100);
  REQUIRE(closed.result == CloseResult::kClosed);
  CHECK(closed.chips == 500);
  REQUIRE(closed.erased);
  CHECK(closed.erased->old_name == "ann");
  CHECK(closed.erased->new_name == "deleted player " + std::to_string(ann));
  CHECK(closed.erased->ended == std::vector<std::string>{"tok-a"});

  CHECK(db.ledger().balance(ann) == 0);
  CHECK(db.ledger().balance(0) == 500);
  CHECK(db.ledger().check_ledger().ok);
  CHECK(db.ledger().ledger_of(ann, 1)[0].kind == LedgerKind::kClosure);
  // Not found by either name; found by id, marked deleted.
  CHECK_FALSE(db.accounts().account_by_name("ann"));
  CHECK_FALSE(db.accounts().account_by_name(closed.erased->new_name));
  CHECK(db.accounts().account_by_id(ann)->deleted_at == kNow + 100);
  CHECK(db.accounts().account_by_id(ann)->password_hash.empty());
  CHECK_FALSE(db.accounts().account_for_session("tok-a", kNow + 101));
  CHECK(db.friends().friends_of(ben).empty());
  CHECK(db.safety().muted_by(ben).empty());
  CHECK(db.accounts().prefs(ann) == Prefs{});

  // The name is gone from results, the game's seats and the table.
  Raw raw(file.path());
  CHECK(raw.integer("SELECT count(*) FROM results WHERE name = 'ann'") == 0);
  CHECK(raw.integer("SELECT count(*) FROM results WHERE name = 'ben'") == 1);
  const auto stored = nlohmann::json::parse(db.games().game(game)->seats);
  CHECK(stored[0]["name"] == closed.erased->new_name);
  CHECK(stored[1]["name"] == "ben");
  const auto t = nlohmann::json::parse(db.tables().table(table)->settings);
  CHECK(t["creator"] == closed.erased->new_name);
  CHECK(t["seats"][0]["name"] == closed.erased->new_name);
  CHECK(db.results().games_of(ben, 0, 10)[0].seats[0].name == closed.erased->new_name);

  // Twice: nothing more happens.
  CHECK(close_account(db, ann, kNow + 200).result == CloseResult::kNoAccount);
  CHECK(db.ledger().balance(0) == 500);

  // The name is held for 30 days, then free.
  CHECK_FALSE(db.accounts().create_account("ANN", "h", false, kNow + 1000));
  CHECK_FALSE(db.ledger().create_player("ann", "h", 100, kNow + kNameHoldSeconds));
  const auto again = db.ledger().create_player("ann", "h", 100, kNow + 100 + kNameHoldSeconds);
  REQUIRE(again);
  CHECK(*again != ann);
  CHECK(db.ledger().check_ledger().ok);
}

TEST_CASE("an account seated at a table not finished is not closed", "[storage][account_care]") {
  TempDb file;
  Db db(file.path());
  const auto ann = db.ledger().create_player("ann", "h", 300, kNow).value();
  // A table as whistd stores it (table_codec.hpp), ann at seat 1.
  StoredTable t = decode_table(
      R"({"creator":"ben","invited":[],"seats":[)"
      R"({"name":null,"seat":0,"user":null},{"name":"ann","seat":1,"user":)" +
      std::to_string(ann) +
      R"(},{"name":null,"seat":2,"user":null},{"name":null,"seat":3,"user":null}],)"
      R"("setup":{"options":{"honours":"on","play_to":7,"trump":"rotate"},"players":4,)"
      R"("settings":{"buy_in":0,"chat":"text","computers_fill":false,"friends_only":false,)"
      R"("invite_only":false,"kind":"join","start_at":null,"suggestions":false,)"
      R"("timer_bid":15,"timer_play":30,"watching":true},"variant":"classic"}})");
  REQUIRE(t.seats[1].user == ann);
  const auto table = db.tables().create_table(encode_table(t), TableState::kPlaying, kNow);
  const auto closed = close_account(db, ann, kNow);
  CHECK(closed.result == CloseResult::kSeated);
  CHECK(closed.tables == std::vector<std::int64_t>{table});
  CHECK(db.ledger().balance(ann) == 300);
  CHECK(db.accounts().account_by_name("ann"));
  // A guest has no account to close.
  const auto guest = db.accounts().create_account("guest-abc", "", true, kNow).value();
  CHECK(close_account(db, guest, kNow).result == CloseResult::kNoAccount);
}

TEST_CASE("a reset code works once, before it expires", "[storage][account_care]") {
  TempDb file;
  Db db(file.path());
  const auto ann = db.ledger().create_player("ann", "h", 0, kNow).value();
  REQUIRE(db.accounts().set_password_reset(ann, "code-hash", kNow, kNow + 3600));
  CHECK_FALSE(db.accounts().take_password_reset(ann, "other", kNow + 1));
  CHECK_FALSE(db.accounts().take_password_reset(ann, "code-hash", kNow + 3600));
  CHECK(db.accounts().take_password_reset(ann, "code-hash", kNow + 3599));
  CHECK_FALSE(db.accounts().take_password_reset(ann, "code-hash", kNow + 3599));
  // A new code replaces the one before.
  REQUIRE(db.accounts().set_password_reset(ann, "first", kNow, kNow + 3600));
  REQUIRE(db.accounts().set_password_reset(ann, "second", kNow, kNow + 3600));
  CHECK_FALSE(db.accounts().take_password_reset(ann, "first", kNow + 1));
  CHECK(db.accounts().take_password_reset(ann, "second", kNow + 1));
  const auto guest = db.accounts().create_account("guest-abc", "", true, kNow).value();
  CHECK_FALSE(db.accounts().set_password_reset(guest, "x", kNow, kNow + 60));
  CHECK_FALSE(db.accounts().set_password_reset(9999, "x", kNow, kNow + 60));
}

TEST_CASE("mutes and blocks, listed; a block ends a friendship", "[storage][safety]") {
  TempDb file;
  Db db(file.path());
  const auto ann = db.accounts().create_account("ann", "h", false, kNow).value();
  const auto ben = db.accounts().create_account("ben", "h", false, kNow).value();
  const auto cat = db.accounts().create_account("cat", "h", false, kNow).value();
  CHECK(db.safety().mute(ann, ben, kNow));
  CHECK_FALSE(db.safety().mute(ann, ben, kNow + 1));  // already
  CHECK(db.safety().mute(ann, cat, kNow + 2));
  REQUIRE(db.safety().muted_by(ann).size() == 2);
  CHECK(db.safety().muted_by(ann)[0].username == "ben");
  CHECK(db.safety().muted_by(ann)[0].since == kNow);
  CHECK(db.safety().unmute(ann, cat));
  CHECK_FALSE(db.safety().unmute(ann, cat));
  CHECK(db.safety().muted_by(ben).empty());
  CHECK_FALSE(db.safety().mute(ann, ann, kNow));  // never oneself
  CHECK(db.safety().muted_by(ann).size() == 1);

  REQUIRE(db.friends().request_friend(ben, ann, kNow) == FriendResult::kRequested);
  REQUIRE(db.friends().accept_friend(ann, ben));
  CHECK(db.safety().block(ann, ben, kNow));
  CHECK(db.friends().friends_of(ann).empty());
  CHECK(db.safety().blocks(ann, ben));
  CHECK_FALSE(db.safety().blocks(ben, ann));
  CHECK(db.safety().blocked_ids(ann) == std::vector<std::int64_t>{ben});
  CHECK(db.safety().blocked_by(ann)[0].username == "ben");
  CHECK(db.safety().unblock(ann, ben));
  CHECK_FALSE(db.safety().blocks(ann, ben));
}

TEST_CASE("reports: one open per pair, at most so many a day, resolved once", "[storage][safety]") {
  TempDb file;
  Db db(file.path());
  const auto ann = db.accounts().create_account("ann", "h", false, kNow).value();
  const auto ben = db.accounts().create_account("ben", "h", false, kNow).value();
  NewReport r{ann, ben, "chat", "rude", 7, 0, R"([{"from":"ben","text":"hi"}])"};
  CHECK(db.safety().report(r, 3, kNow) == ReportResult::kFiled);
  CHECK(db.safety().report(r, 3, kNow + 1) == ReportResult::kAlreadyOpen);
  const auto open = db.safety().reports(false, 10);
  REQUIRE(open.size() == 1);
  CHECK(open[0].reporter == "ann");
  CHECK(open[0].reported == "ben");
  CHECK(open[0].table == 7);
  CHECK(open[0].chat == R"([{"from":"ben","text":"hi"}])");
  CHECK(db.safety().resolve_report(open[0].id, "warned", kNow + 5));
  CHECK_FALSE(db.safety().resolve_report(open[0].id, "again", kNow + 6));
  CHECK(db.safety().reports(false, 10).empty());
  CHECK(db.safety().report_by_id(open[0].id)->resolution == "warned");
  // Resolved: ben may be reported again, up to the day's limit.
  CHECK(db.safety().report(r, 3, kNow + 10) == ReportResult::kFiled);
  const auto cat = db.accounts().create_account("cat", "h", false, kNow).value();
  NewReport about_cat{ann, cat, "name", "", 0, 0, ""};
  CHECK(db.safety().report(about_cat, 3, kNow + 11) == ReportResult::kFiled);
  const auto dan = db.accounts().create_account("dan", "h", false, kNow).value();
  NewReport about_dan{ann, dan, "other", "", 0, 0, ""};
  CHECK(db.safety().report(about_dan, 3, kNow + 12) == ReportResult::kTooMany);
  CHECK(db.safety().report(about_dan, 3, kNow + 24 * 3600 + 1) == ReportResult::kFiled);
  CHECK(db.safety().reports(true, 10).size() == 4);
  CHECK(db.safety().reports_by(ann).size() == 4);
}

TEST_CASE("the operator's chat mute, and a player's data", "[storage][safety]") {
  TempDb file;
  Db db(file.path());
  const auto ann = db.ledger().create_player("ann", "h", 250, kNow).value();
  const auto ben = db.ledger().create_player("ben", "h", 0, kNow).value();
  CHECK(db.safety().chat_mute(ann).until == 0);
  CHECK(db.safety().set_chat_mute(ann, kNow + 3600, "insults"));
  CHECK(db.safety().chat_mute(ann).until == kNow + 3600);
  CHECK(db.safety().chat_mute(ann).reason == "insults");
  CHECK(db.safety().set_chat_mute(ann, 0, "ignored"));
  CHECK(db.safety().chat_mute(ann).reason.empty());
  CHECK_FALSE(db.safety().set_chat_mute(9999, kNow, ""));

  db.safety().block(ann, ben, kNow);
  const auto data = nlohmann::json::parse(export_account_json(db, ann, kNow));
  CHECK(data["account"]["username"] == "ann");
  CHECK(data["account"]["chips"] == 250);
  CHECK(data["chips_history"].size() == 1);
  CHECK(data["chips_history"][0]["kind"] == "initial");
  CHECK(data["blocked"][0]["username"] == "ben");
  CHECK(data["games"].empty());
  CHECK(data.contains("friends"));
  CHECK(data.contains("ratings"));
  CHECK(data.contains("reports_made"));
  CHECK(data["preferences"]["theme"] == "light");
}

TEST_CASE("preferences: the defaults until set, each kept, for an account only",
          "[storage][prefs]") {
  TempDb file;
  Prefs p;
  std::int64_t ann = 0;
  {
    Db db(file.path());
    ann = db.ledger().create_player("ann", "h", 0, kNow).value();
    const auto guest = db.accounts().create_account("Guest 1", "", true, kNow).value();
    CHECK(db.accounts().prefs(ann) == Prefs{});
    p.card_order = Prefs::CardOrder::kAscending;
    p.alternate_colours = false;
    p.play = Prefs::Play::kConfirm;
    p.auto_play = true;
    p.sound = false;
    p.volume = 0;
    p.motion = false;
    p.theme = Prefs::Theme::kDark;
    CHECK(db.accounts().set_prefs(ann, p));
    CHECK(db.accounts().set_prefs(guest, p));
    CHECK_FALSE(db.accounts().set_prefs(99999, p));
    CHECK(db.accounts().prefs(99999) == Prefs{});
  }
  // Read again from the file: every field as it was set.
  Db db(file.path());
  CHECK(db.accounts().prefs(ann) == p);
  p.volume = 100;
  p.theme = Prefs::Theme::kLight;
  CHECK(db.accounts().set_prefs(ann, p));
  CHECK(db.accounts().prefs(ann) == p);
  Raw raw(file.path());
  CHECK(raw.text("SELECT theme FROM account_prefs WHERE account_id = " + std::to_string(ann)) ==
        "light");
}
