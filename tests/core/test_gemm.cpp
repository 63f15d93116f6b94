// The GEMM wrapper against a plain triple loop: all four transpose combinations, odd and
// degenerate shapes, alpha/beta, and shape errors that name every extent.
#include "core/error.hpp"
#include "core/gemm.hpp"
#include "core/rng.hpp"

#include <gtest/gtest.h>

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
  const auto [m, n, k, op_a, op_b] = GetParam();
  const auto a = random_host("a", op_a == Op::none ? m : k, op_a == Op::none ? k : m, 1);
  const auto b = random_host("b", op_b == Op::none ? k : n, op_b == Op::none ? n : k, 2);
  const auto c0 = random_host("c", m, n, 3);
  const float alpha = 0.75f, beta = -1.5f;

  Matrix c = to_device(c0);
  gemm(ExecSpace(), op_a, op_b, alpha, to_device(a), to_device(b), beta, c, "test::gemm");
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
  Matrix a("a", 3, 4), b("b", 5, 6), c("c", 3, 6);
  try {
    gemm(ExecSpace(), Op::none, Op::none, 1.0f, a, b, 0.0f, c, "test::mismatch");
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
  // Layers multiply row blocks of bigger buffers (e.g. one micro-batch of an activation arena).
  const auto a = random_host("a", 10, 4, 11);
  const auto b = random_host("b", 4, 3, 12);
  Matrix a_dev = to_device(a);
  Matrix c("c", 5, 3);
  const ConstMatrix rows = Kokkos::subview(a_dev, Kokkos::make_pair(5, 10), Kokkos::ALL());
  gemm(ExecSpace(), Op::none, Op::none, 1.0f, rows, to_device(b), 0.0f, c);
  auto h = Kokkos::create_mirror_view_and_copy(HostSpace(), c);
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 3; ++j) {
      double s = 0;
      for (int p = 0; p < 4; ++p) s += a(i + 5, p) * b(p, j);
      EXPECT_NEAR(h(i, j), s, 1e-5);
    }
}

TEST(Gemm, RouteIsReported) { EXPECT_NE(gemm_route().find("KokkosKernels"), std::string::npos); }

}  // namespace
}  // namespace fourfold
