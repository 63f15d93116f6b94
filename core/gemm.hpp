// The single GEMM entry point of fourfold: every matrix multiply in layers/ goes through here,
// so this is the one place that knows Kokkos Kernels (and, through it, cuBLAS / rocBLAS / the
// host BLAS) and the one place to choose kernels per shape.
#pragma once

#include "core/types.hpp"

#include <string>

namespace fourfold {

enum class Op { none, transpose };

/// C = alpha * op(A) * op(B) + beta * C.
///   op(A): (m, k)   A is (m, k) for Op::none, (k, m) for Op::transpose
///   op(B): (k, n)   B is (k, n) for Op::none, (n, k) for Op::transpose
///   C:     (m, n)
/// All three must be contiguous row-major matrices (row ranges of a LayoutRight matrix are).
/// Shapes are checked with an error listing every extent. Runs on `exec` where the Kokkos
/// Kernels version supports execution-space instances (4.x); 3.4 runs on the default instance.
/// `label` names the profiling region ("fourfold::linear::forward" etc.).
void gemm(const ExecSpace& exec, Op op_a, Op op_b, float alpha, const ConstMatrix& a,
          const ConstMatrix& b, float beta, const Matrix& c, const char* label = "fourfold::gemm");

/// Time spent in gemm(), for benchmarks: with timing on, every call fences its execution space
/// before and after and adds its wall time and FLOPs here (off by default: no fences).
struct GemmStats {
  long calls = 0;
  double seconds = 0.0;
  double flops = 0.0;
};
void set_gemm_timing(bool enabled);
GemmStats gemm_stats();
void reset_gemm_stats();

/// Threads the host BLAS uses (OpenBLAS reports it; 1 where unknown or on a GPU backend).
int blas_threads();

/// Which route gemm takes on this build, for logs and benchmarks
/// (e.g. "KokkosKernels 3.4 -> host BLAS (OpenBLAS, 2 threads)").
std::string gemm_route();

}  // namespace fourfold
