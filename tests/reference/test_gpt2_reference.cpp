// Checks the double-precision GPT-2 reference itself, so other tests can use it as ground
// truth: its gradients of every tensor against central finite differences, its loss at a known
// initialisation (uniform softmax over the real vocabulary), that padded vocabulary rows never
// count, and that attention is causal.
#include "reference/gpt2_reference.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace fourfold::reference {
namespace {

// maxT 8, V 11 padded to 16, L 2, NH 2, C 8.
const Config kTiny{8, 11, 16, 2, 2, 8};

bool is_layernorm_weight(const std::string& name) {
  return name == "ln1w" || name == "ln2w" || name == "lnfw";
}

// Every tensor normal(0, 0.2), LayerNorm weights normal(1, 0.2); padded wte rows included.
Params random_params(const Config& config, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::normal_distribution<double> normal(0.0, 0.2);
  Params params = zero_params(config);
  for (auto& [name, tensor] : params.tensors()) {
    const double centre = is_layernorm_weight(name) ? 1.0 : 0.0;
    for (double& value : *tensor) value = centre + normal(engine);
  }
  return params;
}

std::vector<int> random_tokens(const Config& config, int count, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::uniform_int_distribution<int> token(0, config.vocab_size - 1);
  std::vector<int> tokens(count);  // (count)
  for (int& t : tokens) t = token(engine);
  return tokens;
}

TEST(ReferenceGpt2, GradientsOfEveryTensorMatchCentralFiniteDifferences) {
  const int B = 2, T = 5;
  const double h = 1e-5;
  // Relative error |fd - analytic| / max(|fd|, |analytic|, gradient_floor). The floor keeps
  // gradients that are (close to) zero from dividing round-off by nothing: below it the check
  // is absolute, at 1e-6 * gradient_floor = 1e-9 (the finite differences here are off by at
  // most ~5e-10; every tensor then stays below 1e-7).
  const double tolerance = 1e-6, gradient_floor = 1e-3;

  Params params = random_params(kTiny, 42);
  const std::vector<int> tokens = random_tokens(kTiny, B * T, 1);   // (B, T)
  const std::vector<int> targets = random_tokens(kTiny, B * T, 2);  // (B, T)
  Params grads;
  const double loss = forward_backward(kTiny, params, tokens, targets, B, T, grads);
  EXPECT_EQ(loss, forward(kTiny, params, tokens, targets, B, T));

  const auto param_tensors = params.tensors();
  const auto grad_tensors = grads.tensors();
  ASSERT_EQ(param_tensors.size(), 16u);
  for (std::size_t n = 0; n < param_tensors.size(); ++n) {
    const std::string name = param_tensors[n].first;
    std::vector<double>& param = *param_tensors[n].second;  // this tensor's parameters
    const std::vector<double>& grad = *grad_tensors[n].second;
    ASSERT_EQ(grad.size(), param.size()) << name;
    // Every element: the whole model is ~2,000 parameters at this size.
    double worst_error = 0.0;
    std::size_t worst_index = 0;
    double worst_fd = 0.0;
    for (std::size_t i = 0; i < param.size(); ++i) {
      const double original = param[i];
      param[i] = original + h;
      const double loss_plus = forward(kTiny, params, tokens, targets, B, T);
      param[i] = original - h;
      const double loss_minus = forward(kTiny, params, tokens, targets, B, T);
      param[i] = original;
      const double fd = (loss_plus - loss_minus) / (2 * h);
      const double error =
          std::abs(fd - grad[i]) / std::max({std::abs(fd), std::abs(grad[i]), gradient_floor});
      if (error > worst_error) {
        worst_error = error;
        worst_index = i;
        worst_fd = fd;
      }
    }
    EXPECT_LT(worst_error, tolerance)
        << name << "[" << worst_index << "]: analytic " << grad[worst_index]
        << ", finite difference " << worst_fd;
  }

  // Padded wte rows are neither embedded (tokens < V) nor in the softmax.
  for (std::size_t i = static_cast<std::size_t>(kTiny.vocab_size) * kTiny.channels;
       i < grads.wte.size(); ++i)
    EXPECT_EQ(grads.wte[i], 0.0) << "padded wte element " << i;
}

TEST(ReferenceGpt2, LossAtZeroWeightsIsLogOfRealVocabulary) {
  const int B = 2, T = 5;
  Params params = zero_params(kTiny);
  for (auto& [name, tensor] : params.tensors())
    if (is_layernorm_weight(name)) std::fill(tensor->begin(), tensor->end(), 1.0);
  const std::vector<int> tokens = random_tokens(kTiny, B * T, 3);   // (B, T)
  const std::vector<int> targets = random_tokens(kTiny, B * T, 4);  // (B, T)

  // Every activation is zero, so the logits are zero and the softmax is uniform over the 11
  // real tokens: ln 11, not ln 16.
  const double expected = std::log(static_cast<double>(kTiny.vocab_size));
  for (double position_loss : position_losses(kTiny, params, tokens, targets, B, T))
    EXPECT_EQ(position_loss, expected);
  // The mean of B*T equal values, up to the rounding of the sum.
  EXPECT_DOUBLE_EQ(forward(kTiny, params, tokens, targets, B, T), expected);
  Params grads;
  EXPECT_DOUBLE_EQ(forward_backward(kTiny, params, tokens, targets, B, T, grads), expected);
}

TEST(ReferenceGpt2, PaddedVocabularyRowsNeverChangeTheLoss) {
  const int B = 2, T = 5;
  Params params = random_params(kTiny, 5);
  const std::vector<int> tokens = random_tokens(kTiny, B * T, 6);   // (B, T)
  const std::vector<int> targets = random_tokens(kTiny, B * T, 7);  // (B, T)
  const double loss = forward(kTiny, params, tokens, targets, B, T);
  // Large padded logits would dominate the softmax if they counted.
  for (std::size_t i = static_cast<std::size_t>(kTiny.vocab_size) * kTiny.channels;
       i < params.wte.size(); ++i)
    params.wte[i] = 100.0;
  EXPECT_EQ(forward(kTiny, params, tokens, targets, B, T), loss);
}

TEST(ReferenceGpt2, AttentionIsCausal) {
  const int B = 2, T = kTiny.max_seq_len, changed_position = 4;
  const Params params = random_params(kTiny, 8);
  const std::vector<int> tokens = random_tokens(kTiny, B * T, 9);    // (B, T)
  const std::vector<int> targets = random_tokens(kTiny, B * T, 10);  // (B, T)
  std::vector<int> changed_tokens = tokens;                          // (B, T)
  for (int b = 0; b < B; ++b) {
    int& token = changed_tokens[b * T + changed_position];
    token = (token + 1) % kTiny.vocab_size;
  }

  const std::vector<double> before = position_losses(kTiny, params, tokens, targets, B, T);
  const std::vector<double> after =
      position_losses(kTiny, params, changed_tokens, targets, B, T);  // (B, T)
  for (int b = 0; b < B; ++b) {
    for (int t = 0; t < changed_position; ++t)
      EXPECT_EQ(after[b * T + t], before[b * T + t]) << "b " << b << ", t " << t;
    // The change itself must be visible, or this test proves nothing.
    EXPECT_NE(after[b * T + changed_position], before[b * T + changed_position]) << "b " << b;
  }

  // A run on only the prefix sees the same positions: its mean loss is the mean of theirs.
  const int prefix = changed_position;
  std::vector<int> prefix_tokens, prefix_targets;  // (B, prefix) each
  double prefix_loss_sum = 0.0;
  for (int b = 0; b < B; ++b) {
    for (int t = 0; t < prefix; ++t) {
      prefix_tokens.push_back(tokens[b * T + t]);
      prefix_targets.push_back(targets[b * T + t]);
      prefix_loss_sum += before[b * T + t];
    }
  }
  EXPECT_DOUBLE_EQ(forward(kTiny, params, prefix_tokens, prefix_targets, B, prefix),
                   prefix_loss_sum / (B * prefix));
}

TEST(ReferenceGpt2, RejectsMalformedInput) {
  const Params params = zero_params(kTiny);
  const std::vector<int> tokens(10, 0), out_of_vocabulary(10, kTiny.vocab_size);  // (2, 5)
  EXPECT_THROW(forward(kTiny, params, tokens, out_of_vocabulary, 2, 5), std::invalid_argument);
  EXPECT_THROW(forward(kTiny, params, tokens, tokens, 1, 10), std::invalid_argument);  // T > maxT
  EXPECT_THROW(forward(kTiny, params, tokens, tokens, 3, 5), std::invalid_argument);  // size
  Config odd_heads = kTiny;
  odd_heads.num_heads = 3;
  EXPECT_THROW(zero_params(odd_heads), std::invalid_argument);
}

}  // namespace
}  // namespace fourfold::reference
