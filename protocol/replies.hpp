// The data of the acknowledgements the sessions give (docs/protocol.md:
// accounts, the lobby, friends, chips, results): a closed set, one struct
// each, and one writer, reply_text(), that writes the ack's "d" as JSON
// text (keys in dump()'s order), for ack_message(). welcome, which answers
// hello, is a message of its own: welcome_message(). A friend as the
// replies show them is also what the friend notices carry
// (friend_notice_text()). The table's own answers (its state, sync, ...)
// are protocol/table_replies.hpp's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace whist::protocol {

// A logged-in user as welcome and the session answers show them.
struct UserInfo {
  std::int64_t id = 0;
  std::string name;
  bool guest = false;
};
// Another user, named: {"id", "name"}.
struct UserRef {
  std::int64_t id = 0;
  std::string name;
};
// A friend: online or not, and the table they sit at (seat: their seat)
// or watch (no seat), if the viewer may see that table.
struct FriendInfo {
  UserRef user;
  bool online = false;
  std::optional<std::int64_t> table;
  std::optional<int> seat;
};

namespace reply {

// register, login, guest: the account and the session's token.
struct Session {
  UserInfo user;
  std::string token;
};
// lobby.join: every table one may see, each its summary as JSON text.
struct LobbyList {
  std::vector<std::string> tables;
};

// friend.request: asked ("requested"), or friends at once ("friends": they
// had asked first).
struct FriendRequested {
  UserRef user;
};
struct FriendsNow {
  FriendInfo friend_;
};
// friend.accept.
struct FriendAccepted {
  FriendInfo friend_;
};
// friends.list.
struct FriendsList {
  std::vector<FriendInfo> friends;
  std::vector<UserRef> incoming;
  std::vector<UserRef> outgoing;
};

// chips.balance.
struct ChipsBalance {
  std::int64_t chips = 0;
};
// chips.history: ledger entries, newest first; `next` pages on.
struct LedgerEntry {
  std::int64_t id = 0;
  std::int64_t delta = 0;
  std::string kind;
  std::int64_t game = 0;  // 0: none (null)
  std::int64_t at = 0;
  std::string batch;
};
struct ChipsHistory {
  std::int64_t chips = 0;
  std::vector<LedgerEntry> entries;
  std::optional<std::int64_t> next;
};
// chips.topup: result is "applied", "already_today", "not_below_floor",
// "guest" or "off".
struct ChipsTopup {
  std::string result;
  std::int64_t amount = 0;
  std::int64_t chips = 0;
  std::int64_t floor = 0;
  std::string day;
};

// results.leaderboard.
struct Leader {
  int rank = 0;
  std::int64_t id = 0;
  std::string name;
  std::int64_t games = 0;
  std::int64_t wins = 0;  // losses and win_rate follow from these
};
struct Leaderboard {
  std::string variant;
  std::int64_t min_games = 0;
  std::vector<Leader> players;
};
// results.games: a player's games, newest first; `next` pages on.
// A rated game's change to a seat's rating: the new rating, rounded, its
// change (the rounded ratings' difference) and the provisional mark.
struct RatingChange {
  int rating = 0;
  int change = 0;
  bool provisional = true;
};
struct SeatResult {
  int seat = 0;
  std::int64_t user = 0;  // 0: no account (null)
  std::string name;
  int side = 0;
  bool won = false;
  std::int64_t score = 0;
  std::int64_t chips = 0;
  std::optional<RatingChange> rating;  // a rated game's (null otherwise)
};
struct PlayedGame {
  std::int64_t game = 0;
  std::int64_t table = 0;
  std::string variant;
  std::int64_t finished_at = 0;
  SeatResult me;  // its seat, side, won, score and chips are the game's
  std::vector<SeatResult> players;
};
struct GamesPage {
  UserRef user;
  std::vector<PlayedGame> games;
  std::optional<std::int64_t> next;
  bool hidden = false;  // the player hides their games from the asker
};
// results.stats: wins and losses per variant.
struct VariantRecord {
  std::string variant;
  std::int64_t games = 0;
  std::int64_t wins = 0;
};
struct Stats {
  UserRef user;
  std::vector<VariantRecord> variants;
};

// ratings.leaderboard.
struct RatingLeader {
  int rank = 0;
  std::int64_t id = 0;
  std::string name;
  int rating = 0;     // rounded
  int deviation = 0;  // rounded, widened by the idle days
  std::int64_t games = 0;
};
struct RatingBoard {
  std::string pool;
  std::vector<RatingLeader> players;
};
// profile.get.
struct RatingPoint {
  std::int64_t game = 0;
  std::int64_t at = 0;
  int rating = 0;
};
struct PoolRating {
  std::string pool;
  int rating = 0;
  int deviation = 0;
  bool provisional = true;
  std::int64_t games = 0;
  std::vector<RatingPoint> history;  // oldest first
};
struct Profile {
  UserRef user;
  bool guest = false;
  std::int64_t member_since = 0;
  std::string relation;        // "self", "friend", "outgoing", "incoming", "none"
  std::optional<bool> online;  // for oneself and friends
  bool hide_games = false;
  std::vector<PoolRating> ratings;
  std::vector<VariantRecord> variants;
  std::optional<std::vector<PlayedGame>> games;  // none: hidden from the asker
};
// profile.set.
struct ProfileSettings {
  bool hide_games = false;
};

// prefs.get, prefs.set: every preference (docs/protocol.md, Preferences).
struct Prefs {
  std::string card_order = "descending";
  bool alternate_colours = true;
  std::string play = "click";
  bool auto_play = false;
  bool sound = true;
  int volume = 60;
  bool motion = true;
  std::string theme = "light";
};

// account.password: how many other sessions were ended.
struct PasswordChanged {
  std::int64_t ended = 0;
};
// account.sessions.
struct SessionInfo {
  std::string id;  // the start of the token's hash: names it, gives nothing away
  std::string device;
  std::int64_t created_at = 0;
  std::int64_t last_used_at = 0;
  bool current = false;  // this connection's
};
struct SessionList {
  std::vector<SessionInfo> sessions;
};

// account.delete: the name the account now has, and the chips given back.
struct AccountDeleted {
  std::string name;
  std::int64_t chips = 0;
};
// safety.list.
struct ListedPlayer {
  std::string username;
  std::int64_t since = 0;
};
struct SafetyLists {
  std::vector<ListedPlayer> muted;
  std::vector<ListedPlayer> blocked;
};

// An ack with no data: {}.
struct Done {};

using Reply = std::variant<Done, Session, LobbyList, FriendRequested, FriendsNow, FriendAccepted,
                           FriendsList, ChipsBalance, ChipsHistory, ChipsTopup, Leaderboard,
                           GamesPage, Stats, RatingBoard, Profile, ProfileSettings, Prefs,
                           PasswordChanged, SessionList, AccountDeleted, SafetyLists>;

// The ack's data as JSON text.
std::string reply_text(const Reply& r);

}  // namespace reply

// The whole ack ({"d":..,"id":..,"t":"ack"}) of request `id` (JSON text, or
// empty).
std::string ack_message(const std::string& id, const reply::Reply& r);

// welcome, the answer to hello: the server, the user (none: null), the
// session ("none": no token given, "resumed", or "invalid": the token was
// not accepted) and the rules; `id` as JSON text, or empty.
struct Welcome {
  std::string server;
  std::optional<UserInfo> user;
  std::string session;
};
std::string welcome_message(const Welcome& w, const std::string& id);

// The data of a friend notice (push::Friend): {"user": ...} for
// friend.incoming, friend.removed, friend.online and friend.offline;
// {"friend": ...} for friend.accepted.
std::string friend_notice_text(const UserRef& user);
std::string friend_notice_text(const FriendInfo& f);

}  // namespace whist::protocol
