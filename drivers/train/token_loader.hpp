// Which tokens each rank trains on at each step, as a pure function of the step number (so a
// resume needs no loader state beyond the step).
//
// A step's global batch is B sequences of T+1 tokens (inputs and shifted targets).
//  * sequential (llm.c's single-process order): step s reads the B*T+1 tokens at (s*B)*T of
//    the current shard, sequence i starting at (s*B + i)*T; a shard contributes
//    floor((n - 1) / (B*T)) batches, then the next shard follows, wrapping after the last.
//  * shuffled: the windows of T+1 tokens at stride T of all shards, visited in a seeded
//    pseudo-random permutation that changes every epoch (a Feistel network over the window
//    index, so no permutation table is stored).
// The batch is split over the data x Z ranks: for micro-step k (of micro-batches of M
// sequences) the rank with row group r = d*G_z + z reads sequences k*M + r*(M/(G_data G_z)) + j.
// Ranks that differ only in x or y read the same rows.
#pragma once

#include "drivers/train/token_shards.hpp"

#include <cstdint>

namespace fourfold {

enum class DataOrder;

class TokenLoader {
 public:
  /// batch = sequences per step B; vocab_size bounds every token read (clear error otherwise).
  TokenLoader(const TokenDataset& data, int seq_len, int batch, DataOrder order, std::uint64_t seed,
              int vocab_size);

  /// Tokens (T) and targets (T) of global sequence i (0 <= i < B) of step s.
  void sequence(long step, int i, int* tokens, int* targets) const;

  /// This rank's rows of micro-step `micro_step`: `local` sequences starting at
  /// micro_step * micro_batch + row_group * local, written row after row.
  void fill(long step, int micro_step, int micro_batch, int row_group, int local, int* tokens,
            int* targets) const;

  /// Batches one pass over the data holds (sequential) or windows (shuffled).
  std::size_t batches_per_epoch() const { return batches_; }
  std::size_t windows() const { return windows_; }

 private:
  // (shard, token offset) of the window that sequence i of step s reads.
  std::pair<std::size_t, std::size_t> locate(long step, int i) const;
  std::uint64_t permute(std::uint64_t index, std::uint64_t epoch) const;

  const TokenDataset& data_;
  int seq_len_, batch_;
  bool shuffled_;
  std::uint64_t seed_;
  int vocab_size_;
  std::vector<std::size_t> batch_start_;   // first global batch index of each shard (sequential)
  std::vector<std::size_t> window_start_;  // first window index of each shard (shuffled)
  std::size_t batches_ = 0, windows_ = 0;
  int domain_bits_ = 1;                    // Feistel domain 2^domain_bits >= windows
};

}  // namespace fourfold
