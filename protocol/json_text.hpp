// Writes JSON text straight into a string, for the messages the server
// sends most (a seat's view after each action): no document is built. The
// caller writes keys in sorted order, as nlohmann::json's dump() does, so
// that the text is the same either way (tests compare the two).
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace whist::protocol {

class JsonText {
 public:
  explicit JsonText(std::string& out) : out_(out) {}

  JsonText& begin_object() {
    separate();
    out_ += '{';
    first_ = true;
    return *this;
  }
  JsonText& end_object() {
    out_ += '}';
    first_ = false;
    return *this;
  }
  JsonText& begin_array() {
    separate();
    out_ += '[';
    first_ = true;
    return *this;
  }
  JsonText& end_array() {
    out_ += ']';
    first_ = false;
    return *this;
  }
  // A key of the object being written; its value comes next.
  JsonText& key(std::string_view k) {
    separate();
    string_body(k);
    out_ += ':';
    first_ = true;  // the value takes no comma
    return *this;
  }
  // A key written in the source: nothing in it to escape.
  template <std::size_t N>
  JsonText& key(const char (&k)[N]) {
    separate();
    out_ += '"';
    out_.append(k, N - 1);
    out_.append("\":", 2);
    first_ = true;
    return *this;
  }
  JsonText& value(std::int64_t v) {
    separate();
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out_.append(buf, r.ptr);
    return *this;
  }
  JsonText& value(int v) { return value(static_cast<std::int64_t>(v)); }
  JsonText& value(bool v) {
    separate();
    out_ += v ? "true" : "false";
    return *this;
  }
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
    separate();
    out_ += '"';
    out_ += s;
    out_ += '"';
    return *this;
  }
  JsonText& null() {
    separate();
    out_ += "null";
    return *this;
  }
  // Text that is JSON already (a value written elsewhere).
  JsonText& raw(std::string_view json) {
    separate();
    out_ += json;
    return *this;
  }
  template <typename Range>
  JsonText& int_array(const Range& r) {
    begin_array();
    for (const auto x : r) value(static_cast<std::int64_t>(x));
    return end_array();
  }

 private:
  void separate() {
    if (!first_) out_ += ',';
    first_ = false;
  }
  // A quoted string, escaped as nlohmann::json escapes it (UTF-8 passes);
  // runs that need no escaping are copied whole.
  void string_body(std::string_view s) {
    out_ += '"';
    size_t run = 0;
    for (size_t i = 0; i < s.size(); ++i) {
      const auto c = static_cast<unsigned char>(s[i]);
      if (c >= 0x20 && c != '"' && c != '\\') continue;
      out_.append(s.data() + run, i - run);
      run = i + 1;
      switch (c) {
        case '"': out_ += "\\\""; break;
        case '\\': out_ += "\\\\"; break;
        case '\b': out_ += "\\b"; break;
        case '\f': out_ += "\\f"; break;
        case '\n': out_ += "\\n"; break;
        case '\r': out_ += "\\r"; break;
        case '\t': out_ += "\\t"; break;
        default: {
          static const char hex[] = "0123456789abcdef";
          out_ += "\\u00";
          out_ += hex[c >> 4];
          out_ += hex[c & 15];
        }
      }
    }
    out_.append(s.data() + run, s.size() - run);
    out_ += '"';
  }

  std::string& out_;
  bool first_ = true;
};

}  // namespace whist::protocol
