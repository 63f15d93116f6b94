// The CUDA route of GEMMs with a fused epilogue: cuBLASLt's matmul, which adds a bias, applies
// bias + GELU, or reduces the bias gradient in the GEMM's own epilogue instead of in a second
// pass over the output or the output gradient (core/gemm.hpp: gemm_bias, gemm_bias_grad).
//
// One call is one row-major product, C = alpha * op(A) * op(B) + beta * C, read straight from
// the callers' buffers (no operand copies): cuBLASLt is column-major, so the product runs as
// C^T = op(B)^T op(A)^T, our B as its A and our A as its B. In those terms a bias on C's columns
// (n) is a bias on the rows of its D (CUBLASLT_EPILOGUE_BIAS), and sums of op(A) over k, one per
// row of C (m), are the reduction of its B over k (CUBLASLT_EPILOGUE_BGRADB): for a linear layer's
// dW (n, k) = dout^T (n, m) in (m, k), op(A) = dout^T and the sums are dout's column sums, the
// bias gradient.
//
// Descriptors, layouts and the heuristic's algorithm are made on the first call of a product
// (its shape, types, epilogue and its pointers' alignments) and kept, so a training step after
// the first makes none; the workspace is allocated with the object. One object per GEMM engine
// (so per execution context), bound to the engine's stream for good: a cuBLASLt handle must not
// be used from two threads at once, and each engine is driven by one thread.
//
// Compiled in CUDA builds only (core/CMakeLists.txt). Plain host code: no Kokkos; the stream is
// opaque (a cudaStream_t), so including this header needs no CUDA headers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace fourfold {

/// Element type of an operand, the output or the auxiliary output.
enum class LtType { f32, bf16 };

/// What the epilogue does after C = alpha op(A) op(B) + beta C. The vectors are fp32, so an
/// epilogue other than `none` needs an fp32 C.
enum class LtEpilogue {
  none,           // nothing
  bias,           // C(i, j) += bias(j)                                  CUBLASLT_EPILOGUE_BIAS
  bias_gelu,      // aux = C + bias (the pre-activation), C = GELU(aux)  CUBLASLT_EPILOGUE_GELU_AUX_BIAS
                  // (cuBLASLt's tanh approximation)
  bias_gradient,  // bias_gradient(i) = sum over p of op(A)(i, p)        CUBLASLT_EPILOGUE_BGRADB
                  // (written, not added to)
};

/// One operand: element type, and whether the buffer holds op(X)^T (row-major, ld elements per row).
struct LtOperand {
  LtType type = LtType::f32;
  bool transposed = false;
  std::int64_t ld = 0;
};

/// The description of one product (with the pointers' alignments, the key of its plan).
struct LtProduct {
  std::int64_t m = 0, n = 0, k = 0;  // op(A) (m, k), op(B) (k, n), C (m, n); each at least 1
  LtOperand a, b;
  LtType c = LtType::f32;
  std::int64_t c_ld = 0;             // C row-major, c_ld >= n
  LtEpilogue epilogue = LtEpilogue::none;
  std::int64_t aux_ld = 0;           // bias_gelu: aux (m, n) row-major in C's type, aux_ld >= n and a
                                     // multiple of 8 (cuBLASLt's rule for the GELU input)
};

/// The buffers of one call (device memory).
struct LtBuffers {
  const void* a = nullptr;
  const void* b = nullptr;
  void* c = nullptr;                  // C, read where beta != 0, and written
  const float* bias = nullptr;        // bias, bias_gelu: (n)
  float* bias_gradient = nullptr;     // bias_gradient: (m)
  void* aux = nullptr;                // bias_gelu: (m, aux_ld)
};

class CublasLtMatmul {
 public:
  /// cuBLASLt's workspace: 32 MiB, what NVIDIA recommends for Hopper (4 MiB suffices before it).
  static constexpr std::size_t default_workspace_bytes = std::size_t{32} << 20;

  /// Creates the cuBLASLt handle and allocates the workspace; products run on `stream` (a
  /// cudaStream_t). Throws VendorError where cuBLASLt or the allocation fails.
  explicit CublasLtMatmul(void* stream, std::size_t workspace_bytes = default_workspace_bytes);
  ~CublasLtMatmul();
  CublasLtMatmul(CublasLtMatmul&&) noexcept;
  CublasLtMatmul& operator=(CublasLtMatmul&&) noexcept;
  CublasLtMatmul(const CublasLtMatmul&) = delete;
  CublasLtMatmul& operator=(const CublasLtMatmul&) = delete;

  /// Enqueues the product with its epilogue on the stream and returns true; returns false, having
  /// enqueued nothing, where cuBLASLt offers no algorithm for it (an epilogue, type or alignment
  /// it does not fuse): the caller then runs its unfused route. The answer is kept with the plan.
  /// Throws UserError for an inconsistent description and VendorError, naming the product, for
  /// any other cuBLASLt failure.
  bool run(const LtProduct& product, float alpha, float beta, const LtBuffers& buffers);

  /// Plans made so far (one per distinct product, fused or refused).
  std::size_t plans() const;

  struct State;

 private:
  std::unique_ptr<State> state_;
};

}  // namespace fourfold
