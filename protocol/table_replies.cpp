#include "protocol/table_replies.hpp"

#include "protocol/json_text.hpp"
#include "protocol/messages.hpp"
#include "protocol/record_json.hpp"
#include "protocol/table_events.hpp"
#include "protocol/table_json.hpp"

namespace whist::protocol {

namespace {

void write_names(JsonText& out, const std::vector<std::string>& names) {
  out.begin_array();
  for (const std::string& n : names) out.value(std::string_view(n));
  out.end_array();
}

// Each reply's keys in sorted order, as dump() wrote the documents the
// table built before.
struct Writer {
  JsonText& out;

  void operator()(const table_reply::State& r) const {
    if (r.claim) {
      out.key("claim").begin_object().key("accepted").int_array(r.claim->accepted);
      out.key("hand").begin_array();
      for (const std::string& c : r.claim->hand) out.value(std::string_view(c));
      out.end_array().key("seat").value(r.claim->seat).key("tricks").value(r.claim->tricks);
      out.end_object();
    }
    out.key("seat");
    out.optional(r.seat);
    out.key("table").raw(table_summary_text(r.table));
    out.key("turn_ms_left");
    out.optional(r.turn_ms_left);
    if (r.undo) {
      out.key("undo").begin_object().key("accepted").int_array(r.undo->accepted);
      out.key("card").value(std::string_view(r.undo->card)).key("seat").value(r.undo->seat);
      out.end_object();
    }
    out.key("v").value(r.v).key("view");
    if (r.view)
      write_observation(out, *r.view);
    else
      out.null();
  }
  void operator()(const table_reply::Sync& r) const {
    out.key("events").begin_array();
    for (const std::string_view message : r.events) out.raw(table_event_data(message));
    out.end_array().key("table").value(r.table).key("turn_ms_left");
    out.optional(r.turn_ms_left);
    out.key("v").value(r.v);
    if (r.view) write_observation(out.key("view"), *r.view);
  }
  void operator()(const table_reply::ComputerSeated& r) const {
    out.key("name").value(std::string_view(r.name)).key("seat").value(r.seat);
  }
  void operator()(const table_reply::Suggestion& r) const {
    write_action(out.key("action"), r.action, r.variant);
    out.key("v").value(r.v);
  }
  void operator()(const table_reply::Invited& r) const {
    write_names(out.key("invited"), r.invited);
    write_names(out.key("unknown"), r.unknown);
  }
  void operator()(const table_reply::Acted& r) const { out.key("v").value(r.v); }
  void operator()(const table_reply::InviteLink& r) const {
    out.key("token");
    if (r.token)
      out.value(std::string_view(*r.token));
    else
      out.null();
  }
};

}  // namespace

std::string table_reply_text(const TableReply& r) {
  JsonText out(std::holds_alternative<table_reply::Acted>(r) ? 32 : 2048);
  out.begin_object();
  std::visit(Writer{out}, r);
  out.end_object();
  return out.take();
}

std::string ack_message(const std::string& id, const TableReply& r) {
  return ack_message(id, table_reply_text(r));
}

}  // namespace whist::protocol
