#include "server/admin_ops.hpp"

#include <nlohmann/json.hpp>

#include "server/compete.hpp"
#include "storage/table_codec.hpp"

namespace whist::server {

using nlohmann::json;

std::string outcome_json(const AdminOutcome& o) {
  return json{{"exit", o.exit}, {"message", o.message}}.dump();
}

AdminOutcome outcome_from_json(const std::string& text) {
  const json j = json::parse(text, nullptr, false);
  if (!j.is_object() || !j.contains("exit") || !j["exit"].is_number_integer() ||
      !j.contains("message") || !j["message"].is_string())
    return {2, "whistd gave a result that cannot be read: " + text};
  return {j["exit"].get<int>(), j["message"].get<std::string>()};
}

std::string abandon_table_games(storage::Database& db, std::int64_t table, int buy_in,
                                std::int64_t now) {
  std::string done;
  for (const auto& g : db.games().games_in_state(storage::GameState::kPlaying)) {
    if (g.table_id != table) continue;
    const std::string refund = "game:" + std::to_string(g.id) + ":refund";
    const bool refunded_before = db.ledger().batch_posted(refund);
    abandon_game(db, g, buy_in, now);
    if (!done.empty()) done += "; ";
    done += "game " + std::to_string(g.id) + " abandoned";
    if (!refunded_before && db.ledger().batch_posted(refund)) {
      const auto seats = json::parse(g.seats, nullptr, false);
      const size_t n = seats.is_array() ? seats.size() : 0;
      done +=
          ", buy-ins refunded (" + std::to_string(n) + " x " + std::to_string(buy_in) + " chips)";
    }
  }
  return done;
}

AdminOutcome close_stored_table(storage::Database& db, std::int64_t table, std::int64_t now) {
  const auto row = db.tables().table(table);
  if (!row) return {2, "no table " + std::to_string(table)};
  if (row->state == storage::TableState::kClosed)
    return {0, "table " + std::to_string(table) + " was already closed: nothing changed"};
  const std::string games =
      abandon_table_games(db, table, storage::stored_buy_in(row->settings), now);
  db.tables().set_table_state(table, storage::TableState::kClosed);
  return {0, "table " + std::to_string(table) + " closed" + (games.empty() ? "" : "; " + games)};
}

AdminOutcome ban_account(storage::Database& db, std::int64_t account, bool banned,
                         const std::string& reason) {
  const auto a = db.accounts().account_by_id(account);
  if (!a) return {2, "no account " + std::to_string(account)};
  if (a->banned == banned) {
    // Banned again: the reason is updated; the sessions are revoked again
    // (none should be left).
    if (!banned) return {0, a->username + " is not banned: nothing changed"};
  }
  const auto revoked = db.admin().set_banned(account, banned, reason);
  if (!revoked) return {2, "no account " + std::to_string(account)};
  if (!banned) return {0, a->username + " unbanned: they may log in again"};
  return {0, a->username + (a->banned ? " was already banned (reason updated)" : " banned") + "; " +
                 std::to_string(*revoked) + " session(s) revoked"};
}

}  // namespace whist::server
