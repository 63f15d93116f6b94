// Causal multi-head self-attention on this rank's heads (heads are split over Y) and batch rows
// (split over Z and data): no communication.
//
// qkv (m, (heads_loc + 2 kv_loc) * hs) holds, per row, [q | k | v] of the local heads: q is
// heads_loc heads of hs, k and v kv_loc heads each, head h at columns h*hs .. (h+1)*hs of its
// part. out (m, c_loc = heads_loc * hs) is the concatenation of the heads' outputs in order.
// Multi-head attention (GPT-2) has kv_loc = heads_loc. Grouped-query attention (Llama) has fewer:
// query head h reads key/value head h / (heads_loc / kv_loc), as transformers' repeat_kv pairs
// them; the key and value gradients of a group's query heads are summed, in a fixed order.
//
// Nothing of size T x T lives between forward and backward: forward keeps, per (batch row, head,
// query), the log-sum-exp of the scaled scores (lse, B_loc * NH_y * T floats), and backward
// recomputes each block of scores from Q and K and the probabilities from lse, flash-attention
// style. The scores and probabilities exist only for one block of attention_causal_block queries
// against the keys they see, for all (batch row, head) pairs at once: the scratch is
// (B_loc NH_y, block, T) twice, whatever the number of layers.
#pragma once

#include "core/execution_context.hpp"
#include "core/precision.hpp"
#include "core/types.hpp"
#include "layers/attention_blocking.hpp"

namespace fourfold {

/// Scratch of attention, shared by every layer of a model.
struct AttentionWorkspace {
  AttentionWorkspace() = default;
  /// batch = B_loc sequences, heads = NH_y query heads, channels = c_loc = NH_y * hs, kv_heads =
  /// the local key/value heads (0: as many as the query heads), a divisor of heads. precision:
  /// the model's; bf16 holds the GEMMs' operands in bf16 (the GEMM engine must then compute in
  /// bf16). backward = false: forward only (a weights-only model): dq, dk, dv, delta, dscores,
  /// do16 and ds16 stay empty.
  AttentionWorkspace(int batch, int seq_len, int heads, int channels, int kv_heads = 0,
                     GemmPrecision precision = GemmPrecision::fp32, bool backward = true);
  std::size_t bytes() const;
  bool bf16_operands() const { return q16.extent(0) != 0; }

  int batch = 0, seq_len = 0, heads = 0, head_size = 0, kv_heads = 0;
  /// Query heads per key/value head.
  int group() const { return kv_heads > 0 ? heads / kv_heads : 1; }
  /// Query rows of one block of scores: attention_causal_block, or T when shorter.
  int block_rows() const { return seq_len < attention_causal_block ? seq_len : attention_causal_block; }
  // Head-major copies (B_loc NH_y, T, hs), so that every (batch row, head) matrix is one stride
  // from the last and each GEMM is a single batched call over all of them. Under grouped-query
  // attention k and v hold each key/value head once per query head of its group.
  // fp32 mode: the GEMM operands in fp32, the probabilities and their gradient made in place of
  // the scores. bf16 mode: every GEMM operand is written in bf16 by the kernel that produces it
  // (the permutes, the softmax and its gradient), so no GEMM converts one, and each is rounded
  // once however many query blocks read it; q, k, v stay empty and backward's dO goes to do16.
  Vector q, k, v;     // fp32: forward operands, and backward's (permuted again from qkv)
  Vector o;           // forward output before it is scattered into `out`; fp32 backward: dO
  Vector dq, dk, dv;  // backward results before they are scattered into dqkv
  Vector delta;       // (B_loc NH_y T) rowsum(dO * O), the softmax gradient's correction
  Vector scores;      // (B_loc NH_y, block_rows, T) scores (fp32: then probabilities) of one query block
  Vector dscores;     // (B_loc NH_y, block_rows, T) gradient of the probabilities (fp32: then of the scores)
  Bf16Vector q16, k16, v16, do16;  // bf16 mode: head-major Q, K, V and dO (B_loc NH_y, T, hs)
  Bf16Vector p16, ds16;            // bf16 mode: (B_loc NH_y, block_rows, T) probabilities, score gradient
};

/// Elements of the per-layer softmax statistics attention_forward keeps: B_loc * NH_y * T.
inline std::size_t attention_stats_size(int batch, int seq_len, int heads) {
  return static_cast<std::size_t>(batch) * heads * seq_len;
}

/// out (m, c_loc) =; lse (B_loc NH_y T) = log-sum-exp of each query's scaled scores over the keys
/// it sees. m = B_loc * T rows; the batch B_loc comes from the workspace.
void attention_forward(ExecutionContext& ctx, const Matrix& out, const Vector& lse, const ConstMatrix& qkv,
                       int heads_local, const AttentionWorkspace& ws);

/// dqkv (m, (heads_loc + 2 kv_loc) hs) =; from dout (m, c_loc) and the forward's out, lse and qkv.
void attention_backward(ExecutionContext& ctx, const Matrix& dqkv, const ConstMatrix& dout, const ConstMatrix& out,
                        const ConstVector& lse, const ConstMatrix& qkv, int heads_local,
                        const AttentionWorkspace& ws);

}  // namespace fourfold
