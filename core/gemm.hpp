// The single GEMM entry point of fourfold: every matrix multiply in layers/ goes through here,
// so this is the one place that knows Kokkos Kernels (and, through it, cuBLAS / rocBLAS / the
// host BLAS) and the one place to choose kernels per shape.
#pragma once

#include "core/gemm_engine.hpp"
#include "core/types.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

namespace fourfold {

enum class Op { none, transpose };

/// C = alpha * op(A) * op(B) + beta * C.
///   op(A): (m, k)   A is (m, k) for Op::none, (k, m) for Op::transpose
///   op(B): (k, n)   B is (k, n) for Op::none, (n, k) for Op::transpose
///   C:     (m, n)
/// All three must be contiguous row-major matrices (row ranges of a LayoutRight matrix are).
/// Shapes are checked with an error listing every extent. Runs on the engine's instance where
/// the Kokkos Kernels version supports execution-space instances (4.x); 3.4 runs on the
/// default instance after a fence. Follows the engine's precision and timing switch.
/// `label` names the profiling region ("fourfold::linear::forward" etc.).
void gemm(GemmEngine& engine, Op op_a, Op op_b, float alpha, const ConstMatrix& a,
          const ConstMatrix& b, float beta, const Matrix& c, const char* label = "fourfold::gemm");

/// The same with B held in bf16 (bf16 mode only: the engine's precision must be bf16): a weight block
/// that crossed the Z all-gather as bf16 is read as it arrived. The vendor GEMM reads it directly
/// (cuBLAS); the host BLAS route expands it into B's operand copy where it would round an fp32 B.
/// Either way the product equals gemm() on the fp32 values of B.
void gemm(GemmEngine& engine, Op op_a, Op op_b, float alpha, const ConstMatrix& a,
          const ConstBf16Matrix& b, float beta, const Matrix& c, const char* label = "fourfold::gemm");

/// The same with A, or both operands, held in bf16 (bf16 mode only): an activation saved as bf16
/// for backward is read as it was saved, not rounded again. The product equals gemm() on the
/// fp32 values of the bf16 operands.
void gemm(GemmEngine& engine, Op op_a, Op op_b, float alpha, const ConstBf16Matrix& a, const ConstMatrix& b,
          float beta, const Matrix& c, const char* label = "fourfold::gemm");
void gemm(GemmEngine& engine, Op op_a, Op op_b, float alpha, const ConstBf16Matrix& a, const ConstBf16Matrix& b,
          float beta, const Matrix& c, const char* label = "fourfold::gemm");

/// GEMMs with an epilogue: the bias add of a linear layer's forward, and its bias gradient with
/// its weight gradient, fused into the GEMM where the library does it (the CUDA route: cuBLASLt's
/// CUBLASLT_EPILOGUE_BIAS / BGRADB epilogues, in fp32 mode) and otherwise (host, HIP, bf16 mode, a
/// product cuBLASLt does not fuse) the GEMM followed by the same arithmetic the layers ran before
/// (add_row_bias; the column sums as the GEMM A^T ones), in that order, so those routes' results
/// are bit for bit those of gemm() followed by the separate pass. fp32 operands, contiguous
/// row-major, shapes checked as gemm() checks them. GemmStats::fused_epilogues counts the fused calls.

/// out (m, n) += bias (n) on every row: gemm_bias's unfused route, and the bias add of a layer
/// whose bias follows a collective. One kernel, a team per row.
void add_row_bias(const ExecSpace& exec, const Matrix& out, const ConstVector& bias);

/// C (m, n) = op(A) op(B) + bias (n) on every row.
void gemm_bias(GemmEngine& engine, Op op_a, Op op_b, const ConstMatrix& a, const ConstMatrix& b,
               const ConstVector& bias, const Matrix& c, const char* label = "fourfold::gemm_bias");

/// C (m, n) = op(A) op(B) + beta C, and bias_grad (m) += the sums of op(A)'s rows (over k): a
/// linear layer's dW (n, k_in) = dout^T in with A = dout (rows, n), Op::transpose, and db (n) +=
/// the column sums of dout, from one read of dout. `ones` (at least k elements equal to 1) is
/// what the unfused route multiplies by. On the fused route cuBLASLt writes the sums into the
/// engine's bias-gradient scratch (GemmEngine::reserve_bias_gradient), which one small kernel
/// then adds to bias_grad: the library writes a bias gradient, it does not add to one.
void gemm_bias_grad(GemmEngine& engine, Op op_a, Op op_b, const ConstMatrix& a, const ConstMatrix& b, float beta,
                    const Matrix& c, const Vector& bias_grad, const ConstVector& ones,
                    const char* label = "fourfold::gemm_bias_grad");

/// One operand of a strided batched GEMM: a two-level batch (outer, inner) of row-major
/// matrices in one buffer; matrix (o, i) starts at data + o * outer_stride + i * inner_stride
/// and row r of it at + r * ld. `span` is the number of elements readable from data (checked).
/// Attention's per-(batch row, head) matrices are such a batch inside the qkv matrix:
/// outer = batch row (stride T * 3C), inner = head (stride hs), ld = 3C.
template <class T>
struct StridedBatch {
  T* data = nullptr;
  std::int64_t ld = 0;
  std::int64_t outer_stride = 0;
  std::int64_t inner_stride = 0;
  std::size_t span = 0;
};

/// For every (o, i) in [0, outer) x [0, inner): C(o, i) = alpha * op(A(o, i)) * op(B(o, i)) + beta * C(o, i),
/// op(A) (m, k), op(B) (k, n), C (m, n), all row-major with the operands' ld. The vendor's
/// strided batched GEMM where there is one (cuBLAS), a loop over the host BLAS on CPUs, and
/// Kokkos Kernels' generic GEMM on strided views elsewhere. Follows the engine's precision.
void gemm_strided_batched(GemmEngine& engine, Op op_a, Op op_b, int m, int n, int k, float alpha,
                          const StridedBatch<const float>& a, const StridedBatch<const float>& b, float beta,
                          const StridedBatch<float>& c, int outer, int inner,
                          const char* label = "fourfold::gemm_strided_batched");

/// The same with bf16 operands (bf16 mode only: the engine's precision must be bf16), which every
/// route reads as they are: attention's head-major Q, K, V and dO, probabilities and their
/// gradients, written in bf16 by the kernels that produce them.
void gemm_strided_batched(GemmEngine& engine, Op op_a, Op op_b, int m, int n, int k, float alpha,
                          const StridedBatch<const bf16>& a, const StridedBatch<const bf16>& b, float beta,
                          const StridedBatch<float>& c, int outer, int inner,
                          const char* label = "fourfold::gemm_strided_batched");

/// The portable route of gemm_strided_batched (Kokkos Kernels' own GEMM on LayoutStride views,
/// fp32 only): what backends without a vendor batched GEMM run; public so that CPU tests check
/// it against the vendor route.
void gemm_strided_batched_portable(GemmEngine& engine, Op op_a, Op op_b, int m, int n, int k, float alpha,
                                   const StridedBatch<const float>& a, const StridedBatch<const float>& b,
                                   float beta, const StridedBatch<float>& c, int outer, int inner);

/// The portable mixed-precision route: bf16 operands, fp32 accumulation and an fp32 C, one
/// Kokkos launch for the whole batch (a team per row of C, its threads across the row's columns).
/// What builds without a vendor bf16 GEMM run (HIP without rocBLAS, host builds without
/// oneDNN); public so that CPU tests check the vendor routes against it. Runs on `exec`.
void gemm_bf16_batched_portable(const ExecSpace& exec, Op op_a, Op op_b, int m, int n, int k, float alpha,
                                const StridedBatch<const bf16>& a, const StridedBatch<const bf16>& b, float beta,
                                const StridedBatch<float>& c, int outer, int inner);

/// gemm() in fp32 mode (the engine's precision must be fp32) through oneDNN's fp32 matmul instead
/// of the host BLAS: shapes, ledger and timing as gemm(). Not a training route (fp32 mode stays on
/// the host BLAS and its bits); fourfold-bench gemm --route onednn times it against gemm(), and
/// tests check it. Host builds with oneDNN only (onednn_available()); elsewhere a UserError.
void gemm_fp32_onednn(GemmEngine& engine, Op op_a, Op op_b, float alpha, const ConstMatrix& a, const ConstMatrix& b,
                      float beta, const Matrix& c, const char* label = "fourfold::gemm_fp32_onednn");

/// Threads the host BLAS uses (OpenBLAS reports it; 1 where unknown or on a GPU backend).
int blas_threads();

/// Which route gemm takes on this build, for logs and benchmarks
/// (e.g. "KokkosKernels 3.4 -> host BLAS (OpenBLAS, 2 threads)").
std::string gemm_route(const GemmEngine& engine);

}  // namespace fourfold
