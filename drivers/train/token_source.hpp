// Where a run's tokens come from. The trainer asks for whole sequences by (step, index): the
// global batch of step s is sequences 0..B-1, and each rank asks only for the rows it holds
// (token_loader.hpp gives the split), so a source never needs to know the grid, and a resumed
// run needs no source state beyond the step number.
//
// Two implementations: ShardTokenSource (llm.c token shards on disk, fourfold-train's data)
// and any class a program writes itself (an in-memory corpus, a streaming reader...).
#pragma once

#include "drivers/train/token_loader.hpp"
#include "drivers/train/token_shards.hpp"

#include <cstdint>
#include <string>

namespace fourfold {

class TokenSource {
 public:
  virtual ~TokenSource() = default;
  /// Writes sequence `index` (0 <= index < sequences per step) of step `step` (from 0): T input
  /// tokens and their T next-token targets, T = the run's seq_len. Must be a pure function of
  /// (step, index): ranks call it concurrently for different rows, and a resumed run calls it
  /// again for the steps it trains. The trainer rejects ids outside [0, vocab_size).
  virtual void sequence(long step, int index, int* tokens, int* targets) const = 0;
  /// Names the data in checkpoints and warnings (a file glob, "in-memory corpus"...).
  virtual std::string description() const = 0;
};

/// llm.c token shards (a file or glob) in sequential or shuffled order (token_loader.hpp):
/// owns the mapped shards.
class ShardTokenSource final : public TokenSource {
 public:
  /// batch: sequences per step (the training batch, or the validation micro-batch).
  ShardTokenSource(const std::string& file_or_glob, int seq_len, int batch, DataOrder order, std::uint64_t seed,
                   int vocab_size)
      : data_(file_or_glob), loader_(data_, seq_len, batch, order, seed, vocab_size) {}
  ShardTokenSource(const ShardTokenSource&) = delete;  // loader_ refers to data_
  ShardTokenSource& operator=(const ShardTokenSource&) = delete;

  void sequence(long step, int index, int* tokens, int* targets) const override {
    loader_.sequence(step, index, tokens, targets);
  }
  std::string description() const override { return data_.pattern(); }
  const TokenLoader& loader() const { return loader_; }

 private:
  TokenDataset data_;    // declared before loader_, which keeps a reference to it
  TokenLoader loader_;
};

}  // namespace fourfold
