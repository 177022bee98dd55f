// Chips: balances, the house, and the ledger.
//
// Every change of a balance is a ledger entry, posted in batches: a batch is
// one event (a game's buy-ins, its payout, a refund, a top-up...) applied in
// one transaction under a unique batch key, so that a retry of the event
// never applies twice. Choose keys that name the event, for example
// "initial:<account>", "topup:<account>:<yyyy-mm-dd>", "grant:<operator
// request id>", "game:<id>:buyin", "game:<id>:payout", "game:<id>:refund".
//
// Minting kinds (kInitial, kTopup, kGrant) create chips: each entry to an
// account, never the house, with a positive delta. Moving kinds (kBuyin,
// kPayout, kFee, kRefund, kClosure) move chips: the batch's deltas sum to zero. A
// batch is all minting or all moving. The house (account 0) holds the fees,
// and holds the pot of a Compete game between its buy-in and its payout or
// refund. For a 110 table: buy-in {each seat -110, house +440}; payout
// {house -440, each winner +198, house +44 fee} (the fee stays visible in
// the house's history); refund {house -440, each seat +110}.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/states.hpp"

namespace whist::storage {

struct LedgerEntry {
  std::int64_t account = 0;  // 0: the house
  std::int64_t delta = 0;    // never 0; |delta| <= kMaxLedgerDelta
  LedgerKind kind = LedgerKind::kGrant;
  std::int64_t game = 0;  // 0: none
};

// The largest |delta| of one entry: a bigger one is a bug.
inline constexpr std::int64_t kMaxLedgerDelta = 1'000'000'000'000;

enum class PostResult {
  kApplied,
  kAlreadyApplied,  // the batch key was posted before: nothing changed
  kInsufficient,    // a balance would go below zero: nothing changed
};

struct LedgerRow {
  std::int64_t id = 0;  // the entry's place in the ledger (grows with each post)
  std::string key;      // batch + ":" + index
  std::int64_t delta = 0;
  LedgerKind kind = LedgerKind::kGrant;
  std::int64_t game = 0;  // 0: none
  std::int64_t created_at = 0;
  std::string batch;
};

struct LedgerCheck {
  bool ok = false;                    // no problem found
  std::int64_t balances = 0;          // the sum of all balances, the house's included
  std::int64_t minted = 0;            // the sum of all minting deltas
  std::vector<std::string> problems;  // each discrepancy, in plain words
};

// Daily top-up: one per account and day, for a balance below a floor.
enum class TopUpResult {
  kApplied,        // `amount` chips were added
  kAlreadyToday,   // this account's top-up of that day was applied before
  kNotBelowFloor,  // the balance is at or above the floor: nothing to do
  kGuest,          // guests have no chips
};
struct TopUp {
  TopUpResult result = TopUpResult::kNotBelowFloor;
  std::int64_t amount = 0;   // added now (0 unless kApplied)
  std::int64_t balance = 0;  // the balance after
};

class LedgerStore {
 public:
  virtual ~LedgerStore() = default;

  // Posts a batch in one transaction: entry i gets the key batch_key + ":" +
  // i; each balance changes by its entries' deltas. If the batch key was
  // posted before, nothing changes (kAlreadyApplied; the entries are not
  // compared with the first post's). If any balance would end the batch
  // below zero, nothing changes (kInsufficient); a balance may dip within
  // the batch, only the end counts. A batch that breaks the rules above
  // (empty, a zero or huge delta, minting to the house or a negative mint,
  // moving kinds not summing to zero, minting and moving mixed, an unknown
  // account) throws StorageError: that is a bug of the caller, not a user's
  // mistake. Safe against a concurrent post from another process; inside an
  // open transaction (Database::begin_unit) the batch is a part of it:
  // kAlreadyApplied and kInsufficient undo the batch only.
  virtual PostResult post(std::string_view batch_key, const std::vector<LedgerEntry>& entries,
                          std::int64_t now) = 0;
  // An account's balance (0: the house's). Throws StorageError for an
  // unknown account.
  virtual std::int64_t balance(std::int64_t account) const = 0;
  // An account's entries (0: the house's), newest first, at most `limit` of
  // them (limit <= 0: all).
  virtual std::vector<LedgerRow> ledger_of(std::int64_t account, int limit) const = 0;
  // Pages of an account's entries, newest first: those with an id below
  // `before` (0: from the newest), at most `limit` (1 to 1000).
  virtual std::vector<LedgerRow> ledger_page(std::int64_t account, std::int64_t before,
                                             int limit) const = 0;
  // Whether a batch with this key was posted (and committed).
  virtual bool batch_posted(std::string_view batch_key) const = 0;
  // Proves the ledger: each account's and the house's balance is the sum of
  // its deltas, no balance is negative, all balances together are what was
  // minted, each minting entry is a positive delta to an account, each
  // moving batch sums to zero, and each game with buy-ins has its pot held
  // (playing), paid out (finished) or refunded (abandoned), never two of
  // these. Reads one consistent state, even while another process posts.
  virtual LedgerCheck check_ledger() const = 0;

  // Creates a registered account and, in the same transaction, posts its
  // first balance (batch "initial:<id>", kInitial) when initial_chips > 0.
  // nullopt if the username is taken (nothing written).
  virtual std::optional<std::int64_t> create_player(std::string_view username,
                                                    std::string_view password_hash,
                                                    std::int64_t initial_chips,
                                                    std::int64_t now) = 0;
  // Posts "initial:<account>" if it was never posted (an account made
  // before chips existed); true if it was posted now. Guests and
  // initial_chips <= 0: nothing.
  virtual bool ensure_initial_chips(std::int64_t account, std::int64_t initial_chips,
                                    std::int64_t now) = 0;
  // The daily top-up: if the account's balance is below `floor`, adds
  // `amount` under the batch key "topup:<account>:<date>" (date: the day,
  // yyyy-mm-dd, as the caller counts days), at most once per account and
  // day. Throws StorageError for an unknown account or amount <= 0.
  virtual TopUp topup(std::int64_t account, std::int64_t floor, std::int64_t amount,
                      std::string_view date, std::int64_t now) = 0;
};

}  // namespace whist::storage
