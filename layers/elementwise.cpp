#include "layers/elementwise.hpp"

#include "core/error.hpp"
#include "core/gemm.hpp"
#include "core/ledger.hpp"

namespace fourfold {

void add_into(const ExecSpace& exec, const Vector& y, const ConstVector& x) {
  FF_ASSERT(y.extent(0) == x.extent(0), "add_into sizes {} and {}", y.extent(0), x.extent(0));
  count_work(WorkKind::elementwise, bytes_of<float>(3.0 * y.extent(0)));
  Kokkos::parallel_for(
      "fourfold::add_into", Kokkos::RangePolicy<ExecSpace>(exec, 0, y.extent(0)),
      KOKKOS_LAMBDA(const std::size_t i) { y(i) += x(i); });
}

void add_row_bias(const ExecSpace& exec, const Matrix& out, const ConstVector& bias) {
  FF_ASSERT(out.extent(1) == bias.extent(0), "bias {} for {} columns", bias.extent(0), out.extent(1));
  const std::size_t n = out.extent(1);
  count_work(WorkKind::elementwise, bytes_of<float>(2.0 * out.extent(0) * n + n));
  Kokkos::parallel_for(
      "fourfold::add_row_bias", row_teams(exec, out.extent(0)), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const std::size_t j) { out(i, j) += bias(j); });
      });
}

void accumulate_column_sums(ExecutionContext& ctx, const Vector& sums, const ConstMatrix& a,
                            const ConstVector& ones) {
  FF_ASSERT(sums.extent(0) == a.extent(1) && ones.extent(0) >= a.extent(0),
            "sums {} for {} columns, {} ones for {} rows", sums.extent(0), a.extent(1), ones.extent(0),
            a.extent(0));
  gemm(ctx.gemm(), Op::transpose, Op::none, 1.0f, a, ConstMatrix(ones.data(), a.extent(0), 1), 1.0f,
       Matrix(sums.data(), sums.extent(0), 1), "fourfold::accumulate_column_sums");
}

}  // namespace fourfold
