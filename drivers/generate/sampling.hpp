// Choosing the next token from its logits, as generation does: greedy (the first largest logit),
// or a draw from the softmax of logits / temperature restricted to the top_k most likely tokens
// and to the smallest set whose probabilities reach top_p. The draw is a counter-based uniform
// keyed by (seed, step), so equal logits, seed and step give the same token on every rank and
// every run. Host code.
#pragma once

#include <cstdint>
#include <vector>

namespace fourfold {

struct SamplingOptions {
  bool greedy = false;
  double temperature = 1.0;  // > 0; greedy ignores it
  int top_k = 0;             // 0: every token
  double top_p = 1.0;        // in (0, 1]
  std::uint64_t seed = 1337;
};

/// UserError naming the option for a temperature that is not positive, a negative top_k, or a
/// top_p outside (0, 1].
void validate(const SamplingOptions& options);

/// The token chosen at generation step `step` from `logits` (one per vocabulary id).
int sample_token(const std::vector<float>& logits, const SamplingOptions& options, std::uint64_t step);

}  // namespace fourfold
