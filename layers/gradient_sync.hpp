// Completing the gradients over Z and data, in buckets that start as soon as they are final (DP).
//
// The gradient arena (see gpt.hpp) holds the Z-replicated tensors first, then every block's
// Z-sharded weight chunks in block order. Buckets are fixed at construction from the bucket
// size alone, each a contiguous range of at most bucket_bytes:
//   - the weight chunks cut from the end of the arena down (they become final in that order
//     during backward: a bucket is final when the lowest block it touches is);
//   - the Z-replicated section (final only when backward ends: the tied embedding's gradient
//     is completed by the embedding's backward), summed over Z piece by piece first.
// Buckets stay small because one very large message is slow on some transports (Open MPI's
// shared memory at 25 MB and up, measured), and because a small bucket starts sooner.
// Each bucket is one data-parallel all-reduce, with DP overlap or without, so the sums are the
// same bits either way; only when they start changes.
//
//   begin_backward(last)    before the backward of a micro-step; buckets start during it only
//                           when it is the step's last micro-step (earlier ones still add)
//   block_done(exec, b, s)  block b's backward is enqueued: with DP, start every bucket whose
//                           blocks are all done and whose reduce-scatters over Z have retired
//   finish(exec, s)         drain the reduce-scatters, all-reduce the replicated section over
//                           Z, run or start the remaining buckets, wait for all of them
//
// With the optimizer sharded over data (ZeRO-1, data_shards.hpp) a bucket is reduce-scattered
// over data instead of all-reduced: rank d receives the sum of its piece (into a staging buffer,
// copied into the arena when finish() completes it), and the bucket's remainder, if any, is
// all-reduced. After the optimizer has updated the pieces this rank owns, gather_parameters()
// all-gathers every bucket's pieces of the parameter arena over data.
//
// bf16 gradient collectives ([train] grad_reduce = "bf16"): each range is rounded into the same
// range of a bf16 copy of the arena, reduced there, and the bf16 sum copied back into the fp32
// arena when it completes (a sharded bucket's piece through a bf16 staging of the pieces). The
// parameters' all-gather stays fp32: they are the masters.
#pragma once

#include "comm/grid.hpp"
#include "comm/request.hpp"
#include "core/types.hpp"
#include "layers/data_shards.hpp"
#include "layers/linear_schedule.hpp"
#include "layers/overlap.hpp"

#include <cstddef>
#include <vector>

namespace fourfold {

class GradientSync {
 public:
  /// block_ranges[b]: the [offset, offset + size) of block b's Z-sharded chunks in the arena,
  /// contiguous and in block order after z_replicated_size. shard_optimizer: reduce-scatter
  /// over data (ZeRO-1) instead of all-reduce (where there is more than one data rank).
  GradientSync(const Vector& grad_arena, std::size_t z_replicated_size,
               const std::vector<std::pair<std::size_t, std::size_t>>& block_ranges, const comm::Grid& grid,
               const OverlapOptions& overlap, double bucket_mb, bool shard_optimizer = false,
               bool bf16_grads = false);
  ~GradientSync();
  GradientSync(const GradientSync&) = delete;
  GradientSync& operator=(const GradientSync&) = delete;

  int buckets() const { return static_cast<int>(buckets_.size()); }
  bool sharded() const { return sharded_; }
  /// The buckets and, when sharded, who owns what (parts = 1 otherwise).
  const DataShards& shards() const { return shards_; }
  /// Bytes of the staging buffer of this rank's reduced pieces (0 unless sharded).
  std::size_t workspace_bytes() const {
    return pieces_.span() * sizeof(float) + (wire_.span() + wire_pieces_.span()) * sizeof(bf16);
  }

  void begin_backward(bool last_micro_step);
  void block_done(const ExecSpace& exec, int block, const LinearSchedule& schedule);
  void finish(const ExecSpace& exec, LinearSchedule& schedule);
  /// Sharded: every rank's updated pieces of `parameters` all-gathered over data, so that every
  /// data rank holds the whole updated arena. Nothing to do otherwise.
  void gather_parameters(const ExecSpace& exec, const Vector& parameters);

 private:
  struct Bucket {
    std::size_t offset = 0, size = 0;  // arena elements
    int lowest_block = -1;             // -1: part of the Z-replicated section
    std::size_t piece = 0;             // sharded: elements of each rank's piece
    std::size_t piece_offset = 0;      // sharded: where this rank's reduced piece is staged
    comm::Request pending, pending_remainder;
    bool started = false;
  };
  void start(const ExecSpace& exec, Bucket& bucket, bool nonblocking);
  /// start()'s collectives on the ranges range_of(begin, end) gives (the arena's, or their bf16
  /// copies), reduce-scattering into `pieces` when sharded.
  template <class RangeOf, class Pieces>
  void start_reductions(const ExecSpace& exec, Bucket& bucket, bool nonblocking, RangeOf range_of,
                        const Pieces& pieces);
  /// bf16 gradients: after bucket's collectives completed, their sums into the fp32 arena.
  void land(const ExecSpace& exec, const Bucket& bucket);

  Vector arena_;
  Bf16Vector wire_;         // bf16 gradients: (arena, or the replicated section without data ranks)
  Bf16Vector wire_pieces_;  // bf16 gradients, sharded: (pieces) this rank's reduced pieces
  bool bf16_ = false;
  std::size_t z_replicated_size_;
  const comm::Grid& grid_;
  OverlapOptions overlap_;
  bool overlapping_ = false;  // buckets may start during the current backward
  bool sharded_ = false;
  std::vector<Bucket> buckets_;  // sharded buckets (last block first), then replicated pieces
  DataShards shards_;
  Vector pieces_;  // (shards_.pieces_size()) this rank's reduced pieces; staging of its updated ones
};

}  // namespace fourfold
