#include "server/bots.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

namespace whist::server {

BotPool::BotPool(int threads, int max_waiting)
    : pool_(static_cast<std::size_t>(threads < 1 ? 1 : threads)), max_waiting_(max_waiting) {}

bool BotPool::think(Observation obs, ai::Settings settings, std::function<void(Action)> done) {
  if (stopped_.load()) return false;
  if (waiting_.fetch_add(1) >= max_waiting_) {
    waiting_.fetch_sub(1);
    ++refused_;
    return false;
  }
  boost::asio::post(pool_, [this, obs = std::move(obs), settings, done = std::move(done)] {
    if (!stopped_.load()) {
      Action a;
      try {
        a = ai::choose_action(obs, settings);
      } catch (const std::exception& e) {
        // Never expected; the plain player still gives a legal action.
        spdlog::error("computer player failed ({}); using the rule-based player", e.what());
        a = ai::rule_based_action(obs);
      }
      ++decisions_;
      done(a);
    }
    waiting_.fetch_sub(1);
  });
  return true;
}

bool BotPool::judge(ai::Position p, int tricks, std::function<void(bool)> done) {
  if (stopped_.load()) return false;
  if (waiting_.fetch_add(1) >= max_waiting_) {
    waiting_.fetch_sub(1);
    ++refused_;
    return false;
  }
  boost::asio::post(pool_, [this, p, tricks, done = std::move(done)] {
    if (!stopped_.load()) {
      // A solver of its own: claims are rare, and its table grows only as
      // far as this search needs.
      ai::Solver solver;
      done(solver.best_tricks(p) >= tricks);
    }
    waiting_.fetch_sub(1);
  });
  return true;
}

void BotPool::stop() {
  stopped_.store(true);
  pool_.join();
}

}  // namespace whist::server
