// Sequence sharding ([parallel] sequence_shard, as Megatron's sequence parallelism): the rows of
// the norm region (the residual stream, the norms' inputs, outputs and statistics, and their
// gradients) split over the Y group, which otherwise holds every row.
//
// Rank y of Y keeps rows [y m_s, (y + 1) m_s) of this rank's m = B_loc T rows, m_s = m / G_y:
// whole rows, channels still split over X. Where a transposed layer (the attention and MLP
// projections) all-reduced its output over Y, it reduce-scatters it by rows
// (ParallelLinear::forward_block_scattered); a normal layer (q/k/v, the MLP's first) gathers its
// input's rows over Y first (gather_rows). Backward mirrors it: a transposed layer gathers its
// output gradient, a normal layer reduce-scatters its input gradient
// (backward_block_scattered). The bytes are those of the all-reduce (a reduce-scatter and an
// all-gather of the same rows), while the norm region's activations and elementwise work shrink
// by G_y. The LM head and the embedding work on all m rows, gathered or kept as their slice.
//
// Exact: every row is the same sum of the same GEMM pieces (overlap.hpp, sequence_scatter_pieces:
// the unsharded pieces for G_y dividing 8), and the norms' weight gradients sum the same chunks
// of rows in the same order, sharded or not (layernorm.hpp, NormRows: chunks never cross a Y
// rank's rows; sharded, their partials gathered over Y): bit-identical to the unsharded model
// where the library sums a reduce-scatter's element as its all-reduce (any library for G_y = 2;
// this MPI for G_y = 4, tested), else equal to float rounding. A normal layer's backward gathers
// its input again for the weight gradient, behind its input-gradient GEMMs.
#pragma once

#include "comm/communicator.hpp"
#include "comm/grid.hpp"
#include "core/types.hpp"

#include <cstddef>

namespace fourfold {

/// This rank's rows of the norm region.
struct SequenceShard {
  std::size_t rows = 0;        // m: all of this rank's rows (the attention and MLP region's)
  std::size_t shard_rows = 0;  // m_s: the norm region's (m when not sharded)
  std::size_t row_begin = 0;   // the first of them
  const comm::Communicator* group = nullptr;  // Y when sharded, else null

  bool active() const { return group != nullptr; }
};

/// The shard of m rows for [parallel] sequence_shard = `requested` on `grid`: not sharded when
/// not requested or G_y = 1. A UserError names m, G_y and the rule when m does not split into
/// the reduce-scatter's pieces (sequence_scatter_pieces(G_y)).
SequenceShard make_sequence_shard(bool requested, std::size_t rows, const comm::Grid& grid);

/// full (m, w) = the group's shards (m / G, w each) in rank order, on exec: all-gathered
/// (started when `start`: the returned request completes it).
comm::Request gather_rows(const ExecSpace& exec, const comm::Communicator& group, const ConstMatrix& shard,
                          const Matrix& full, bool start = false);
/// The same in bf16 (bf16 mode: a norm's output saved as bf16, half the bytes).
comm::Request gather_rows(const ExecSpace& exec, const comm::Communicator& group, const ConstBf16Matrix& shard,
                          const Bf16Matrix& full, bool start = false);

}  // namespace fourfold
