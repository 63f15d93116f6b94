// The GEMM wrapper against a plain triple loop: all four transpose combinations, odd and
// degenerate shapes, alpha/beta, and shape errors that name every extent.
#include "core/bf16.hpp"
#include "core/config.hpp"
#include "core/error.hpp"
#include "core/execution_context.hpp"
#include "core/gemm.hpp"
#include "core/onednn_matmul.hpp"
#include "core/rng.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace fourfold {
namespace {

HostTensor2<float> random_host(const char* label, std::size_t rows, std::size_t cols, std::uint64_t id) {
  HostTensor2<float> h(std::string(label), rows, cols);
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < cols; ++j) h(i, j) = rng::uniform(7, id, i * cols + j) - 0.5f;
  return h;
}

Matrix to_device(const HostTensor2<float>& h) {
  Matrix d(h.label(), h.extent(0), h.extent(1));
  Kokkos::deep_copy(d, h);
  return d;
}

using Case = std::tuple<int, int, int, Op, Op>;  // m, n, k, op(A), op(B)

class GemmAgainstLoop : public ::testing::TestWithParam<Case> {};

TEST_P(GemmAgainstLoop, MatchesPlainLoop) {
  ExecutionContext ctx;
  const auto [m, n, k, op_a, op_b] = GetParam();
  const auto a = random_host("a", op_a == Op::none ? m : k, op_a == Op::none ? k : m, 1);
  const auto b = random_host("b", op_b == Op::none ? k : n, op_b == Op::none ? n : k, 2);
  const auto c0 = random_host("c", m, n, 3);
  const float alpha = 0.75f, beta = -1.5f;

  Matrix c = to_device(c0);
  gemm(ctx.gemm(), op_a, op_b, alpha, to_device(a), to_device(b), beta, c, "test::gemm");
  auto result = Kokkos::create_mirror_view_and_copy(HostSpace(), c);

  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) {
      double sum = 0.0;
      for (int p = 0; p < k; ++p) {
        const double av = op_a == Op::none ? a(i, p) : a(p, i);
        const double bv = op_b == Op::none ? b(p, j) : b(j, p);
        sum += av * bv;
      }
      const double expected = alpha * sum + beta * c0(i, j);
      ASSERT_NEAR(result(i, j), expected, 1e-5 * (1.0 + std::abs(expected)) + 1e-6 * k)
          << "at (" << i << "," << j << ") for m=" << m << " n=" << n << " k=" << k;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    AllTransposesOddShapes, GemmAgainstLoop,
    ::testing::Combine(::testing::Values(1, 7, 33), ::testing::Values(1, 5, 65),
                       ::testing::Values(1, 3, 17, 130), ::testing::Values(Op::none, Op::transpose),
                       ::testing::Values(Op::none, Op::transpose)));

INSTANTIATE_TEST_SUITE_P(Degenerate, GemmAgainstLoop,
                         ::testing::Values(Case{50, 40, 1, Op::none, Op::none},
                                           Case{50, 1, 40, Op::transpose, Op::none},
                                           Case{1, 50, 40, Op::none, Op::transpose},
                                           Case{4, 6, 0, Op::none, Op::none},
                                           Case{0, 6, 5, Op::none, Op::none},
                                           Case{4, 0, 5, Op::transpose, Op::transpose}));

TEST(Gemm, ShapeMismatchNamesEveryExtent) {
  ExecutionContext ctx;
  Matrix a("a", 3, 4), b("b", 5, 6), c("c", 3, 6);
  try {
    gemm(ctx.gemm(), Op::none, Op::none, 1.0f, a, b, 0.0f, c, "test::mismatch");
    FAIL() << "expected a shape error";
  } catch (const UserError& e) {
    const std::string text = e.what();
    EXPECT_NE(text.find("test::mismatch"), std::string::npos) << text;
    EXPECT_NE(text.find("A is 3x4"), std::string::npos) << text;
    EXPECT_NE(text.find("B is 5x6"), std::string::npos) << text;
    EXPECT_NE(text.find("C is 3x6"), std::string::npos) << text;
  }
}

TEST(Gemm, RowRangeOfLargerMatrixIsAccepted) {
  ExecutionContext ctx;
  // Layers multiply row blocks of bigger buffers (e.g. one micro-batch of an activation arena).
  const auto a = random_host("a", 10, 4, 11);
  const auto b = random_host("b", 4, 3, 12);
  Matrix a_dev = to_device(a);
  Matrix c("c", 5, 3);
  const ConstMatrix rows = Kokkos::subview(a_dev, Kokkos::make_pair(5, 10), Kokkos::ALL());
  gemm(ctx.gemm(), Op::none, Op::none, 1.0f, rows, to_device(b), 0.0f, c);
  auto h = Kokkos::create_mirror_view_and_copy(HostSpace(), c);
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 3; ++j) {
      double s = 0;
      for (int p = 0; p < 4; ++p) s += a(i + 5, p) * b(p, j);
      EXPECT_NEAR(h(i, j), s, 1e-5);
    }
}

TEST(Gemm, RouteIsReported) {
  const ExecutionContext ctx;
  EXPECT_NE(gemm_route(ctx.gemm()).find("KokkosKernels"), std::string::npos);
}

}  // namespace
}  // namespace fourfold

namespace fourfold {
namespace {

// A two-level strided batch inside larger buffers (leading dimensions wider than the rows,
// batch strides with gaps), as attention's heads inside qkv: the vendor route and the
// portable route against a plain loop, for every transpose combination.
class StridedBatchedAgainstLoop : public ::testing::TestWithParam<std::tuple<Op, Op>> {};

TEST_P(StridedBatchedAgainstLoop, BothRoutesMatchPlainLoop) {
  ExecutionContext ctx;
  const auto [op_a, op_b] = GetParam();
  const int m = 5, n = 7, k = 9, outer = 2, inner = 3;
  const int a_rows = op_a == Op::none ? m : k, a_cols = op_a == Op::none ? k : m;
  const int b_rows = op_b == Op::none ? k : n, b_cols = op_b == Op::none ? n : k;
  // Matrix (o, i) of X at o * outer + i * inner_stride, rows ld apart: the inner matrices sit
  // side by side in the columns (like heads), the outer ones below each other (like batch rows).
  auto layout = [&](int rows, int cols) {
    const std::int64_t ld = inner * cols + 3;
    return std::tuple<std::int64_t, std::int64_t, std::int64_t>{ld, rows * ld, cols};
  };
  const auto [lda, a_outer, a_inner] = layout(a_rows, a_cols);
  const auto [ldb, b_outer, b_inner] = layout(b_rows, b_cols);
  const auto [ldc, c_outer, c_inner] = layout(m, n);
  const auto a = random_host("a", 1, outer * a_outer, 11);
  const auto b = random_host("b", 1, outer * b_outer, 12);
  const auto c0 = random_host("c", 1, outer * c_outer, 13);
  const Matrix a_dev = to_device(a), b_dev = to_device(b);
  const float alpha = 0.5f, beta = 2.0f;
  for (bool portable : {false, true}) {
    SCOPED_TRACE(portable ? "portable route" : "vendor route");
    const Matrix c = to_device(c0);
    const StridedBatch<const float> as{a_dev.data(), lda, a_outer, a_inner, a_dev.size()};
    const StridedBatch<const float> bs{b_dev.data(), ldb, b_outer, b_inner, b_dev.size()};
    const StridedBatch<float> cs{c.data(), ldc, c_outer, c_inner, c.size()};
    if (portable) {
      gemm_strided_batched_portable(ctx.gemm(), op_a, op_b, m, n, k, alpha, as, bs, beta, cs, outer, inner);
    } else {
      gemm_strided_batched(ctx.gemm(), op_a, op_b, m, n, k, alpha, as, bs, beta, cs, outer, inner, "test");
    }
    const auto got = Kokkos::create_mirror_view_and_copy(HostSpace(), c);
    for (int o = 0; o < outer; ++o)
      for (int h = 0; h < inner; ++h)
        for (int i = 0; i < m; ++i)
          for (int j = 0; j < n; ++j) {
            double sum = 0.0;
            for (int p = 0; p < k; ++p) {
              const std::int64_t ai = op_a == Op::none ? i * lda + p : p * lda + i;
              const std::int64_t bi = op_b == Op::none ? p * ldb + j : j * ldb + p;
              sum += double(a(0, o * a_outer + h * a_inner + ai)) * b(0, o * b_outer + h * b_inner + bi);
            }
            const std::int64_t ci = o * c_outer + h * c_inner + i * ldc + j;
            const double expected = alpha * sum + beta * c0(0, ci);
            ASSERT_NEAR(got(0, ci), expected, 1e-5 * (1.0 + std::abs(expected))) << o << " " << h << " " << i << " " << j;
          }
    // Elements between the matrices (the ld padding) are not touched.
    for (std::int64_t o = 0; o < outer; ++o)
      for (int i = 0; i < m; ++i)
        for (std::int64_t j = inner * c_inner; j < ldc; ++j)
          ASSERT_EQ(got(0, o * c_outer + i * ldc + j), c0(0, o * c_outer + i * ldc + j));
  }
}

INSTANTIATE_TEST_SUITE_P(AllTransposes, StridedBatchedAgainstLoop,
                         ::testing::Combine(::testing::Values(Op::none, Op::transpose),
                                            ::testing::Values(Op::none, Op::transpose)));

// The same batch in bf16 mode: the vendor route (cuBLAS, oneDNN on the host) and the portable bf16
// kernel both give the fp32-accumulated product of the operands rounded to bf16.
class Bf16StridedBatchedAgainstLoop : public ::testing::TestWithParam<std::tuple<Op, Op>> {};

TEST_P(Bf16StridedBatchedAgainstLoop, VendorAndPortableRoutesMatchTheRoundedProduct) {
  ExecutionContext ctx;
  // Not structured bindings: a lambda below captures them (C++20; nvcc refuses it in C++17).
  const Op op_a = std::get<0>(GetParam()), op_b = std::get<1>(GetParam());
  const int m = 6, n = 9, k = 70, outer = 2, inner = 3;
  const int a_rows = op_a == Op::none ? m : k, a_cols = op_a == Op::none ? k : m;
  const int b_rows = op_b == Op::none ? k : n, b_cols = op_b == Op::none ? n : k;
  auto layout = [&](int rows, int cols) {
    const std::int64_t ld = inner * cols + 5;
    return std::tuple<std::int64_t, std::int64_t, std::int64_t>{ld, rows * ld, cols};
  };
  const auto [lda, a_outer, a_inner] = layout(a_rows, a_cols);
  const auto [ldb, b_outer, b_inner] = layout(b_rows, b_cols);
  const auto [ldc, c_outer, c_inner] = layout(m, n);
  const auto a = random_host("a", 1, outer * a_outer, 21);
  const auto b = random_host("b", 1, outer * b_outer, 22);
  const auto c0 = random_host("c", 1, outer * c_outer, 23);
  const Matrix a_dev = to_device(a), b_dev = to_device(b);
  // The portable kernel reads bf16 buffers: the operands rounded once, here.
  Tensor1<bf16> a16("a16", a_dev.size()), b16("b16", b_dev.size());
  {
    const auto ha = Kokkos::create_mirror_view(a16);
    const auto hb = Kokkos::create_mirror_view(b16);
    for (std::size_t i = 0; i < ha.extent(0); ++i) ha(i) = to_bf16(a(0, i));
    for (std::size_t i = 0; i < hb.extent(0); ++i) hb(i) = to_bf16(b(0, i));
    Kokkos::deep_copy(a16, ha);
    Kokkos::deep_copy(b16, hb);
  }
  const float alpha = 0.5f, beta = 2.0f;
  for (const float used_beta : {beta, 0.0f}) {
    // The portable kernel; the engine's route from fp32 operands (rounded into its copies); the
    // engine's route from bf16 operands (read as they are, as attention's).
    for (const int route : {0, 1, 2}) {
      const char* names[] = {"portable bf16 kernel", "vendor route, fp32 operands", "vendor route, bf16 operands"};
      SCOPED_TRACE(std::string(names[route]) + ", beta " + std::to_string(used_beta));
      const bool portable = route == 0;
      const Matrix c = to_device(c0);
      const StridedBatch<float> cs{c.data(), ldc, c_outer, c_inner, c.size()};
      const StridedBatch<const bf16> as16{a16.data(), lda, a_outer, a_inner, a16.size()};
      const StridedBatch<const bf16> bs16{b16.data(), ldb, b_outer, b_inner, b16.size()};
      if (portable) {
        gemm_bf16_batched_portable(ctx.compute(), op_a, op_b, m, n, k, alpha, as16, bs16, used_beta, cs, outer, inner);
      } else if (route == 2) {
        test::expect_user_error(
            [&] { gemm_strided_batched(ctx.gemm(), op_a, op_b, m, n, k, alpha, as16, bs16, used_beta, cs, outer, inner, "test::fp32"); },
            "bf16 operands in an fp32 product");
        const GemmPrecisionScope mode(ctx.gemm(), GemmPrecision::bf16);
        const LedgerTotals before = ctx.counters().ledger();
        gemm_strided_batched(ctx.gemm(), op_a, op_b, m, n, k, alpha, as16, bs16, used_beta, cs, outer, inner, "test");
        EXPECT_EQ((ctx.counters().ledger() - before).bytes_of(WorkKind::conversion), 0.0) << "a bf16 operand was copied";
      } else {
        const GemmPrecisionScope mode(ctx.gemm(), GemmPrecision::bf16);
        const StridedBatch<const float> as{a_dev.data(), lda, a_outer, a_inner, a_dev.size()};
        const StridedBatch<const float> bs{b_dev.data(), ldb, b_outer, b_inner, b_dev.size()};
        gemm_strided_batched(ctx.gemm(), op_a, op_b, m, n, k, alpha, as, bs, used_beta, cs, outer, inner, "test");
      }
      const auto got = Kokkos::create_mirror_view_and_copy(HostSpace(), c);
      double max_rounded = 0.0, max_exact = 0.0;
      for (int o = 0; o < outer; ++o)
        for (int h = 0; h < inner; ++h)
          for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j) {
              double rounded = 0.0, exact = 0.0;
              for (int p = 0; p < k; ++p) {
                const std::int64_t ai = o * a_outer + h * a_inner + (op_a == Op::none ? i * lda + p : p * lda + i);
                const std::int64_t bi = o * b_outer + h * b_inner + (op_b == Op::none ? p * ldb + j : j * ldb + p);
                rounded += double(round_to_bf16(a(0, ai))) * round_to_bf16(b(0, bi));
                exact += double(a(0, ai)) * b(0, bi);
              }
              const std::int64_t ci = o * c_outer + h * c_inner + i * ldc + j;
              max_rounded = std::max(max_rounded, std::abs(got(0, ci) - (alpha * rounded + used_beta * c0(0, ci))));
              max_exact = std::max(max_exact, std::abs(got(0, ci) - (alpha * exact + used_beta * c0(0, ci))));
            }
      EXPECT_LT(max_rounded, 2e-5) << "not the fp32-accumulated product of bf16 operands";
      EXPECT_GT(max_exact, 1e-4) << "the fp32 product: operands were not rounded";
      for (std::int64_t o = 0; o < outer; ++o)
        for (int i = 0; i < m; ++i)
          for (std::int64_t j = inner * c_inner; j < ldc; ++j)
            ASSERT_EQ(got(0, o * c_outer + i * ldc + j), c0(0, o * c_outer + i * ldc + j)) << "padding written";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllTransposes, Bf16StridedBatchedAgainstLoop,
                         ::testing::Combine(::testing::Values(Op::none, Op::transpose),
                                            ::testing::Values(Op::none, Op::transpose)));

// Every backend keeps a bf16 operand in two bytes (cuBLAS, rocBLAS, oneDNN and the portable
// kernel all read it as it is).
TEST(GemmPrecision, Bf16OperandsAreTwoBytesOnEveryBackend) {
  static_assert(sizeof(bf16) == 2, "bf16 is two bytes");
  EXPECT_EQ(GemmEngine::bf16_operand_element_bytes(), 2u);
  ExecutionContext ctx;
  ctx.gemm().set_precision(GemmPrecision::bf16);
  const std::string route = gemm_route(ctx.gemm());
  EXPECT_NE(route.find("bf16:"), std::string::npos) << route;
#if FOURFOLD_ENABLE_ONEDNN
  EXPECT_NE(route.find("oneDNN"), std::string::npos) << route;
#endif
}

TEST(GemmStridedBatched, BatchReachingPastItsBufferIsRejected) {
  ExecutionContext ctx;
  const Matrix a("a", 4, 4), b("b", 4, 4), c("c", 4, 4);
  const StridedBatch<const float> as{a.data(), 4, 16, 4, a.size()};
  const StridedBatch<float> cs{c.data(), 4, 16, 4, c.size()};
  try {
    gemm_strided_batched(ctx.gemm(), Op::none, Op::none, 4, 4, 4, 1.0f, as, as, 0.0f, cs, 2, 1, "test::overrun");
    FAIL() << "no error";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("reaches"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("test::overrun"), std::string::npos) << e.what();
  }
}

// bf16: the product of the operands rounded to bf16 (8-bit mantissa), accumulated in fp32.
TEST(GemmPrecision, Bf16IsTheProductOfRoundedOperands) {
  ExecutionContext ctx;
  const int m = 6, n = 5, k = 300;
  const auto a = random_host("a", m, k, 21);
  const auto b = random_host("b", k, n, 22);
  Matrix c("c", m, n);
  ctx.gemm().set_precision(GemmPrecision::bf16);
  gemm(ctx.gemm(), Op::none, Op::none, 1.0f, to_device(a), to_device(b), 0.0f, c, "test::bf16");
  ctx.gemm().set_precision(GemmPrecision::fp32);
  const auto got = Kokkos::create_mirror_view_and_copy(HostSpace(), c);
  double max_rounded = 0.0, max_exact = 0.0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double rounded = 0.0, exact = 0.0;
      for (int p = 0; p < k; ++p) {
        rounded += double(round_to_bf16(a(i, p))) * round_to_bf16(b(p, j));
        exact += double(a(i, p)) * b(p, j);
      }
      max_rounded = std::max(max_rounded, std::abs(got(i, j) - rounded));
      max_exact = std::max(max_exact, std::abs(got(i, j) - exact));
    }
  EXPECT_LT(max_rounded, 1e-5) << "bf16 GEMM is not the fp32-accumulated product of bf16 operands";
  EXPECT_GT(max_exact, 1e-4) << "bf16 GEMM gave the fp32 result: operands were not rounded";
}

// bf16 operands (a weight block gathered as bf16, an activation saved as bf16) give bit for bit
// the product of their fp32 values, for A, B or both held in bf16, in every orientation, and are
// refused in an fp32 product, naming the operand.
TEST(GemmPrecision, Bf16OperandsEqualTheirFp32Values) {
  ExecutionContext ctx;
  const int m = 7, n = 9, k = 130;
  // An fp32 matrix of bf16 values and its bf16 copy, on the device.
  const auto rounded_pair = [](const char* name, std::size_t rows, std::size_t cols, unsigned seed) {
    auto x = random_host(name, rows, cols, seed);
    HostTensor2<bf16> x16("x16", rows, cols);
    for (std::size_t i = 0; i < rows; ++i)
      for (std::size_t j = 0; j < cols; ++j) {
        x16(i, j) = to_bf16(x(i, j));
        x(i, j) = to_float(x16(i, j));
      }
    Tensor2<bf16> device16("x16", rows, cols);
    Kokkos::deep_copy(device16, x16);
    return std::pair<Matrix, ConstBf16Matrix>(to_device(x), device16);
  };
  for (const Op op_a : {Op::none, Op::transpose}) {
    for (const Op op_b : {Op::none, Op::transpose}) {
      SCOPED_TRACE(std::string("op(A) ") + (op_a == Op::none ? "N" : "T") + ", op(B) " + (op_b == Op::none ? "N" : "T"));
      const auto a_pair = rounded_pair("a", op_a == Op::none ? m : k, op_a == Op::none ? k : m, 31);
      const auto b_pair = rounded_pair("b", op_b == Op::none ? k : n, op_b == Op::none ? n : k, 32);
      const Matrix a = a_pair.first, b = b_pair.first;  // (lambdas below cannot capture bindings in C++17)
      const ConstBf16Matrix a16 = a_pair.second, b16 = b_pair.second;
      Matrix want_c("want", m, n), got_c("got", m, n);
      const GemmPrecisionScope bf16_mode(ctx.gemm(), GemmPrecision::bf16);
      gemm(ctx.gemm(), op_a, op_b, 1.0f, a, b, 0.0f, want_c, "test::fp32_operands");
      const auto want = Kokkos::create_mirror_view_and_copy(HostSpace(), want_c);
      for (const int held : {1, 2, 3}) {  // bit 0: A in bf16, bit 1: B in bf16
        SCOPED_TRACE(std::string(held & 1 ? "A" : "") + (held & 2 ? "B" : "") + " in bf16");
        const LedgerTotals before = ctx.counters().ledger();
        if (held == 1) gemm(ctx.gemm(), op_a, op_b, 1.0f, a16, ConstMatrix(b), 0.0f, got_c, "test::a16");
        if (held == 2) gemm(ctx.gemm(), op_a, op_b, 1.0f, ConstMatrix(a), b16, 0.0f, got_c, "test::b16");
        if (held == 3) gemm(ctx.gemm(), op_a, op_b, 1.0f, a16, b16, 0.0f, got_c, "test::ab16");
        const double converted = (ctx.counters().ledger() - before).bytes_of(WorkKind::conversion);
        // Only an fp32 operand is rounded into the engine's copy (4 bytes read, 2 written).
        EXPECT_EQ(converted, 6.0 * (held == 1 ? b.size() : held == 2 ? a.size() : 0));
        const auto got = Kokkos::create_mirror_view_and_copy(HostSpace(), got_c);
        for (int i = 0; i < m; ++i)
          for (int j = 0; j < n; ++j) ASSERT_EQ(got(i, j), want(i, j)) << "(" << i << ", " << j << ")";
      }
      const GemmPrecisionScope fp32_mode(ctx.gemm(), GemmPrecision::fp32);
      test::expect_user_error([&] { gemm(ctx.gemm(), op_a, op_b, 1.0f, a16, ConstMatrix(b), 0.0f, got_c, "test::fp32_mode"); },
                              "test::fp32_mode': a bf16 operand A in an fp32 product");
      test::expect_user_error([&] { gemm(ctx.gemm(), op_a, op_b, 1.0f, ConstMatrix(a), b16, 0.0f, got_c, "test::fp32_mode"); },
                              "test::fp32_mode': a bf16 operand B in an fp32 product");
    }
  }
}

TEST(GemmPrecision, RoundingIsToNearestEven) {
  EXPECT_EQ(bf16_bits(1.0f), 0x3f80);
  EXPECT_EQ(round_to_bf16(1.0f + 1.0f / 256), 1.0f);                // halfway, even stays
  EXPECT_EQ(round_to_bf16(1.0f + 3.0f / 256), 1.0f + 4.0f / 256);   // halfway, odd rounds up
  EXPECT_EQ(round_to_bf16(-2.5f), -2.5f);
  EXPECT_TRUE(std::isnan(round_to_bf16(std::nanf(""))));
  EXPECT_TRUE(std::isinf(round_to_bf16(3.0e38f * 10.0f)));
}

// gemm_fp32_onednn (what fourfold-bench gemm --route onednn times) against the wrapper's fp32
// route (the host BLAS): the same product to fp32 rounding in every orientation, with alpha and
// beta; refused in bf16 mode, and on builds without oneDNN.
TEST(GemmFp32Onednn, AgreesWithTheWrappersRoute) {
  ExecutionContext ctx;
  const int m = 37, n = 29, k = 300;
  const float alpha = 0.75f, beta = 0.5f;
  if (!onednn_available()) {
    Matrix a("a", m, k), b("b", k, n), c("c", m, n);
    test::expect_user_error([&] { gemm_fp32_onednn(ctx.gemm(), Op::none, Op::none, 1.0f, a, b, 0.0f, c, "test::no_onednn"); },
                            "test::no_onednn': this build has no oneDNN route");
    return;
  }
  for (const Op op_a : {Op::none, Op::transpose}) {
    for (const Op op_b : {Op::none, Op::transpose}) {
      SCOPED_TRACE(std::string("op(A) ") + (op_a == Op::none ? "N" : "T") + ", op(B) " + (op_b == Op::none ? "N" : "T"));
      const auto a = random_host("a", op_a == Op::none ? m : k, op_a == Op::none ? k : m, 41);
      const auto b = random_host("b", op_b == Op::none ? k : n, op_b == Op::none ? n : k, 42);
      const auto c0 = random_host("c", m, n, 43);
      const Matrix a_dev = to_device(a), b_dev = to_device(b), want_c = to_device(c0), got_c = to_device(c0);
      gemm(ctx.gemm(), op_a, op_b, alpha, a_dev, b_dev, beta, want_c, "test::blas");
      gemm_fp32_onednn(ctx.gemm(), op_a, op_b, alpha, a_dev, b_dev, beta, got_c, "test::onednn");
      const auto want = Kokkos::create_mirror_view_and_copy(HostSpace(), want_c);
      const auto got = Kokkos::create_mirror_view_and_copy(HostSpace(), got_c);
      for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
          // Relative to the sum of the terms' magnitudes, which bounds either order of summation.
          double magnitude = std::abs(beta * c0(i, j));
          for (int p = 0; p < k; ++p)
            magnitude += std::abs(alpha * (op_a == Op::none ? a(i, p) : a(p, i)) * (op_b == Op::none ? b(p, j) : b(j, p)));
          ASSERT_LE(std::abs(got(i, j) - want(i, j)), 1e-5 * magnitude) << "(" << i << ", " << j << ")";
        }
    }
  }
  Matrix a("a", m, k), b("b", k, n), c("c", m, n);
  const GemmPrecisionScope bf16_mode(ctx.gemm(), GemmPrecision::bf16);
  test::expect_user_error([&] { gemm_fp32_onednn(ctx.gemm(), Op::none, Op::none, 1.0f, a, b, 0.0f, c, "test::bf16_mode"); },
                          "test::bf16_mode': the GEMM precision is bf16");
}

TEST(GemmPrecision, UnknownNameIsRejected) {
  EXPECT_EQ(parse_gemm_precision("bf16"), GemmPrecision::bf16);
  try {
    parse_gemm_precision("fp16");
    FAIL() << "no error";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("'fp16'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace fourfold

namespace fourfold {
namespace {

// gemm_bias and gemm_bias_grad (a linear layer's forward bias, its weight and bias gradients)
// against the plain reference on every build: the unfused route (host and HIP builds, bf16 mode,
// a product cuBLASLt does not fuse) bit for bit against gemm() followed by the separate pass the
// layers ran before, and every route, cuBLASLt's fused epilogues on CUDA included, against a
// serial double loop within the error bound of either order of summation.
class GemmEpilogueAgainstLoop : public ::testing::TestWithParam<Case> {};

// sum over p of op(A)(i, p) op(B)(p, j), and the sum of the terms' magnitudes (the error bound's scale).
std::pair<double, double> reference_product(const HostTensor2<float>& a, const HostTensor2<float>& b, Op op_a, Op op_b,
                                            int i, int j, int k) {
  double sum = 0.0, magnitude = 0.0;
  for (int p = 0; p < k; ++p) {
    const double term = double(op_a == Op::none ? a(i, p) : a(p, i)) * (op_b == Op::none ? b(p, j) : b(j, p));
    sum += term;
    magnitude += std::abs(term);
  }
  return {sum, magnitude};
}

TEST_P(GemmEpilogueAgainstLoop, BiasIsAddedToEveryRow) {
  ExecutionContext ctx;
  const auto [m, n, k, op_a, op_b] = GetParam();
  const auto a = random_host("a", op_a == Op::none ? m : k, op_a == Op::none ? k : m, 41);
  const auto b = random_host("b", op_b == Op::none ? k : n, op_b == Op::none ? n : k, 42);
  const auto bias = random_host("bias", 1, n, 43);
  const Matrix a_dev = to_device(a), b_dev = to_device(b), bias_dev = to_device(bias);
  Matrix got_c("got", m, n), gemm_c("gemm", m, n);
  gemm_bias(ctx.gemm(), op_a, op_b, a_dev, b_dev, Vector(bias_dev.data(), n), got_c, "test::gemm_bias");
  const bool fused = ctx.gemm().stats().fused_epilogues > 0;
  gemm(ctx.gemm(), op_a, op_b, 1.0f, a_dev, b_dev, 0.0f, gemm_c, "test::gemm");
  const auto got = Kokkos::create_mirror_view_and_copy(HostSpace(), got_c);
  const auto product = Kokkos::create_mirror_view_and_copy(HostSpace(), gemm_c);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      const auto [sum, magnitude] = reference_product(a, b, op_a, op_b, i, j, k);
      ASSERT_LE(std::abs(got(i, j) - (sum + bias(0, j))), 1e-5 * (magnitude + std::abs(bias(0, j))) + 1e-30)
          << "(" << i << ", " << j << ")";
      if (!fused) {
        ASSERT_EQ(got(i, j), product(i, j) + bias(0, j)) << "(" << i << ", " << j << ")";
      }
    }
}

TEST_P(GemmEpilogueAgainstLoop, BiasGradientIsAddedToTheSums) {
  ExecutionContext ctx;
  const auto [m, n, k, op_a, op_b] = GetParam();
  const auto a = random_host("a", op_a == Op::none ? m : k, op_a == Op::none ? k : m, 44);
  const auto b = random_host("b", op_b == Op::none ? k : n, op_b == Op::none ? n : k, 45);
  const auto c0 = random_host("c", m, n, 46);
  const auto g0 = random_host("g", m, 1, 47);
  const Matrix a_dev = to_device(a), b_dev = to_device(b);
  Vector ones("ones", k);
  Kokkos::deep_copy(ones, 1.0f);
  for (const float beta : {0.0f, 1.0f}) {  // dW = or += dout^T in
    SCOPED_TRACE("beta " + std::to_string(beta));
    ctx.gemm().reset_stats();
    Matrix got_c = to_device(c0), got_g = to_device(g0), want_c = to_device(c0), want_g = to_device(g0);
    gemm_bias_grad(ctx.gemm(), op_a, op_b, a_dev, b_dev, beta, got_c, Vector(got_g.data(), m), ones,
                   "test::gemm_bias_grad");
    const bool fused = ctx.gemm().stats().fused_epilogues > 0;
    // What the layers ran before: the weight gradient, then the column sums as the GEMM A^T ones.
    gemm(ctx.gemm(), op_a, op_b, 1.0f, a_dev, b_dev, beta, want_c, "test::gemm");
    gemm(ctx.gemm(), op_a, Op::none, 1.0f, a_dev, ConstMatrix(ones.data(), k, 1), 1.0f, want_g, "test::sums");
    const auto got = Kokkos::create_mirror_view_and_copy(HostSpace(), got_c);
    const auto got_sums = Kokkos::create_mirror_view_and_copy(HostSpace(), got_g);
    const auto want = Kokkos::create_mirror_view_and_copy(HostSpace(), want_c);
    const auto want_sums = Kokkos::create_mirror_view_and_copy(HostSpace(), want_g);
    for (int i = 0; i < m; ++i) {
      double sum = g0(i, 0), magnitude = std::abs(g0(i, 0));
      for (int p = 0; p < k; ++p) {
        const float x = op_a == Op::none ? a(i, p) : a(p, i);
        sum += x;
        magnitude += std::abs(x);
      }
      ASSERT_LE(std::abs(got_sums(i, 0) - sum), 1e-5 * magnitude + 1e-30) << "sum " << i;
      if (!fused) {
        ASSERT_EQ(got_sums(i, 0), want_sums(i, 0)) << "sum " << i;
      }
      for (int j = 0; j < n; ++j) {
        const auto [product, magnitude_ij] = reference_product(a, b, op_a, op_b, i, j, k);
        ASSERT_LE(std::abs(got(i, j) - (product + beta * c0(i, j))), 1e-5 * (magnitude_ij + std::abs(c0(i, j))) + 1e-30)
            << "(" << i << ", " << j << ")";
        if (!fused) {
          ASSERT_EQ(got(i, j), want(i, j)) << "(" << i << ", " << j << ")";
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    AllTransposesOddShapes, GemmEpilogueAgainstLoop,
    ::testing::Combine(::testing::Values(1, 7, 64), ::testing::Values(1, 5, 96), ::testing::Values(1, 17, 128),
                       ::testing::Values(Op::none, Op::transpose), ::testing::Values(Op::none, Op::transpose)));

INSTANTIATE_TEST_SUITE_P(Degenerate, GemmEpilogueAgainstLoop,
                         ::testing::Values(Case{4, 6, 0, Op::none, Op::none}, Case{0, 6, 5, Op::transpose, Op::none},
                                           Case{4, 0, 5, Op::transpose, Op::none}));

// The route each build takes for a linear layer's products (aligned, as the model's buffers
// are): cuBLASLt fuses both epilogues on CUDA builds in fp32 mode, nothing fuses elsewhere, and
// bf16 mode runs unfused everywhere (the model adds its bias after the bf16 wire's rounding and
// sums its bias gradient from the fp32 dout), bit for bit gemm() and the separate pass.
TEST(GemmEpilogue, CudaFusesFp32AndNothingElse) {
  ExecutionContext ctx;
  const int rows = 64, in = 128, out = 96;
  const Matrix x = to_device(random_host("x", rows, in, 51)), w = to_device(random_host("w", out, in, 52));
  const Matrix dy = to_device(random_host("dy", rows, out, 53));
  const auto bias_h = random_host("bias", 1, out, 54);
  const Matrix bias = to_device(bias_h);
  Vector ones("ones", rows);
  Kokkos::deep_copy(ones, 1.0f);
  Matrix y("y", rows, out), dw("dw", out, in);
  Vector db("db", out);
  for (const GemmPrecision precision : {GemmPrecision::fp32, GemmPrecision::bf16}) {
    SCOPED_TRACE(precision_name(precision));
    const GemmPrecisionScope scope(ctx.gemm(), precision);
    ctx.gemm().reset_stats();
    gemm_bias(ctx.gemm(), Op::none, Op::transpose, x, w, Vector(bias.data(), out), y, "test::forward");
    gemm_bias_grad(ctx.gemm(), Op::transpose, Op::none, dy, x, 0.0f, dw, db, ones, "test::dweight");
#if defined(KOKKOS_ENABLE_CUDA)
    EXPECT_EQ(ctx.gemm().stats().fused_epilogues, precision == GemmPrecision::fp32 ? 2 : 0)
        << "cuBLASLt did not fuse a linear layer's bias or bias gradient (" << gemm_route(ctx.gemm()) << ")";
#else
    EXPECT_EQ(ctx.gemm().stats().fused_epilogues, 0);
#endif
    if (precision == GemmPrecision::bf16) {
      Matrix want("want", rows, out);
      gemm(ctx.gemm(), Op::none, Op::transpose, 1.0f, x, w, 0.0f, want, "test::bf16");
      const auto got_h = Kokkos::create_mirror_view_and_copy(HostSpace(), y);
      const auto want_h = Kokkos::create_mirror_view_and_copy(HostSpace(), want);
      for (int i = 0; i < rows; ++i)
        for (int j = 0; j < out; ++j) ASSERT_EQ(got_h(i, j), want_h(i, j) + bias_h(0, j)) << "(" << i << ", " << j << ")";
    }
  }
}

TEST(GemmEpilogue, MisfitVectorsNameTheirExtents) {
  ExecutionContext ctx;
  Matrix a("a", 3, 4), b("b", 4, 5), c("c", 3, 5);
  Vector short_bias("bias", 4), sums("sums", 3), ones("ones", 2);
  test::expect_user_error(
      [&] { gemm_bias(ctx.gemm(), Op::none, Op::none, a, b, short_bias, c, "test::short_bias"); },
      "gemm_bias 'test::short_bias': a bias of 4 elements for C's 5 columns (C is 3x5)");
  test::expect_user_error(
      [&] { gemm_bias_grad(ctx.gemm(), Op::none, Op::none, a, b, 0.0f, c, sums, ones, "test::few_ones"); },
      "and 2 ones for sums over k = 4");
}

}  // namespace
}  // namespace fourfold
