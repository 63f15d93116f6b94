// Shared by the tests that run the trainer in-process: a small learnable token corpus and the
// configuration of a tiny model that fits every grid of up to 4 ranks.
#pragma once

#include "drivers/train/train_config.hpp"

#include <string>

namespace fourfold::test {

/// A token shard (vocabulary 64) written once per test run by rank 0 under scratch_dir();
/// collective on first use.
const std::string& learnable_corpus();

/// L=2, NH=4, C=32, V=64, batch 8 x 16 tokens, 10 steps of AdamW with warm-up and cosine decay,
/// no start-up GEMM measurement. `out` empty: no output directory (no checkpoints).
TrainConfig tiny_train_config(const comm::GridShape& grid, long steps, const std::string& out);

}  // namespace fourfold::test
