// A service whose state lives on its own strand (server/README.md: the
// async style). Its state is touched only by the functions it runs there:
// ask() runs one and resumes the awaiting coroutine, on that coroutine's
// own executor, with its result (or its exception); tell() posts one for a
// caller that must not wait. No mutex: the strand runs one at a time, and
// in the order they were posted.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <type_traits>
#include <utility>

namespace whist::server {

namespace asio = boost::asio;

using Strand = asio::strand<asio::io_context::executor_type>;

class StrandService {
 public:
  explicit StrandService(asio::io_context& ioc) : strand_(asio::make_strand(ioc)) {}
  StrandService(const StrandService&) = delete;
  StrandService& operator=(const StrandService&) = delete;

 protected:
  ~StrandService() = default;

  // Runs fn() on the strand; the caller resumes with what it returned.
  template <typename F>
  asio::awaitable<std::invoke_result_t<F&>> ask(F fn) {
    using R = std::invoke_result_t<F&>;
    // (GCC 12: the job is a named local, moved in.)
    auto job = [fn = std::move(fn)]() mutable -> asio::awaitable<R> { co_return fn(); };
    co_return co_await asio::co_spawn(strand_, std::move(job), asio::use_awaitable);
  }
  // Runs fn() on the strand, later.
  template <typename F>
  void tell(F fn) {
    asio::post(strand_, std::move(fn));
  }

  Strand strand_;
};

}  // namespace whist::server
