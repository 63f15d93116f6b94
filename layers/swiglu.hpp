// SwiGLU, the activation of Llama's MLP: down(silu(gate(x)) * up(x)). The gate and up
// projections are one linear layer with two output groups (like c_attn's three), so this rank's
// rows hold [gate (n) | up (n)] for its n = intermediate_size / G_y columns of each; the product
// is element-wise on those local shards, with no communication.
#pragma once

#include "core/types.hpp"
#include "layers/weight_block.hpp"

namespace fourfold {

/// out (m, n) = silu(gate) * up, from gate_up (m, 2 n) = [gate | up]; silu(g) = g sigmoid(g). out
/// is fp32, or bf16 (bf16 mode, read only by the next GEMM): each value rounded as it is written.
/// In bf16 mode the same pass writes gate_up, rounded, into gate_up_copy (m, 2 n), the copy
/// backward reads (GptActivations::copy_target); empty: no copy.
void swiglu_forward(const ExecSpace& exec, const OutputMatrix& out, const ConstMatrix& gate_up,
                    const Bf16Matrix& gate_up_copy = Bf16Matrix());
/// d_gate_up (m, 2 n) = [dout * up * silu'(gate) | dout * silu(gate)] (assigned), from dout (m, n)
/// and the forward's gate_up: fp32, or in bf16 mode the bf16 copy it saved, read as it is (no fp32
/// copy restored first).
void swiglu_backward(const ExecSpace& exec, const Matrix& d_gate_up, const ConstMatrix& dout,
                     const HeldMatrix& gate_up);

}  // namespace fourfold
