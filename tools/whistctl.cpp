// whistctl: the operator's commands on whistd's SQLite file. It may run
// while whistd runs (SQLite's WAL and locks keep them apart). See
// docs/operations.md.
//
//   whistctl --db FILE ledger-check
//   whistctl --db FILE grant USER AMOUNT REASON [--key KEY]
//   whistctl --db FILE players [--all]
//   whistctl --db FILE tables
//
// Exit status: 0 done (the ledger is sound), 1 refused or the ledger check
// found problems, 2 bad usage or the file cannot be used.

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "storage/database.hpp"

namespace {

using whist::storage::Database;

constexpr const char* kUsage = R"(usage: whistctl --db FILE COMMAND [ARGS]

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

Exit status: 0 done, 1 refused or the ledger check failed, 2 bad usage.
)";

std::string when(std::int64_t t) {
  const std::time_t tt = static_cast<std::time_t>(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

int ledger_check(Database& db) {
  const auto c = db.check_ledger();
  if (c.ok) {
    std::printf("ledger ok: %lld chips in all balances (house %lld), %lld minted\n",
                static_cast<long long>(c.balances), static_cast<long long>(db.balance(0)),
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
  const auto account = db.account_by_name(user);
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
  const auto r = db.post(batch, {{account->id, amount, "grant", 0}}, unix_now());
  if (r == whist::storage::PostResult::kAlreadyApplied) {
    std::printf("already granted under %s: nothing changed; %s holds %lld chips\n", batch.c_str(),
                user.c_str(), static_cast<long long>(db.balance(account->id)));
    return 0;
  }
  std::printf("granted %lld chips to %s (%s); balance %lld\n", static_cast<long long>(amount),
              account->username.c_str(), batch.c_str(),
              static_cast<long long>(db.balance(account->id)));
  return 0;
}

int players(Database& db, bool all) {
  std::printf("%8s  %-24s %12s %7s %6s  %s\n", "id", "name", "chips", "games", "wins", "created");
  for (const auto& s : db.accounts(all, 0))
    std::printf("%8lld  %-24s %12lld %7lld %6lld  %s%s\n", static_cast<long long>(s.account.id),
                s.account.username.c_str(), static_cast<long long>(s.chips),
                static_cast<long long>(s.games), static_cast<long long>(s.wins),
                when(s.account.created_at).c_str(), s.account.guest ? "  (guest)" : "");
  std::printf("house: %lld chips\n", static_cast<long long>(db.balance(0)));
  return 0;
}

int tables(Database& db) {
  std::printf("%8s  %-8s %-8s %-20s %s\n", "id", "state", "variant", "created", "seats");
  for (const char* state : {"open", "playing", "finished"}) {
    for (const auto& t : db.tables_in_state(state)) {
      std::string variant = "?", seats;
      const auto j = nlohmann::json::parse(t.settings, nullptr, false);
      if (j.is_object()) {
        if (j.contains("setup") && j["setup"].is_object())
          variant = j["setup"].value("variant", std::string("?"));
        for (const auto& s : j.value("seats", nlohmann::json::array())) {
          if (!seats.empty()) seats += ", ";
          seats += s.contains("name") && s["name"].is_string() ? s["name"].get<std::string>()
                                                               : std::string("-");
        }
      }
      std::printf("%8lld  %-8s %-8s %-20s %s\n", static_cast<long long>(t.id), t.state.c_str(),
                  variant.c_str(), when(t.created_at).c_str(), seats.c_str());
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string db_path;
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (a == "--db" && i + 1 < argc) {
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
  if (!std::filesystem::exists(db_path)) {
    std::fprintf(stderr, "whistctl: no database file %s\n", db_path.c_str());
    return 2;
  }
  const std::string command = args[0];
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  try {
    Database db(db_path);
    if (command == "ledger-check" && rest.empty()) return ledger_check(db);
    if (command == "grant") return grant(db, rest);
    if (command == "players" && (rest.empty() || (rest.size() == 1 && rest[0] == "--all")))
      return players(db, !rest.empty());
    if (command == "tables" && rest.empty()) return tables(db);
    std::fprintf(stderr, "whistctl: unknown command or arguments: %s (see --help)\n",
                 command.c_str());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "whistctl: %s\n", e.what());
    return 2;
  }
}
