// LayerNorm over the channels of the residual stream, exact when channels are split over X:
// the row sums are reduced over the X group, so every rank normalises with the statistics of
// the whole row (AxoNN normalises each X slice on its own, which is wrong for G_x > 1).
// eps = 1e-5, biased variance (GPT-2). RMSNorm (Llama) runs on the same kernels (NormSpec).
//
// Kernels run one team per row (team reductions over the row's columns); the parameter
// gradients are column sums over all rows, done as a deterministic two-level sum through a
// scratch of per-chunk partials (no atomics: bit-identical run to run).
#pragma once

#include "comm/communicator.hpp"
#include "core/types.hpp"
#include "layers/weight_block.hpp"

namespace fourfold {

inline constexpr float layernorm_eps = 1e-5f;

/// Which normalisation the kernels compute. LayerNorm (GPT-2): centred on the row's mean, a
/// weight and a bias. RMSNorm (Llama): y = x / sqrt(mean(x^2) + eps) * weight, not centred and
/// without a bias; its kernels take an empty bias and bias gradient (ConstVector() / Vector()),
/// and keep mean = 0 so that every LayerNorm kernel (recomputation included) serves it unchanged.
struct NormSpec {
  bool centred = true;
  float eps = layernorm_eps;

  static NormSpec layer_norm(float eps = layernorm_eps) { return NormSpec{true, eps}; }
  static NormSpec rms_norm(float eps) { return NormSpec{false, eps}; }
};

/// Rows per chunk of the first level of the parameter-gradient column sums.
inline constexpr std::size_t layernorm_chunk_rows = 32;

/// Rows of the column_partials scratch (rows, c_loc) that layernorm_backward needs for m rows in
/// `segments` equal segments (NormRows): two (weight, bias) per chunk of at most
/// layernorm_chunk_rows rows, the chunks starting again at every segment.
inline constexpr std::size_t layernorm_partial_rows(std::size_t m, std::size_t segments = 1) {
  return 2 * segments * ((m / segments + layernorm_chunk_rows - 1) / layernorm_chunk_rows);
}

/// How layernorm_backward's parameter gradients sum the rows. The m rows form `segments` equal
/// segments (m divisible by it) whose chunks of layernorm_chunk_rows rows never cross a segment,
/// so that a model whose rows are split over Y (sequence_shard.hpp: one segment per rank, its
/// partials gathered over `group` into gathered_partials (G layernorm_partial_rows(m), c_loc))
/// sums the same chunks in the same order as the unsharded model on the same grid (G_y segments).
struct NormRows {
  std::size_t segments = 1;
  const comm::Communicator* group = nullptr;  // the rows of the group's ranks, in rank order; null: only ours
  Matrix gathered_partials;
};

/// out (m, c_loc), mean (m), rstd (m) from in (m, c_loc), weight (c_loc), bias (c_loc; empty
/// for RMSNorm). row_sums (m, 2) is scratch; channels = c_loc * x_group.size(). out is fp32, or
/// bf16 (bf16 mode, GEMMs its only readers): each value rounded as it is written.
void layernorm_forward(const ExecSpace& exec, const OutputMatrix& out, const Vector& mean,
                       const Vector& rstd, const ConstMatrix& in, const ConstVector& weight,
                       const ConstVector& bias, const Tensor2<double>& row_sums,
                       const comm::Communicator& x_group, const NormSpec& norm = NormSpec());

/// out (m, c_loc) from in (m, c_loc) and statistics a layernorm_forward of the same rows kept
/// (mean, rstd (m)): the forward's output, bit for bit, without reducing the rows over X again.
/// What activation recomputation runs.
void layernorm_normalise(const ExecSpace& exec, const Matrix& out, const ConstMatrix& in, const ConstVector& mean,
                         const ConstVector& rstd, const ConstVector& weight, const ConstVector& bias);

/// The residual add fused with the LayerNorm that reads its result: residual (m, c_loc) +=
/// add (m, c_loc), then out, mean, rstd = layernorm_forward of the updated residual. One pass
/// over the rows both adds and sums; the same results as add_into + layernorm_forward. In bf16
/// mode the same pass also writes the updated residual, rounded, into residual_copy (m, c_loc),
/// the copy backward reads (GptActivations::copy_target); empty: no copy.
void residual_layernorm_forward(const ExecSpace& exec, const OutputMatrix& out, const Vector& mean,
                                const Vector& rstd, const Matrix& residual, const ConstMatrix& add,
                                const ConstVector& weight, const ConstVector& bias,
                                const Tensor2<double>& row_sums, const comm::Communicator& x_group,
                                const NormSpec& norm = NormSpec(), const Bf16Matrix& residual_copy = Bf16Matrix());

/// din (m, c_loc) = (or += when accumulate_din: the residual branch's gradient added in the same
/// pass); dweight, dbias (c_loc; empty for RMSNorm) +=; from dout (m, c_loc) and the forward's
/// saved in, mean, rstd; `norm` as the forward's. in is fp32, or in bf16 mode the bf16 copy the
/// forward saved, read as it is (no fp32 copy restored first).
/// row_sums (m, 2) and column_partials (layernorm_partial_rows(m), c_loc) are scratch.
/// (layernorm_partial_rows(m, rows.segments) of them). `rows`: how the parameter gradients sum
/// the rows (NormRows); with a group, every rank of it sums all the group's rows, the same bits.
void layernorm_backward(const ExecSpace& exec, const Matrix& din, const Vector& dweight,
                        const Vector& dbias, const ConstMatrix& dout, const HeldMatrix& in,
                        const ConstVector& weight, const ConstVector& mean, const ConstVector& rstd,
                        const Tensor2<double>& row_sums, const Matrix& column_partials,
                        const comm::Communicator& x_group, bool accumulate_din = false,
                        const NormSpec& norm = NormSpec(), const NormRows& rows = NormRows());

}  // namespace fourfold
