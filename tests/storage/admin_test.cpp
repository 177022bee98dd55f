#include <catch2/catch.hpp>

// The operator's side of storage (storage/admin.cpp): banning revokes the
// account's sessions; the queue of operator commands hands each command to
// whistd at most once, and a withdrawn one never; the daemon lock
// (storage/daemon_lock.hpp) is held by one holder at a time. Two
// connections to one real file stand for whistctl and whistd.

#include <filesystem>

#include "storage/daemon_lock.hpp"
#include "storage/sql_database.hpp"
#include "tests/storage/support.hpp"

using whist::storage::DaemonLock;
using Database = whist::storage::SqlDatabase;
using whist::storage::CommandState;
using whist::storage::test::TempDb;

namespace {
constexpr std::int64_t kNow = 1'700'000'000;
}

TEST_CASE("a ban revokes the account's sessions; an unban does not bring them back", "[admin]") {
  Database db(":memory:");
  const auto alice = *db.accounts().create_account("alice", "hash", false, kNow);
  const auto bob = *db.accounts().create_account("bob", "hash", false, kNow);
  db.accounts().create_session(alice, "a1", kNow, kNow + 1000);
  db.accounts().create_session(alice, "a2", kNow, kNow + 1000);
  db.accounts().create_session(bob, "b1", kNow, kNow + 1000);
  CHECK_FALSE(db.admin().banned_for_session("a1"));

  CHECK(db.admin().set_banned(alice, true, "spam") == 2);
  CHECK(db.accounts().account_by_id(alice)->banned);
  CHECK_FALSE(db.accounts().account_by_id(bob)->banned);
  CHECK_FALSE(db.accounts().account_for_session("a1", kNow + 1));
  CHECK(db.accounts().account_for_session("b1", kNow + 1));
  CHECK(db.admin().banned_for_session("a2") == std::optional<std::string>("spam"));
  CHECK(db.admin().ban_reason(alice) == std::optional<std::string>("spam"));
  CHECK_FALSE(db.admin().ban_reason(bob));

  CHECK(db.admin().set_banned(alice, false, "") == 0);
  CHECK_FALSE(db.accounts().account_by_name("alice")->banned);
  CHECK_FALSE(db.admin().banned_for_session("a1"));
  CHECK_FALSE(db.accounts().account_for_session("a1", kNow + 2));
  CHECK_FALSE(db.admin().set_banned(999, true, "x"));
}

TEST_CASE("operator commands: taken once, in order; a withdrawn one never", "[admin]") {
  TempDb file;
  Database ctl(file.path());
  Database daemon(file.path());
  CHECK(daemon.admin().take_admin_commands().empty());

  const auto first = ctl.admin().queue_admin_command("ban", R"({"account":1})", kNow);
  const auto second = ctl.admin().queue_admin_command("close-table", R"({"table":2})", kNow);
  const auto third = ctl.admin().queue_admin_command("ban", R"({"account":3})", kNow);
  CHECK(ctl.admin().cancel_admin_command(third, kNow));
  CHECK(ctl.admin().admin_command(third)->state == CommandState::kCancelled);

  const auto taken = daemon.admin().take_admin_commands();
  REQUIRE(taken.size() == 2);
  CHECK(taken[0].id == first);
  CHECK(taken[0].command == "ban");
  CHECK(taken[1].id == second);
  CHECK(taken[1].args == R"({"table":2})");
  CHECK(taken[1].state == CommandState::kRunning);
  CHECK(daemon.admin().take_admin_commands().empty());
  // Taken: too late to withdraw.
  CHECK_FALSE(ctl.admin().cancel_admin_command(first, kNow));

  daemon.admin().finish_admin_command(first, R"({"exit":0,"message":"ok"})", kNow);
  CHECK(ctl.admin().admin_command(first)->state == CommandState::kDone);
  CHECK(ctl.admin().admin_command(first)->result == R"({"exit":0,"message":"ok"})");
  // The second was left running by a whistd that stopped.
  CHECK(daemon.admin().fail_running_admin_commands("stopped", kNow) == 1);
  CHECK(ctl.admin().admin_command(second)->state == CommandState::kDone);
  CHECK(ctl.admin().admin_command(second)->result == "stopped");
  CHECK_FALSE(ctl.admin().admin_command(999));
}

TEST_CASE("the daemon lock has one holder at a time", "[admin][sqlite]") {
  TempDb file;
  const std::string lock_path = DaemonLock::path_for(file.path());
  CHECK(lock_path == std::filesystem::weakly_canonical(file.path()).string() + ".lock");
  CHECK(DaemonLock::path_for(":memory:").empty());
  {
    auto held = DaemonLock::take(file.path(), 0);
    REQUIRE(held);
    CHECK_FALSE(DaemonLock::take(file.path(), 0));
    CHECK_FALSE(DaemonLock::take(file.path(), 120));  // waits, then gives up
  }
  CHECK(DaemonLock::take(file.path(), 0));  // let go with its holder
  std::filesystem::remove(lock_path);
}
