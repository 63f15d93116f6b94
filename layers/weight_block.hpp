// A weight matrix as the GEMMs read it: fp32, or a bf16 copy made once per optimizer step (bf16
// mode: a linear layer's block as the Z all-gather received it, the LM head's rows), which the
// GEMMs read as it is instead of rounding the fp32 weights again for every call.
#pragma once

#include "core/execution_context.hpp"
#include "core/gemm.hpp"
#include "core/types.hpp"

namespace fourfold {

/// A weight matrix (a linear layer's block (n_loc, k_loc), the LM head's rows (V_loc, C)) as its
/// GEMMs read it: fp32, or in bf16 mode its bf16 copy (the block the Z all-gather received, the
/// LM head's rows rounded at the step's first forward), which the GEMMs read as it is
/// (core/gemm.hpp) instead of expanding it into an fp32 copy first. Exactly one is set.
/// Implicit from either matrix, so a caller passes whichever it holds.
struct WeightBlock {
  ConstMatrix fp32;
  ConstBf16Matrix bf16;
  WeightBlock(const ConstMatrix& weight) : fp32(weight) {}      // NOLINT(google-explicit-constructor)
  WeightBlock(const ConstBf16Matrix& weight) : bf16(weight) {}  // NOLINT(google-explicit-constructor)
  bool is_bf16() const { return bf16.data() != nullptr; }
  std::size_t rows() const { return is_bf16() ? bf16.extent(0) : fp32.extent(0); }
  std::size_t cols() const { return is_bf16() ? bf16.extent(1) : fp32.extent(1); }
};

/// C = alpha op(A) op(W) + beta C with W as it is held: fp32, or the bf16 copy read directly.
void gemm_with_weight(GemmEngine& engine, Op op_a, Op op_w, float alpha, const ConstMatrix& a, const WeightBlock& weight,
                      float beta, const Matrix& c, const char* label);

}  // namespace fourfold
