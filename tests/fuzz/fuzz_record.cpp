// libFuzzer target: a game record (protocol::parse_record, the format of
// docs/records.md), then, when it parses, its replay through the engine
// (what whist-replay does): a malformed or illegal record must give an
// error value, never a crash, a leak or undefined behaviour.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/record.hpp"
#include "protocol/record_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto parsed = whist::protocol::parse_record(text);
  if (auto* record = std::get_if<whist::GameRecord>(&parsed)) {
    auto result = whist::replay(*record);
    if (result.game) (void)result.game->is_over();
  }
  return 0;
}
