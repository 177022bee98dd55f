// A connection's messages waiting to be written, oldest first.
//
// A vector read from a moving front, not a std::deque: a deque takes 576
// bytes as soon as it exists, and every connection has a queue that is
// empty nearly all the time. The front part already written is dropped
// when the queue empties, or once it is half the vector; a vector grown
// by a burst is given back when the queue empties.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace whist::server {

class MessageQueue {
 public:
  using Message = std::shared_ptr<const std::string>;

  bool empty() const { return head_ == items_.size(); }
  std::size_t size() const { return items_.size() - head_; }
  const Message& front() const { return items_[head_]; }
  void push_back(Message m) { items_.push_back(std::move(m)); }
  void pop_front() {
    items_[head_++].reset();
    if (head_ == items_.size()) {
      clear();
    } else if (head_ >= kKeep && 2 * head_ >= items_.size()) {
      items_.erase(items_.begin(), items_.begin() + static_cast<std::ptrdiff_t>(head_));
      head_ = 0;
    }
  }
  void clear() {
    if (items_.capacity() > kKeep) {
      std::vector<Message>().swap(items_);
    } else {
      items_.clear();
    }
    head_ = 0;
  }

 private:
  static constexpr std::size_t kKeep = 32;  // what an emptied queue may keep
  std::vector<Message> items_;
  std::size_t head_ = 0;
};

}  // namespace whist::server
