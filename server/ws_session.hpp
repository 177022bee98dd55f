// One WebSocket connection: reads requests, answers them, and sends what
// the lobby and tables publish. Everything it owns runs on its strand: the
// reader (run), the writer and its pings (ws_writer.cpp), each a coroutine;
// other parts talk to it through send(), from any thread.
#pragma once

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "protocol/messages.hpp"
#include "server/abuse.hpp"
#include "server/config.hpp"
#include "server/message_queue.hpp"
#include "server/metrics.hpp"
#include "server/peer.hpp"
#include "server/storage_thread.hpp"
#include "server/ws_socket.hpp"
#include "table/retry_cache.hpp"

namespace whist::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;

// A connection's socket runs its handlers on the connection's strand, named
// by type: no type-erased executor on the hot path (ws_socket.hpp: how it
// ends a connection).
using Socket = WsSocket;

struct Hub;
class Table;
class TableLink;
}  // namespace whist::server
namespace whist::table {
struct Person;
}  // namespace whist::table
namespace whist::server {
using Player = table::Person;

class WsSession : public Peer, public std::enable_shared_from_this<WsSession> {
 public:
  // What a session uses of the server: its settings, its counters, the
  // storage and hashing threads, the lobby and tables (the hub), and
  // whether the server is stopping.
  struct Parts {
    const Config& config;
    Metrics& metrics;
    StorageThread& storage;
    HashingThread& hashing;
    Hub& hub;
    const std::atomic<bool>& draining;
  };
  // `stream`'s executor is a Strand (the acceptor makes one per connection).
  WsSession(const Parts& parts, beast::tcp_stream stream);
  ~WsSession() = default;
  // Completes the handshake for `req` and serves until the connection ends.
  asio::awaitable<void> run(http::request<http::string_body> req);
  // Queues a message; drops the connection if the client cannot keep up.
  void send(Message m) override;
  void send(std::string text) { send(std::make_shared<const std::string>(std::move(text))); }
  // The answer to request `id`, given later by a table or the lobby: sent,
  // and kept so that a retry of the same id gets it again.
  void deliver(std::string id, Message reply) override;
  void deliver(std::string id, std::string reply) {
    deliver(std::move(id), std::make_shared<const std::string>(std::move(reply)));
  }
  // Several messages in one (a table's batch), with the answers among them
  // (request id, answer) remembered as deliver() remembers them.
  void send_batch(Message m, std::vector<std::pair<std::string, Message>> replies) override;
  // The same three, given the caller's own reference to the session (no
  // other taken: a count shared between threads is costly to change).
  static void send(std::shared_ptr<WsSession> self, Message m);
  static void deliver(std::shared_ptr<WsSession> self, std::string id, Message reply);
  static void send_batch(std::shared_ptr<WsSession> self, Message m,
                         std::vector<std::pair<std::string, Message>> replies);
  // The session is seated at or watching a table (told when it goes).
  void joined_table(std::int64_t table) override;
  // The operator banned `account`: if this session is theirs, it is told
  // ({"t": "banned"}) and closed with 1008 (policy violation).
  void kick_banned(std::int64_t account, std::string reason);
  // The session this connection is logged in with is one of `token_hashes`,
  // ended (account.password, account.end_session): it is told why, and
  // closes.
  void session_ended(std::vector<std::string> token_hashes, std::string reason);
  // The server is stopping: tells the client (server.restarting), sends what
  // is queued, and closes with 1001 (going away).
  void server_stopping() override;
  // From the heartbeat (Sessions::heartbeat), once every ping interval:
  // drops a peer silent longer than the idle timeout, pings the others.
  static void heartbeat(std::shared_ptr<WsSession> self);

 private:
  // The writer (ws_writer.cpp): a loop of completion handlers writes what
  // is queued, the pings and the close frame, one at a time, and stops when
  // nothing is left; wake_writer() starts it again.
  void write_next();
  void stop_writer();    // the writer stops, and nothing more is written
  void start_writing();  // after the handshake
  void wake_writer();
  void end_writing();
  // The WebSocket's timeouts, limits and handshake header.
  void set_options();
  // After the last read: the writer told, the seats and the lobby left.
  asio::awaitable<void> ended(boost::system::error_code ec);
  using Parsed = std::variant<protocol::Request, protocol::ParseError>;
  // Takes the message's credits; false (and refused) when it has none.
  bool admit(const Parsed& parsed);
  // A table.act of a logged-in user, to an existing table, not a retry:
  // handed to the table at once. False for anything else.
  bool act_at_once(Parsed& parsed);
  asio::awaitable<void> handle(Parsed parsed);
  asio::awaitable<std::string> answer(const protocol::Request& r);
  // The live table `id` (null if none): from the tables this session found
  // before, else from the hub, and kept.
  asio::awaitable<std::shared_ptr<TableLink>> table(std::int64_t id);
  std::shared_ptr<TableLink> known_table(std::int64_t id);
  // What follows a login: the account's message credits, the chips of
  // the day, friends told.
  asio::awaitable<void> logged_in();
  void enqueue(Message m);
  void close_soon(websocket::close_code code, std::string why = {});
  // Refuses a request for a limit (server/abuse.hpp); a flood of them
  // closes the connection with 1008.
  void refuse(const std::string& id, const Refusal& r);
  // The client's address: the peer's, or a trusted proxy's X-Forwarded-For.
  std::string client_address(const http::request<http::string_body>& req) const;
  std::string reply_error(const std::string& id, const protocol::ErrorReply& e);

  // Requests by kind; the accounts' in session_auth.cpp.
  asio::awaitable<std::string> on_hello(const std::string& id, const protocol::Hello& h);
  asio::awaitable<std::string> on_register(const std::string& id, const protocol::Register& r);
  asio::awaitable<std::string> on_login(const std::string& id, const protocol::Login& r);
  asio::awaitable<std::string> on_guest(const std::string& id);
  asio::awaitable<std::string> on_logout(const std::string& id);
  asio::awaitable<std::string> start_session(const std::string& id, const storage::Account& a);
  // lobby.join (`join`) or lobby.leave: the seats held are away in the
  // lobby, and back when it is left.
  asio::awaitable<std::string> on_lobby(const std::string& id, bool join);
  // A chat line's refusal (a burst, a repeat, the operator's mute), if any.
  asio::awaitable<std::optional<std::string>> chat_refused(const std::string& id,
                                                           const protocol::TableChat& chat);
  asio::awaitable<std::string> on_profile_get(const std::string& id,
                                              const protocol::ProfileGet& get);
  // The password asked again (throttled as logins are); empty: it was right.
  asio::awaitable<std::string> password_refused(const std::string& id, const std::string& password);
  asio::awaitable<std::string> on_account_delete(const std::string& id,
                                                 const protocol::AccountDelete& d);
  asio::awaitable<std::string> on_password_change(const std::string& id,
                                                  const protocol::AccountPassword& p);
  asio::awaitable<std::string> on_create_table(const std::string& id,
                                               const protocol::TableCreate& c);
  asio::awaitable<std::string> on_play_quick(const std::string& id, const protocol::PlayQuick& q);
  // Stores a new table, seats the asker at seat 0 and answers with the
  // state; a quick_key registers it as one of that variant's forming Play
  // tables, with its creator's rating.
  asio::awaitable<std::string> open_table(const std::string& id, const protocol::TableSetup& setup,
                                          const std::string& quick_key, int rating = 1500);
  asio::awaitable<std::string> on_game_record(const std::string& id, std::int64_t game,
                                              bool states);

  // Friends (session_friends.cpp): requests, the list, and the pushes when
  // a registered user comes online or goes offline.
  asio::awaitable<std::string> on_friend(const std::string& id, const protocol::ClientMessage& m);
  asio::awaitable<std::string> on_friends_list(const std::string& id);
  asio::awaitable<void> came_online();
  asio::awaitable<void> went_offline();
  void notify_friends(std::string_view type);
  // Chips (session_chips.cpp): balance, history, top-up; and what a
  // session start does: the first chips if never given, the daily top-up.
  asio::awaitable<std::string> on_chips(const std::string& id, const protocol::ClientMessage& m);
  asio::awaitable<void> session_chips();
  // Account care (session_account.cpp): the password, the sessions; the
  // preferences kept with the account.
  asio::awaitable<std::string> on_prefs(const std::string& id, const protocol::ClientMessage& m);
  asio::awaitable<std::string> on_account(const std::string& id, const protocol::ClientMessage& m);
  // Before logging in: a new password with the operator's code (account.reset).
  asio::awaitable<std::string> on_reset(const std::string& id, const protocol::AccountReset& r);
  // Safety (session_safety.cpp): mutes, blocks, reports.
  asio::awaitable<std::string> on_safety(const std::string& id, const protocol::ClientMessage& m);
  // Events and the daily duplicate (session_events.cpp).
  asio::awaitable<std::string> on_event(const std::string& id, const protocol::ClientMessage& m);
  // Results (session_results.cpp): games, wins and losses, leaderboards.
  asio::awaitable<std::string> on_results(const std::string& id, const protocol::ClientMessage& m);
  // Ratings and profiles (session_results.cpp): ratings.leaderboard,
  // profile.get, profile.set.
  asio::awaitable<std::string> on_ratings(const std::string& id, const protocol::ClientMessage& m);

  const Config& config_;
  Metrics& metrics_;
  StorageThread& storage_;
  HashingThread& hashing_;
  Hub& hub_;
  const std::atomic<bool>& draining_;
  websocket::stream<Socket> ws_;
  MessageQueue queue_;
  bool writer_started_ = false;  // after the handshake
  bool writer_running_ = false;  // a write of the writer's is under way
  bool writer_done_ = false;     // nothing more is written
  bool ping_due_ = false;
  bool closing_ = false;
  websocket::close_code close_code_ = websocket::close_code::none;
  std::string close_why_;
  std::string address_;
  bool counted_ = false;                      // counted in the per-address limit
  Credits credits_;                           // this connection's message credits
  std::shared_ptr<Credits> account_credits_;  // its account's, once logged in
  int refused_ = 0;                           // requests refused for the rate, in a row
  std::chrono::steady_clock::time_point last_heard_;

  bool hello_ = false;
  std::string device_;  // what the connection came from ("Firefox on Linux"), for its session
  struct User {
    std::int64_t id = 0;
    std::string name;
    bool guest = false;
    std::string token_hash;
  };
  std::optional<User> user_;
  Player player() const;  // the logged-in user, as tables know them
  // Replies to this connection's recent requests by id: a retried request
  // is answered again, not applied again (retry_cache.hpp).
  RetryCache answered_;
  std::set<std::int64_t> tables_;  // tables this session sits at or watches
  // Tables found (table()): an action goes to its table from here.
  std::unordered_map<std::int64_t, std::weak_ptr<TableLink>> found_;
  // The last table found_ gave (an action's, most of the time).
  std::pair<std::int64_t, std::weak_ptr<TableLink>> last_found_{0, {}};
  // The text of the request being handled, kept only where tables may be
  // on other nodes (Hub::bus): a request for one goes there as it came.
  std::string raw_;
  bool in_lobby_ = false;
};

}  // namespace whist::server
