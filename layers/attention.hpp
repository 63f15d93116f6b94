// Causal multi-head self-attention on this rank's heads (heads are split over Y) and batch rows
// (split over Z and data): no communication.
//
// qkv (m, 3 * c_loc) holds, per row, [q | k | v] of the local heads, each (heads_loc * hs)
// wide, head h at columns h*hs .. (h+1)*hs of each part. out (m, c_loc) is the concatenation of
// the heads' outputs in the same order. att (B_loc, heads_loc, T, T) keeps the softmax
// probabilities (zero above the diagonal) for backward.
#pragma once

#include "core/types.hpp"

namespace fourfold {

/// Queries (and keys) per block of the causal blocking: each of attention's GEMMs runs per block
/// over the unmasked keys (or queries) only. A multiple of the GPU warp and CPU vector widths.
inline constexpr int attention_causal_block = 128;

/// Score entries (query, key) per (batch row, head) that the blocked GEMMs compute at length T:
/// the causal triangle plus the masked part of the diagonal blocks (T * T without blocking).
inline constexpr double attention_scores_computed(int T) {
  double entries = 0.0;
  for (int first = 0; first < T; first += attention_causal_block) {
    const int end = first + attention_causal_block < T ? first + attention_causal_block : T;
    entries += static_cast<double>(end - first) * end;
  }
  return entries;
}

void attention_forward(const ExecSpace& exec, const Matrix& out, const Tensor4<float>& att,
                       const ConstMatrix& qkv, int heads_local);

/// dqkv (m, 3 c_loc) = ; dout (m, c_loc); datt (B_loc, heads_loc, T, T) is scratch.
void attention_backward(const ExecSpace& exec, const Matrix& dqkv, const Tensor4<float>& datt,
                        const ConstMatrix& dout, const Tensor4<const float>& att,
                        const ConstMatrix& qkv, int heads_local);

}  // namespace fourfold
