// Generation on the 4D grid: a model's forward for the next tokens of one sequence, with a
// key/value cache per block so that each step computes only its new tokens. The same layers and
// shards as training (the linear layers gather their Z chunks, LayerNorm/RMSNorm reduce over X,
// heads split over Y), with attention against the cache (cached_attention.hpp), positions
// continuing from the cache's length (GPT-2's position rows, Llama's rotation), and the LM head's
// logits gathered from the vocabulary shards so that every rank holds the same logits.
//
// Every rank of the grid runs the one sequence: ranks that differ in z or data compute the same
// rows (generation has no batch to split over them). Buffers, on a rank, for up to S = step
// tokens at a time and P cached positions: the residual stream and norm outputs (S, C_x), q/k/v
// (S, W_qkv), attention output (S, C_y), MLP (S, W_in) and (S, W_hid), the caches 2 L (P, KV_y hs),
// the LM head's (S, C) input and (S, V_loc) logits and their gathers. Allocated once, here.
#pragma once

#include "comm/grid.hpp"
#include "core/types.hpp"
#include "layers/gpt.hpp"
#include "layers/rotary.hpp"

#include <vector>

namespace fourfold {

class GptDecoder {
 public:
  /// For `model` (which must outlive the decoder; its parameters are read at every step):
  /// sequences of up to `positions` tokens (at most the model's max_seq_len), fed at most
  /// `step_tokens` at a time. UserError naming the sizes otherwise.
  GptDecoder(const Gpt& model, int positions, int step_tokens);
  GptDecoder(const GptDecoder&) = delete;
  GptDecoder& operator=(const GptDecoder&) = delete;

  /// Forgets the cached tokens.
  void reset() { length_ = 0; }
  /// Tokens cached so far.
  int length() const { return length_; }
  int positions() const { return positions_; }

  /// Runs `tokens` (1 to step_tokens of them, ids below the vocabulary size) at positions
  /// [length(), length() + n), caches them, and returns the logits of the last one over the real
  /// vocabulary (all_rows: of every new token, row after row), the same on every rank. Waits for
  /// the device once, to copy the logits.
  const std::vector<float>& forward(const std::vector<int>& tokens, bool all_rows = false);

 private:
  const Gpt& model_;
  const comm::Grid& grid_;
  int positions_, step_tokens_, length_ = 0;
  bool llama_;
  RotaryTable rotary_;
  Kokkos::View<int*, MemSpace> tokens_;
  Matrix full_, res_, ln_, qkv_, atty_, branch_, fch_, act_, h_full_, logits_;
  Vector mean_, rstd_, x_gathered_, vocab_gathered_;
  Tensor2<double> row_sums_;
  std::vector<Matrix> k_cache_, v_cache_;
  LinearWorkspace linear_ws_;
  Kokkos::View<float*, HostSpace> host_logits_;
  std::vector<float> result_;
};

}  // namespace fourfold
