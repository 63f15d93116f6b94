// Causal multi-head self-attention on this rank's heads (heads are split over Y) and batch rows
// (split over Z and data): no communication.
//
// qkv (m, 3 * c_loc) holds, per row, [q | k | v] of the local heads, each (heads_loc * hs)
// wide, head h at columns h*hs .. (h+1)*hs of each part. out (m, c_loc) is the concatenation of
// the heads' outputs in the same order. att (B_loc, heads_loc, T, T) keeps the softmax
// probabilities (zero above the diagonal) for backward.
#pragma once

#include "core/types.hpp"
#include "layers/attention_blocking.hpp"

namespace fourfold {

void attention_forward(const ExecSpace& exec, const Matrix& out, const Tensor4<float>& att,
                       const ConstMatrix& qkv, int heads_local);

/// dqkv (m, 3 c_loc) = ; dout (m, c_loc); datt (B_loc, heads_loc, T, T) is scratch.
void attention_backward(const ExecSpace& exec, const Matrix& dqkv, const Tensor4<float>& datt,
                        const ConstMatrix& dout, const Tensor4<const float>& att,
                        const ConstMatrix& qkv, int heads_local);

}  // namespace fourfold
