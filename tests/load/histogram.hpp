// A latency histogram in microseconds: buckets of about 3% width (32 per
// doubling) from 1 us to over an hour, so percentiles are read to within
// a few percent at any scale, in constant memory.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

namespace whist::load {

class Histogram {
 public:
  void add(double us) {
    ++counts_[bucket(us)];
    ++n_;
    if (us > max_) max_ = us;
    sum_ += us;
  }
  void merge(const Histogram& o) {
    for (size_t i = 0; i < kBuckets; ++i) counts_[i] += o.counts_[i];
    n_ += o.n_;
    sum_ += o.sum_;
    if (o.max_ > max_) max_ = o.max_;
  }
  std::uint64_t count() const { return n_; }
  double max() const { return max_; }
  double mean() const { return n_ ? sum_ / static_cast<double>(n_) : 0; }
  // The value below which a fraction q of the samples lie (upper bucket edge).
  double percentile(double q) const {
    if (!n_) return 0;
    const auto target = static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(n_)));
    std::uint64_t seen = 0;
    for (size_t i = 0; i < kBuckets; ++i) {
      seen += counts_[i];
      if (seen >= target && counts_[i]) return std::min(upper(i), max_);
    }
    return max_;
  }
  // Rows "  <= 1.2 ms  ######  1234" from the first to the last bucket used,
  // merged into about `rows` rows.
  void print(std::FILE* out, int rows = 16) const {
    if (!n_) return;
    size_t lo = 0, hi = kBuckets - 1;
    while (!counts_[lo]) ++lo;
    while (!counts_[hi]) --hi;
    const size_t step = std::max<size_t>(1, (hi - lo + 1 + rows - 1) / static_cast<size_t>(rows));
    std::uint64_t peak = 0;
    for (size_t i = lo; i <= hi; i += step) {
      std::uint64_t c = 0;
      for (size_t j = i; j < i + step && j <= hi; ++j) c += counts_[j];
      peak = std::max(peak, c);
    }
    for (size_t i = lo; i <= hi; i += step) {
      std::uint64_t c = 0;
      size_t last = i;
      for (size_t j = i; j < i + step && j <= hi; ++j) c += counts_[j], last = j;
      const int bar = static_cast<int>(40.0 * static_cast<double>(c) / static_cast<double>(peak));
      std::fprintf(out, "  <= %9s  %-40s %llu\n", format_us(upper(last)).c_str(),
                   std::string(static_cast<size_t>(bar), '#').c_str(),
                   static_cast<unsigned long long>(c));
    }
  }
  static std::string format_us(double us) {
    char buf[32];
    if (us < 1000)
      std::snprintf(buf, sizeof buf, "%.0f us", us);
    else if (us < 1e6)
      std::snprintf(buf, sizeof buf, "%.2f ms", us / 1000);
    else
      std::snprintf(buf, sizeof buf, "%.2f s", us / 1e6);
    return buf;
  }

 private:
  static constexpr size_t kPerDoubling = 32;
  static constexpr size_t kBuckets = kPerDoubling * 32;
  static size_t bucket(double us) {
    if (us < 1) return 0;
    const auto b = static_cast<size_t>(std::log2(us) * kPerDoubling) + 1;
    return b < kBuckets ? b : kBuckets - 1;
  }
  static double upper(size_t b) {
    return b == 0 ? 1 : std::exp2(static_cast<double>(b) / kPerDoubling);
  }
  std::array<std::uint64_t, kBuckets> counts_{};
  std::uint64_t n_ = 0;
  double max_ = 0, sum_ = 0;
};

}  // namespace whist::load
