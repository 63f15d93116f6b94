#include "layers/gradient_sync.hpp"

#include "comm/collectives.hpp"
#include "core/error.hpp"
#include "core/profiling.hpp"

#include <algorithm>
#include <cmath>

namespace fourfold {

GradientSync::GradientSync(const Vector& grad_arena, std::size_t z_replicated_size,
                           const std::vector<std::pair<std::size_t, std::size_t>>& block_ranges,
                           const comm::Grid& grid, const OverlapOptions& overlap, double bucket_mb)
    : arena_(grad_arena), z_replicated_size_(z_replicated_size), grid_(grid), overlap_(overlap) {
  FF_REQUIRE(std::isfinite(bucket_mb) && bucket_mb > 0.0,
             "gradient bucket size {} MB: expected a positive number of megabytes", bucket_mb);
  const auto bucket_elements =
      std::max<std::size_t>(1, static_cast<std::size_t>(bucket_mb * 1024.0 * 1024.0 / sizeof(float)));
  // Sharded chunks from the end of the arena down, in pieces of at most bucket_elements; a
  // piece is final once the lowest block it touches is.
  const std::size_t sharded_begin = block_ranges.empty() ? z_replicated_size_ : block_ranges.front().first;
  FF_ASSERT(sharded_begin == z_replicated_size_, "sharded chunks start at {}, not {}", sharded_begin,
            z_replicated_size_);
  int block = static_cast<int>(block_ranges.size()) - 1;
  std::size_t end = block_ranges.empty() ? sharded_begin : block_ranges.back().first + block_ranges.back().second;
  while (end > sharded_begin) {
    const std::size_t begin = end - std::min(bucket_elements, end - sharded_begin);
    while (block > 0 && block_ranges[block].first > begin) --block;
    buckets_.push_back(Bucket{begin, end - begin, block, {}, false});
    end = begin;
  }
  for (std::size_t offset = 0; offset < z_replicated_size_; offset += bucket_elements) {
    buckets_.push_back(Bucket{offset, std::min(bucket_elements, z_replicated_size_ - offset), -1, {}, false});
  }
}

GradientSync::~GradientSync() = default;

void GradientSync::start(const ExecSpace& exec, Bucket& bucket, bool nonblocking) {
  const Vector range = Kokkos::subview(arena_, Kokkos::make_pair(bucket.offset, bucket.offset + bucket.size));
  bucket.started = true;
  if (nonblocking) {
    bucket.pending = comm::all_reduce_start(exec, grid_.data(), range);
  } else {
    comm::all_reduce(exec, grid_.data(), range);
  }
}

void GradientSync::begin_backward(bool last_micro_step) {
  overlapping_ = last_micro_step && overlap_.dp && grid_.data().size() > 1;
}

void GradientSync::block_done(const ExecSpace& exec, int block, const LinearSchedule& schedule) {
  if (!overlapping_) return;
  for (Bucket& bucket : buckets_) {
    if (bucket.started || bucket.lowest_block < 0) continue;
    // Buckets are in the order their blocks finish: the first not ready ends the scan.
    if (bucket.lowest_block < block || schedule.grads_pending_from(bucket.lowest_block)) break;
    start(exec, bucket, true);
  }
}

void GradientSync::finish(const ExecSpace& exec, LinearSchedule& schedule) {
  ScopedRegion region("fourfold::gradient_sync::finish");
  schedule.finish_grads(exec);
  // Tensors replicated over Z got partial gradients from each Z rank's rows: summed over Z in
  // the same pieces (large single messages are slow on some MPI transports).
  for (const Bucket& bucket : buckets_) {
    if (bucket.lowest_block >= 0) continue;
    comm::all_reduce(exec, grid_.z(), Kokkos::subview(arena_, Kokkos::make_pair(bucket.offset, bucket.offset + bucket.size)));
  }
  const bool nonblocking = overlap_.dp;
  for (Bucket& bucket : buckets_)
    if (!bucket.started) start(exec, bucket, nonblocking);
  for (Bucket& bucket : buckets_) {
    if (bucket.pending.active()) bucket.pending.wait(exec);
    bucket.started = false;
  }
  overlapping_ = false;
}

}  // namespace fourfold
