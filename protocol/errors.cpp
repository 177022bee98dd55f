#include "protocol/errors.hpp"

#include <array>

namespace whist::protocol {

namespace {

struct Entry {
  Error error;
  std::string_view code;
  std::string_view message;
};

// In the order of Error (checked below).
constexpr Entry kCatalogue[] = {
    {Error::kBadJson, "bad_json", "the message is not valid JSON"},
    {Error::kBadMessage, "bad_message", "bad message"},
    {Error::kUnknownType, "unknown_type", "unknown message type"},
    {Error::kHelloFirst, "hello_first", "say hello first: {\"t\":\"hello\",\"d\":{\"version\":1}}"},
    {Error::kUnsupportedVersion, "unsupported_version", "unsupported protocol version"},
    {Error::kWrongState, "wrong_state", "not now"},
    {Error::kBadUsername, "bad_username", "bad username"},
    {Error::kBadPassword, "bad_password", "bad password"},
    {Error::kUsernameTaken, "username_taken", "that username is taken"},
    {Error::kLoginFailed, "login_failed", "wrong username or password"},
    {Error::kBanned, "banned", "this account is banned"},
    {Error::kNotLoggedIn, "not_logged_in", "log in, register or play as a guest first"},
    {Error::kBadTable, "bad_table", "bad table"},
    {Error::kNoTable, "no_table", "no such table"},
    {Error::kNotSeated, "not_seated", "you are not seated at this table"},
    {Error::kTableFull, "table_full", "no seat is free"},
    {Error::kBadSeat, "bad_seat", "no such seat at this table"},
    {Error::kSeatTaken, "seat_taken", "that seat is taken"},
    {Error::kNoWatching, "no_watching", "this table does not allow watching"},
    {Error::kTooManyWatchers, "too_many_watchers", "this table has as many watchers as it takes"},
    {Error::kSeated, "seated", "you hold a seat"},
    {Error::kNotWatching, "not_watching", "you are not watching this table"},
    {Error::kGameInProgress, "game_in_progress", "the game is on"},
    {Error::kNoGame, "no_game", "no such game"},
    {Error::kBadAction, "bad_action", "bad action"},
    {Error::kChatOff, "chat_off", "the table's chat setting forbids it during the game"},
    {Error::kBadPhrase, "bad_phrase", "no such phrase"},
    {Error::kBadChat, "bad_chat", "bad chat line"},
    {Error::kNoSuggestions, "no_suggestions", "this table does not allow suggestions"},
    {Error::kInsufficientChips, "insufficient_chips", "not enough chips"},
    {Error::kNoComputers, "no_computers", "compete tables are for people only"},
    {Error::kBusy, "busy", "a suggestion is already on its way"},
    {Error::kNotCreator, "not_creator",
     "only the table's creator seats or removes computer players"},
    {Error::kNotComputer, "not_computer", "no computer player sits there"},
    {Error::kNotInviteOnly, "not_invite_only", "anyone may join this table; no invitation needed"},
    {Error::kNotInvited, "not_invited", "you have no invitation to this table"},
    {Error::kClaimPending, "claim_pending", "a claim is waiting for its answers"},
    {Error::kNoClaim, "no_claim", "no claim is waiting for your answer"},
    {Error::kUndoOff, "undo_off", "this table does not allow undo"},
    {Error::kNoUndo, "no_undo", "there is no card of yours to take back now"},
    {Error::kUndoPending, "undo_pending", "an undo is waiting for its answers"},
    {Error::kGuest, "guest", "that is for registered accounts"},
    {Error::kNoUser, "no_user", "no user has that name"},
    {Error::kSelf, "self", "you cannot do that with yourself"},
    {Error::kAlreadyFriends, "already_friends", "you are friends already"},
    {Error::kAlreadyRequested, "already_requested", "your request is waiting for an answer"},
    {Error::kNoRequest, "no_request", "that user has not asked you"},
    {Error::kNotFriends, "not_friends",
     "you are not friends with that user and have not asked them"},
    {Error::kWrongPassword, "wrong_password", "that is not your password"},
    {Error::kNoSession, "no_session", "no such session of yours"},
    {Error::kBadCode, "bad_code", "that reset code is wrong, used or expired"},
    {Error::kBlocked, "blocked", "not possible between you and that player"},
    {Error::kAlreadyReported, "already_reported",
     "you reported that player already; the operator has not closed it yet"},
    {Error::kTooManyReports, "too_many_reports", "you have made as many reports as a day allows"},
    {Error::kChatMuted, "chat_muted", "the operator has muted your chat"},
    {Error::kBadEvent, "bad_event", "the event's settings are not right"},
    {Error::kNoEvent, "no_event", "no such event"},
    {Error::kEventNotOpen, "event_not_open", "entries are taken only while the event is open"},
    {Error::kEventNotRunning, "event_not_running", "the event is not running"},
    {Error::kAlreadyEntered, "already_entered", "you have entered this event already"},
    {Error::kNotEntered, "not_entered", "you have not entered this event"},
    {Error::kEventFull, "event_full", "the event takes no more entries"},
    {Error::kNotDirector, "not_director", "only the event's director does that"},
    {Error::kTooFewEntries, "too_few_entries", "not enough entries for the movement"},
    {Error::kEventNotOver, "event_not_over", "the event is not over"},
    {Error::kServerRestarting, "server_restarting",
     "the server is restarting; try again in a moment"},
    {Error::kRateLimited, "rate_limited", "too many messages; slow down"},
    {Error::kTooManyConnections, "too_many_connections", "too many connections from your address"},
    {Error::kTooManyAttempts, "too_many_attempts", "too many failed logins"},
    {Error::kChatTooFast, "chat_too_fast", "too many chat lines"},
    {Error::kChatRepeated, "chat_repeated", "you just said that"},
    {Error::kInternal, "internal", "the server could not do that; try again later"},
};

constexpr bool in_order() {
  for (size_t i = 0; i < std::size(kCatalogue); ++i)
    if (static_cast<size_t>(kCatalogue[i].error) != i) return false;
  return true;
}
static_assert(in_order(), "kCatalogue lists the errors in the order of Error");
static_assert(std::size(kCatalogue) == static_cast<size_t>(Error::kInternal) + 1,
              "every Error has its entry");

constexpr auto kAll = [] {
  std::array<Error, std::size(kCatalogue)> all{};
  for (size_t i = 0; i < all.size(); ++i) all[i] = kCatalogue[i].error;
  return all;
}();

std::string with_detail(std::string_view base, std::string_view detail) {
  std::string out(base);
  if (!detail.empty()) {
    out += ": ";
    out += detail;
  }
  return out;
}

}  // namespace

std::string_view error_code(Error e) { return kCatalogue[static_cast<size_t>(e)].code; }
std::string_view error_message(Error e) { return kCatalogue[static_cast<size_t>(e)].message; }
std::span<const Error> all_errors() { return kAll; }

std::optional<Error> error_from_code(std::string_view code) {
  for (const Entry& e : kCatalogue)
    if (e.code == code) return e.error;
  return std::nullopt;
}

ErrorReply::ErrorReply(Error e, std::string_view detail)
    : code(error_code(e)), message(with_detail(error_message(e), detail)) {}

ErrorReply::ErrorReply(RuleError e, std::string_view detail)
    : code(whist::error_code(e)), message(with_detail(whist::error_message(e), detail)) {}

}  // namespace whist::protocol
