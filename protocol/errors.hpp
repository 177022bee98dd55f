// The protocol's and the server's one catalogue of error codes, beside the
// engine's rule errors (engine/rule_error.hpp): a stable code for machines
// (the "code" of an error message on the wire) and a plain message for
// people. Where a message must say more, the catalogue's message is its
// base: "base: detail". docs/protocol.md's table of error codes lists
// exactly these and the engine's (tests/protocol/errors_test.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/rule_error.hpp"

namespace whist::protocol {

enum class Error : std::uint8_t {
  // Reading a message.
  kBadJson,
  kBadMessage,
  kUnknownType,
  // Connections and accounts.
  kHelloFirst,
  kUnsupportedVersion,
  kWrongState,
  kBadUsername,
  kBadPassword,
  kUsernameTaken,
  kLoginFailed,
  kBanned,
  kNotLoggedIn,
  // Tables.
  kBadTable,
  kNoTable,
  kNotSeated,
  kTableFull,
  kBadSeat,
  kSeatTaken,
  kNoWatching,
  kTooManyWatchers,
  kSeated,
  kNotWatching,
  kGameInProgress,
  kNoGame,
  kBadAction,
  kChatOff,
  kBadPhrase,
  kBadChat,
  kNoSuggestions,
  kInsufficientChips,
  kNoComputers,
  kBusy,
  kNotCreator,
  kNotComputer,
  kNotInviteOnly,
  kNotInvited,
  kClaimPending,
  kNoClaim,
  kUndoOff,
  kNoUndo,
  kUndoPending,
  // Friends, chips and results.
  kGuest,
  kNoUser,
  kSelf,
  kAlreadyFriends,
  kAlreadyRequested,
  kNoRequest,
  kNotFriends,
  kWrongPassword,
  kNoSession,
  kBadCode,
  // Safety.
  kBlocked,
  kAlreadyReported,
  kTooManyReports,
  kChatMuted,
  // Events.
  kBadEvent,
  kNoEvent,
  kEventNotOpen,
  kEventNotRunning,
  kAlreadyEntered,
  kNotEntered,
  kEventFull,
  kNotDirector,
  kTooFewEntries,
  kEventNotOver,
  // Limits and the server's state.
  kServerRestarting,
  kRateLimited,
  kTooManyConnections,
  kTooManyAttempts,
  kChatTooFast,
  kChatRepeated,
  kInternal,
};

// "not_seated"
std::string_view error_code(Error e);
// "you are not seated at this table"
std::string_view error_message(Error e);
// Every code of this catalogue, in the order above.
std::span<const Error> all_errors();
std::optional<Error> error_from_code(std::string_view code);

// An error to answer with: a code of either catalogue and, where the
// message must say more, a detail ("base: detail").
struct ErrorReply {
  std::string_view code;
  std::string message;

  ErrorReply(Error e, std::string_view detail = {});
  ErrorReply(RuleError e, std::string_view detail = {});
};

}  // namespace whist::protocol
