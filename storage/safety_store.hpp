// Safety between players (docs/protocol.md, Safety): mutes (a player's
// chat hidden from me), blocks (no invitations, friend requests or seats
// at my private tables from them), reports to the operator (with the
// table's chat kept), and the operator's chat mute of an account.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace whist::storage {

// A muted or blocked player, as their muter or blocker lists them.
struct ListedPlayer {
  std::int64_t id = 0;
  std::string username;
  std::int64_t since = 0;
};

enum class ReportResult {
  kFiled,
  kAlreadyOpen,  // the reporter's report of this player is still open
  kTooMany,      // the reporter made their most reports for the day
};

struct NewReport {
  std::int64_t reporter = 0;
  std::int64_t reported = 0;
  std::string reason;  // "chat", "cheating", "stalling", "name" or "other"
  std::string details;
  std::int64_t table = 0;  // 0: none
  std::int64_t game = 0;   // 0: none
  std::string chat;        // JSON array: the table's chat at the time
};

struct Report {
  std::int64_t id = 0;
  std::string reporter;  // usernames (as they are now)
  std::string reported;
  std::int64_t reported_id = 0;
  std::string reason;
  std::string details;
  std::int64_t table = 0;
  std::int64_t game = 0;
  std::string chat;
  std::string state;  // "open" or "resolved"
  std::string resolution;
  std::int64_t created_at = 0;
  std::int64_t resolved_at = 0;
};

struct ChatMute {
  std::int64_t until = 0;  // Unix seconds; 0 or past: not muted
  std::string reason;
};

class SafetyStore {
 public:
  virtual ~SafetyStore() = default;

  // True if it changed something (false: already so, or undone already).
  virtual bool mute(std::int64_t me, std::int64_t other, std::int64_t now) = 0;
  virtual bool unmute(std::int64_t me, std::int64_t other) = 0;
  virtual std::vector<ListedPlayer> muted_by(std::int64_t me) const = 0;

  // Blocking also ends a friendship or request between the two, either way.
  virtual bool block(std::int64_t me, std::int64_t other, std::int64_t now) = 0;
  virtual bool unblock(std::int64_t me, std::int64_t other) = 0;
  virtual std::vector<ListedPlayer> blocked_by(std::int64_t me) const = 0;
  // Whether `blocker` has blocked `other`.
  virtual bool blocks(std::int64_t blocker, std::int64_t other) const = 0;
  // The ids `me` has blocked, in increasing order.
  virtual std::vector<std::int64_t> blocked_ids(std::int64_t me) const = 0;

  // Files a report unless the reporter has one open on the same player, or
  // made `per_day` reports in the 24 hours before `now`.
  virtual ReportResult report(const NewReport& r, int per_day, std::int64_t now) = 0;
  // Reports, oldest first: the open ones, or all (most recent `limit`).
  virtual std::vector<Report> reports(bool all, int limit) const = 0;
  virtual std::optional<Report> report_by_id(std::int64_t id) const = 0;
  // False if there is no such report or it was resolved before.
  virtual bool resolve_report(std::int64_t id, std::string_view resolution, std::int64_t now) = 0;
  // The reports a player made (for their data), oldest first.
  virtual std::vector<Report> reports_by(std::int64_t reporter) const = 0;

  // The operator's mute of an account's chat (until 0: lifted). False if
  // there is no such account.
  virtual bool set_chat_mute(std::int64_t account, std::int64_t until, std::string_view reason) = 0;
  virtual ChatMute chat_mute(std::int64_t account) const = 0;
};

}  // namespace whist::storage
