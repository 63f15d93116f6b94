// Sequence sharding ([parallel] sequence_shard, as Megatron's sequence parallelism): the rows of
// the norm region (the residual stream, the norms' inputs, outputs and statistics, and their
// gradients) split over the Y group, which otherwise holds every row.
//
// Rank y of Y keeps rows [y m_s, (y + 1) m_s) of this rank's m = B_loc T rows, m_s = m / G_y:
// whole rows, channels still split over X. Where a transposed layer (the attention and MLP
// projections) all-reduced its output over Y, it reduce-scatters it by rows
// (ParallelLinear::forward_block_scattered); a normal layer (q/k/v, the MLP's first) gathers its
// input's rows over Y first (RowChunkGather, forward_block_gathered). Backward mirrors it: a
// transposed layer gathers its output gradient (backward_block_gathered), a normal layer
// reduce-scatters its input gradient (backward_block_scattered). Each of these runs by the
// forward overlap's row chunks, the GEMMs of a chunk waiting for its own rows only, so that the
// next chunk travels behind them. The bytes are those of the all-reduce (a reduce-scatter and an
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
#include "comm/request.hpp"
#include "core/types.hpp"
#include "layers/overlap.hpp"
#include "layers/weight_block.hpp"

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

/// A norm's output gathered over Y by row chunks for a normal layer's forward
/// (ParallelLinear::forward_block_gathered), so that the GEMMs of chunk c run while chunk c + 1
/// travels. Chunk c of `chunks` holds every rank's rows [c m_s / chunks, (c + 1) m_s / chunks) of
/// its shard, in rank order: the layout a transposed layer's reduce-scatter sends (PartialSums in
/// layers/linear.cpp), not the row order. Every chunk's gather starts at construction, behind
/// the work enqueued on exec so far; wait(c) before reading chunk c. chunks: at most
/// sequence_scatter_chunks(G_y, ...), so that chunks cut every shard's GEMM pieces evenly; 1
/// gathers at once. The shard is held fp32 (gathered into `full`) or bf16 (into `full_bf16`),
/// both (m, w) = (G_y m_s, w).
///
/// In row order (a transposed layer's output gradient in backward, ParallelLinear::
/// backward_block_gathered, whose weight gradient needs the rows in order): the fp32 shard is
/// gathered by chunks into `staging` and wait(c) copies chunk c's rows to their places in
/// `natural` (one kernel per chunk), in bf16 mode (`rounded` of m w elements) rounding them into
/// `rounded` in the same pass; shard_rows() and full() then read `rounded` (the GEMMs' operand)
/// or `natural`, in row order.
class RowChunkGather {
 public:
  RowChunkGather(const ExecSpace& exec, const comm::Communicator& group, const HeldMatrix& shard, const Matrix& full,
                 const Bf16Matrix& full_bf16, std::size_t chunks);
  RowChunkGather(const ExecSpace& exec, const comm::Communicator& group, const ConstMatrix& shard,
                 const Matrix& staging, const Matrix& natural, const Bf16Vector& rounded, std::size_t chunks);
  RowChunkGather(const RowChunkGather&) = delete;
  RowChunkGather& operator=(const RowChunkGather&) = delete;

  const comm::Communicator& group() const { return group_; }
  std::size_t chunks() const { return chunks_; }
  /// The gathered buffer, all m rows (in the chunk layout; in row order: `rounded` or `natural`).
  HeldMatrix full() const;
  /// In row order: the fp32 rows (`natural`); complete once every chunk has been waited for.
  ConstMatrix natural() const { return natural_; }
  /// Chunk c has arrived, for work enqueued on exec.
  void wait(const ExecSpace& exec, std::size_t c);
  /// Rows [begin, end) of rank r's shard where they lie in the buffer: within one chunk.
  HeldMatrix shard_rows(std::size_t r, std::size_t begin, std::size_t end) const;

 private:
  const comm::Communicator& group_;
  std::size_t shard_rows_ = 0, cols_ = 0, chunks_ = 1;
  bool bf16_ = false;
  Matrix full_;
  Bf16Matrix full_bf16_;
  Matrix natural_;        // in row order: where wait() puts each chunk (else empty)
  Bf16Vector rounded_;    // in row order, bf16 mode: the rounded copy (else empty)
  comm::Request pending_[max_row_chunks];
};

}  // namespace fourfold
