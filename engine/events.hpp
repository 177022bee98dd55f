// What an action caused, as public events: nothing in an event is hidden
// from anyone at the table, so a server may send every event to every seat
// and watcher. Hidden cards travel only in observations.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "engine/action.hpp"
#include "engine/game_types.hpp"
#include "engine/rule_error.hpp"

namespace whist {

enum class EventType : std::uint8_t {
  kDealStarted,  // seat: dealer, value: deal index, card: turned card if public
  kAction,       // action: what was done (a discard's cards are not shown)
  kContract,     // bid whist bidding ended: seat declarer, action: the winning bid
  kKittyShown,   // cards: the kitty, shown to everyone (sport the kitty)
  kKittyTaken,   // seat: the declarer took the kitty into the hand
  kTrumpSet,     // value: trump suit (kNoSuit: no trump), card: 1 if downtown
  kTrickWon,     // seat: the winner, value: trick number in the deal (0-based)
  kDealEnded,    // value: deal index; the result is Game::results().back()
  kRubberGame,   // classic rubber, a game of it won: value: its index in Game::games()
  kGameOver,
};

struct Event {
  EventType type = EventType::kAction;
  std::int8_t seat = -1;
  std::int16_t value = 0;
  Card card = kNoCard;
  CardSet cards = 0;
  Action action{};
};

static_assert(std::is_trivially_copyable_v<Event> && std::is_trivially_destructible_v<Event>);

// A short list of events with no allocation: one apply causes a few at most.
// Its room is not initialised (an apply makes one of these, and clearing
// ten events each time cost the bidding playouts a tenth of their time);
// only the events pushed are read or copied.
class Events {
 public:
  static constexpr int kCapacity = 10;
  Events() {}  // (the room left as it is: no value-initialisation)
  Events(const Events& o) : size_(o.size_) { std::copy(o.begin(), o.end(), data()); }
  Events& operator=(const Events& o) {
    size_ = o.size_;
    std::copy(o.begin(), o.end(), data());
    return *this;
  }
  void push(const Event& e) {
    if (size_ < kCapacity) data()[size_++] = e;
  }
  int size() const { return size_; }
  const Event* begin() const { return data(); }
  const Event* end() const { return data() + size_; }
  const Event& operator[](int i) const { return data()[i]; }

 private:
  Event* data() { return items_; }
  const Event* data() const { return items_; }
  union {
    Event items_[kCapacity];  // the first size_ are set
  };
  int size_ = 0;
};

struct ApplyResult {
  RuleError error = RuleError::kNone;
  Events events;
  bool ok() const { return error == RuleError::kNone; }
};

}  // namespace whist
