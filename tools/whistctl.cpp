// whistctl: the operator's commands on whistd's SQLite file. It may run
// while whistd runs (SQLite's WAL and locks keep them apart). See
// docs/operations.md.
//
//   whistctl --db FILE ledger-check
//   whistctl --db FILE grant USER AMOUNT REASON [--key KEY]
//   whistctl --db FILE players [--all]
//   whistctl --db FILE tables
//   whistctl --db FILE close-table ID [--reason TEXT]
//   whistctl --db FILE ban USER [--reason TEXT]
//   whistctl --db FILE unban USER
//   whistctl --db FILE game ID [--full]
//   whistctl --db FILE ratings USER
//   whistctl --db FILE ratings rebuild [--write]
//   whistctl --db FILE reset-password USER [--hours N]
//   whistctl --db FILE reports [--all]
//   whistctl --db FILE report ID
//   whistctl --db FILE resolve ID TEXT
//   whistctl --db FILE mute-chat USER DURATION [--reason TEXT]
//   whistctl --db FILE unmute-chat USER
//
// FILE is a SQLite file; a postgresql:// URI works the same way.
//
// close-table and ban change what a running whistd holds live: when whistd
// runs on the database (it holds FILE.lock, or PostgreSQL's owner lock:
// storage/daemon_lock.hpp), whistctl queues the command in the database and
// waits for whistd to carry it out (server/admin.cpp); otherwise it makes
// the change itself, holding the lock (server/admin_ops.cpp).
//
// Exit status: 0 done (the ledger is sound), 1 refused or the ledger check
// (or the ratings' rebuild) found problems, 2 bad usage, an unknown table, user or game, or the
// file cannot be used.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "server/admin_ops.hpp"
#include "server/game_record.hpp"
#include "storage/daemon_lock.hpp"
#include "storage/sql_database.hpp"
#include "storage/table_codec.hpp"
#include "table/clock.hpp"
#include "tools/whistctl_care.hpp"

namespace {

using whist::unix_now;
using whist::storage::Database;

constexpr const char* kUsage = R"(usage: whistctl --db FILE|URI COMMAND [ARGS]

Commands:
  ledger-check                  prove the chip ledger: every balance is the sum
                                of its entries, none is negative, all balances
                                (the house's too) add up to the chips minted,
                                every moving batch sums to zero, each game's
                                pot is held, paid out or refunded as its
                                state says. Exit 0 if so,
                                1 (and each problem) if not.
  grant USER AMOUNT REASON [--key KEY]
                                give USER (a registered account) AMOUNT new
                                chips, as a ledger entry of kind 'grant' under
                                the batch key grant:<id>:<time>:<REASON>, or
                                grant:<KEY> with --key (then running the same
                                command again grants nothing more).
  players [--all]               accounts with their chips, games and wins
                                (--all: guests too)
  tables                        tables not closed: id, state, variant, seats
  close-table ID [--reason TEXT]
                                close a table: those at it are told the reason,
                                a game in progress is stored as abandoned and a
                                Compete game's buy-ins refunded in full
  ban USER [--reason TEXT]      ban an account: its sessions end, its
                                connections close, it can no longer log in
  unban USER                    lift a ban
  game ID [--full]              print a finished (or abandoned) game's record
                                as JSON, which whist-replay reads (--full: the
                                whole game.record answer: seats, result...)
  ratings USER                  a player's rating in each pool (rating,
                                deviation, volatility, games, last rated) and
                                their last 10 rated games
  ratings rebuild [--write]     recompute every rating from the stored results,
                                in the order the games were rated, and report
                                each difference from what is stored (none is
                                expected): exit 0 if none, 1 if any.
                                --write: store the recomputed values instead
                                (exit 0; stop whistd first)
  reset-password USER [--hours N]
                                print a one-time code (valid N hours, default
                                24) with which USER sets a new password at the
                                login screen; their sessions then end
  reports [--all]               players' reports still open (--all: the last
                                200, resolved ones too)
  report ID                     one report in full, with the table's chat kept
                                with it
  resolve ID TEXT               close a report, saying what was done
  mute-chat USER DURATION [--reason TEXT]
                                USER cannot chat for DURATION (30m, 12h, 7d);
                                they are told until when, and the reason
  unmute-chat USER              lift a chat mute

Options: --wait SECONDS (default 30): how long close-table and ban wait for
a running whistd to carry them out.

Exit status: 0 done, 1 refused, or the ledger check or the ratings' rebuild
found problems, 2 bad usage or an unknown table, user or game.
)";

std::string when(std::int64_t t) { return whist::utc_format(t, "%Y-%m-%dT%H:%M:%SZ"); }

int ledger_check(Database& db) {
  const auto c = db.ledger().check_ledger();
  if (c.ok) {
    std::printf("ledger ok: %lld chips in all balances (house %lld), %lld minted\n",
                static_cast<long long>(c.balances), static_cast<long long>(db.ledger().balance(0)),
                static_cast<long long>(c.minted));
    return 0;
  }
  std::printf("ledger check FAILED: %zu problem(s)\n", c.problems.size());
  for (const auto& p : c.problems) std::printf("  - %s\n", p.c_str());
  return 1;
}

int grant(Database& db, const std::vector<std::string>& args) {
  std::string key;
  std::vector<std::string> pos;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--key" && i + 1 < args.size()) {
      key = args[++i];
    } else {
      pos.push_back(args[i]);
    }
  }
  if (pos.size() != 3) {
    std::fputs("whistctl: grant needs USER AMOUNT REASON\n", stderr);
    return 2;
  }
  const std::string& user = pos[0];
  const std::string& amount_text = pos[1];
  const std::string& reason = pos[2];
  std::int64_t amount = 0;
  try {
    size_t used = 0;
    amount = std::stoll(amount_text, &used);
    if (used != amount_text.size()) throw std::invalid_argument("trailing");
  } catch (const std::exception&) {
    amount = 0;
  }
  if (amount <= 0 || amount > whist::storage::kMaxLedgerDelta) {
    std::fprintf(stderr, "whistctl: AMOUNT must be a whole number from 1 to %lld, not \"%s\"\n",
                 static_cast<long long>(whist::storage::kMaxLedgerDelta), amount_text.c_str());
    return 2;
  }
  if (reason.empty()) {
    std::fputs("whistctl: REASON must not be empty\n", stderr);
    return 2;
  }
  const auto account = db.accounts().account_by_name(user);
  if (!account) {
    std::fprintf(stderr, "whistctl: no account named \"%s\"\n", user.c_str());
    return 1;
  }
  if (account->guest) {
    std::fprintf(stderr, "whistctl: %s is a guest; guests have no chips\n", user.c_str());
    return 1;
  }
  std::string batch;
  if (!key.empty()) {
    batch = "grant:" + key;
  } else {
    // Unique: the time to the nanosecond and a random number.
    const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                        std::chrono::system_clock::now().time_since_epoch())
                        .count();
    std::random_device rd;
    batch = "grant:" + std::to_string(account->id) + ":" + std::to_string(ns) + "-" +
            std::to_string(rd()) + ":" + reason;
  }
  const auto r = db.ledger().post(
      batch, {{account->id, amount, whist::storage::LedgerKind::kGrant, 0}}, unix_now());
  if (r == whist::storage::PostResult::kAlreadyApplied) {
    std::printf("already granted under %s: nothing changed; %s holds %lld chips\n", batch.c_str(),
                user.c_str(), static_cast<long long>(db.ledger().balance(account->id)));
    return 0;
  }
  std::printf("granted %lld chips to %s (%s); balance %lld\n", static_cast<long long>(amount),
              account->username.c_str(), batch.c_str(),
              static_cast<long long>(db.ledger().balance(account->id)));
  return 0;
}

int players(Database& db, bool all) {
  std::printf("%8s  %-24s %12s %7s %6s  %s\n", "id", "name", "chips", "games", "wins", "created");
  for (const auto& s : db.admin().accounts(all, 0))
    std::printf("%8lld  %-24s %12lld %7lld %6lld  %s%s\n", static_cast<long long>(s.account.id),
                s.account.username.c_str(), static_cast<long long>(s.chips),
                static_cast<long long>(s.games), static_cast<long long>(s.wins),
                when(s.account.created_at).c_str(), s.account.guest ? "  (guest)" : "");
  std::printf("house: %lld chips\n", static_cast<long long>(db.ledger().balance(0)));
  return 0;
}

int tables(Database& db) {
  std::printf("%8s  %-8s %-8s %-20s %s\n", "id", "state", "variant", "created", "seats");
  using whist::storage::TableState;
  for (const auto state : {TableState::kOpen, TableState::kPlaying, TableState::kFinished}) {
    for (const auto& t : db.tables().tables_in_state(state)) {
      std::string variant = "?", seats;
      try {
        const auto row = whist::storage::decode_table(t.settings);
        variant = whist::variant_name(row.setup.rules.variant);
        for (const auto& s : row.seats)
          seats += (seats.empty() ? "" : ", ") + (s.user ? s.name : "-");
      } catch (const whist::storage::StorageError& e) {
        seats = e.what();
      }
      std::printf("%8lld  %-8s %-8s %-20s %s\n", static_cast<long long>(t.id),
                  std::string(whist::storage::name(state)).c_str(), variant.c_str(),
                  when(t.created_at).c_str(), seats.c_str());
    }
  }
  return 0;
}

// A positive whole number, or 0.
std::int64_t parse_id(const std::string& text) {
  if (text.empty() || text.size() > 18) return 0;
  for (const char c : text)
    if (c < '0' || c > '9') return 0;
  return std::stoll(text);
}

// Splits ARGS into positional ones and the values of `flags` (each takes
// one value; a flag given twice keeps the last). False: a flag without
// its value.
bool split_args(const std::vector<std::string>& args, const std::vector<std::string>& flags,
                std::vector<std::string>& pos, std::map<std::string, std::string>& values) {
  for (size_t i = 0; i < args.size(); ++i) {
    if (std::find(flags.begin(), flags.end(), args[i]) != flags.end()) {
      if (i + 1 >= args.size()) return false;
      values[args[i]] = args[i + 1];
      ++i;
    } else {
      pos.push_back(args[i]);
    }
  }
  return true;
}

int report(const whist::server::AdminOutcome& o) {
  if (o.exit == 0)
    std::printf("%s\n", o.message.c_str());
  else
    std::fprintf(stderr, "whistctl: %s\n", o.message.c_str());
  return o.exit;
}

// Carries out an operator command: by whistd if one runs on the file, else
// here (`direct`, holding the lock so that no whistd starts meanwhile).
template <typename Direct>
int carry_out(Database& db, const std::string& db_path, const std::string& command,
              const nlohmann::json& args, int wait_seconds, Direct direct) {
  if (auto lock = whist::storage::DaemonLock::take(db_path, 0)) return report(direct());
  // whistd runs: it takes the command within half a second.
  const std::int64_t id = db.admin().queue_admin_command(command, args.dump(), unix_now());
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(wait_seconds);
  bool withdrawn_tried = false;
  for (;;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    const auto c = db.admin().admin_command(id);
    if (c && c->state == whist::storage::CommandState::kDone)
      return report(whist::server::outcome_from_json(c->result));
    // whistd stopped (a restart) before taking it: withdrawn, and done here.
    if (c && c->state == whist::storage::CommandState::kPending)
      if (auto lock = whist::storage::DaemonLock::take(db_path, 0))
        if (db.admin().cancel_admin_command(id, unix_now())) return report(direct());
    if (std::chrono::steady_clock::now() < deadline) continue;
    if (!withdrawn_tried) {
      withdrawn_tried = true;
      if (db.admin().cancel_admin_command(id, unix_now())) {
        std::fprintf(stderr,
                     "whistctl: whistd holds %s but did not take the command within %d s; it "
                     "was withdrawn and nothing changed (is whistd stuck? see its log)\n",
                     whist::storage::DaemonLock::path_for(db_path).c_str(), wait_seconds);
        return 1;
      }
      // Taken meanwhile: a little longer for its result.
      continue;
    }
    if (std::chrono::steady_clock::now() > deadline + std::chrono::seconds(wait_seconds)) {
      std::fprintf(stderr,
                   "whistctl: whistd took the command (id %lld) but has not finished it; see "
                   "its log, and run the command again to be sure (it is safe to repeat)\n",
                   static_cast<long long>(id));
      return 1;
    }
  }
}

int close_table(Database& db, const std::string& db_path, const std::vector<std::string>& args,
                int wait) {
  std::vector<std::string> pos;
  std::map<std::string, std::string> flags;
  if (!split_args(args, {"--reason"}, pos, flags) || pos.size() != 1) {
    std::fputs("whistctl: close-table needs ID [--reason TEXT]\n", stderr);
    return 2;
  }
  const std::int64_t table = parse_id(pos[0]);
  if (table <= 0) {
    std::fprintf(stderr, "whistctl: \"%s\" is not a table id (a whole number from 1)\n",
                 pos[0].c_str());
    return 2;
  }
  const auto row = db.tables().table(table);
  if (!row) {
    std::fprintf(stderr, "whistctl: no table %lld\n", static_cast<long long>(table));
    return 2;
  }
  if (row->state == whist::storage::TableState::kClosed) {
    std::printf("table %lld was already closed: nothing changed\n", static_cast<long long>(table));
    return 0;
  }
  const std::string reason = flags.count("--reason") ? flags["--reason"] : "closed by the operator";
  const nlohmann::json j = {{"table", table}, {"reason", reason}};
  return carry_out(db, db_path, "close-table", j, wait,
                   [&] { return whist::server::close_stored_table(db, table, unix_now()); });
}

int ban(Database& db, const std::string& db_path, const std::vector<std::string>& args, int wait,
        bool banned) {
  std::vector<std::string> pos;
  std::map<std::string, std::string> flags;
  const std::vector<std::string> known =
      banned ? std::vector<std::string>{"--reason"} : std::vector<std::string>{};
  if (!split_args(args, known, pos, flags) || pos.size() != 1) {
    std::fputs(
        banned ? "whistctl: ban needs USER [--reason TEXT]\n" : "whistctl: unban needs USER\n",
        stderr);
    return 2;
  }
  const auto account = db.accounts().account_by_name(pos[0]);
  if (!account) {
    std::fprintf(stderr, "whistctl: no account named \"%s\"\n", pos[0].c_str());
    return 2;
  }
  // Lifting a ban changes only the file: whistd reads it at each login.
  if (!banned) return report(whist::server::ban_account(db, account->id, false, ""));
  const std::string reason = flags.count("--reason") ? flags["--reason"] : "";
  const nlohmann::json j = {{"account", account->id}, {"reason", reason}};
  return carry_out(db, db_path, "ban", j, wait,
                   [&] { return whist::server::ban_account(db, account->id, true, reason); });
}

int game(Database& db, const std::vector<std::string>& args) {
  std::vector<std::string> pos;
  bool full = false;
  for (const auto& a : args) {
    if (a == "--full")
      full = true;
    else
      pos.push_back(a);
  }
  if (pos.size() != 1) {
    std::fputs("whistctl: game needs ID [--full]\n", stderr);
    return 2;
  }
  const std::int64_t id = parse_id(pos[0]);
  if (id <= 0) {
    std::fprintf(stderr, "whistctl: \"%s\" is not a game id (a whole number from 1)\n",
                 pos[0].c_str());
    return 2;
  }
  const auto row = db.games().game(id);
  if (!row) {
    std::fprintf(stderr, "whistctl: no game %lld\n", static_cast<long long>(id));
    return 2;
  }
  if (row->state == whist::storage::GameState::kPlaying) {
    // Its record holds every hand: not while the game is on.
    std::fprintf(stderr,
                 "whistctl: game %lld is in progress; its record is shown once it is over\n",
                 static_cast<long long>(id));
    return 1;
  }
  const auto d = whist::protocol::game_record_json(
      whist::server::stored_game(*row, db.games().game_deals(id), db.games().game_actions(id)));
  std::printf("%s\n", (full ? d : d["record"]).dump().c_str());
  return 0;
}

int ratings_of(Database& db, const std::string& user) {
  const auto account = db.accounts().account_by_name(user);
  if (!account) {
    std::fprintf(stderr, "whistctl: no account \"%s\"\n", user.c_str());
    return 2;
  }
  const auto pools = db.ratings().ratings_of(account->id);
  if (pools.empty()) {
    std::printf("%s has no rated games\n", account->username.c_str());
    return 0;
  }
  std::printf("%-8s %9s %9s %10s %6s  %s\n", "pool", "rating", "deviation", "volatility", "games",
              "last rated");
  for (const auto& p : pools)
    std::printf("%-8s %8.0f%s %9.1f %10.6f %6lld  %s\n", p.pool.c_str(), p.rating.rating,
                whist::rating::provisional(p.rating) ? "?" : " ", p.rating.deviation,
                p.rating.volatility, static_cast<long long>(p.games), when(p.rated_at).c_str());
  for (const auto& p : pools) {
    std::printf("\n%s, the last rated games:\n", p.pool.c_str());
    for (const auto& point : db.ratings().history(account->id, p.pool, 10))
      std::printf("  game %-8lld %s  %.0f\n", static_cast<long long>(point.source),
                  when(point.at).c_str(), point.rating.rating);
  }
  return 0;
}

int ratings_rebuild(Database& db, bool write) {
  const auto audit = db.ratings().rebuild(write);
  for (const auto& line : audit.differences) std::printf("%s\n", line.c_str());
  if (audit.differences.empty()) {
    std::printf(
        "ratings ok: %lld rated games, %lld changes and %lld ratings recomputed, "
        "no difference\n",
        static_cast<long long>(audit.games), static_cast<long long>(audit.changes),
        static_cast<long long>(audit.players));
    return 0;
  }
  std::printf("ratings: %zu difference(s) in %lld rated games%s\n", audit.differences.size(),
              static_cast<long long>(audit.games),
              audit.written ? "; the recomputed values are stored now"
                            : " (--write stores the recomputed values)");
  return audit.written ? 0 : 1;
}

int ratings(Database& db, const std::vector<std::string>& args) {
  if (args.size() == 1 && args[0] != "rebuild") return ratings_of(db, args[0]);
  if (!args.empty() && args[0] == "rebuild" &&
      (args.size() == 1 || (args.size() == 2 && args[1] == "--write")))
    return ratings_rebuild(db, args.size() == 2);
  std::fputs("whistctl: ratings needs USER, or rebuild [--write]\n", stderr);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string db_path;
  std::vector<std::string> args;
  int wait = 30;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (a == "--wait" && i + 1 < argc) {
      const std::string w = argv[++i];
      wait = static_cast<int>(parse_id(w));
      if (wait <= 0 || wait > 3600) {
        std::fprintf(stderr, "whistctl: --wait takes seconds from 1 to 3600, not \"%s\"\n",
                     w.c_str());
        return 2;
      }
    } else if (a == "--db" && i + 1 < argc) {
      db_path = argv[++i];
    } else if (a.rfind("--db=", 0) == 0) {
      db_path = a.substr(5);
    } else {
      args.push_back(a);
    }
  }
  if (db_path.empty() || args.empty()) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  // Never create a new, empty database by mistake.
  if (!whist::storage::is_postgres_uri(db_path) && !std::filesystem::exists(db_path)) {
    std::fprintf(stderr, "whistctl: no database file %s\n", db_path.c_str());
    return 2;
  }
  const std::string command = args[0];
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  try {
    whist::storage::SqlDatabase db(db_path);
    if (command == "ledger-check" && rest.empty()) return ledger_check(db);
    if (command == "grant") return grant(db, rest);
    if (command == "players" && (rest.empty() || (rest.size() == 1 && rest[0] == "--all")))
      return players(db, !rest.empty());
    if (command == "tables" && rest.empty()) return tables(db);
    if (command == "close-table") return close_table(db, db_path, rest, wait);
    if (command == "ban") return ban(db, db_path, rest, wait, true);
    if (command == "unban") return ban(db, db_path, rest, wait, false);
    if (command == "game") return game(db, rest);
    if (command == "ratings") return ratings(db, rest);
    if (command == "reset-password") return whist::tools::reset_password(db, rest);
    if (command == "reports") return whist::tools::list_reports(db, rest);
    if (command == "report") return whist::tools::show_report(db, rest);
    if (command == "resolve") return whist::tools::resolve_report(db, rest);
    if (command == "mute-chat") return whist::tools::mute_chat(db, rest, true);
    if (command == "unmute-chat") return whist::tools::mute_chat(db, rest, false);
    std::fprintf(stderr, "whistctl: unknown command or arguments: %s (see --help)\n",
                 command.c_str());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "whistctl: %s\n", e.what());
    return 2;
  }
}
