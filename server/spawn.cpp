#include "server/spawn.hpp"

#include <spdlog/spdlog.h>

#include <stdexcept>

namespace whist::server {

void LogEscape::operator()(const std::exception_ptr& escaped) const {
  if (!escaped) return;
  try {
    std::rethrow_exception(escaped);
  } catch (const std::exception& e) {
    spdlog::error("{}: {}", context, e.what());
  } catch (...) {
    spdlog::error("{}: an exception of an unknown type", context);
  }
}

}  // namespace whist::server
