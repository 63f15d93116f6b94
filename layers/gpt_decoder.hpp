// Generation on the 4D grid: a model's forward for the next tokens of a batch of B sequences, with
// a key/value cache per block so that each step computes only its new tokens. The same layers and
// shards as training (the linear layers gather their Z chunks, LayerNorm/RMSNorm reduce over X,
// heads split over Y), with attention against the cache (cached_attention.hpp), and the LM head's
// logits gathered from the vocabulary shards so that every rank holds the same logits.
//
// Sequences of different lengths: each keeps its own length, and a forward step takes any number of
// new tokens per sequence (none: it waits). The step's rows are the sequences' new tokens one after
// another, each row carrying its sequence and its true position (that sequence's length onwards):
// GPT-2's position rows and Llama's rotation read those positions, and cached attention reads
// only the row's own sequence up to its position. No padding and no pad token, so a sequence's
// logits are those it would get alone, to the rounding of a GEMM over more rows.
//
// Every rank of the grid runs every sequence: ranks that differ in z or data compute the same
// rows (generation does not split its batch over them). Buffers, on a rank, for up to R = B S rows
// per step (S = step tokens per sequence) and P positions per sequence: the residual stream and
// norm outputs (R, C_x), q/k/v (R, W_qkv), attention output (R, C_y), MLP (R, W_in) and (R, W_hid),
// the caches 2 L (B P, KV_y hs), the row indices (R) each for tokens, sequences and positions; the
// LM head reads H = max(B, S) rows (the last of each sequence, or every row of one sequence):
// its (H, C) input and (H, V_loc) logits and their gathers. Allocated once, here.
#pragma once

#include "comm/grid.hpp"
#include "core/types.hpp"
#include "layers/gpt.hpp"
#include "layers/rotary.hpp"

#include <vector>

namespace fourfold {

class GptDecoder {
 public:
  /// For `model` (which must outlive the decoder; its parameters are read at every step): `batch`
  /// sequences of up to `positions` tokens each (at most the model's max_seq_len), each fed at most
  /// `step_tokens` at a time. UserError naming the sizes otherwise.
  GptDecoder(const Gpt& model, int positions, int step_tokens, int batch = 1);
  GptDecoder(const GptDecoder&) = delete;
  GptDecoder& operator=(const GptDecoder&) = delete;

  /// Forgets every sequence's cached tokens.
  void reset();
  /// Tokens cached so far, of sequence 0 / of `sequence`.
  int length() const { return lengths_[0]; }
  int length(int sequence) const;
  int positions() const { return positions_; }
  int batch() const { return batch_; }

  /// Sequence 0 alone: runs `tokens` (1 to step_tokens of them, ids below the vocabulary size) at
  /// positions [length(), length() + n), caches them, and returns the logits of the last one over
  /// the real vocabulary (all_rows: of every new token, row after row), the same on every rank.
  /// Waits for the device once, to copy the logits.
  const std::vector<float>& forward(const std::vector<int>& tokens, bool all_rows = false);
  /// Every sequence at once: tokens[b] (0 to step_tokens ids; none: sequence b waits) runs at
  /// positions [length(b), length(b) + n_b) of sequence b, with at least one token in all. Returns
  /// (B, V) logits: row b those after sequence b's last new token, zeros for a sequence given none;
  /// the same on every rank. Waits for the device once.
  const std::vector<float>& forward_batch(const std::vector<std::vector<int>>& tokens);

 private:
  /// The step's rows (tokens[b] for every b in order) through the model; the LM head on the last
  /// row of each fed sequence, or on every row when all_rows (one sequence only). result_ =
  /// their logits, (k, V) row after row, or by_sequence (B, V) with row b sequence b's.
  void run(const std::vector<std::vector<int>>& tokens, bool all_rows, bool by_sequence);

  const Gpt& model_;
  const comm::Grid& grid_;
  int positions_, step_tokens_, batch_;
  std::vector<int> lengths_;  // (B) tokens cached per sequence
  bool llama_;
  RotaryTable rotary_;
  // (3 R + H) ints: the step's tokens, their sequences, their positions (m each), then the rows the
  // LM head reads (k), packed in that order so that one copy moves them; host staging and device.
  Kokkos::View<int*, HostSpace> host_rows_;
  Kokkos::View<int*, MemSpace> rows_;
  Matrix full_, res_, ln_, qkv_, atty_, branch_, fch_, act_, h_full_, logits_;
  Vector mean_, rstd_, x_gathered_, vocab_gathered_;
  Tensor2<double> row_sums_;
  std::vector<Matrix> k_cache_, v_cache_;
  LinearWorkspace linear_ws_;
  Kokkos::View<float*, HostSpace> host_logits_;
  std::vector<std::size_t> head_sequence_;  // (H) the sequence of each row the LM head read
  std::vector<std::vector<int>> single_step_;  // (B) forward()'s step: its tokens for sequence 0
  std::vector<float> result_;
};

}  // namespace fourfold
