// parse_usual_act: a table.act of the usual shape, read straight from the
// text without building a JSON document. An action is most of what a
// server reads, and the document (a map node and a string for each key)
// cost whistd about 15% of its instructions an action.
//
// The usual shape is what clients send: one object with "t" (exactly
// "table.act"), "d" and an optional "id", in any order and with any JSON
// whitespace; "d" holds "table" and "action" and nothing else; the action
// holds only the fields an action has (type, card, cards, suit, mode,
// level, tricks, and an integer seat, which is ignored). Strings are
// printable ASCII with no escape; integers have at most 18 digits ("table"
// and "id" no sign). Anything else, a well-formed message included, gives
// nullopt, and parse_request reads the text the general way. So the two
// cannot disagree where this one answers: the tests and the fuzzer
// (tests/fuzz/fuzz_messages.cpp) check that they do not.
#include <algorithm>
#include <string>
#include <string_view>

#include "protocol/messages.hpp"

namespace whist::protocol {

namespace {

class Reader {
 public:
  explicit Reader(std::string_view text) : s_(text) {}

  void ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r'))
      ++i_;
  }
  bool eat(char c) {
    ws();
    if (i_ >= s_.size() || s_[i_] != c) return false;
    ++i_;
    return true;
  }
  bool peek(char c) {
    ws();
    return i_ < s_.size() && s_[i_] == c;
  }
  bool at_end() {
    ws();
    return i_ == s_.size();
  }
  // A string of printable ASCII without escapes (its quotes are not kept).
  bool string(std::string_view& out) {
    if (!eat('"')) return false;
    const size_t start = i_;
    for (; i_ < s_.size(); ++i_) {
      const char c = s_[i_];
      if (c == '"') {
        out = s_.substr(start, i_ - start);
        ++i_;
        return true;
      }
      if (c < 0x20 || c > 0x7e || c == '\\') return false;
    }
    return false;
  }
  // An integer of 1 to 18 digits, no leading zero, with a minus sign when
  // `sign` allows it ("-0" included, as JSON has it).
  bool integer(long long& out, bool sign) {
    ws();
    bool negative = false;
    if (sign && i_ < s_.size() && s_[i_] == '-') {
      negative = true;
      ++i_;
    }
    const size_t start = i_;
    while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
    const size_t n = i_ - start;
    if (n == 0 || n > 18 || (n > 1 && s_[start] == '0')) return false;
    long long v = 0;  // (18 digits fit)
    for (size_t k = start; k < i_; ++k) v = v * 10 + (s_[k] - '0');
    // A fraction or an exponent makes it a number that is not an integer.
    if (i_ < s_.size() && (s_[i_] == '.' || s_[i_] == 'e' || s_[i_] == 'E')) return false;
    out = negative ? -v : v;
    return true;
  }
  std::string_view digits_since(size_t start) const { return s_.substr(start, i_ - start); }
  size_t at() {
    ws();
    return i_;
  }

 private:
  std::string_view s_;
  size_t i_ = 0;
};

// Reads an object's members one by one: `member(key)` reads the value
// after the colon and says whether it could. Keys may come once each
// (`seen` holds a bit per key `member` knows, by the index it returns).
template <typename Member>
bool object(Reader& r, Member member) {
  if (!r.eat('{')) return false;
  if (r.eat('}')) return true;
  unsigned seen = 0;
  do {
    std::string_view key;
    if (!r.string(key) || !r.eat(':')) return false;
    const int k = member(key);
    if (k < 0 || (seen & (1u << k))) return false;
    seen |= 1u << k;
  } while (r.eat(','));
  return r.eat('}');
}

bool string_field(Reader& r, ActionField<std::string>& f) {
  std::string_view v;
  if (!r.string(v)) return false;
  f.value = std::string(v);
  return true;
}

// As read_int (action_input.cpp): clamped to the actions' range.
bool int_field(Reader& r, ActionField<long long>& f) {
  long long v = 0;
  if (!r.integer(v, true)) return false;
  f.value = std::clamp(v, kActionIntMin, kActionIntMax);
  return true;
}

bool cards_field(Reader& r, ActionField<std::vector<std::optional<std::string>>>& f) {
  if (!r.eat('[')) return false;
  std::vector<std::optional<std::string>> names;
  if (!r.eat(']')) {
    do {
      std::string_view v;
      if (!r.string(v)) return false;
      names.emplace_back(std::string(v));
    } while (r.eat(','));
    if (!r.eat(']')) return false;
  }
  f.value = std::move(names);
  return true;
}

bool action(Reader& r, ActionInput& in) {
  bool ok = true;
  const bool read = object(r, [&](std::string_view key) -> int {
    if (key == "type") return (ok = string_field(r, in.type)) ? 0 : -1;
    if (key == "card") return (ok = string_field(r, in.card)) ? 1 : -1;
    if (key == "cards") return (ok = cards_field(r, in.cards)) ? 2 : -1;
    if (key == "suit") return (ok = string_field(r, in.suit)) ? 3 : -1;
    if (key == "mode") return (ok = string_field(r, in.mode)) ? 4 : -1;
    if (key == "level") return (ok = int_field(r, in.level)) ? 5 : -1;
    if (key == "tricks") return (ok = int_field(r, in.tricks)) ? 6 : -1;
    // As the view's legal list writes it; ignored (one acts for one's own seat).
    long long seat = 0;
    if (key == "seat") return (ok = r.integer(seat, true)) ? 7 : -1;
    return -1;
  });
  return read && ok;
}

}  // namespace

std::optional<Request> parse_usual_act(std::string_view text) {
  if (text.find("\"table.act\"") == std::string_view::npos) return std::nullopt;
  Reader r(text);
  TableAct act;
  std::string id;
  bool has_table = false, has_action = false, is_act = false;
  const bool read = object(r, [&](std::string_view key) -> int {
    if (key == "t") {
      std::string_view t;
      is_act = r.string(t) && t == "table.act";
      return is_act ? 0 : -1;
    }
    if (key == "id") {
      if (r.peek('"')) {
        std::string_view s;
        if (!r.string(s) || s.size() > 64) return -1;
        id.reserve(s.size() + 2);
        id.append(1, '"').append(s).append(1, '"');
        return 1;
      }
      const size_t start = r.at();
      long long v = 0;
      if (!r.integer(v, false)) return -1;
      id = std::string(r.digits_since(start));
      return 1;
    }
    if (key == "d") {
      const bool d = object(r, [&](std::string_view k) -> int {
        if (k == "table") {
          long long t = 0;
          has_table = r.integer(t, false);
          act.table = t;
          return has_table ? 0 : -1;
        }
        if (k == "action") return (has_action = action(r, act.action)) ? 1 : -1;
        return -1;
      });
      return d ? 2 : -1;
    }
    return -1;
  });
  if (!read || !r.at_end() || !is_act || !has_table || !has_action) return std::nullopt;
  return Request{std::move(id), std::move(act)};
}

}  // namespace whist::protocol
