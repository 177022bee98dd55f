// A live table: the shell around its core (table/core.hpp). The core
// decides everything; the shell gives it one command at a time on the
// table's strand, with the time, and carries out what it says
// (table/effects.hpp): it posts the rows to the storage thread, sends the
// messages once they are written, sets the clocks, asks the computer
// players, and tells the lobby and the hub.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "protocol/messages.hpp"
#include "server/hub.hpp"
#include "server/peer.hpp"
#include "server/table_link.hpp"
#include "storage/game_store.hpp"
#include "table/core.hpp"

namespace whist::server {

using Player = table::Person;

// The time as the table core takes it.
table::Now table_now();

// What a restarted server knows of a table and its game.
struct TableSnapshot {
  std::int64_t id = 0;
  std::string settings;  // the table row's text (storage/table_codec.hpp)
  storage::TableState state = storage::TableState::kOpen;
  std::optional<storage::GameRow> game;  // its latest game, if any
  std::vector<std::string> actions;
  // Each action's request ("V ID": the version its ack carried and the
  // request's id), "" for none: a retry after the restart gets that ack.
  std::vector<std::string> requests;
  size_t deals = 0;  // the game's deals stored
  // The token of this node's lease on the table (server/homes.hpp); 0 for
  // one whistd alone.
  std::int64_t lease = 0;
};

class Table : public TableLink, public std::enable_shared_from_this<Table> {
 public:
  // A new table; a node (server/homes.hpp) takes its lease first.
  Table(Hub& hub, std::int64_t id, protocol::TableSetup setup, Player creator);
  // `lease`: the token of the lease taken for it (a restore), or nullopt
  // for a new table's.
  Table(Hub& hub, std::unique_ptr<table::TableCore> core,
        std::optional<std::int64_t> lease = std::nullopt);
  // Rebuilds a table from storage; nullptr (and a log line) if it cannot.
  static std::shared_ptr<Table> restore(Hub& hub, const TableSnapshot& s);

  std::int64_t id() const override { return id_; }
  // Quick play's key for a setup: its variant and number of players.
  static std::string quick_key(const protocol::TableSetup& setup) {
    return table::TableCore::quick_key(setup);
  }
  // An event's table (server/events.hpp): its players seated, its boards
  // started; which side is at fault for its boards not finished; the
  // boards it finished.
  void open_event(std::vector<table::EventSeat> seats);
  boost::asio::awaitable<int> event_fault();
  boost::asio::awaitable<std::vector<table::BoardScore>> boards_played();
  // A table request from a session (any thread).
  void request(std::shared_ptr<Peer> s, Player p, std::string id, protocol::ClientMessage m);
  void request(std::shared_ptr<Peer> s, Player p, std::string id, protocol::ClientMessage m,
               std::string_view) override {
    request(std::move(s), std::move(p), std::move(id), std::move(m));
  }
  void sit_anywhere(std::shared_ptr<Peer> s, Player p, std::string id) override {
    request(std::move(s), std::move(p), std::move(id), protocol::TableSit{id_, -1, {}});
  }
  // The session is gone: its seat is held, its watching ends.
  void disconnected(Peer* s, std::int64_t user) override;
  // The session joined the lobby (lobby.join): a seat it holds is away
  // (table/away.cpp); lobby.leave brings it back.
  void left_view(Peer* s, std::int64_t user) override;
  void came_back(Peer* s, std::int64_t user) override;
  // A new table is published; a scheduled one (start_at) waits for its time.
  void created();
  // Whether this node still holds the table's lease, checked behind the
  // table's writes (the keeper's round found it not among its leases). A
  // table whose lease is gone is dropped (fence()).
  void check_home();
  // The node drains (SIGTERM, node mode): the table stops here at once
  // (its clocks, its commands), its connections are told the server
  // restarts, and once its writes so far are stored its lease is given
  // up, for another node to take it over now rather than in a lease's
  // time. `done` is called then, on the storage thread.
  void hand_over(std::function<void()> done);
  // The operator closes the table (whistctl close-table, table_admin.cpp):
  // everyone there is told why, a game in progress is abandoned (a Compete
  // game's buy-ins refunded), and the table goes. Returns what was done.
  boost::asio::awaitable<std::string> admin_close(std::string reason);
  // The table's latest chat lines as a JSON array ([{from, seat, text, at}],
  // oldest first), kept with a player's report (safety.report).
  boost::asio::awaitable<std::string> chat_for_report() override;

  // A message of the table's for one session (table_send.cpp), resolved
  // from the core's connection number.
  struct Outgoing {
    std::weak_ptr<Peer> to;
    table::Text text;
    std::string reply_id;
    bool reply = false;
    std::string own;  // this session's alone (a view), in place of `text`
    // To every connection of these people (to is empty), wherever they are.
    std::vector<std::int64_t> users;
  };

 private:
  boost::asio::awaitable<std::string> close_by_operator(std::string reason);
  // Runs fn(core, now) on the strand, then carries out its effects.
  void command(std::function<void(table::TableCore&, table::Now)> fn);
  // Carries out the core's effects; its messages go out once its rows are
  // written (or are handed to `held`, for the caller to send later).
  void carry_out(std::vector<Outgoing>* held = nullptr);
  void post_storage(std::vector<table::StoreJob> jobs, std::vector<Outgoing> out);
  void post_job(table::StoreJob job);  // one job, as the core makes it
  void set_clocks(const std::vector<table::TimerOrder>& orders);
  void judge(std::vector<table::JudgeOrder>& orders);
  void think(std::vector<table::ThinkOrder>& orders);
  std::vector<Outgoing> resolve(std::vector<table::Message>& messages);
  table::Conn conn_of(const std::shared_ptr<Peer>& s);
  // Sends an outbox: one WebSocket message per session, a batch when it
  // holds several (table_send.cpp). On the storage thread, after the commit.
  static void send_all(Hub& hub, std::vector<Outgoing>& out);
  // The storage jobs (table_jobs.cpp), run in order on the storage thread.
  struct StorageSide {
    std::uint64_t game_number = 0;  // the game whose row CreateGame made
    std::int64_t game_id = 0;
    std::int64_t lease = 0;  // this node's lease's token; 0 alone, -1 not taken
    bool fenced = false;     // its writes refused from now on
  };
  void run_job(StorageSide& side, table::StoreJob& job);
  struct JobRunner;
  // On the storage thread, in the transaction of the table's writes:
  // whether this node still holds its lease (always, for one whistd
  // alone). The first time not, the table is fenced.
  bool holds_home();
  // On the strand: the table, no longer this node's, writes and answers
  // nothing more; it leaves the hub and the lobby, and its connections
  // are told the server restarts (they come back to its new home). Its
  // lease, if still this node's (a check that failed), is given up so
  // that a node takes it back from storage.
  void fence();
  bool fenced_ = false;  // on the strand

  // What the shell needs of the server: the hub (lobby, presence, the
  // table map), the storage thread, the computer players, the metrics and
  // the play settings.
  Hub& hub_;
  StorageThread& storage_;
  BotPool& bots_;
  Metrics& metrics_;
  const PlaySettings& settings_;
  std::int64_t id_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  std::vector<boost::asio::steady_timer> clocks_;  // by table::Clock
  std::unique_ptr<table::TableCore> core_;
  // The sessions the core knows, by their connection number.
  std::unordered_map<table::Conn, std::weak_ptr<Peer>> conns_;
  // Connections the core sent to that are gone (resolve() finds them).
  std::vector<table::Conn> gone_;
  // What the storage thread knows of the table (its current game's id).
  std::shared_ptr<StorageSide> side_;
};

}  // namespace whist::server
