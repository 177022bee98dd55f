// Safety between players over the protocol (docs/protocol.md, Safety):
// muting a player (their chat hidden from me: the client hides it, from the
// list safety.list gives), blocking one (no friend requests, invitations or
// seats at my private tables from them: the server refuses those), and
// reporting one to the operator, with the chat of the table named kept
// with the report (whistctl reports). Registered accounts only.

#include <spdlog/spdlog.h>

#include "protocol/replies.hpp"
#include "server/hub.hpp"
#include "server/table.hpp"
#include "server/ws_session.hpp"
#include "table/clock.hpp"

namespace whist::server {

namespace {

// Reports one player may make in 24 hours.
constexpr int kReportsPerDay = 10;

std::vector<protocol::reply::ListedPlayer> listed(const std::vector<storage::ListedPlayer>& in) {
  std::vector<protocol::reply::ListedPlayer> out;
  for (const auto& p : in) out.push_back({p.username, p.since});
  return out;
}

}  // namespace

asio::awaitable<std::string> WsSession::on_safety(const std::string& id,
                                                  const protocol::ClientMessage& m) {
  using protocol::Error;
  if (user_->guest)
    co_return reply_error(id, {Error::kGuest, "register an account to mute, block or report"});
  const std::int64_t me = user_->id;

  if (std::holds_alternative<protocol::SafetyList>(m)) {
    auto read = [me](storage::Database& db) {
      return protocol::reply::SafetyLists{listed(db.safety().muted_by(me)),
                                          listed(db.safety().blocked_by(me))};
    };
    co_return protocol::ack_message(id, co_await storage_.on_storage(std::move(read)));
  }

  auto find = [name = protocol::username_of(m)](storage::Database& db) {
    return db.accounts().account_by_name(name);
  };
  const auto other = co_await storage_.on_storage(std::move(find));
  if (!other) co_return reply_error(id, {Error::kNoUser});
  if (other->id == me) co_return reply_error(id, {Error::kSelf});
  const std::int64_t them = other->id;

  if (const auto* r = std::get_if<protocol::SafetyReport>(&m)) {
    storage::NewReport report{me, them, r->reason, r->details, r->table, r->game, "[]"};
    if (r->table != 0)
      // (A table of another node's: its chat asked of its home.)
      if (auto t = co_await table(r->table)) report.chat = co_await t->chat_for_report();
    auto file = [report, now = unix_now()](storage::Database& db) {
      return db.safety().report(report, kReportsPerDay, now);
    };
    switch (co_await storage_.on_storage(std::move(file))) {
      case storage::ReportResult::kAlreadyOpen:
        co_return reply_error(id, {Error::kAlreadyReported});
      case storage::ReportResult::kTooMany:
        co_return reply_error(
            id, {Error::kTooManyReports, std::to_string(kReportsPerDay) + " in 24 hours"});
      case storage::ReportResult::kFiled: break;
    }
    spdlog::info("{} reported {} ({})", user_->name, other->username, r->reason);
    co_return protocol::ack_message(id);
  }

  if (const auto* mute = std::get_if<protocol::SafetyMute>(&m)) {
    auto apply = [me, them, on = mute->on, now = unix_now()](storage::Database& db) {
      return on ? db.safety().mute(me, them, now) : db.safety().unmute(me, them);
    };
    co_await storage_.on_storage(std::move(apply));
    co_return protocol::ack_message(id);
  }

  const auto& block = std::get<protocol::SafetyBlock>(m);
  auto apply = [me, them, on = block.on, now = unix_now()](storage::Database& db) {
    return on ? db.safety().block(me, them, now) : db.safety().unblock(me, them);
  };
  co_await storage_.on_storage(std::move(apply));
  spdlog::info("{} {} {}", user_->name, block.on ? "blocked" : "unblocked", other->username);
  co_return protocol::ack_message(id);
}

}  // namespace whist::server
