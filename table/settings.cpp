#include "table/settings.hpp"

namespace whist {

std::string_view chat_mode_name(ChatMode m) {
  switch (m) {
    case ChatMode::kNone: return "none";
    case ChatMode::kPreset: return "preset";
    case ChatMode::kText: return "text";
  }
  return "?";
}

std::string_view table_kind_name(TableKind k) {
  switch (k) {
    case TableKind::kPlay: return "play";
    case TableKind::kCompete: return "compete";
    default: return "join";
  }
}

}  // namespace whist
