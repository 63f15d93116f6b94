// A GEMM operand as it is held: fp32, or (bf16 mode) a bf16 copy that the GEMMs read as it is
// instead of rounding fp32 values again for every call. Weights: a linear layer's block as the Z
// all-gather received it, the LM head's rows, both views of the model's bf16 copy of the
// parameters (Gpt::bf16_parameters). Activations: a field a block saved as bf16 for backward
// (GptActivations::held), read by the forward GEMM that follows and by the weight-gradient GEMM.
#pragma once

#include "core/bf16.hpp"
#include "core/execution_context.hpp"
#include "core/gemm.hpp"
#include "core/types.hpp"

namespace fourfold {

/// A matrix as its GEMMs (core/gemm.hpp) and the backward kernels that take one (the norms',
/// the MLP activations') read it: fp32, or in bf16 mode its bf16 copy, read as it is without an
/// fp32 copy being made first. Exactly one is set. Implicit from either matrix, so a caller
/// passes whichever it holds.
struct HeldMatrix {
  ConstMatrix fp32;
  ConstBf16Matrix bf16;
  HeldMatrix(const ConstMatrix& m) : fp32(m) {}       // NOLINT(google-explicit-constructor)
  HeldMatrix(const Matrix& m) : fp32(m) {}            // NOLINT(google-explicit-constructor)
  HeldMatrix(const ConstBf16Matrix& m) : bf16(m) {}   // NOLINT(google-explicit-constructor)
  bool is_bf16() const { return bf16.data() != nullptr; }
  std::size_t rows() const { return is_bf16() ? bf16.extent(0) : fp32.extent(0); }
  std::size_t cols() const { return is_bf16() ? bf16.extent(1) : fp32.extent(1); }
};

/// Where a kernel writes a matrix: fp32, or in bf16 mode straight into a bf16 copy (each value
/// rounded as it is written), when GEMMs are its only readers: a norm's output, the MLP's
/// activation (GptActivations::output). Exactly one is set; implicit from either.
struct OutputMatrix {
  Matrix fp32;
  Bf16Matrix bf16;
  OutputMatrix(const Matrix& m) : fp32(m) {}      // NOLINT(google-explicit-constructor)
  OutputMatrix(const Bf16Matrix& m) : bf16(m) {}  // NOLINT(google-explicit-constructor)
  bool is_bf16() const { return bf16.data() != nullptr; }
  std::size_t rows() const { return is_bf16() ? bf16.extent(0) : fp32.extent(0); }
  std::size_t cols() const { return is_bf16() ? bf16.extent(1) : fp32.extent(1); }
};

/// One value stored as its output holds it. Kernels that write an OutputMatrix are function
/// templates on the output view (fp32 or bf16), dispatched on is_bf16() by a named function (a
/// device lambda may not be defined inside another lambda), whose stores go through store().
KOKKOS_INLINE_FUNCTION void store(float& to, float v) { to = v; }
KOKKOS_INLINE_FUNCTION void store(bf16& to, float v) { to = to_bf16(v); }
/// One value read as fp32 from an input that is fp32 or bf16 (a HeldMatrix's view): kernels that
/// read one are function templates on the view, dispatched on is_bf16() like the stores above.
KOKKOS_INLINE_FUNCTION float as_float(float v) { return v; }
KOKKOS_INLINE_FUNCTION float as_float(bf16 v) { return to_float(v); }

/// A weight matrix (a linear layer's block (n_loc, k_loc), the LM head's rows (V_loc, C)).
using WeightBlock = HeldMatrix;

/// C = alpha op(A) op(B) + beta C with A and B as they are held: fp32, or bf16 copies read directly.
void gemm_held(GemmEngine& engine, Op op_a, Op op_b, float alpha, const HeldMatrix& a, const HeldMatrix& b,
               float beta, const Matrix& c, const char* label);

/// The same with an fp32 A: C = alpha op(A) op(W) + beta C.
inline void gemm_with_weight(GemmEngine& engine, Op op_a, Op op_w, float alpha, const ConstMatrix& a,
                             const WeightBlock& weight, float beta, const Matrix& c, const char* label) {
  gemm_held(engine, op_a, op_w, alpha, HeldMatrix(a), weight, beta, c, label);
}

}  // namespace fourfold
