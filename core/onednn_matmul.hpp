// The host route of mixed-precision GEMMs: oneDNN's matmul primitive (the library PyTorch's CPU
// bf16 runs on). On a CPU with AVX512-BF16 (or AMX) it multiplies bf16 operands with fp32
// accumulation at about 3x the fp32 rate of the host BLAS; elsewhere oneDNN converts internally
// and the result is the same bf16 product.
//
// One call describes a two-level strided batch of row-major products (a plain GEMM is the batch
// 1 x 1), C(o, i) = alpha * op(A(o, i)) * op(B(o, i)) + beta * C(o, i), read straight from the
// callers' buffers through strides (transposes too): no copies. Primitives are made on first use
// of a shape and kept (one cache per GEMM engine, so per execution context), so a training step
// after the first creates none. Plain host code: no Kokkos, raw host pointers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace fourfold {

/// Element type of one oneDNN operand.
enum class MatmulType { f32, bf16 };

/// One operand: element type, leading dimension and the two batch strides (elements).
struct MatmulOperand {
  MatmulType type = MatmulType::f32;
  bool transposed = false;  // the buffer holds op(X)^T, row-major (only A and B)
  std::int64_t ld = 0;
  std::int64_t outer_stride = 0;
  std::int64_t inner_stride = 0;
};

/// The whole description of one strided batched product (the cache key).
struct MatmulShape {
  std::int64_t m = 0, n = 0, k = 0;  // op(A) (m, k), op(B) (k, n), C (m, n)
  std::int64_t outer = 1, inner = 1;
  MatmulOperand a, b, c;  // c.type: f32 or bf16 output
  float alpha = 1.0f, beta = 0.0f;
};

class OnednnMatmul {
 public:
  OnednnMatmul();
  ~OnednnMatmul();
  OnednnMatmul(const OnednnMatmul&) = delete;
  OnednnMatmul& operator=(const OnednnMatmul&) = delete;

  /// Runs the product on `threads` threads (the caller's host GEMM thread count) and returns
  /// when C is written. Throws VendorError naming the shape where oneDNN refuses it.
  void run(const MatmulShape& shape, const void* a, const void* b, void* c, int threads);

  /// Primitives made so far (one per distinct shape).
  std::size_t primitives() const;
  /// The implementation oneDNN chose for the last shape run (e.g. "brg:avx512_core_bf16").
  const char* last_implementation() const;

  struct State;

 private:
  std::unique_ptr<State> state_;
};

/// True when this build has the oneDNN route (FOURFOLD_ENABLE_ONEDNN on a host backend).
bool onednn_available();
/// oneDNN's version and the CPU instruction set it dispatches to, for logs ("oneDNN 2.6.3, avx512_core_bf16").
const char* onednn_description();

}  // namespace fourfold
