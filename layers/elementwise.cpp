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

namespace {

// What the column-sum pass does with each element besides summing it: nothing, or write its bf16
// copy at the same (row-major) index.
struct NoCopy {
  KOKKOS_INLINE_FUNCTION void operator()(std::size_t, float) const {}
};
struct Bf16Copy {
  bf16* out;
  KOKKOS_INLINE_FUNCTION void operator()(std::size_t index, float x) const { out[index] = to_bf16(x); }
};

// Level 1 of accumulate_column_sums: chunk k's sums over rows [32 k, 32 k + 32) of a run of
// columns into partials row k (chunks, n), each element passed to `copy` as it is read. Host
// backends take a run of columns per work item (vectorised across them), GPUs one column
// (neighbouring threads, neighbouring columns).
template <class Copy>
void column_partials(const ExecSpace& exec, const char* label, const ConstMatrix& a, const Vector& partials,
                     std::size_t chunks, const Copy copy) {
  const std::size_t m = a.extent(0), n = a.extent(1);
  constexpr std::size_t run = elementwise_chunk > 1 ? 64 : 1;
  const std::size_t runs = (n + run - 1) / run;
  Kokkos::parallel_for(
      label, Kokkos::RangePolicy<ExecSpace>(exec, 0, chunks * runs), KOKKOS_LAMBDA(const std::size_t idx) {
        const std::size_t k = idx / runs, j0 = idx % runs * run;
        const std::size_t j1 = j0 + run < n ? j0 + run : n;
        const std::size_t i0 = k * column_sum_chunk_rows;
        const std::size_t i1 = i0 + column_sum_chunk_rows < m ? i0 + column_sum_chunk_rows : m;
        float* const out = &partials(k * n);
        for (std::size_t j = j0; j < j1; ++j) out[j] = 0.0f;
        for (std::size_t i = i0; i < i1; ++i) {
          const float* const row = &a(i, 0);
          for (std::size_t j = j0; j < j1; ++j) {
            out[j] += row[j];
            copy(i * n + j, row[j]);
          }
        }
      });
}

}  // namespace

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
  // Level 1 (column_partials), with each element's bf16 copy when asked.
  const Vector p = partials;
  const double elements = static_cast<double>(m) * n;
  count_work(WorkKind::elementwise, bytes_of<float>(elements + static_cast<double>(chunks) * n) +
                                        (copy.extent(0) != 0 ? bytes_of<bf16>(elements) : 0.0));
  if (copy.extent(0) == 0) {
    column_partials(exec, "fourfold::column_sums::partials", a, p, chunks, NoCopy{});
  } else {
    column_partials(exec, "fourfold::column_sums::partials_and_bf16", a, p, chunks, Bf16Copy{copy.data()});
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
