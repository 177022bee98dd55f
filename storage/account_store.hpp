// Accounts and their sessions. Usernames are unique without regard to case
// (ASCII letters; the server accepts only ASCII names). Sessions are kept
// by a token's hash, never the token.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace whist::storage {

struct Account {
  std::int64_t id = 0;
  std::string username;
  std::string password_hash;  // libsodium's argon2id string; empty for guests
  bool guest = false;
  std::int64_t created_at = 0;  // Unix seconds
  bool banned = false;          // by the operator (whistctl ban): no login, no session
  bool hide_games = false;      // their game list is for their friends only (profile.set)
  std::int64_t deleted_at = 0;  // 0: not deleted (account_care.hpp: close_account)
};

// What erasing an account changed (AccountStore::erase_account).
struct ErasedAccount {
  std::string old_name;
  std::string new_name;            // "deleted player <id>"
  std::vector<std::string> ended;  // the sessions revoked (their tokens' hashes)
};

// The name a deleted account is known by from then on.
std::string deleted_name(std::int64_t id);

// What a player chose for how the table looks and plays (prefs.set), kept
// with the account so that every browser they open shows it.
struct Prefs {
  enum class CardOrder : std::uint8_t { kDescending, kAscending };  // ranks within a suit
  enum class Play : std::uint8_t { kClick, kConfirm };  // one click, or a second to confirm
  enum class Theme : std::uint8_t { kLight, kDark };
  CardOrder card_order = CardOrder::kDescending;
  bool alternate_colours = true;  // suits in a hand alternate red and black
  Play play = Play::kClick;
  bool auto_play = false;  // a single legal card is played for the player
  bool sound = true;
  int volume = 60;  // 0..100
  bool motion = true;
  Theme theme = Theme::kLight;
  bool operator==(const Prefs&) const = default;
};

// A live session, as its owner lists them.
struct SessionInfo {
  std::string token_hash;
  std::string device;  // as the server named it when the session began
  std::int64_t created_at = 0;
  std::int64_t last_used_at = 0;
};

class AccountStore {
 public:
  virtual ~AccountStore() = default;

  // The new account's id, or nullopt if the username is taken.
  virtual std::optional<std::int64_t> create_account(std::string_view username,
                                                     std::string_view password_hash, bool guest,
                                                     std::int64_t now) = 0;
  virtual std::optional<Account> account_by_name(std::string_view username) const = 0;
  virtual std::optional<Account> account_by_id(std::int64_t id) const = 0;
  // Hides (or shows again) the account's game list from all but its
  // friends; false if there is no such account.
  virtual bool set_hide_games(std::int64_t id, bool hide) = 0;

  // The account's preferences (the defaults until it sets any).
  virtual Prefs prefs(std::int64_t id) const = 0;
  // Keeps the account's preferences; false if there is no such account.
  virtual bool set_prefs(std::int64_t id, const Prefs& p) = 0;

  // Sets a (registered) account's password hash; false if there is no
  // such account.
  virtual bool set_password(std::int64_t id, std::string_view password_hash) = 0;

  // A session: a token's hash, when it expires, and the device it was
  // opened from.
  virtual void create_session(std::int64_t account_id, std::string_view token_hash,
                              std::int64_t now, std::int64_t expires_at,
                              std::string_view device = {}) = 0;
  // The account's live sessions (not revoked, not expired at `now`), the
  // most recently used first.
  virtual std::vector<SessionInfo> sessions_of(std::int64_t account_id, std::int64_t now) const = 0;
  // Revokes every live session of the account but `keep` (a token's
  // hash); the hashes revoked.
  virtual std::vector<std::string> revoke_other_sessions(std::int64_t account_id,
                                                         std::string_view keep) = 0;
  // The account of a live session (not revoked, not expired at `now`); it
  // also records `now` as the session's last use.
  virtual std::optional<Account> account_for_session(std::string_view token_hash,
                                                     std::int64_t now) = 0;
  // Revokes one session; whether it existed and was not revoked yet.
  virtual bool revoke_session(std::string_view token_hash) = 0;

  // Erases a registered account's person from the file, keeping its row
  // (ids stay valid for the ledger, results and ratings): the row is
  // renamed deleted_name(id), its password cleared and deleted_at set; its
  // old name is held until `hold_until` (create_account refuses it); its
  // sessions revoked; its friendships, requests, mutes, blocks and password
  // reset deleted; its name replaced in results, in stored games' seats
  // and in stored tables (creator and seats). Its chips are not touched
  // (close_account posts them to the house first). nullopt: no such
  // registered account, or deleted already.
  virtual std::optional<ErasedAccount> erase_account(std::int64_t id, std::int64_t now,
                                                     std::int64_t hold_until) = 0;

  // The operator's password reset: a one-time code's hash for the account,
  // valid until `expires_at` (replacing any earlier one). False if there is
  // no such registered, undeleted account.
  virtual bool set_password_reset(std::int64_t id, std::string_view code_hash, std::int64_t now,
                                  std::int64_t expires_at) = 0;
  // Uses the account's code: true (and the code deleted) if `code_hash` is
  // its live code's; false otherwise (nothing changed).
  virtual bool take_password_reset(std::int64_t id, std::string_view code_hash,
                                   std::int64_t now) = 0;
};

}  // namespace whist::storage
