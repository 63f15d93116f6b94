// Causal multi-head self-attention on this rank's heads (heads are split over Y) and batch rows
// (split over Z and data): no communication.
//
// qkv (m, 3 * c_loc) holds, per row, [q | k | v] of the local heads, each (heads_loc * hs)
// wide, head h at columns h*hs .. (h+1)*hs of each part. out (m, c_loc) is the concatenation of
// the heads' outputs in the same order.
//
// Nothing of size T x T lives between forward and backward: forward keeps, per (batch row, head,
// query), the log-sum-exp of the scaled scores (lse, B_loc * NH_y * T floats), and backward
// recomputes each block of scores from Q and K and the probabilities from lse, flash-attention
// style. The scores and probabilities exist only for one block of attention_causal_block queries
// against the keys they see, for all (batch row, head) pairs at once: the scratch is
// (B_loc NH_y, block, T) twice, whatever the number of layers.
#pragma once

#include "core/types.hpp"
#include "layers/attention_blocking.hpp"

namespace fourfold {

/// Scratch of attention, shared by every layer of a model.
struct AttentionWorkspace {
  AttentionWorkspace() = default;
  /// batch = B_loc sequences, heads = NH_y, channels = c_loc = NH_y * hs.
  AttentionWorkspace(int batch, int seq_len, int heads, int channels);
  std::size_t bytes() const;

  int batch = 0, seq_len = 0, heads = 0, head_size = 0;
  /// Query rows of one block of scores: attention_causal_block, or T when shorter.
  int block_rows() const { return seq_len < attention_causal_block ? seq_len : attention_causal_block; }
  // Head-major copies (B_loc NH_y, T, hs), so that every (batch row, head) matrix is one stride
  // from the last and each GEMM is a single batched call over all of them.
  Vector q, k, v;     // forward operands, and backward's (permuted again from qkv)
  Vector o;           // forward output before it is scattered into `out`; backward: dO
  Vector dq, dk, dv;  // backward results before they are scattered into dqkv
  Vector delta;       // (B_loc NH_y T) rowsum(dO * O), the softmax gradient's correction
  Vector scores;      // (B_loc NH_y, block_rows, T) scores, then probabilities, of one query block
  Vector dscores;     // (B_loc NH_y, block_rows, T) their gradient
};

/// Elements of the per-layer softmax statistics attention_forward keeps: B_loc * NH_y * T.
inline std::size_t attention_stats_size(int batch, int seq_len, int heads) {
  return static_cast<std::size_t>(batch) * heads * seq_len;
}

/// out (m, c_loc) =; lse (B_loc NH_y T) = log-sum-exp of each query's scaled scores over the keys
/// it sees. m = B_loc * T rows; the batch B_loc comes from the workspace.
void attention_forward(const ExecSpace& exec, const Matrix& out, const Vector& lse, const ConstMatrix& qkv,
                       int heads_local, const AttentionWorkspace& ws);

/// dqkv (m, 3 c_loc) =; from dout (m, c_loc) and the forward's out, lse and qkv.
void attention_backward(const ExecSpace& exec, const Matrix& dqkv, const ConstMatrix& dout, const ConstMatrix& out,
                        const ConstVector& lse, const ConstMatrix& qkv, int heads_local,
                        const AttentionWorkspace& ws);

}  // namespace fourfold
