// gelu_forward/backward (layers/gelu.hpp, tanh approximation) against the serial double
// reference over inputs spanning [-6, 6] (both tails and the bend near 0); the input gradient
// is assigned (=). Also a finite-difference check of the float implementation.
#include "layers/gelu.hpp"
#include "reference/gpt2_reference.hpp"
#include "test_layer_helpers.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace fourfold {
namespace {

constexpr int N = 97;

std::vector<double> inputs() {
  std::vector<double> x(N);
  const auto noise = test::random_values(N, 31, 0.05);
  for (int i = 0; i < N; ++i) x[i] = -6.0 + 12.0 * i / (N - 1) + noise[i];
  return x;
}

TEST(Gelu, MatchesReference) {
  const auto x = inputs();
  const auto dy = test::random_values(N, 32);
  std::vector<double> ref_out(N, 0.0), ref_dx(N, 0.0);
  reference::gelu_forward(ref_out.data(), x.data(), N);
  reference::gelu_backward(ref_dx.data(), dy.data(), x.data(), N);

  const ExecSpace exec;
  const Vector in = test::make_vector("in", N, [&](std::size_t i) { return x[i]; });
  const Vector dout = test::make_vector("dout", N, [&](std::size_t i) { return dy[i]; });
  const Vector out = test::filled_vector("out", N, 0.0);
  const Vector din = test::filled_vector("din", N, 1.0e3);  // assigned
  gelu_forward(exec, out, in);
  gelu_backward(exec, din, dout, in);
  exec.fence();
  const auto got_out = test::to_vector(out), got_dx = test::to_vector(din);
  EXPECT_LT(test::rel_error(got_out, ref_out), 1e-6) << "output";
  EXPECT_LT(test::rel_error(got_dx, ref_dx), 1e-6) << "input gradient";
  // Element-wise too: the small values near 0 and in the left tail.
  for (int i = 0; i < N; ++i) {
    EXPECT_NEAR(got_out[i], ref_out[i], 1e-6 * (1.0 + std::abs(ref_out[i]))) << "out " << i << " x=" << x[i];
    EXPECT_NEAR(got_dx[i], ref_dx[i], 1e-6 * (1.0 + std::abs(ref_dx[i]))) << "din " << i << " x=" << x[i];
  }
}

// Finite differences of the float implementation: objective sum(gelu(x) * R).
TEST(Gelu, FiniteDifferences) {
  const auto x = inputs();
  const auto r = test::random_values(N, 33);
  const ExecSpace exec;
  const Vector in = test::make_vector("in", N, [&](std::size_t i) { return x[i]; });
  const Vector rv = test::make_vector("R", N, [&](std::size_t i) { return r[i]; });
  const Vector out = test::filled_vector("out", N, 0.0);
  const auto r_host = test::to_vector(rv);
  auto objective = [&] {
    gelu_forward(exec, out, in);
    exec.fence();
    return test::dot(test::to_vector(out), r_host);
  };
  const Vector din = test::filled_vector("din", N, 0.0);
  gelu_backward(exec, din, rv, in);
  exec.fence();
  test::expect_finite_differences("input", in, test::to_vector(din), test::spread_indices(N, 9), objective);
}

}  // namespace
}  // namespace fourfold
