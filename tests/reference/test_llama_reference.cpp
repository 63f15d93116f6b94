// Checks the double-precision Llama reference itself, so the model tests can use it as ground
// truth: its gradients of every tensor against central finite differences (tied and untied
// heads, grouped-query attention), and that its rotation is Hugging Face's: orthogonal, the
// identity at position 0, and relative (a query and key keep their product when both move by the
// same number of positions). Attention, the linear layers and the loss are the GPT-2
// reference's, checked there.
#include "reference/gpt2_reference.hpp"
#include "reference/llama_reference.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace fourfold::reference {
namespace {

// V 11 padded to 12, L 2, NH 4 sharing KV 2, C 8 (hs 2), I 12.
LlamaConfig tiny(bool tied) { return LlamaConfig{11, 12, 2, 4, 2, 8, 12, 1e-5, 10000.0, tied}; }

// Every tensor normal(0, 0.3), norm weights normal(1, 0.2).
LlamaParams random_params(const LlamaConfig& config, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  LlamaParams params = zero_llama_params(config);
  for (auto& [name, tensor] : params.tensors()) {
    const bool norm = std::string(name).find("ln") == 0;
    for (double& value : *tensor) value = norm ? 1.0 + 0.2 * normal(engine) : 0.3 * normal(engine);
  }
  return params;
}

std::vector<int> random_tokens(int vocab, int count, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::uniform_int_distribution<int> token(0, vocab - 1);
  std::vector<int> tokens(count);  // (count)
  for (int& t : tokens) t = token(engine);
  return tokens;
}

void expect_gradients_match_finite_differences(const LlamaConfig& config) {
  const int B = 2, T = 5;
  const double h = 1e-5, tolerance = 1e-6, gradient_floor = 1e-3;  // as the GPT-2 reference's check
  LlamaParams params = random_params(config, 42);
  const std::vector<int> tokens = random_tokens(config.vocab_size, B * T, 1);   // (B, T)
  const std::vector<int> targets = random_tokens(config.vocab_size, B * T, 2);  // (B, T)
  LlamaParams grads;
  const double loss = llama_forward_backward(config, params, tokens, targets, B, T, &grads);
  EXPECT_EQ(loss, llama_forward_backward(config, params, tokens, targets, B, T, nullptr));
  EXPECT_TRUE(std::isfinite(loss));
  const auto param_tensors = params.tensors();
  const auto grad_tensors = grads.tensors();
  for (std::size_t n = 0; n < param_tensors.size(); ++n) {
    const std::string name = param_tensors[n].first;
    std::vector<double>& param = *param_tensors[n].second;
    const std::vector<double>& grad = *grad_tensors[n].second;
    ASSERT_EQ(grad.size(), param.size()) << name;
    if (name == "lm_head") {
      EXPECT_EQ(param.empty(), config.tied);
    }
    double worst = 0.0;
    for (std::size_t i = 0; i < param.size(); ++i) {
      const double original = param[i];
      param[i] = original + h;
      const double plus = llama_forward_backward(config, params, tokens, targets, B, T, nullptr);
      param[i] = original - h;
      const double minus = llama_forward_backward(config, params, tokens, targets, B, T, nullptr);
      param[i] = original;
      const double fd = (plus - minus) / (2 * h);
      worst = std::max(worst, std::abs(fd - grad[i]) / std::max({std::abs(fd), std::abs(grad[i]), gradient_floor}));
    }
    EXPECT_LT(worst, tolerance) << name;
  }
}

TEST(ReferenceLlama, GradientsOfEveryTensorMatchCentralFiniteDifferencesUntied) {
  expect_gradients_match_finite_differences(tiny(false));
}

TEST(ReferenceLlama, GradientsOfEveryTensorMatchCentralFiniteDifferencesTied) {
  expect_gradients_match_finite_differences(tiny(true));
}

// The rotation is orthogonal (its inverse undoes it) and relative: q.k depends only on the
// positions' difference.
TEST(ReferenceLlama, RotaryIsAnOrthogonalRelativeRotation) {
  const int d = 8, T = 64;
  std::vector<double> q(d), k(d);
  std::mt19937_64 engine(5);
  std::normal_distribution<double> normal;
  for (int i = 0; i < d; ++i) {
    q[i] = normal(engine);
    k[i] = normal(engine);
  }
  const auto rotated = [&](std::vector<double> v, int position) {
    rotary(v.data(), 1, d, 1, d, T, 10000.0, position, false);
    return v;
  };
  const auto dot = [&](const std::vector<double>& a, const std::vector<double>& b) {
    double s = 0.0;
    for (int i = 0; i < d; ++i) s += a[i] * b[i];
    return s;
  };
  EXPECT_NEAR(dot(rotated(q, 9), rotated(k, 4)), dot(rotated(q, 30), rotated(k, 25)), 1e-12);
  std::vector<double> back = rotated(q, 17);
  rotary(back.data(), 1, d, 1, d, T, 10000.0, 17, true);
  for (int i = 0; i < d; ++i) EXPECT_NEAR(back[i], q[i], 1e-14);
  EXPECT_EQ(rotated(q, 0), q);  // position 0: no rotation
}

}  // namespace
}  // namespace fourfold::reference
