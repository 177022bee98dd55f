// The server's one async style (server/README.md): coroutines on strands.
// spawn() starts a coroutine that nobody awaits. What escapes it (an
// exception) reaches LogEscape, the one completion handler of every such
// coroutine, and is logged there with the context it was started with.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/co_spawn.hpp>
#include <exception>
#include <utility>

namespace whist::server {

namespace asio = boost::asio;

// Logs an exception that ended a detached coroutine, with its context (a
// string literal: no allocation per coroutine started).
struct LogEscape {
  const char* context;
  void operator()(const std::exception_ptr& escaped) const;
};

// Runs `task` on `executor` (a strand, or the io_context's executor for
// work that owns no state); `context` names it in the log.
template <typename Executor>
void spawn(const Executor& executor, asio::awaitable<void> task, const char* context) {
  asio::co_spawn(executor, std::move(task), LogEscape{context});
}

// The same, calling `then()` once the task has ended, however it ended
// (what escaped it is logged first). Cheaper than a coroutine that awaits
// the task and then does the same: that one's frame would stay for as long
// as the task runs.
template <typename Executor, typename Then>
void spawn(const Executor& executor, asio::awaitable<void> task, const char* context, Then then) {
  asio::co_spawn(executor, std::move(task),
                 [context, then = std::move(then)](const std::exception_ptr& escaped) mutable {
                   LogEscape{context}(escaped);
                   then();
                 });
}

}  // namespace whist::server
