// table.chat: a line of text or a preset phrase. During a game the
// table's chat mode holds (none, preset phrases, text); before and after
// it, anything goes. Text is cleaned (control and reordering characters
// dropped) and at most kMaxChatChars characters. At rated tables (Compete
// tables included), a watcher's line during a game reaches the watchers
// only (table.watcher_chat), and everyone once the game is over (a chat
// event marked during_game): nobody can coach a player on the rail.
#include "protocol/pushes.hpp"
#include "table/core.hpp"

namespace whist::table {

namespace {

constexpr size_t kMaxChat = kMaxChatChars;
// Watchers' lines kept for the players during one game: the latest ones.
constexpr size_t kMaxHeldLines = 200;

// Chat text: control characters dropped (C0, DEL and C1: U+0080 to U+009F,
// which UTF-8 writes as C2 80 to C2 9F), and the bidirectional controls
// that could reorder what others see (U+061C, U+200E, U+200F, U+202A to
// U+202E, U+2066 to U+2069), surrounding spaces trimmed. The WebSocket
// layer has already checked that the text is UTF-8.
std::string clean_chat(const std::string& in) {
  std::string out;
  for (size_t i = 0; i < in.size(); ++i) {
    const auto c = static_cast<unsigned char>(in[i]);
    if (c < 0x20 || c == 0x7F) continue;
    const auto at = [&](size_t k) {
      return i + k < in.size() ? static_cast<unsigned char>(in[i + k]) : 0;
    };
    if (c == 0xC2 && at(1) >= 0x80 && at(1) <= 0x9F) {
      ++i;
      continue;
    }
    if (c == 0xD8 && at(1) == 0x9C) {  // U+061C
      ++i;
      continue;
    }
    if (c == 0xE2 &&
        ((at(1) == 0x80 && (at(2) == 0x8E || at(2) == 0x8F || (at(2) >= 0xAA && at(2) <= 0xAE))) ||
         (at(1) == 0x81 && at(2) >= 0xA6 && at(2) <= 0xA9))) {
      i += 2;
      continue;
    }
    out += static_cast<char>(c);
  }
  const auto b = out.find_first_not_of(' ');
  if (b == std::string::npos) return "";
  return out.substr(b, out.find_last_not_of(' ') - b + 1);
}

// Characters, not bytes, of UTF-8 text.
size_t characters(const std::string& text) {
  size_t n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80;
  return n;
}

}  // namespace

void TableCore::on_chat(Conn c, const Person& p, const std::string& id,
                        const protocol::TableChat& m) {
  const int seat = seat_of(p.id);
  if (seat < 0 && !watchers_.count(c))
    return error(c, id, {protocol::Error::kNotSeated, "sit or watch first"});
  // The table's mode holds during a game; before and after it, anything goes.
  const auto mode = state_ == State::kPlaying ? setup_.settings.chat : ChatMode::kText;
  protocol::event::Chat event{
      p.name, seat >= 0 ? std::optional(seat) : std::nullopt, {}, {}, false};
  if (m.phrase >= 0) {
    if (mode == ChatMode::kNone) return error(c, id, {protocol::Error::kChatOff, "chat is off"});
    if (m.phrase >= static_cast<int>(chat_phrases().size()))
      return error(c, id, {protocol::Error::kBadPhrase});
    event.phrase = m.phrase;
    event.text = chat_phrases()[static_cast<size_t>(m.phrase)];
  } else {
    if (mode != ChatMode::kText)
      return error(c, id,
                   {protocol::Error::kChatOff,
                    mode == ChatMode::kNone ? "chat is off" : "only preset phrases"});
    const std::string text = clean_chat(m.text);
    if (text.empty()) return error(c, id, {protocol::Error::kBadChat, "say something"});
    if (characters(text) > kMaxChat)
      return error(c, id,
                   {protocol::Error::kBadChat,
                    "a line has at most " + std::to_string(kMaxChat) + " characters"});
    event.text = text;
  }
  recent_chat_.emplace_back(event, now_.unix_s());
  if (recent_chat_.size() > kReportChatLines) recent_chat_.erase(recent_chat_.begin());
  if (seat < 0 && watchers_apart()) {
    const auto m = std::make_shared<const std::string>(protocol::push::push_text(
        protocol::push::WatcherChat{id_, event.from, event.phrase, event.text}));
    for (const Conn w : watchers_) out_.messages.push_back(Message{w, m, {}, {}, false, {}});
    event.during_game = true;
    watcher_chat_.push_back(std::move(event));
    if (watcher_chat_.size() > kMaxHeldLines) watcher_chat_.erase(watcher_chat_.begin());
    return reply(c, id, protocol::ack_message(id));
  }
  broadcast(std::move(event));
  reply(c, id, protocol::ack_message(id));
}

bool TableCore::watchers_apart() const {
  return state_ == State::kPlaying && setup_.settings.rated;
}

void TableCore::release_watcher_chat() {
  for (const auto& line : watcher_chat_) broadcast(line);
  watcher_chat_.clear();
}

}  // namespace whist::table
