#include "server/log_sink.hpp"

#include <spdlog/sinks/base_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>

namespace whist::server {

namespace {

// Appends to a file; reopen() opens the path again (a new file after
// rotation), keeping the old one if the new cannot be opened.
class ReopenableFileSink final : public spdlog::sinks::base_sink<std::mutex> {
 public:
  explicit ReopenableFileSink(std::string path) : path_(std::move(path)) {
    file_ = std::fopen(path_.c_str(), "a");
    if (!file_)
      throw std::runtime_error("cannot open the log file " + path_ + ": " + std::strerror(errno));
  }
  ~ReopenableFileSink() override {
    if (file_) std::fclose(file_);
  }
  // Returns an error text, or "" when reopened.
  std::string reopen() {
    std::lock_guard lock(mutex_);
    std::FILE* f = std::fopen(path_.c_str(), "a");
    if (!f) return std::strerror(errno);
    std::fclose(file_);
    file_ = f;
    return "";
  }

 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override {
    spdlog::memory_buf_t buf;
    formatter_->format(msg, buf);
    std::fwrite(buf.data(), 1, buf.size(), file_);
    // Lines reach the file at once: a crash loses none of them.
    std::fflush(file_);
  }
  void flush_() override { std::fflush(file_); }

 private:
  std::string path_;
  std::FILE* file_ = nullptr;
};

}  // namespace

std::function<void()> setup_logging(const std::string& file, const std::string& level) {
  std::function<void()> reopen = [] {};
  if (file.empty()) {
    spdlog::set_default_logger(spdlog::stderr_color_mt("whistd"));
  } else {
    auto sink = std::make_shared<ReopenableFileSink>(file);
    spdlog::set_default_logger(std::make_shared<spdlog::logger>("whistd", sink));
    reopen = [sink, file] {
      const std::string err = sink->reopen();
      if (err.empty())
        spdlog::info("log file {} reopened", file);
      else
        spdlog::error("cannot reopen the log file {}: {} (still writing to the old one)", file,
                      err);
    };
  }
  spdlog::set_level(spdlog::level::from_str(level));
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ %v");
  return reopen;
}

}  // namespace whist::server
