// AxoNN's 3D parallel matrix multiply: Y = X W^T + b for a global weight W (n, k).
//
// Normal orientation: k is split over X, n over Y. This rank's weight block
// (n/G_y, k/G_x) is stored flattened and cut into G_z equal chunks (FSDP over Z).
//   forward:  W_block = all_gather_Z(chunk); Y = X W_block^T; all_reduce_X(Y); Y += b
//   backward: W_block = all_gather_Z(chunk); dX = dY W_block; all_reduce_Y(dX) (overlapped
//             with) dW_block = dY^T X; dW_chunk += reduce_scatter_Z(dW_block); db += colsum(dY)
// Transposed orientation swaps the roles of X and Y (block (n/G_x, k/G_y)), so a normal layer's
// output layout is exactly a transposed layer's input layout.
//
// The n outputs may form groups (q, k, v for QKV; gate, up for SwiGLU), each split over the
// shards separately, so a rank holds the q, k and v rows of the same heads. Groups may differ
// in size: grouped-query attention's k and v are smaller than q.
#pragma once

#include "comm/grid.hpp"
#include "comm/request.hpp"
#include "core/execution_context.hpp"
#include "core/types.hpp"
#include "layers/overlap.hpp"
#include "layers/param_layout.hpp"
#include "layers/sequence_shard.hpp"
#include "layers/weight_block.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace fourfold {

enum class Orientation { normal, transposed };

/// Scratch shared by all linear layers of a model (sized for the largest): the gathered
/// weight block, the weight-gradient block before reduce-scatter, and the reduced chunk.
struct LinearWorkspace {
  Vector weight_block;       // (max n_loc * k_loc); unused when G_z = 1
  Vector weight_grad_block;  // (max n_loc * k_loc); unused when G_z = 1
  Vector weight_grad_chunk;  // (max chunk); unused when G_z = 1
  Vector ones;               // (m) all ones, fp32 mode: bias gradients as a GEMM
  Vector column_partials;    // (column_sum_partial_rows(m) * widest output) bf16 mode: bias
                             // gradients as an fp32 column reduction (elementwise.hpp)
  Bf16Vector wire;           // (m * max(n_loc, k_loc)) bf16 mode: the X/Y all-reduces of outputs and
                             // input gradients travel through it (bf16_wire.hpp); empty in fp32
  Bf16Vector output_grad;    // (m * max n_loc) bf16 mode: backward's dout rounded once for both
                             // of its GEMMs (input and weight gradients); empty: each GEMM rounds it
};

class ParallelLinear {
 public:
  /// Checks that the shapes divide over the grid, naming the layer, the dimension and the grid
  /// size that does not divide it.
  ParallelLinear(std::string name, int out_features, int in_features, Orientation orientation,
                 int out_groups, const comm::Grid& grid);
  /// Output groups of the given sizes (out_features is their sum), each divisible by the shards.
  ParallelLinear(std::string name, const std::vector<int>& out_group_features, int in_features,
                 Orientation orientation, const comm::Grid& grid);

  const std::string& name() const { return name_; }
  Orientation orientation() const { return orientation_; }
  std::size_t out_local() const { return n_local_; }   // n / (G_y or G_x)
  std::size_t in_local() const { return k_local_; }    // k / (G_x or G_y)
  std::size_t block_size() const { return n_local_ * k_local_; }
  std::size_t chunk_size() const { return block_size() / z_size_; }
  std::size_t chunk_begin() const { return chunk_size() * z_rank_; }
  MatrixShard weight_shard() const;
  MatrixShard bias_shard() const;

  int z_size() const { return z_size_; }

  /// out (m, n_loc) = in (m, k_loc) W^T + bias (n_loc); weight_chunk (chunk_size). Gathers the
  /// block over Z itself (blocking) into ws.weight_block: generation's route (GptDecoder), where
  /// nothing runs ahead; a training model runs the gather ahead through a LinearSchedule.
  void forward(ExecutionContext& ctx, const Matrix& out, const ConstMatrix& in, const ConstVector& weight_chunk,
               const ConstVector& bias, const LinearWorkspace& ws) const;

  // The pieces a schedule (LinearSchedule) runs, with the Z collectives apart from the GEMMs:
  // gather the weight block over Z, forward_block / backward_block on it, reduce-scatter the
  // weight gradient block over Z.

  /// block (block_size) = this rank's weight block gathered over Z from weight_chunk, on the
  /// Z prefetch communicator (blocking, or started: the handle completes it).
  comm::Request gather_weight(const ExecSpace& exec, const ConstVector& weight_chunk, const Vector& block,
                              bool start) const;
  /// The same in bf16 (bf16 mode: half the bytes), from a bf16 copy of the chunk.
  comm::Request gather_weight(const ExecSpace& exec, const ConstBf16Vector& weight_chunk, const Bf16Vector& block,
                              bool start) const;
  /// reduced (chunk_size) = this rank's chunk of dweight_block (block_size) summed over Z.
  comm::Request reduce_weight_grad(const ExecSpace& exec, const ConstVector& dweight_block,
                                   const Vector& reduced, bool start) const;
  /// The same in bf16 ([train] grad_reduce = "bf16").
  comm::Request reduce_weight_grad(const ExecSpace& exec, const ConstBf16Vector& dweight_block,
                                   const Bf16Vector& reduced, bool start) const;
  /// out (m, n_loc) = in (m, k_loc) W^T + bias (n_loc), summed over the k shards, on the
  /// gathered block weight (n_loc, k_loc), on ctx's compute instance. An empty bias view skips the bias
  /// add, for a caller that fuses it into the next kernel (bias_gelu_forward). With ws.wire (bf16
  /// mode) the output is all-reduced, and held, as bf16 values. `in` may be held in bf16 (bf16
  /// mode: an activation saved as bf16, read as it was saved). row_chunks (1, 2, 4 or 8; the
  /// forward overlap, [parallel] tp_chunks): the output is all-reduced in that many chunks of
  /// rows, each chunk's all-reduce running while the next chunk's GEMMs compute; the same values
  /// as one chunk. Where the group sums the rows are multiplied in summed_gemm_pieces(m) GEMMs
  /// in every mode; a forward group of one rank has no all-reduce and multiplies in one GEMM,
  /// except a normal layer on a grid with G_y > 1 (pieces, as forward_block_gathered's).
  void forward_block(ExecutionContext& ctx, const Matrix& out, const HeldMatrix& in, const WeightBlock& weight,
                     const ConstVector& bias, const LinearWorkspace& ws, int row_chunks = 1) const;
  /// The backward of forward_block: din (m, k_loc) =; dweight (n_loc, k_loc) =
  /// dweight_beta * dweight + dout^T in; dbias +=. overlap_input_grad: the all-reduce of din
  /// runs while dweight is computed (OAR), else before it. row_chunks (the forward overlap's):
  /// din's all-reduce by chunks of rows, each behind the next chunk's GEMMs; where the backward
  /// group sums, din is multiplied in summed_gemm_pieces(m) GEMMs in every mode (also a
  /// transposed layer's over one X rank where G_y > 1, as backward_block_gathered's). ws.ones or ws.column_partials: bias gradients; ws.wire (bf16
  /// mode): din is all-reduced, and held, as bf16 values. `in` as forward_block's.
  void backward_block(ExecutionContext& ctx, const Matrix& din, const Matrix& dweight, float dweight_beta,
                      const Vector& dbias, const ConstMatrix& dout, const HeldMatrix& in,
                      const WeightBlock& weight, const LinearWorkspace& ws, bool overlap_input_grad,
                      int row_chunks = 1) const;
  /// Sequence sharding (sequence_shard.hpp), a transposed layer: forward_block with the sum over
  /// the k shards (over Y) reduce-scattered by rows instead of all-reduced. out_shard (m / G_y,
  /// n_loc) = this rank's rows of in (m, k_loc) W^T summed, + bias; partials (m, n_loc) is
  /// scratch. row_chunks as forward_block's (at most sequence_scatter_chunks); the same values as
  /// forward_block's rows for G_y dividing max_row_chunks. In bf16 mode ws.wire carries m + m / G_y
  /// rows (sequence_shard_wire_rows).
  void forward_block_scattered(ExecutionContext& ctx, const Matrix& out_shard, const Matrix& partials,
                               const HeldMatrix& in, const WeightBlock& weight, const ConstVector& bias,
                               const LinearWorkspace& ws, int row_chunks) const;
  /// Sequence sharding, a normal layer: forward_block on an input whose rows arrive over Y by
  /// chunks (RowChunkGather, sequence_shard.hpp): chunk c's GEMMs wait for its rows only, so
  /// chunk c + 1's gather runs behind them; each chunk's rows summed over X (by shard ranges)
  /// behind the next chunk's GEMMs. The same pieces, hence the same values, as forward_block on
  /// the gathered rows for G_y dividing max_row_chunks.
  void forward_block_gathered(ExecutionContext& ctx, const Matrix& out, RowChunkGather& in, const WeightBlock& weight,
                              const ConstVector& bias, const LinearWorkspace& ws) const;
  /// Sequence sharding, a normal layer: backward_block with the input gradient's sum over the n
  /// shards (over Y) reduce-scattered by rows: din_shard (m / G_y, k_loc) = this rank's rows of
  /// it; din_partials (m, k_loc) is scratch. dweight, dbias, dout and `in` (all m rows) as
  /// backward_block's. in_gather: a started gather of `in` (its rows over Y, gather_rows), waited
  /// for only before the weight-gradient GEMM, so that it runs behind the input-gradient GEMMs;
  /// null: `in` is ready.
  void backward_block_scattered(ExecutionContext& ctx, const Matrix& din_shard, const Matrix& din_partials,
                                const Matrix& dweight, float dweight_beta, const Vector& dbias,
                                const ConstMatrix& dout, const HeldMatrix& in, const WeightBlock& weight,
                                const LinearWorkspace& ws, bool overlap_input_grad, int row_chunks,
                                comm::Request* in_gather = nullptr) const;
  /// Sequence sharding, a transposed layer: backward_block on an output gradient whose rows
  /// arrive over Y by chunks in row order (RowChunkGather with `natural`, sequence_shard.hpp):
  /// chunk c's input-gradient GEMMs wait for its rows only, each chunk's sums over X start by
  /// shard ranges; the weight and bias gradients read all rows after. The same pieces, hence the
  /// same values, as backward_block on the gathered rows for G_y dividing max_row_chunks.
  void backward_block_gathered(ExecutionContext& ctx, const Matrix& din, const Matrix& dweight, float dweight_beta,
                               const Vector& dbias, RowChunkGather& dout, const HeldMatrix& in,
                               const WeightBlock& weight, const LinearWorkspace& ws, bool overlap_input_grad) const;
  /// Elements of ws.wire this layer needs for m rows.
  std::size_t wire_size(std::size_t rows) const { return rows * std::max(n_local_, k_local_); }

 private:
  // forward_block and backward_block, with the sum all-reduced (shard empty) or reduce-scattered
  // into `shard` / `din_shard`.
  // (gather: in's rows arriving by chunks, forward_block_gathered; else null.)
  void forward_summed(ExecutionContext& ctx, const Matrix& out, const Matrix& shard, const HeldMatrix& in,
                      RowChunkGather* gather, const WeightBlock& weight, const ConstVector& bias,
                      const LinearWorkspace& ws, int row_chunks) const;
  // (dout_gather: dout's rows arriving by chunks, backward_block_gathered; dout is then its
  // fp32 rows in order.)
  void backward_summed(ExecutionContext& ctx, const Matrix& din, const Matrix& din_shard, const Matrix& dweight,
                       float dweight_beta, const Vector& dbias, const ConstMatrix& dout, RowChunkGather* dout_gather,
                       const HeldMatrix& in, const WeightBlock& weight, const LinearWorkspace& ws,
                       bool overlap_input_grad, int row_chunks, comm::Request* in_gather) const;

  std::string name_;
  Orientation orientation_;
  std::size_t n_ = 0, k_ = 0;
  std::size_t n_local_ = 0, k_local_ = 0;
  std::vector<std::size_t> out_groups_;  // global rows of each output group
  std::size_t out_shard_ = 0, in_shard_ = 0;  // this rank's shard indices along n and k
  int z_size_ = 1, z_rank_ = 0;
  const comm::Communicator* forward_group_ = nullptr;   // sums partial products over k shards
  const comm::Communicator* backward_group_ = nullptr;  // sums input-gradient partials over n shards
  const comm::Communicator* z_group_ = nullptr;
  const comm::Communicator* z_prefetch_group_ = nullptr;
};

}  // namespace fourfold
