// libFuzzer target: a client message, as whistd reads each one
// (protocol::parse_request: the envelope, then the request's fields,
// table.create's setup and table.act's action included). Any input must
// give a Request or a ParseError, never a crash, a leak or undefined
// behaviour; a ParseError's id is JSON text or empty. Where the quick
// reading of a table.act (parse_usual_act) answers, the general reading
// must give the same request.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string_view>

#include "protocol/messages.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (const auto quick = whist::protocol::parse_usual_act(text)) {
    const auto general = whist::protocol::parse_request_general(text);
    const auto* g = std::get_if<whist::protocol::Request>(&general);
    const auto* ga = g ? std::get_if<whist::protocol::TableAct>(&g->message) : nullptr;
    const auto* qa = std::get_if<whist::protocol::TableAct>(&quick->message);
    if (!ga || !qa || g->id != quick->id || !(*ga == *qa)) std::abort();
  }
  auto parsed = whist::protocol::parse_request(text);
  if (auto* r = std::get_if<whist::protocol::Request>(&parsed)) {
    (void)whist::protocol::type_name(r->message);
    // The id is echoed into replies as JSON text: it must parse.
    if (!r->id.empty() && nlohmann::json::parse(r->id, nullptr, false).is_discarded()) std::abort();
    (void)whist::protocol::error_message(r->id, {whist::protocol::Error::kInternal, "y"});
  } else {
    const auto& e = std::get<whist::protocol::ParseError>(parsed);
    // The answer must be JSON, with its code and a message.
    const auto reply = nlohmann::json::parse(whist::protocol::error_message(e), nullptr, false);
    if (reply.is_discarded() || reply["d"]["code"] != whist::protocol::error_code(e.error) ||
        reply["d"]["message"].get<std::string>().empty())
      std::abort();
  }
  return 0;
}
