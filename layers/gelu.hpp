// GELU with the tanh approximation (GPT-2), element-wise on local shards.
#pragma once

#include "core/types.hpp"
#include "layers/weight_block.hpp"

namespace fourfold {

/// out (n) = gelu(in (n)).
void gelu_forward(const ExecSpace& exec, const Vector& out, const ConstVector& in);
/// The bias add of the MLP's first layer fused with the GELU after it, one pass over the
/// rows: pre (m, n) += bias (n) (pre keeps the biased pre-activation gelu_backward reads), then
/// out (m, n) = gelu(pre). The same results as add_row_bias + gelu_forward. out is fp32, or bf16
/// (bf16 mode, read only by the next GEMM): each value rounded as it is written. In bf16 mode the
/// biased pre-activation goes, rounded, to pre_copy (m, n), the copy backward reads
/// (GptActivations::copy_target), and pre is left as it was: nothing reads it in fp32 again.
void bias_gelu_forward(const ExecSpace& exec, const OutputMatrix& out, const Matrix& pre, const ConstVector& bias,
                       const Bf16Matrix& pre_copy = Bf16Matrix());
/// din (n) = gelu'(in) * dout.
void gelu_backward(const ExecSpace& exec, const Vector& din, const ConstVector& dout,
                   const ConstVector& in);
/// The same over matrices (m, n), with in the biased pre-activation as the forward saved it: fp32,
/// or in bf16 mode its bf16 copy, read as it is (no fp32 copy restored first).
void gelu_backward(const ExecSpace& exec, const Matrix& din, const ConstMatrix& dout, const HeldMatrix& in);

}  // namespace fourfold
