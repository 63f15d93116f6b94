// gelu_forward/backward (layers/gelu.hpp, tanh approximation) against the serial double
// reference over inputs spanning [-6, 6] (both tails and the bend near 0); the input gradient
// is assigned (=). Also a finite-difference check of the float implementation. The fused
// bias_gelu_forward on (m, n) rows of a width that is no multiple of team or vector sizes
// (n = 52): against the reference gelu(x + b), bit-identical to add_row_bias + gelu_forward,
// and by finite differences in the input and the bias.
#include "layers/elementwise.hpp"
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

constexpr int RM = 7, RN = 52;  // rows, columns of the fused bias + GELU

std::vector<double> pre_values() {
  std::vector<double> x(RM * RN);
  const auto noise = test::random_values(RM * RN, 34, 0.05);
  for (int k = 0; k < RM * RN; ++k) x[k] = -5.0 + 10.0 * k / (RM * RN - 1) + noise[k];
  return x;
}

TEST(Gelu, BiasFusedMatchesReferenceAndUnfused) {
  const auto x = pre_values();
  const auto bias = test::random_values(RN, 35, 0.5);
  std::vector<double> biased(RM * RN), ref_out(RM * RN, 0.0);
  for (int i = 0; i < RM; ++i)
    for (int j = 0; j < RN; ++j) biased[i * RN + j] = x[i * RN + j] + bias[j];
  reference::gelu_forward(ref_out.data(), biased.data(), RM * RN);

  const ExecSpace exec;
  const auto pre_of = [&](std::size_t i, std::size_t j) { return x[i * RN + j]; };
  const Matrix pre = test::make_matrix("pre", RM, RN, pre_of);
  const Matrix pre_unfused = test::make_matrix("pre unfused", RM, RN, pre_of);
  const Vector b = test::make_vector("bias", RN, [&](std::size_t j) { return bias[j]; });
  const Matrix out = test::filled_matrix("out", RM, RN, 1.0e3), out_unfused = test::filled_matrix("out unfused", RM, RN, 0.0);
  bias_gelu_forward(exec, out, pre, b);
  add_row_bias(exec, pre_unfused, b);
  gelu_forward(exec, flat(out_unfused), flat(ConstMatrix(pre_unfused)));
  exec.fence();
  EXPECT_LT(test::rel_error(test::to_vector(pre), biased), 1e-6) << "pre-activation + bias (kept)";
  EXPECT_LT(test::rel_error(test::to_vector(out), ref_out), 1e-6) << "output";
  EXPECT_EQ(test::to_vector(pre), test::to_vector(pre_unfused)) << "pre-activation vs add_row_bias";
  EXPECT_EQ(test::to_vector(out), test::to_vector(out_unfused)) << "output vs add_row_bias + gelu_forward";
}

// bf16 mode writes the MLP activation straight into a bf16 buffer (GptActivations::output): each
// value is the fp32 output rounded once, bit for bit, and the biased pre-activation stays fp32,
// or goes to its bf16 copy for backward.
TEST(Gelu, BiasFusedBf16OutputIsTheRoundedFloatOutput) {
  const auto x = pre_values();
  const auto bias = test::random_values(RN, 35, 0.5);
  const ExecSpace exec;
  const auto pre_of = [&](std::size_t i, std::size_t j) { return x[i * RN + j]; };
  const Matrix pre = test::make_matrix("pre", RM, RN, pre_of), pre_bf16_run = test::make_matrix("pre, bf16 run", RM, RN, pre_of);
  const Vector b = test::make_vector("bias", RN, [&](std::size_t j) { return bias[j]; });
  const Matrix out = test::filled_matrix("out", RM, RN, 0.0);
  const Bf16Matrix out_bf16 = test::junk_bf16_matrix("out bf16", RM, RN);
  bias_gelu_forward(exec, out, pre, b);
  bias_gelu_forward(exec, out_bf16, pre_bf16_run, b);
  exec.fence();
  EXPECT_EQ(test::to_vector(pre_bf16_run), test::to_vector(pre)) << "pre-activation + bias (kept in fp32)";
  EXPECT_EQ(test::bits_of(out_bf16), test::rounded_bits_of(out)) << "bf16 output";

  // With a copy for backward: the biased pre-activation goes there, rounded, and pre is untouched.
  const Matrix pre_copy_run = test::make_matrix("pre, copy run", RM, RN, pre_of);
  const Bf16Matrix pre_copy = test::junk_bf16_matrix("pre copy", RM, RN);
  const Bf16Matrix out_copy_run = test::junk_bf16_matrix("out, copy run", RM, RN);
  bias_gelu_forward(exec, out_copy_run, pre_copy_run, b, pre_copy);
  exec.fence();
  EXPECT_EQ(test::bits_of(pre_copy), test::rounded_bits_of(pre)) << "the biased pre-activation's copy";
  EXPECT_EQ(test::to_vector(pre_copy_run), test::to_vector(test::make_matrix("x", RM, RN, pre_of)))
      << "pre left as it was";
  EXPECT_EQ(test::bits_of(out_copy_run), test::rounded_bits_of(out)) << "bf16 output with the copy";
}

// bf16 mode's backward reads the pre-activation as the forward saved it, a bf16 copy: the same
// gradient, bit for bit, as from the fp32 values that copy holds (and the vector form's).
TEST(Gelu, BackwardFromBf16InputEqualsRoundedFloatInput) {
  const auto x = pre_values();
  const auto dy = test::random_values(RM * RN, 37);
  const ExecSpace exec;
  const Matrix pre = test::make_rounded_matrix("pre", RM, RN, [&](std::size_t i, std::size_t j) { return x[i * RN + j]; });
  const Bf16Matrix pre_bf16 = test::bf16_copy_of("pre bf16", pre);
  const Matrix dout = test::make_matrix("dout", RM, RN, [&](std::size_t i, std::size_t j) { return dy[i * RN + j]; });
  const Matrix din = test::filled_matrix("din", RM, RN, 1.0e3), din_bf16 = test::filled_matrix("din bf16", RM, RN, 1.0e3);
  const Matrix din_flat = test::filled_matrix("din flat", RM, RN, 1.0e3);
  gelu_backward(exec, din, dout, pre);
  gelu_backward(exec, din_bf16, dout, ConstBf16Matrix(pre_bf16));
  gelu_backward(exec, flat(din_flat), flat(ConstMatrix(dout)), flat(ConstMatrix(pre)));
  exec.fence();
  EXPECT_EQ(test::to_vector(din_bf16), test::to_vector(din)) << "from the bf16 copy";
  EXPECT_EQ(test::to_vector(din_flat), test::to_vector(din)) << "matrix and vector forms";
}

// Finite differences: objective sum(gelu(x + b) * R), pre reset to x before each call.
TEST(Gelu, BiasFusedFiniteDifferences) {
  const auto x = pre_values();
  const auto bias = test::random_values(RN, 35, 0.5);
  const auto r = test::random_values(RM * RN, 36);
  const ExecSpace exec;
  const Matrix pre0 = test::make_matrix("pre0", RM, RN, [&](std::size_t i, std::size_t j) { return x[i * RN + j]; });
  const Matrix pre = test::filled_matrix("pre", RM, RN, 0.0), out = test::filled_matrix("out", RM, RN, 0.0);
  const Vector b = test::make_vector("bias", RN, [&](std::size_t j) { return bias[j]; });
  const Matrix rm = test::make_matrix("R", RM, RN, [&](std::size_t i, std::size_t j) { return r[i * RN + j]; });
  const auto r_host = test::to_vector(rm);
  auto objective = [&] {
    Kokkos::deep_copy(exec, pre, pre0);
    bias_gelu_forward(exec, out, pre, b);
    exec.fence();
    return test::dot(test::to_vector(out), r_host);
  };
  objective();
  // d/dpre = gelu'(pre + b) R (gelu_backward at the kept pre); d/db = its column sums.
  const Matrix din = test::filled_matrix("din", RM, RN, 0.0);
  gelu_backward(exec, flat(din), flat(ConstMatrix(rm)), flat(ConstMatrix(pre)));
  exec.fence();
  const auto dpre = test::to_vector(din);
  std::vector<double> dbias(RN, 0.0);
  for (int i = 0; i < RM; ++i)
    for (int j = 0; j < RN; ++j) dbias[j] += dpre[i * RN + j];
  test::expect_finite_differences("input", pre0, dpre, test::spread_indices(RM * RN, 9), objective);
  test::expect_finite_differences("bias", b, dbias, test::spread_indices(RN, 5), objective);
}

}  // namespace
}  // namespace fourfold
