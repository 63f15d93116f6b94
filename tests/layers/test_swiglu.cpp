// SwiGLU (layers/swiglu.hpp): forward and backward against the serial double reference, over
// pre-activations that reach far into both tails (where a naive sigmoid overflows), and by
// finite differences.
#include "layers/swiglu.hpp"
#include "reference/llama_reference.hpp"
#include "test_env.hpp"
#include "test_layer_helpers.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace fourfold {
namespace {

constexpr int M = 9, N = 37;  // rows; columns of each of gate and up (no multiple of a vector width)

std::vector<double> gate_up_values() {
  auto v = test::random_values(M * 2 * N, 41, 3.0);
  v[0] = 95.0;    // exp(-g) underflows
  v[1] = -95.0;   // exp(-g) would overflow
  v[2] = 0.0;
  return v;
}

TEST(SwiGlu, MatchesReference) {
  const auto gu = gate_up_values();
  const auto dy = test::random_values(M * N, 42);
  std::vector<double> want(M * N), want_d(M * 2 * N, 0.0);
  reference::swiglu_forward(want.data(), gu.data(), M, N);
  reference::swiglu_backward(want_d.data(), dy.data(), gu.data(), M, N);
  const Matrix gate_up = test::make_matrix("gate_up", M, 2 * N, [&](std::size_t i, std::size_t j) { return gu[i * 2 * N + j]; });
  const Matrix dout = test::make_matrix("dout", M, N, [&](std::size_t i, std::size_t j) { return dy[i * N + j]; });
  const Matrix out = test::filled_matrix("out", M, N, 0.0);
  const Matrix d_gate_up = test::filled_matrix("d_gate_up", M, 2 * N, 1.0e3);  // assigned: junk must not matter
  const ExecSpace exec;
  swiglu_forward(exec, out, gate_up);
  swiglu_backward(exec, d_gate_up, dout, gate_up);
  exec.fence();
  const auto got = test::to_vector(out), got_d = test::to_vector(d_gate_up);
  for (const double v : got) EXPECT_TRUE(std::isfinite(v));
  for (const double v : got_d) EXPECT_TRUE(std::isfinite(v));
  EXPECT_LT(test::rel_error(got, want), 1e-6) << "output";
  EXPECT_LT(test::rel_error(got_d, want_d), 1e-6) << "gradient of gate and up";
}

// bf16 mode writes the MLP activation straight into a bf16 buffer (GptActivations::output): each
// value is the fp32 output rounded once, bit for bit, the tails included; the same pass writes
// gate and up's copy for backward.
TEST(SwiGlu, Bf16OutputIsTheRoundedFloatOutput) {
  const auto gu = gate_up_values();
  const Matrix gate_up = test::make_matrix("gate_up", M, 2 * N, [&](std::size_t i, std::size_t j) { return gu[i * 2 * N + j]; });
  const Matrix out = test::filled_matrix("out", M, N, 0.0);
  const Bf16Matrix out_bf16 = test::junk_bf16_matrix("out bf16", M, N);
  const ExecSpace exec;
  const Bf16Matrix gate_up_copy = test::junk_bf16_matrix("gate_up copy", M, 2 * N);
  swiglu_forward(exec, out, gate_up);
  swiglu_forward(exec, out_bf16, gate_up, gate_up_copy);
  exec.fence();
  EXPECT_EQ(test::bits_of(out_bf16), test::rounded_bits_of(out));
  EXPECT_EQ(test::bits_of(gate_up_copy), test::rounded_bits_of(gate_up)) << "gate and up's copy for backward";
}

// bf16 mode's backward reads gate and up as the forward saved them, a bf16 copy: the same
// gradients, bit for bit, as from the fp32 values that copy holds.
TEST(SwiGlu, BackwardFromBf16InputEqualsRoundedFloatInput) {
  const auto gu = gate_up_values();
  const auto dy = test::random_values(M * N, 45);
  const Matrix gate_up = test::make_rounded_matrix("gate_up", M, 2 * N, [&](std::size_t i, std::size_t j) { return gu[i * 2 * N + j]; });
  const Bf16Matrix gate_up_bf16 = test::bf16_copy_of("gate_up bf16", gate_up);
  const Matrix dout = test::make_matrix("dout", M, N, [&](std::size_t i, std::size_t j) { return dy[i * N + j]; });
  const Matrix d_gate_up = test::filled_matrix("d_gate_up", M, 2 * N, 1.0e3);
  const Matrix d_gate_up_bf16 = test::filled_matrix("d_gate_up bf16", M, 2 * N, 1.0e3);
  const ExecSpace exec;
  swiglu_backward(exec, d_gate_up, dout, gate_up);
  swiglu_backward(exec, d_gate_up_bf16, dout, ConstBf16Matrix(gate_up_bf16));
  exec.fence();
  EXPECT_EQ(test::to_vector(d_gate_up_bf16), test::to_vector(d_gate_up));
}

TEST(SwiGlu, FiniteDifferences) {
  auto gu = test::random_values(M * 2 * N, 43, 2.0);
  const auto r = test::random_values(M * N, 44);
  const Matrix gate_up = test::make_matrix("gate_up", M, 2 * N, [&](std::size_t i, std::size_t j) { return gu[i * 2 * N + j]; });
  const Matrix out = test::filled_matrix("out", M, N, 0.0);
  const Matrix dout = test::make_matrix("R", M, N, [&](std::size_t i, std::size_t j) { return r[i * N + j]; });
  const Matrix d_gate_up = test::filled_matrix("d_gate_up", M, 2 * N, 0.0);
  const ExecSpace exec;
  auto objective = [&] {
    swiglu_forward(exec, out, gate_up);
    exec.fence();
    return test::dot(test::to_vector(out), r);
  };
  swiglu_backward(exec, d_gate_up, dout, gate_up);
  exec.fence();
  test::expect_finite_differences("gate and up", gate_up, test::to_vector(d_gate_up),
                                  test::spread_indices(M * 2 * N, 11), objective);
}

}  // namespace
}  // namespace fourfold
