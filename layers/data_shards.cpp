#include "layers/data_shards.hpp"

#include "core/error.hpp"

#include <algorithm>
#include <cmath>

namespace fourfold {

std::size_t bucket_elements(double bucket_mb, int parts, bool sharded) {
  FF_REQUIRE(std::isfinite(bucket_mb) && bucket_mb > 0.0,
             "gradient bucket size {} MB: expected a positive number of megabytes", bucket_mb);
  FF_REQUIRE(parts >= 1, "{} data ranks: expected at least 1", parts);
  auto n = std::max<std::size_t>(1, static_cast<std::size_t>(bucket_mb * 1024.0 * 1024.0 / sizeof(float)));
  if (sharded) n = std::max<std::size_t>(1, n / parts) * parts;
  return n;
}

std::vector<ArenaSegment> gradient_bucket_ranges(std::size_t replicated, std::size_t total, std::size_t elements) {
  std::vector<ArenaSegment> out;
  for (std::size_t end = total; end > replicated;) {
    const std::size_t begin = end - std::min(elements, end - replicated);
    out.emplace_back(begin, end - begin);
    end = begin;
  }
  for (std::size_t offset = 0; offset < replicated; offset += elements)
    out.emplace_back(offset, std::min(elements, replicated - offset));
  return out;
}

std::vector<ArenaSegment> DataShards::owned(int part, bool with_remainders) const {
  std::vector<ArenaSegment> out;
  for (std::size_t b = 0; b < buckets.size(); ++b) {
    const std::size_t offset = buckets[b].first, p = piece(b);
    if (p > 0) out.emplace_back(offset + part * p, offset + (part + 1) * p);
    if (with_remainders && remainder(b) > 0) out.emplace_back(offset + divisible(b), offset + buckets[b].second);
  }
  return out;
}

std::size_t DataShards::owned_size() const {
  std::size_t n = 0;
  for (std::size_t b = 0; b < buckets.size(); ++b) n += piece(b) + remainder(b);
  return n;
}

std::size_t DataShards::pieces_size() const {
  std::size_t n = 0;
  for (std::size_t b = 0; b < buckets.size(); ++b) n += piece(b);
  return n;
}

std::vector<ArenaSegment> intersect(const std::vector<ArenaSegment>& a, std::vector<ArenaSegment> b) {
  std::sort(b.begin(), b.end());
  std::vector<ArenaSegment> out;
  std::size_t j = 0;
  for (const ArenaSegment& s : a) {
    while (j < b.size() && b[j].second <= s.first) ++j;
    for (std::size_t k = j; k < b.size() && b[k].first < s.second; ++k) {
      const std::size_t lo = std::max(s.first, b[k].first), hi = std::min(s.second, b[k].second);
      if (lo < hi) out.emplace_back(lo, hi);
    }
  }
  return out;
}

}  // namespace fourfold
