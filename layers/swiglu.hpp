// SwiGLU, the activation of Llama's MLP: down(silu(gate(x)) * up(x)). The gate and up
// projections are one linear layer with two output groups (like c_attn's three), so this rank's
// rows hold [gate (n) | up (n)] for its n = intermediate_size / G_y columns of each; the product
// is element-wise on those local shards, with no communication.
#pragma once

#include "core/types.hpp"

namespace fourfold {

/// out (m, n) = silu(gate) * up, from gate_up (m, 2 n) = [gate | up]; silu(g) = g sigmoid(g).
void swiglu_forward(const ExecSpace& exec, const Matrix& out, const ConstMatrix& gate_up);
/// d_gate_up (m, 2 n) = [dout * up * silu'(gate) | dout * silu(gate)] (assigned), from dout (m, n)
/// and the forward's gate_up.
void swiglu_backward(const ExecSpace& exec, const Matrix& d_gate_up, const ConstMatrix& dout,
                     const ConstMatrix& gate_up);

}  // namespace fourfold
