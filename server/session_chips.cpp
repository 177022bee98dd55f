// Chips over the protocol (docs/protocol.md, Chips): the balance, the
// history (ledger entries, newest first, paged) and the daily top-up; and
// what each session start of a registered user does: the first chips if
// the account never had them, then the day's top-up. Guests have no chips.

#include <spdlog/spdlog.h>

#include <chrono>
#include <ctime>
#include "protocol/replies.hpp"
#include "server/ws_session.hpp"
#include "table/clock.hpp"

namespace whist::server {

namespace reply = protocol::reply;

namespace {

// The day the top-up counts in: today in UTC, or the test-date setting.
std::string today(const Config& c) {
  if (!c.test_date.empty()) return c.test_date;
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
  return buf;
}

const char* topup_name(storage::TopUpResult r) {
  switch (r) {
    case storage::TopUpResult::kApplied: return "applied";
    case storage::TopUpResult::kAlreadyToday: return "already_today";
    case storage::TopUpResult::kNotBelowFloor: return "not_below_floor";
    case storage::TopUpResult::kGuest: return "guest";
  }
  return "?";
}

}  // namespace

asio::awaitable<void> WsSession::session_chips() {
  if (!user_ || user_->guest) co_return;
  const Config& c = config_;
  auto job = [me = user_->id, initial = c.initial_chips, floor = c.topup_floor,
              amount = c.topup_amount, day = today(c), now = unix_now()](storage::Database& db) {
    db.ledger().ensure_initial_chips(me, initial, now);
    if (floor > 0) db.ledger().topup(me, floor, amount, day, now);
  };
  try {
    co_await storage_.on_storage(std::move(job));
  } catch (const std::exception& e) {
    // The session goes on; the top-up can be asked for later.
    spdlog::error("chips at the session start of {}: {}", user_->name, e.what());
  }
}

asio::awaitable<std::string> WsSession::on_chips(const std::string& id,
                                                 const protocol::ClientMessage& m) {
  if (user_->guest)
    co_return reply_error(
        id, {protocol::Error::kGuest, "guests have no chips; register an account to get chips"});
  const std::int64_t me = user_->id;

  if (const auto* h = std::get_if<protocol::ChipsHistory>(&m)) {
    struct Page {
      std::int64_t chips = 0;
      std::vector<storage::LedgerRow> rows;
    };
    auto job = [me, before = h->before, limit = h->limit](storage::Database& db) {
      Page p;
      p.chips = db.ledger().balance(me);
      p.rows = db.ledger().ledger_page(me, before, limit);
      return p;
    };
    const Page p = co_await storage_.on_storage(std::move(job));
    reply::ChipsHistory history;
    history.chips = p.chips;
    for (const auto& r : p.rows)
      history.entries.push_back(reply::LedgerEntry{
          r.id, r.delta, std::string(storage::name(r.kind)), r.game, r.created_at, r.batch});
    // A full page may have more after it.
    if (static_cast<int>(p.rows.size()) == h->limit && !p.rows.empty())
      history.next = p.rows.back().id;
    co_return protocol::ack_message(id, history);
  }

  if (std::holds_alternative<protocol::ChipsTopup>(m)) {
    const Config& c = config_;
    auto job = [me, floor = c.topup_floor, amount = c.topup_amount, day = today(c),
                now = unix_now()](storage::Database& db) {
      if (floor <= 0) {
        storage::TopUp off;
        off.balance = db.ledger().balance(me);
        return std::make_pair(std::string("off"), off);
      }
      const storage::TopUp t = db.ledger().topup(me, floor, amount, day, now);
      return std::make_pair(std::string(topup_name(t.result)), t);
    };
    const auto [result, t] = co_await storage_.on_storage(std::move(job));
    co_return protocol::ack_message(
        id, reply::ChipsTopup{result, t.amount, t.balance, c.topup_floor, today(c)});
  }

  auto job = [me](storage::Database& db) { return db.ledger().balance(me); };
  const std::int64_t chips = co_await storage_.on_storage(std::move(job));
  co_return protocol::ack_message(id, reply::ChipsBalance{chips});
}

}  // namespace whist::server
