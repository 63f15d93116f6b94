// Rotary embeddings (layers/rotary.hpp) in Hugging Face's convention: known rotations (position
// 0 is the identity; position p turns the pair (k, k + d/2) by p theta^(-2k/d)), the serial double
// reference on query and key heads with the value heads untouched, the backward as the inverse
// and by finite differences, positions offset for generation, Llama 3.1's frequency scaling, and
// the errors for bad sizes.
#include "layers/rotary.hpp"
#include "reference/llama_reference.hpp"
#include "test_env.hpp"
#include "test_layer_helpers.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace fourfold {
namespace {

constexpr int S = 2, T = 7, M = S * T;  // rows: two sequences
constexpr int D = 8;                    // head dimension
constexpr int QK = 6, HEADS = 8;        // 4 query + 2 key heads rotated, 2 value heads not
constexpr int W = HEADS * D;            // row width

TEST(Rotary, KnownRotations) {
  const RotaryTable table(3, 4, 10000.0);  // frequencies 1 and 10000^(-1/2) = 0.01
  const ExecSpace exec;
  // Rows: position 0, 1, 2 of one sequence; one head of d = 4.
  const std::vector<std::vector<double>> in{{0.5, -1.5, 2.0, 3.0}, {1, 0, 0, 0}, {0, 1, 0, 0}};
  const Matrix x = test::make_matrix("x", 3, 4, [&](std::size_t i, std::size_t j) { return in[i][j]; });
  rotary_forward(exec, x, 1, 3, table);
  exec.fence();
  const auto got = test::to_vector(x);
  EXPECT_EQ(std::vector<double>(got.begin(), got.begin() + 4), in[0]) << "position 0 is the identity";
  // Position 1, x = e_0: the pair (0, 2) turned by 1 radian.
  EXPECT_NEAR(got[4], std::cos(1.0), 1e-7);
  EXPECT_NEAR(got[6], std::sin(1.0), 1e-7);
  EXPECT_EQ(got[5], 0.0);
  // Position 2, x = e_1: the pair (1, 3) turned by 2 * 0.01 radian.
  EXPECT_NEAR(got[9], std::cos(0.02), 1e-7);
  EXPECT_NEAR(got[11], std::sin(0.02), 1e-7);
}

TEST(Rotary, MatchesReferenceAndLeavesValueHeads) {
  for (const double theta : {10000.0, 500000.0}) {
    SCOPED_TRACE("theta " + std::to_string(theta));
    const RotaryTable table(T, D, theta);
    const auto x0 = test::random_values(M * W, 31);
    std::vector<double> want = x0;
    reference::rotary(want.data(), M, W, QK, D, T, theta, 0, false);
    const Matrix x = test::make_matrix("qkv", M, W, [&](std::size_t i, std::size_t j) { return x0[i * W + j]; });
    const auto before = test::to_vector(x);
    const ExecSpace exec;
    rotary_forward(exec, x, QK, T, table);
    exec.fence();
    const auto got = test::to_vector(x);
    std::vector<double> got_qk, want_qk;
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < W; ++j) {
        if (j < QK * D) {
          got_qk.push_back(got[i * W + j]);
          want_qk.push_back(want[i * W + j]);
        } else {
          EXPECT_EQ(got[i * W + j], before[i * W + j]) << "value head element " << i << ", " << j;
        }
      }
    EXPECT_LT(test::rel_error(got_qk, want_qk), 1e-6);
    // The backward turns the rotation back.
    rotary_backward(exec, x, QK, T, table);
    exec.fence();
    EXPECT_LT(test::rel_error(test::to_vector(x), before), 1e-6);
  }
}

TEST(Rotary, FiniteDifferences) {
  const RotaryTable table(T, D, 10000.0);
  const ExecSpace exec;
  const auto x0 = test::random_values(M * W, 32);
  const auto r = test::random_values(M * W, 33);
  const Matrix x = test::make_matrix("x", M, W, [&](std::size_t i, std::size_t j) { return x0[i * W + j]; });
  const Matrix y = test::filled_matrix("y", M, W, 0.0);
  auto objective = [&] {
    Kokkos::deep_copy(exec, y, x);
    rotary_forward(exec, y, QK, T, table);
    exec.fence();
    return test::dot(test::to_vector(y), r);
  };
  const Matrix grad = test::make_matrix("dy", M, W, [&](std::size_t i, std::size_t j) { return r[i * W + j]; });
  rotary_backward(exec, grad, QK, T, table);
  exec.fence();
  test::expect_finite_differences("input", x, test::to_vector(grad), test::spread_indices(M * W, 9), objective);
}

TEST(Rotary, OffsetPositionsRotateAsTheFullSequence) {
  // Generation feeds one token at position p: it must turn as row p of the whole sequence.
  const RotaryTable table(T, D, 10000.0);
  const ExecSpace exec;
  const auto x0 = test::random_values(T * W, 34);
  const Matrix full = test::make_matrix("full", T, W, [&](std::size_t i, std::size_t j) { return x0[i * W + j]; });
  const Matrix one = test::make_matrix("one", 1, W, [&](std::size_t, std::size_t j) { return x0[5 * W + j]; });
  rotary_forward(exec, full, QK, T, table);
  rotary_forward(exec, one, QK, 1, table, 5);
  exec.fence();
  const auto f = test::to_vector(full);
  EXPECT_EQ(test::to_vector(one), std::vector<double>(f.begin() + 5 * W, f.begin() + 6 * W));
}

TEST(Rotary, Llama31FrequencyScaling) {
  // Llama 3.1: theta 500000, d 128, factor 8, low 1, high 4, original context 8192.
  RopeScaling s;
  s.factor = 8.0;
  const auto plain = rotary_frequencies(128, 500000.0);
  const auto scaled = rotary_frequencies(128, 500000.0, s);
  const double pi = 3.14159265358979323846;
  int high = 0, low = 0, medium = 0;
  for (std::size_t k = 0; k < plain.size(); ++k) {
    const double wavelen = 2 * pi / plain[k];
    if (wavelen < 8192.0 / 4) {  // high frequencies are kept
      EXPECT_EQ(scaled[k], plain[k]) << k;
      ++high;
    } else if (wavelen > 8192.0) {  // low frequencies divided by the factor
      EXPECT_FLOAT_EQ(scaled[k], plain[k] / 8.0f) << k;
      ++low;
    } else {  // between: interpolated
      EXPECT_LE(scaled[k], plain[k]) << k;
      EXPECT_GE(scaled[k], plain[k] / 8.0f) << k;
      ++medium;
    }
  }
  EXPECT_GT(high, 0);
  EXPECT_GT(low, 0);
  EXPECT_GT(medium, 0);
  EXPECT_EQ(plain[0], 1.0f);
}

TEST(Rotary, BadSizesAreRefused) {
  test::expect_user_error([] { RotaryTable t(8, 7, 10000.0); }, "head dimension 7 must be even");
  test::expect_user_error([] { RotaryTable t(8, 8, 1.0); }, "rope_theta 1 must be above 1");
  const RotaryTable table(4, D, 10000.0);
  const Matrix x = test::filled_matrix("x", 8, W, 0.0);
  test::expect_user_error([&] { rotary_forward(ExecSpace(), x, QK, 8, table); }, "positions [0, 8) outside the rotary table's 4");
  test::expect_user_error([&] { rotary_forward(ExecSpace(), x, HEADS + 1, 4, table); }, "9 heads of 8 do not fit a row of 64 columns");
}

}  // namespace
}  // namespace fourfold
