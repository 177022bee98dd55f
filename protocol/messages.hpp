// The WebSocket protocol (docs/protocol.md): client requests parsed once
// into a closed set of types, and the server's messages serialized once.
//
// Every message is an envelope {"t": type, "d": data}; a client request may
// carry "id" (a string or an integer), echoed in the ack or error that
// answers it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "engine/ai/player.hpp"
#include "engine/options.hpp"
#include "protocol/action_input.hpp"
#include "protocol/errors.hpp"
#include "protocol/table_json.hpp"

namespace whist::protocol {

inline constexpr int kVersion = 1;

// Requests
struct Hello {
  int version = 0;
  std::optional<std::string> token;  // resume a session instead of logging in
};
struct Register {
  std::string username;
  std::string password;
};
struct Login {
  std::string username;
  std::string password;
};
struct Guest {};
struct Logout {};
struct LobbyJoin {};
struct LobbyLeave {};
struct TableCreate {
  TableSetup setup;
};
struct TableSit {
  std::int64_t table = 0;
  int seat = -1;       // -1: any free seat
  std::string invite;  // an invite link's token (invitation-only tables)
};
struct TableLeave {
  std::int64_t table = 0;
};
struct TableWatch {
  std::int64_t table = 0;
  std::string invite;  // an invite link's token (invitation-only tables)
};
struct TableUnwatch {
  std::int64_t table = 0;
};
struct TableAct {
  std::int64_t table = 0;
  // The action object's fields, made an Action with the table's rules
  // (to_action).
  ActionInput action;
  bool operator==(const TableAct&) const = default;
};
struct TableChat {
  std::int64_t table = 0;
  int phrase = -1;   // preset chat: the phrase's number
  std::string text;  // text chat
};
struct TableSync {
  std::int64_t table = 0;
  std::int64_t since = -1;  // the last version seen; -1: send the whole state
};
struct TableRematch {
  std::int64_t table = 0;
};
// The computer player's suggestion for the asker's turn.
struct TableSuggest {
  std::int64_t table = 0;
};
// The creator seats a computer player (before the game starts), of a
// strength.
struct TableAddBot {
  std::int64_t table = 0;
  int seat = -1;  // -1: the first free seat
  ai::Strength strength = ai::Strength::kExpert;
};
// The creator frees a computer player's seat (before the game starts).
struct TableRemoveBot {
  std::int64_t table = 0;
  int seat = -1;
};
// Invitations to an invitation-only table, by username.
struct TableInvite {
  std::int64_t table = 0;
  std::vector<std::string> users;
};
struct TableDecline {
  std::int64_t table = 0;
};
// The seat to lead claims `tricks` of the tricks left for its side
// (docs/rules.md, "Claims"); the opponents answer with TableClaimAnswer.
struct TableClaim {
  std::int64_t table = 0;
  int tricks = -1;
};
struct TableClaimAnswer {
  std::int64_t table = 0;
  bool accept = false;
};
// A player asks to take back their last card (docs/rules.md, "Undo");
// everyone else at the table answers with TableUndoAnswer.
struct TableUndo {
  std::int64_t table = 0;
};
struct TableUndoAnswer {
  std::int64_t table = 0;
  bool accept = false;
};
// The creator of an invitation-only table makes its invite link's token
// (the same one until revoked), or revokes it.
struct TableInviteLink {
  std::int64_t table = 0;
  bool revoke = false;
};
// Quick play: a seat at a forming Play table of this variant, or a new one.
struct PlayQuick {
  TableSetup setup;  // the variant and number of players, with Play's settings
};
struct GameRecordRequest {
  std::int64_t game = 0;
  bool states = false;  // game.replay: the record and every state of the game
};

// Friends (docs/protocol.md, Friends): each names the other by username.
struct FriendRequest {
  std::string username;
};
struct FriendAccept {
  std::string username;
};
struct FriendDecline {
  std::string username;
};
struct FriendRemove {
  std::string username;
};
struct FriendsList {};
// Chips.
struct ChipsBalance {};
struct ChipsHistory {
  std::int64_t before = 0;  // entries with a smaller id; 0: from the newest
  int limit = 20;           // 1 to 100
};
struct ChipsTopup {};
// Results.
struct ResultsGames {
  std::string username;  // empty: one's own
  std::int64_t before = 0;
  int limit = 20;
};
struct ResultsStats {
  std::string username;  // empty: one's own
};
struct ResultsLeaderboard {
  std::string variant;
  std::int64_t min_games = 1;
  int limit = 20;
};
// Account care (docs/protocol.md, Your account).
struct AccountPassword {
  std::string old_password;
  std::string new_password;
};
struct AccountSessions {};
struct AccountEndSession {
  std::string session;  // a session's id, as account.sessions gives it
};
struct AccountDelete {
  std::string password;
};
struct AccountExport {};
// Before logging in: a new password with the operator's one-time code.
struct AccountReset {
  std::string username;
  std::string code;
  std::string password;
};
// Safety (docs/protocol.md, Safety): each names the other by username.
struct SafetyMute {
  std::string username;
  bool on = true;  // false: safety.unmute
};
struct SafetyBlock {
  std::string username;
  bool on = true;  // false: safety.unblock
};
struct SafetyList {};
struct SafetyReport {
  std::string username;
  std::string reason;  // "chat", "cheating", "stalling", "name" or "other"
  std::string details;
  std::int64_t table = 0;  // 0: none
  std::int64_t game = 0;   // 0: none
};
// Ratings and profiles.
struct RatingsLeaderboard {
  std::string pool;  // "classic", "bid", "exact" or "events"
  int limit = 20;
};
struct ProfileGet {
  std::string username;  // empty: one's own
};
struct ProfileSet {
  bool hide_games = false;
};
// Preferences kept with the account: prefs.get, and prefs.set with the
// ones to change (absent: unchanged).
struct PrefsGet {};
struct PrefsSet {
  std::optional<std::string> card_order;  // "descending" or "ascending"
  std::optional<bool> alternate_colours;
  std::optional<std::string> play;  // "click" or "confirm"
  std::optional<bool> auto_play;
  std::optional<bool> sound;
  std::optional<int> volume;  // 0..100
  std::optional<bool> motion;
  std::optional<std::string> theme;  // "light" or "dark"
};

// Events (docs/events.md, "Running an event"). event.create: a duplicate
// pairs event or a whist drive, directed by its creator.
struct EventCreate {
  std::string name;
  std::string kind;                 // "mitchell", "howell" or "drive"
  std::string variant = "classic";  // the boards' game: "classic" or "bid"
  // The variant's options by name (rules.md): classic's trump rule and
  // honours, bid whist's jokers, lowest bid, kitty and scoring.
  std::vector<std::pair<std::string, OptionValue>> options;
  std::string scoring = "matchpoints";  // or "total"
  int rounds = 0;                       // 0: the most the movement allows
  int boards_per_round = 3;
  int round_minutes = 20;
  std::int64_t start_at = 0;   // Unix seconds, up to 7 days ahead; 0: when the director starts it
  int fee = 0;                 // chips per player; 0: free
  std::string entry = "open";  // who may enter: "open", "friends" or "invited"
  std::vector<std::string> invited;  // usernames the director invites
};
struct EventList {};
struct EventGet {
  std::int64_t event = 0;
};
// A finished event's results as one document (docs/events.md#results).
struct EventResults {
  std::int64_t event = 0;
};
struct EventEnter {
  std::int64_t event = 0;
  std::string partner;  // a pairs event: the partner's username; empty: a single
};
struct EventWithdraw {
  std::int64_t event = 0;
};
// The director's orders: "start", "pause", "resume", "extend" (by
// `minutes`), "end" (early), "cancel", "replace" (`who` by `by`, a
// username; empty: a computer player), "invite" (`users`, usernames).
struct EventDirect {
  std::int64_t event = 0;
  std::string action;
  int minutes = 0;
  std::string who;
  std::string by;
  std::vector<std::string> users;
};
// The daily duplicate: today's, and playing it (entering, then one's table).
struct DailyGet {};
struct DailyPlay {};

using ClientMessage = std::variant<
    Hello, Register, Login, Guest, Logout, LobbyJoin, LobbyLeave, TableCreate, TableSit, TableLeave,
    TableWatch, TableUnwatch, TableAct, TableChat, TableSync, TableRematch, TableSuggest,
    TableAddBot, TableRemoveBot, PlayQuick, TableInvite, TableDecline, TableInviteLink, TableClaim,
    TableClaimAnswer, TableUndo, TableUndoAnswer, GameRecordRequest, FriendRequest, FriendAccept,
    FriendDecline, FriendRemove, FriendsList, ChipsBalance, ChipsHistory, ChipsTopup, ResultsGames,
    ResultsStats, ResultsLeaderboard, RatingsLeaderboard, ProfileGet, ProfileSet, PrefsGet,
    PrefsSet, AccountPassword, AccountSessions, AccountEndSession, AccountDelete, AccountExport,
    AccountReset, SafetyMute, SafetyBlock, SafetyList, SafetyReport, EventCreate, EventList,
    EventGet, EventResults, EventEnter, EventWithdraw, EventDirect, DailyGet, DailyPlay>;

struct Request {
  std::string id;  // the request id as JSON text ("" when absent)
  ClientMessage message;
};

// Why a message could not be read: a code of the catalogue and what the
// catalogue's message leaves out.
struct ParseError {
  std::string id;  // as JSON text, when the envelope had one
  Error error = Error::kBadMessage;
  std::string detail;
};

// Reads a client message: a table.act of the usual shape quickly
// (parse_usual_act), anything else as a JSON document
// (parse_request_general). The two give the same for any text the quick
// one reads (protocol/usual_act.cpp).
std::variant<Request, ParseError> parse_request(std::string_view text);
std::variant<Request, ParseError> parse_request_general(std::string_view text);
std::optional<Request> parse_usual_act(std::string_view text);

// The request type's name, for logs and metrics.
std::string_view type_name(const ClientMessage& m);
// The username a request names (friend.*, safety.*, results...); "" if none.
std::string username_of(const ClientMessage& m);

// Server messages, each ready to send (welcome: replies.hpp).
// {"t":"ack","id":..,"d":data_json}; data_json is a serialized JSON value
// (as dump() writes it), copied as it is.
std::string ack_message(const std::string& id, const std::string& data_json = "{}");
// {"t":"error","id":..,"d":{"code":..,"message":..}}; with `retry_after`
// (seconds, a limit's refusal) also "retry_after".
std::string error_message(const std::string& id, const ErrorReply& e);
std::string error_message(const std::string& id, const ErrorReply& e, int retry_after);
std::string error_message(const ParseError& e);

}  // namespace whist::protocol
