// Wrapper over KokkosBlas::gemm hiding the Kokkos Kernels 3.4 / 4.x API difference.
#include "core/gemm.hpp"

#include "core/config.hpp"
#include "core/error.hpp"
#include "core/profiling.hpp"
#include "core/sync.hpp"
#include "core/timer.hpp"

#include <KokkosBlas3_gemm.hpp>

#include <cstdlib>

// OpenBLAS exposes its thread count; other BLAS libraries do not define the symbol, so it is
// declared weak and checked for null before use.
extern "C" int openblas_get_num_threads(void) __attribute__((weak));

namespace fourfold {
namespace {

const char* op_name(Op op) { return op == Op::none ? "N" : "T"; }

bool timing_enabled = false;
GemmStats stats;

}  // namespace

void gemm(const ExecSpace& exec, Op op_a, Op op_b, float alpha, const ConstMatrix& a,
          const ConstMatrix& b, float beta, const Matrix& c, const char* label) {
  const auto m = c.extent(0);
  const auto n = c.extent(1);
  const auto a_rows = op_a == Op::none ? a.extent(0) : a.extent(1);
  const auto a_cols = op_a == Op::none ? a.extent(1) : a.extent(0);
  const auto b_rows = op_b == Op::none ? b.extent(0) : b.extent(1);
  const auto b_cols = op_b == Op::none ? b.extent(1) : b.extent(0);
  FF_REQUIRE(a_rows == m && b_cols == n && a_cols == b_rows,
             "gemm '{}': shapes do not fit C = op(A) op(B): A is {}x{} (op {}), B is {}x{} (op {}), "
             "C is {}x{}; need op(A) {}x{} and op(B) {}x{} with matching inner dimension "
             "(got {} and {})",
             label, a.extent(0), a.extent(1), op_name(op_a), b.extent(0), b.extent(1),
             op_name(op_b), m, n, m, a_cols, b_rows, n, a_cols, b_rows);
  FF_REQUIRE(a.span_is_contiguous() && b.span_is_contiguous() && c.span_is_contiguous(),
             "gemm '{}': operands must be contiguous row-major matrices", label);
  if (m == 0 || n == 0) return;

  ScopedRegion region(label);
  if (a_cols == 0) {
    // K = 0: the product is empty and C = beta * C (BLAS would be asked for lda = 0).
    const Matrix cc = c;
    Kokkos::parallel_for(
        "fourfold::gemm::scale_k0", Kokkos::RangePolicy<ExecSpace>(exec, 0, m * n),
        KOKKOS_LAMBDA(const std::size_t idx) {
          float& v = cc(idx / n, idx % n);
          v = beta == 0.0f ? 0.0f : beta * v;
        });
    return;
  }
  Stopwatch watch;
  if (timing_enabled) {
    fence(exec, SyncKind::timing, "fourfold::gemm: timing starts");
    watch.restart();
  }
#if KOKKOS_VERSION >= 40000
  KokkosBlas::gemm(exec, op_name(op_a), op_name(op_b), alpha, a, b, beta, c);
#else
  // Kokkos Kernels 3.4 has no execution-space overload; order it after exec's earlier work.
  fence(exec, SyncKind::backend, "fourfold::gemm: Kokkos Kernels 3.4 runs on the default instance");
  KokkosBlas::gemm(op_name(op_a), op_name(op_b), alpha, a, b, beta, c);
#endif
  if (timing_enabled) {
    fence(exec, SyncKind::timing, "fourfold::gemm: timing ends");
    stats.calls += 1;
    stats.seconds += watch.seconds();
    stats.flops += 2.0 * static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(a_cols);
  }
}

void set_gemm_timing(bool enabled) { timing_enabled = enabled; }
GemmStats gemm_stats() { return stats; }
void reset_gemm_stats() { stats = GemmStats{}; }

int blas_threads() {
  if (host_accessible_v<MemSpace> && openblas_get_num_threads != nullptr) {
    return openblas_get_num_threads();
  }
  return 1;
}

std::string gemm_route() {
  std::string route = fmt::format("KokkosKernels (Kokkos {}.{}.{}, {}) on {} (concurrency {})",
                                  KOKKOS_VERSION / 10000, KOKKOS_VERSION / 100 % 100, KOKKOS_VERSION % 100,
                                  FOURFOLD_KOKKOS_FLAVOUR, ExecSpace::name(), ExecSpace().concurrency());
  if (host_accessible_v<MemSpace>) {
    route += openblas_get_num_threads != nullptr
                 ? fmt::format(" -> host BLAS (OpenBLAS, {} threads)", blas_threads())
                 : std::string(" -> host BLAS");
  }
  return route;
}

}  // namespace fourfold
