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

std::string_view chat_mode_label(ChatMode m) {
  switch (m) {
    case ChatMode::kNone: return "None";
    case ChatMode::kPreset: return "Preset phrases";
    case ChatMode::kText: return "Text";
  }
  return "?";
}

const std::vector<std::string>& chat_phrases() {
  static const std::vector<std::string> phrases = {
      "Hello!", "Good luck!",        "Well played!", "Nice hand!", "Thanks!", "Sorry!",
      "Oops!",  "Hurry up, please.", "Good game!",   "One more?",  "Bye!"};
  return phrases;
}

std::string_view table_kind_name(TableKind k) {
  switch (k) {
    case TableKind::kPlay: return "play";
    case TableKind::kCompete: return "compete";
    default: return "join";
  }
}

}  // namespace whist
