// accumulate_column_sums (layers/elementwise.hpp), the bias gradients of the linear layers, on
// both of its routes: the fp32 column reduction in two fixed-order levels (bf16 mode's workspace)
// and the GEMM against ones (fp32 mode's). Each against a serial double sum, on row counts around
// and across the 32-row chunks and widths that are no multiple of the host's 64-column runs; the
// sums are accumulated (+=). The reduction reads its fp32 input as it is even when the engine
// computes GEMMs in bf16, where the GEMM route would round it; it is deterministic; the ledger
// counts its two launches and no conversion. With a bf16 copy asked for (a linear layer's
// output-gradient operand in bf16 mode), the same pass writes every element rounded once, bit
// for bit, and the sums do not change.
#include "core/bf16.hpp"
#include "core/gemm_engine.hpp"
#include "core/ledger.hpp"
#include "layers/elementwise.hpp"
#include "test_layer_helpers.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace fourfold {
namespace {

struct ColumnSumCase {
  std::size_t m, n;
};

// Values whose bf16 rounding would move each column sum far beyond fp32's rounding: a large
// common part plus a small distinct one (bf16 keeps 8 significant bits).
Matrix column_input(std::size_t m, std::size_t n, std::vector<double>& sums) {
  const auto noise = test::random_values(m * n, 71);
  sums.assign(n, 0.0);
  const Matrix a = test::make_matrix("a", m, n, [&](std::size_t i, std::size_t j) {
    return 1.0 + 1e-3 * noise[i * n + j];
  });
  const auto host = test::to_vector(a);  // the float values the kernel reads
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j) sums[j] += host[i * n + j];
  return a;
}

TEST(ColumnSums, ReductionMatchesSerialSumsAndAccumulates) {
  ExecutionContext ctx;
  for (const ColumnSumCase c : {ColumnSumCase{1, 1}, ColumnSumCase{31, 52}, ColumnSumCase{32, 64}, ColumnSumCase{33, 65},
                                ColumnSumCase{100, 130}, ColumnSumCase{257, 7}}) {
    std::vector<double> want;
    const Matrix a = column_input(c.m, c.n, want);
    const Vector sums = test::filled_vector("sums", c.n, 0.5);  // accumulated into
    const Vector partials = test::filled_vector("partials", column_sum_partial_rows(c.m) * c.n, 1e30);
    const GemmPrecisionScope bf16_gemms(ctx.gemm(), GemmPrecision::bf16);  // the reduction never rounds
    accumulate_column_sums(ctx, sums, a, ConstVector(), partials);
    ctx.compute().fence();
    const auto got = test::to_vector(sums);
    for (std::size_t j = 0; j < c.n; ++j)
      EXPECT_NEAR(got[j], 0.5 + want[j], 1e-6 * (1.0 + std::abs(want[j])))
          << "column " << j << " of " << c.m << "x" << c.n;
  }
}

TEST(ColumnSums, GemmRouteMatchesSerialSums) {
  ExecutionContext ctx;
  for (const ColumnSumCase c : {ColumnSumCase{1, 1}, ColumnSumCase{33, 65}, ColumnSumCase{100, 130}}) {
    std::vector<double> want;
    const Matrix a = column_input(c.m, c.n, want);
    const Vector sums = test::filled_vector("sums", c.n, 0.5);
    const Vector ones = test::filled_vector("ones", c.m, 1.0);
    accumulate_column_sums(ctx, sums, a, ones, Vector());
    ctx.compute().fence();
    const auto got = test::to_vector(sums);
    for (std::size_t j = 0; j < c.n; ++j)
      EXPECT_NEAR(got[j], 0.5 + want[j], 1e-6 * (1.0 + std::abs(want[j]))) << "column " << j;
  }
}

TEST(ColumnSums, ReductionIsDeterministicAndCountedAsTwoKernels) {
  ExecutionContext ctx;
  const std::size_t m = 200, n = 300;
  std::vector<double> want;
  const Matrix a = column_input(m, n, want);
  const Vector partials = test::filled_vector("partials", column_sum_partial_rows(m) * n, 0.0);
  std::vector<std::vector<double>> runs;
  for (int r = 0; r < 2; ++r) {
    const Vector sums = test::filled_vector("sums", n, 0.0);
    Counters counters;
    {
      const LedgerScope ledger(counters);
      accumulate_column_sums(ctx, sums, a, ConstVector(), partials);
    }
    ctx.compute().fence();
    const LedgerTotals work = counters.ledger();
    EXPECT_EQ(work.launches_of(WorkKind::elementwise), 2);
    EXPECT_EQ(work.total_launches(), 2);
    EXPECT_EQ(work.bytes_of(WorkKind::conversion), 0.0);
    EXPECT_GE(work.bytes_of(WorkKind::elementwise), 4.0 * m * n);
    runs.push_back(test::to_vector(sums));
  }
  EXPECT_EQ(runs[0], runs[1]);
}

TEST(ColumnSums, Bf16CopyWrittenInTheSamePass) {
  ExecutionContext ctx;
  for (const ColumnSumCase c : {ColumnSumCase{1, 1}, ColumnSumCase{33, 65}, ColumnSumCase{100, 130}}) {
    SCOPED_TRACE(std::to_string(c.m) + "x" + std::to_string(c.n));
    std::vector<double> want;
    const Matrix a = column_input(c.m, c.n, want);
    const Vector partials = test::filled_vector("partials", column_sum_partial_rows(c.m) * c.n, 0.0);
    const Vector plain = test::filled_vector("plain", c.n, 0.5), with_copy = test::filled_vector("with_copy", c.n, 0.5);
    const Bf16Vector copy("copy", c.m * c.n);
    accumulate_column_sums(ctx, plain, a, ConstVector(), partials);
    Counters counters;
    {
      const LedgerScope ledger(counters);
      accumulate_column_sums(ctx, with_copy, a, ConstVector(), partials, copy);
    }
    ctx.compute().fence();
    EXPECT_EQ(test::to_vector(plain), test::to_vector(with_copy));
    const auto values = test::to_vector(a);
    const auto host_copy = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), copy);
    for (std::size_t i = 0; i < values.size(); ++i)
      ASSERT_EQ(to_float(host_copy(i)), round_to_bf16(static_cast<float>(values[i]))) << "element " << i;
    const LedgerTotals work = counters.ledger();
    EXPECT_EQ(work.total_launches(), 2);
    EXPECT_EQ(work.bytes_of(WorkKind::conversion), 0.0);
    const double elements = static_cast<double>(c.m) * c.n, chunks = column_sum_partial_rows(c.m);
    EXPECT_EQ(work.bytes_of(WorkKind::elementwise), 4.0 * (elements + 2.0 * chunks * c.n + 2.0 * c.n) + 2.0 * elements);
  }
}

}  // namespace
}  // namespace fourfold
