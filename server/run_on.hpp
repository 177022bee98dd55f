// Runs a function on another executor (a thread pool) and resumes the
// awaiting coroutine with its result, or its exception, on the
// coroutine's own executor: how the storage and hashing threads are
// awaited (storage_thread.hpp, hashing_thread.hpp).
#pragma once

#include <boost/asio/associated_executor.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <exception>
#include <functional>
#include <memory>
#include <type_traits>

namespace whist::server {

namespace asio = boost::asio;

// Posts fn to `where`, and its outcome back to the awaiting coroutine's
// executor (through `when`, which may hold it back). A void fn completes
// with 0.
template <typename Executor, typename F, typename When>
auto run_on(Executor where, F fn, When when) {
  using Raw = decltype(fn());
  using R = std::conditional_t<std::is_void_v<Raw>, int, Raw>;
  return asio::async_initiate<decltype(asio::use_awaitable), void(std::exception_ptr, R)>(
      [where, when](auto handler, F fn) {
        auto back = asio::get_associated_executor(handler);
        auto work = asio::make_work_guard(back);
        asio::post(where, [handler = std::move(handler), fn = std::move(fn), back, when,
                           work = std::move(work)]() mutable {
          std::exception_ptr error;
          R result{};
          try {
            if constexpr (std::is_void_v<Raw>)
              fn();
            else
              result = fn();
          } catch (...) {
            error = std::current_exception();
          }
          // std::function needs a copyable callable: the handler is
          // moved into a shared_ptr.
          auto h = std::make_shared<decltype(handler)>(std::move(handler));
          auto r = std::make_shared<R>(std::move(result));
          auto w = std::make_shared<decltype(work)>(std::move(work));
          when(std::function<void()>([back, h, r, w, error] {
            asio::post(back, [h, r, w, error]() mutable { std::move (*h)(error, std::move(*r)); });
          }));
        });
      },
      asio::use_awaitable, std::move(fn));
}

}  // namespace whist::server
