// The portable bf16 GEMM (core/gemm.hpp): the reference every vendor bf16 route is tested
// against, and the route of backends that have none.
#include "core/gemm.hpp"

#include "core/bf16.hpp"

namespace fourfold {

void gemm_bf16_batched_portable(const ExecSpace& exec, Op op_a, Op op_b, int m, int n, int k, float alpha,
                                const StridedBatch<const bf16>& a, const StridedBatch<const bf16>& b, float beta,
                                const StridedBatch<float>& c, int outer, int inner) {
  if (m <= 0 || n <= 0 || outer <= 0 || inner <= 0) return;
  // op(A)(r, kk) and op(B)(kk, j) as element offsets inside one matrix of the batch.
  const std::int64_t a_row = op_a == Op::none ? a.ld : 1, a_col = op_a == Op::none ? 1 : a.ld;
  const std::int64_t b_row = op_b == Op::none ? b.ld : 1, b_col = op_b == Op::none ? 1 : b.ld;
  const StridedBatch<const bf16> av = a, bv = b;
  const StridedBatch<float> cv = c;
  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  using Member = Policy::member_type;
  // League: one team per row of C over the whole batch, (outer, inner, m) flattened.
  const int rows = outer * inner * m;
  Kokkos::parallel_for(
      "fourfold::gemm_bf16_batched_portable", Policy(exec, rows, Kokkos::AUTO), KOKKOS_LAMBDA(const Member& team) {
        const int row = team.league_rank();
        const int r = row % m;
        const int batch = row / m;
        const int i = batch % inner, o = batch / inner;
        const bf16* a_m = av.data + o * av.outer_stride + i * av.inner_stride + r * a_row;
        const bf16* b_m = bv.data + o * bv.outer_stride + i * bv.inner_stride;
        float* c_row = cv.data + o * cv.outer_stride + i * cv.inner_stride + static_cast<std::int64_t>(r) * cv.ld;
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const int j) {
          float sum = 0.0f;
          for (int kk = 0; kk < k; ++kk) sum += to_float(a_m[kk * a_col]) * to_float(b_m[kk * b_row + j * b_col]);
          // beta == 0 overwrites C (NaN or garbage there is not propagated), as BLAS does.
          c_row[j] = beta == 0.0f ? alpha * sum : alpha * sum + beta * c_row[j];
        });
      });
}

}  // namespace fourfold
