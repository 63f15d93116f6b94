// GELU with the tanh approximation (GPT-2), element-wise on local shards.
#pragma once

#include "core/types.hpp"

namespace fourfold {

/// out (n) = gelu(in (n)).
void gelu_forward(const ExecSpace& exec, const Vector& out, const ConstVector& in);
/// din (n) = gelu'(in) * dout.
void gelu_backward(const ExecSpace& exec, const Vector& din, const ConstVector& dout,
                   const ConstVector& in);

}  // namespace fourfold
