// Writes JSON text straight into a buffer (taken out as a string), for the
// messages the server sends most (a seat's view after each action): no
// document is built. The caller writes keys in sorted order, as
// nlohmann::json's dump() does, so that the text is the same either way
// (tests compare the two).
#pragma once

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace whist::protocol {

class JsonText {
 public:
  // `reserve`: the room made at once (a view is about a kilobyte).
  explicit JsonText(std::size_t reserve = 256) {
    buf_.resize(reserve);
    at_ = buf_.data();
    end_ = at_ + buf_.size();
  }
  JsonText(const JsonText&) = delete;
  JsonText& operator=(const JsonText&) = delete;

  // The text written, taken out (nothing more is written after).
  std::string take() {
    buf_.resize(static_cast<std::size_t>(at_ - buf_.data()));
    at_ = end_ = nullptr;
    return std::move(buf_);
  }

  JsonText& begin_object() {
    separate();
    put('{');
    first_ = true;
    return *this;
  }
  JsonText& end_object() {
    put('}');
    first_ = false;
    return *this;
  }
  JsonText& begin_array() {
    separate();
    put('[');
    first_ = true;
    return *this;
  }
  JsonText& end_array() {
    put(']');
    first_ = false;
    return *this;
  }
  // A key of the object being written; its value comes next.
  JsonText& key(std::string_view k) {
    separate();
    string_body(k);
    put(':');
    first_ = true;  // the value takes no comma
    return *this;
  }
  // A key written in the source: nothing in it to escape.
  template <std::size_t N>
  JsonText& key(const char (&k)[N]) {
    char* p = room(N + 3);
    if (!first_) *p++ = ',';
    *p++ = '"';
    std::memcpy(p, k, N - 1);
    p += N - 1;
    *p++ = '"';
    *p++ = ':';
    at_ = p;
    first_ = true;
    return *this;
  }
  JsonText& value(std::int64_t v) {
    char* p = room(21);
    if (!first_) *p++ = ',';
    first_ = false;
    at_ = std::to_chars(p, p + 20, v).ptr;
    return *this;
  }
  JsonText& value(int v) { return value(static_cast<std::int64_t>(v)); }
  JsonText& value(bool v) { return plain_text(v ? std::string_view("true") : "false"); }
  JsonText& value(std::string_view s) {
    separate();
    string_body(s);
    return *this;
  }
  // A string written in the source: nothing in it to escape.
  template <std::size_t N>
  JsonText& value(const char (&s)[N]) {
    return plain(std::string_view(s, N - 1));
  }
  // A string known to need no escaping (a card's name, a name from the
  // rules): copied between quotes as it is.
  JsonText& plain(std::string_view s) {
    char* p = room(s.size() + 3);
    if (!first_) *p++ = ',';
    first_ = false;
    *p++ = '"';
    if (!s.empty()) std::memcpy(p, s.data(), s.size());
    p += s.size();
    *p++ = '"';
    at_ = p;
    return *this;
  }
  JsonText& null() { return plain_text("null"); }
  // The value, or null when there is none.
  template <typename Int>
  JsonText& optional(const std::optional<Int>& v) {
    return v ? value(*v) : null();
  }
  // Text that is JSON already (a value written elsewhere).
  JsonText& raw(std::string_view json) { return plain_text(json); }
  template <typename Range>
  JsonText& int_array(const Range& r) {
    begin_array();
    for (const auto x : r) value(static_cast<std::int64_t>(x));
    return end_array();
  }

 private:
  // Room for `n` more characters at at_.
  char* room(std::size_t n) {
    if (static_cast<std::size_t>(end_ - at_) < n) grow(n);
    return at_;
  }
  void grow(std::size_t n) {
    const auto used = static_cast<std::size_t>(at_ - buf_.data());
    buf_.resize(std::max(buf_.size() * 2, used + n));
    at_ = buf_.data() + used;
    end_ = buf_.data() + buf_.size();
  }
  void put(char c) {
    *room(1) = c;
    ++at_;
  }
  void put(std::string_view s) {
    if (s.empty()) return;
    std::memcpy(room(s.size()), s.data(), s.size());
    at_ += s.size();
  }
  void separate() {
    if (!first_) put(',');
    first_ = false;
  }
  JsonText& plain_text(std::string_view s) {
    char* p = room(s.size() + 1);
    if (!first_) *p++ = ',';
    first_ = false;
    if (!s.empty()) std::memcpy(p, s.data(), s.size());
    at_ = p + s.size();
    return *this;
  }
  // A quoted string, escaped as nlohmann::json escapes it (UTF-8 passes);
  // runs that need no escaping are copied whole.
  void string_body(std::string_view s) {
    put('"');
    size_t run = 0;
    for (size_t i = 0; i < s.size(); ++i) {
      const auto c = static_cast<unsigned char>(s[i]);
      if (c >= 0x20 && c != '"' && c != '\\') continue;
      put(s.substr(run, i - run));
      run = i + 1;
      switch (c) {
        case '"': put("\\\""); break;
        case '\\': put("\\\\"); break;
        case '\b': put("\\b"); break;
        case '\f': put("\\f"); break;
        case '\n': put("\\n"); break;
        case '\r': put("\\r"); break;
        case '\t': put("\\t"); break;
        default: {
          static const char hex[] = "0123456789abcdef";
          const char u[] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
          put(std::string_view(u, sizeof u));
        }
      }
    }
    put(s.substr(run));
    put('"');
  }

  std::string buf_;
  char* at_ = nullptr;   // where the next character goes
  char* end_ = nullptr;  // the end of the room in buf_
  bool first_ = true;
};

}  // namespace whist::protocol
