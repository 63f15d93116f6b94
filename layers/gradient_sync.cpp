#include "layers/gradient_sync.hpp"

#include "comm/collectives.hpp"
#include "core/error.hpp"
#include "core/ledger.hpp"
#include "core/profiling.hpp"
#include "layers/bf16_wire.hpp"

#include <algorithm>
#include <cmath>

namespace fourfold {

GradientSync::GradientSync(const Vector& grad_arena, std::size_t z_replicated_size,
                           const std::vector<std::pair<std::size_t, std::size_t>>& block_ranges,
                           const comm::Grid& grid, const OverlapOptions& overlap, double bucket_mb,
                           bool shard_optimizer, bool bf16_grads)
    : arena_(grad_arena),
      z_replicated_size_(z_replicated_size),
      grid_(grid),
      overlap_(overlap),
      sharded_(shard_optimizer && grid.data().size() > 1) {
  const int parts = grid.data().size();
  // Sharded chunks from the end of the arena down, then the replicated section (data_shards.hpp);
  // a sharded bucket is final once the lowest block it touches is.
  const std::size_t sharded_begin = block_ranges.empty() ? z_replicated_size_ : block_ranges.front().first;
  FF_ASSERT(sharded_begin == z_replicated_size_, "sharded chunks start at {}, not {}", sharded_begin,
            z_replicated_size_);
  const std::size_t total = block_ranges.empty() ? sharded_begin : block_ranges.back().first + block_ranges.back().second;
  shards_.parts = sharded_ ? parts : 1;
  shards_.buckets = gradient_bucket_ranges(z_replicated_size_, total, bucket_elements(bucket_mb, parts, sharded_));
  int block = static_cast<int>(block_ranges.size()) - 1;
  std::size_t staged = 0;
  for (std::size_t b = 0; b < shards_.buckets.size(); ++b) {
    const auto [offset, size] = shards_.buckets[b];
    int lowest = -1;
    if (offset >= z_replicated_size_) {
      while (block > 0 && block_ranges[block].first > offset) --block;
      lowest = block;
    }
    Bucket bucket;
    bucket.offset = offset;
    bucket.size = size;
    bucket.lowest_block = lowest;
    if (sharded_) {
      bucket.piece = shards_.piece(b);
      bucket.piece_offset = staged;
      staged += bucket.piece;
    }
    buckets_.push_back(std::move(bucket));
  }
  if (sharded_) pieces_ = Vector(Kokkos::view_alloc(std::string("fourfold::gradient_sync::pieces")), staged);
  // bf16 gradient collectives: a bf16 copy of every range that crosses one (buckets may all be in
  // flight at once): the whole arena over data, or only the replicated section over Z.
  const bool over_data = grid.data().size() > 1, over_z = grid.z().size() > 1;
  bf16_ = bf16_grads && (over_data || over_z);
  if (bf16_) {
    wire_ = Bf16Vector(Kokkos::view_alloc(std::string("fourfold::gradient_sync::wire")),
                       over_data ? total : z_replicated_size_);
    if (sharded_) wire_pieces_ = Bf16Vector(Kokkos::view_alloc(std::string("fourfold::gradient_sync::wire_pieces")), staged);
  }
}

GradientSync::~GradientSync() = default;

template <class RangeOf, class Pieces>
void GradientSync::start_reductions(const ExecSpace& exec, Bucket& bucket, bool nonblocking, RangeOf range_of,
                                    const Pieces& pieces) {
  // Sharded: each rank receives the sum of its piece of the bucket's divisible part; the rest
  // (the remainder, or the whole bucket when not sharded) is all-reduced.
  const std::size_t divisible = sharded_ ? bucket.piece * shards_.parts : 0;
  if (divisible > 0) {
    const Pieces piece = Kokkos::subview(pieces, Kokkos::make_pair(bucket.piece_offset, bucket.piece_offset + bucket.piece));
    const typename Pieces::const_type send = range_of(0, divisible);
    if (nonblocking) {
      bucket.pending = comm::reduce_scatter_start(exec, grid_.data(), send, piece);
    } else {
      comm::reduce_scatter(exec, grid_.data(), send, piece);
    }
  }
  if (divisible < bucket.size) {
    const Pieces rest = range_of(divisible, bucket.size);
    if (nonblocking) {
      bucket.pending_remainder = comm::all_reduce_start(exec, grid_.data(), rest);
    } else {
      comm::all_reduce(exec, grid_.data(), rest);
    }
  }
}

void GradientSync::start(const ExecSpace& exec, Bucket& bucket, bool nonblocking) {
  bucket.started = true;
  const auto part = [&](std::size_t begin, std::size_t end) {
    return Vector(Kokkos::subview(arena_, Kokkos::make_pair(bucket.offset + begin, bucket.offset + end)));
  };
  if (bf16_ && grid_.data().size() > 1) {
    // The same ranges rounded into the bf16 copy of the arena, reduced there (land() copies back).
    const auto wire_part = [&](std::size_t begin, std::size_t end) {
      const Bf16Vector w = Kokkos::subview(wire_, Kokkos::make_pair(bucket.offset + begin, bucket.offset + end));
      pack_bf16(exec, WorkKind::wire, w, part(begin, end));
      return w;
    };
    start_reductions(exec, bucket, nonblocking, wire_part, wire_pieces_);
  } else {
    start_reductions(exec, bucket, nonblocking, part, pieces_);
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
    const Vector range = Kokkos::subview(arena_, Kokkos::make_pair(bucket.offset, bucket.offset + bucket.size));
    if (bf16_ && grid_.z().size() > 1) {
      const Bf16Vector wire = Kokkos::subview(wire_, Kokkos::make_pair(bucket.offset, bucket.offset + bucket.size));
      pack_bf16(exec, WorkKind::wire, wire, range);
      comm::all_reduce(exec, grid_.z(), wire);
      unpack_bf16(exec, WorkKind::wire, range, wire);
    } else {
      comm::all_reduce(exec, grid_.z(), range);
    }
  }
  const bool nonblocking = overlap_.dp;
  for (Bucket& bucket : buckets_)
    if (!bucket.started) start(exec, bucket, nonblocking);
  const std::size_t d = static_cast<std::size_t>(grid_.coords().data);
  for (Bucket& bucket : buckets_) {
    if (bucket.pending.active()) bucket.pending.wait(exec);
    if (bucket.pending_remainder.active()) bucket.pending_remainder.wait(exec);
    bucket.started = false;
    if (bf16_ && grid_.data().size() > 1) {
      land(exec, bucket);
    } else if (sharded_ && bucket.piece > 0) {
      // The reduced piece replaces this rank's partial sums in the arena: what the optimizer reads.
      const std::size_t own = bucket.offset + d * bucket.piece;
      count_work(WorkKind::copy, bytes_of<float>(2.0 * bucket.piece), 1, Launch::library);
      Kokkos::deep_copy(exec, Kokkos::subview(arena_, Kokkos::make_pair(own, own + bucket.piece)),
                        Kokkos::subview(pieces_, Kokkos::make_pair(bucket.piece_offset, bucket.piece_offset + bucket.piece)));
    }
  }
  overlapping_ = false;
}

void GradientSync::land(const ExecSpace& exec, const Bucket& bucket) {
  // Only the ranges a collective summed: this rank's piece and the remainder (sharded), or the
  // whole bucket. The rest of a sharded bucket keeps this rank's partial sums (nobody reads them).
  const auto land_range = [&](std::size_t begin, std::size_t end, const ConstBf16Vector& sum) {
    unpack_bf16(exec, WorkKind::wire, Kokkos::subview(arena_, Kokkos::make_pair(bucket.offset + begin, bucket.offset + end)), sum);
  };
  const auto wire_range = [&](std::size_t begin, std::size_t end) {
    return ConstBf16Vector(Kokkos::subview(wire_, Kokkos::make_pair(bucket.offset + begin, bucket.offset + end)));
  };
  if (!sharded_) {
    land_range(0, bucket.size, wire_range(0, bucket.size));
    return;
  }
  const std::size_t divisible = bucket.piece * shards_.parts;
  if (bucket.piece > 0) {
    const std::size_t own = static_cast<std::size_t>(grid_.coords().data) * bucket.piece;
    land_range(own, own + bucket.piece,
               Kokkos::subview(wire_pieces_, Kokkos::make_pair(bucket.piece_offset, bucket.piece_offset + bucket.piece)));
  }
  if (divisible < bucket.size) land_range(divisible, bucket.size, wire_range(divisible, bucket.size));
}

void GradientSync::gather_parameters(const ExecSpace& exec, const Vector& parameters) {
  if (!sharded_) return;
  ScopedRegion region("fourfold::gradient_sync::gather_parameters");
  const std::size_t d = static_cast<std::size_t>(grid_.coords().data);
  // The pieces are staged apart from the arena the gather writes (MPI forbids overlapping send
  // and receive buffers); every bucket's gather is in flight before the first is waited for.
  for (Bucket& bucket : buckets_) {
    if (bucket.piece == 0) continue;
    const std::size_t own = bucket.offset + d * bucket.piece;
    const Vector staged = Kokkos::subview(pieces_, Kokkos::make_pair(bucket.piece_offset, bucket.piece_offset + bucket.piece));
    count_work(WorkKind::copy, bytes_of<float>(2.0 * bucket.piece), 1, Launch::library);
    Kokkos::deep_copy(exec, staged, Kokkos::subview(parameters, Kokkos::make_pair(own, own + bucket.piece)));
    bucket.pending = comm::all_gather_start(
        exec, grid_.data(), ConstVector(staged),
        Vector(Kokkos::subview(parameters,
                               Kokkos::make_pair(bucket.offset, bucket.offset + bucket.piece * shards_.parts))));
  }
  for (Bucket& bucket : buckets_)
    if (bucket.pending.active()) bucket.pending.wait(exec);
}

}  // namespace fourfold
