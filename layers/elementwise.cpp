#include "layers/elementwise.hpp"

#include "core/bf16.hpp"
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
                            const ConstVector& ones, const Vector& partials, const Bf16Vector& copy) {
  const std::size_t m = a.extent(0), n = a.extent(1);
  FF_ASSERT(sums.extent(0) == n, "sums {} for {} columns", sums.extent(0), n);
  if (partials.extent(0) == 0) {
    FF_ASSERT(ones.extent(0) >= m && copy.extent(0) == 0, "{} ones for {} rows, a bf16 copy of {}", ones.extent(0), m,
              copy.extent(0));
    gemm(ctx.gemm(), Op::transpose, Op::none, 1.0f, a, ConstMatrix(ones.data(), m, 1), 1.0f,
         Matrix(sums.data(), n, 1), "fourfold::accumulate_column_sums");
    return;
  }
  const std::size_t chunks = column_sum_partial_rows(m);
  FF_ASSERT(partials.extent(0) >= chunks * n, "column-sum partials of {} elements for {} chunks of {} columns",
            partials.extent(0), chunks, n);
  FF_ASSERT(copy.extent(0) == 0 || copy.extent(0) == m * n, "a bf16 copy of {} elements for a {}x{} matrix",
            copy.extent(0), m, n);
  const ExecSpace& exec = ctx.compute();
  // Level 1: chunk k's sums over rows [32 k, 32 k + 32) of a run of columns into partials row k
  // (chunks, n), and each element's bf16 copy when asked. Host backends take a run of columns per
  // work item (vectorised across them), GPUs one column (neighbouring threads, neighbouring
  // columns): chunks * n work items.
  constexpr std::size_t run = elementwise_chunk > 1 ? 64 : 1;
  const std::size_t runs = (n + run - 1) / run;
  const Vector p = partials;
  const double elements = static_cast<double>(m) * n;
  count_work(WorkKind::elementwise, bytes_of<float>(elements + static_cast<double>(chunks) * n) +
                                        (copy.extent(0) != 0 ? bytes_of<bf16>(elements) : 0.0));
  // Which rows and columns work item idx covers.
  const auto span = KOKKOS_LAMBDA(const std::size_t idx, std::size_t& i0, std::size_t& i1, std::size_t& j0,
                                  std::size_t& j1) {
    const std::size_t k = idx / runs;
    j0 = idx % runs * run;
    j1 = j0 + run < n ? j0 + run : n;
    i0 = k * column_sum_chunk_rows;
    i1 = i0 + column_sum_chunk_rows < m ? i0 + column_sum_chunk_rows : m;
  };
  if (copy.extent(0) == 0) {
    Kokkos::parallel_for(
        "fourfold::column_sums::partials", Kokkos::RangePolicy<ExecSpace>(exec, 0, chunks * runs),
        KOKKOS_LAMBDA(const std::size_t idx) {
          std::size_t i0, i1, j0, j1;
          span(idx, i0, i1, j0, j1);
          float* const out = &p(idx / runs * n);
          for (std::size_t j = j0; j < j1; ++j) out[j] = 0.0f;
          for (std::size_t i = i0; i < i1; ++i) {
            const float* const row = &a(i, 0);
            for (std::size_t j = j0; j < j1; ++j) out[j] += row[j];
          }
        });
  } else {
    bf16* const rounded = copy.data();
    Kokkos::parallel_for(
        "fourfold::column_sums::partials_and_bf16", Kokkos::RangePolicy<ExecSpace>(exec, 0, chunks * runs),
        KOKKOS_LAMBDA(const std::size_t idx) {
          std::size_t i0, i1, j0, j1;
          span(idx, i0, i1, j0, j1);
          float* const out = &p(idx / runs * n);
          for (std::size_t j = j0; j < j1; ++j) out[j] = 0.0f;
          for (std::size_t i = i0; i < i1; ++i) {
            const float* const row = &a(i, 0);
            bf16* const row_copy = rounded + i * n;
            for (std::size_t j = j0; j < j1; ++j) {
              out[j] += row[j];
              row_copy[j] = to_bf16(row[j]);
            }
          }
        });
  }
  // Level 2: per column, the chunks' partials in chunk order, added to sums.
  count_work(WorkKind::elementwise, bytes_of<float>(static_cast<double>(chunks) * n + 2.0 * n));
  Kokkos::parallel_for(
      "fourfold::column_sums::total", Kokkos::RangePolicy<ExecSpace>(exec, 0, n), KOKKOS_LAMBDA(const std::size_t j) {
        float total = 0.0f;
        for (std::size_t k = 0; k < chunks; ++k) total += p(k * n + j);
        sums(j) += total;
      });
}

}  // namespace fourfold
