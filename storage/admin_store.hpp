// The operator's side: banned accounts, the operator's list of accounts,
// and the queue of commands through which whistctl asks a running whistd
// to act.
//
// A command's life: whistctl queues it (kPending); whistd takes the pending
// ones (kRunning, in the order queued), carries each out and finishes it
// with its result (kDone); whistctl may withdraw a command still pending
// (kCancelled: false if whistd took it first). Each step is one statement,
// so a command is taken at most once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/account_store.hpp"
#include "storage/states.hpp"

namespace whist::storage {

struct AdminCommand {
  std::int64_t id = 0;
  std::string command;  // "close-table", "ban" (the server's names)
  std::string args;     // the server's text (JSON)
  CommandState state = CommandState::kPending;
  std::string result;  // the server's text once done
};

// One account for the operator's list.
struct AccountSummary {
  Account account;
  std::int64_t chips = 0;
  std::int64_t games = 0;
  std::int64_t wins = 0;
};

class AdminStore {
 public:
  virtual ~AdminStore() = default;

  // Bans (or unbans) an account: sets its flag and reason and, when
  // banning, revokes every session of it, in one transaction. The sessions
  // revoked, or nullopt for an unknown account.
  virtual std::optional<int> set_banned(std::int64_t account, bool banned,
                                        std::string_view reason) = 0;
  // The ban reason of the account of a session token's hash, if that
  // account is banned (whatever the session's state).
  virtual std::optional<std::string> banned_for_session(std::string_view token_hash) const = 0;
  virtual std::optional<std::string> ban_reason(std::int64_t account) const = 0;
  // Accounts by id (registered only unless `with_guests`), at most `limit`
  // (<= 0: all), with their chips, games and wins.
  virtual std::vector<AccountSummary> accounts(bool with_guests, int limit) const = 0;

  virtual std::int64_t queue_admin_command(std::string_view command, std::string_view args,
                                           std::int64_t now) = 0;
  virtual std::vector<AdminCommand> take_admin_commands() = 0;
  virtual void finish_admin_command(std::int64_t id, std::string_view result, std::int64_t now) = 0;
  virtual bool cancel_admin_command(std::int64_t id, std::int64_t now) = 0;
  virtual std::optional<AdminCommand> admin_command(std::int64_t id) const = 0;
  // Commands left running by a whistd that stopped before finishing them:
  // done, with `result`. How many.
  virtual int fail_running_admin_commands(std::string_view result, std::int64_t now) = 0;
};

}  // namespace whist::storage
