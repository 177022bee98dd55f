#include "protocol/messages.hpp"

#include "protocol/json_text.hpp"

namespace whist::protocol {

std::string_view type_name(const ClientMessage& m) {
  struct V {
    std::string_view operator()(const Hello&) const { return "hello"; }
    std::string_view operator()(const Register&) const { return "register"; }
    std::string_view operator()(const Login&) const { return "login"; }
    std::string_view operator()(const Guest&) const { return "guest"; }
    std::string_view operator()(const Logout&) const { return "logout"; }
    std::string_view operator()(const LobbyJoin&) const { return "lobby.join"; }
    std::string_view operator()(const LobbyLeave&) const { return "lobby.leave"; }
    std::string_view operator()(const TableCreate&) const { return "table.create"; }
    std::string_view operator()(const TableSit&) const { return "table.sit"; }
    std::string_view operator()(const TableLeave&) const { return "table.leave"; }
    std::string_view operator()(const TableWatch&) const { return "table.watch"; }
    std::string_view operator()(const TableUnwatch&) const { return "table.unwatch"; }
    std::string_view operator()(const TableAct&) const { return "table.act"; }
    std::string_view operator()(const TableChat&) const { return "table.chat"; }
    std::string_view operator()(const TableSync&) const { return "table.sync"; }
    std::string_view operator()(const TableRematch&) const { return "table.rematch"; }
    std::string_view operator()(const TableSuggest&) const { return "table.suggest"; }
    std::string_view operator()(const TableAddBot&) const { return "table.add_bot"; }
    std::string_view operator()(const TableRemoveBot&) const { return "table.remove_bot"; }
    std::string_view operator()(const GameRecordRequest& m) const {
      return m.states ? "game.replay" : "game.record";
    }
    std::string_view operator()(const FriendRequest&) const { return "friend.request"; }
    std::string_view operator()(const FriendAccept&) const { return "friend.accept"; }
    std::string_view operator()(const FriendDecline&) const { return "friend.decline"; }
    std::string_view operator()(const FriendRemove&) const { return "friend.remove"; }
    std::string_view operator()(const FriendsList&) const { return "friends.list"; }
    std::string_view operator()(const ChipsBalance&) const { return "chips.balance"; }
    std::string_view operator()(const ChipsHistory&) const { return "chips.history"; }
    std::string_view operator()(const ChipsTopup&) const { return "chips.topup"; }
    std::string_view operator()(const ResultsGames&) const { return "results.games"; }
    std::string_view operator()(const ResultsStats&) const { return "results.stats"; }
    std::string_view operator()(const ResultsLeaderboard&) const { return "results.leaderboard"; }
    std::string_view operator()(const RatingsLeaderboard&) const { return "ratings.leaderboard"; }
    std::string_view operator()(const ProfileGet&) const { return "profile.get"; }
    std::string_view operator()(const ProfileSet&) const { return "profile.set"; }
    std::string_view operator()(const PrefsGet&) const { return "prefs.get"; }
    std::string_view operator()(const PrefsSet&) const { return "prefs.set"; }
    std::string_view operator()(const AccountPassword&) const { return "account.password"; }
    std::string_view operator()(const AccountSessions&) const { return "account.sessions"; }
    std::string_view operator()(const AccountEndSession&) const { return "account.end_session"; }
    std::string_view operator()(const AccountDelete&) const { return "account.delete"; }
    std::string_view operator()(const AccountExport&) const { return "account.export"; }
    std::string_view operator()(const AccountReset&) const { return "account.reset"; }
    std::string_view operator()(const SafetyMute& m) const {
      return m.on ? "safety.mute" : "safety.unmute";
    }
    std::string_view operator()(const SafetyBlock& m) const {
      return m.on ? "safety.block" : "safety.unblock";
    }
    std::string_view operator()(const SafetyList&) const { return "safety.list"; }
    std::string_view operator()(const SafetyReport&) const { return "safety.report"; }
    std::string_view operator()(const PlayQuick&) const { return "play.quick"; }
    std::string_view operator()(const TableInvite&) const { return "table.invite"; }
    std::string_view operator()(const TableDecline&) const { return "table.decline"; }
    std::string_view operator()(const TableInviteLink&) const { return "table.invite_link"; }
    std::string_view operator()(const TableClaim&) const { return "table.claim"; }
    std::string_view operator()(const TableClaimAnswer&) const { return "table.claim_answer"; }
    std::string_view operator()(const TableUndo&) const { return "table.undo"; }
    std::string_view operator()(const TableUndoAnswer&) const { return "table.undo_answer"; }
    std::string_view operator()(const EventCreate&) const { return "event.create"; }
    std::string_view operator()(const EventList&) const { return "event.list"; }
    std::string_view operator()(const EventGet&) const { return "event.get"; }
    std::string_view operator()(const EventResults&) const { return "event.results"; }
    std::string_view operator()(const EventEnter&) const { return "event.enter"; }
    std::string_view operator()(const EventWithdraw&) const { return "event.withdraw"; }
    std::string_view operator()(const EventDirect&) const { return "event.direct"; }
    std::string_view operator()(const DailyGet&) const { return "daily.get"; }
    std::string_view operator()(const DailyPlay&) const { return "daily.play"; }
  };
  return std::visit(V{}, m);
}

std::string username_of(const ClientMessage& m) {
  std::string name;
  std::visit(
      [&](const auto& x) {
        if constexpr (requires { x.username; }) name = x.username;
      },
      m);
  return name;
}

std::string ack_message(const std::string& id, const std::string& data_json) {
  // The keys in the order dump() writes them (sorted), as every message.
  std::string out;
  out.reserve(data_json.size() + id.size() + 24);
  out += R"({"d":)";
  out += data_json;
  if (!id.empty()) {
    out += R"(,"id":)";
    out += id;
  }
  out += R"(,"t":"ack"})";
  return out;
}

std::string error_message(const std::string& id, const ErrorReply& e) {
  return error_message(id, e, 0);
}

std::string error_message(const std::string& id, const ErrorReply& e, int retry_after) {
  // The keys in the order dump() writes them (sorted), as every message.
  JsonText out(e.message.size() + id.size() + 64);
  out.begin_object().key("d").begin_object();
  out.key("code").plain(e.code).key("message").value(std::string_view(e.message));
  if (retry_after > 0) out.key("retry_after").value(retry_after);
  out.end_object();
  if (!id.empty()) out.key("id").raw(id);
  out.key("t").value("error").end_object();
  return out.take();
}

std::string error_message(const ParseError& e) {
  return error_message(e.id, ErrorReply(e.error, e.detail));
}

}  // namespace whist::protocol
