// Shared by the tests that run the trainer in-process: a small learnable token corpus and the
// configuration of a tiny model that fits every grid of up to 4 ranks.
#pragma once

#include "comm/grid.hpp"
#include "drivers/train/train_config.hpp"
#include "drivers/train/train_step.hpp"

#include <string>

namespace fourfold::test {

/// A token shard (vocabulary 64) written once per test run by rank 0 under scratch_dir();
/// collective on first use.
const std::string& learnable_corpus();

/// L=2, NH=4, C=32, V=64, batch 8 x 16 tokens, 10 steps of AdamW with warm-up and cosine decay,
/// no start-up GEMM measurement. `out` empty: no output directory (no checkpoints).
TrainConfig tiny_train_config(const comm::GridShape& grid, long steps, const std::string& out);

/// Distinct tokens and targets (vocabulary 61) per micro-batch and per row group (the rows
/// this rank holds) in every batch of `batches`.
void fill_distinct_tokens(TokenBatches& batches, const comm::Grid& grid, std::size_t rows);

}  // namespace fourfold::test
