// End-to-end training: the same run (seed, data, config) on every grid of this world size
// gives per-step losses within 1e-4 relative of the single-rank run over 10 steps, with and
// without gradient accumulation and in both data orders.
#include "comm/grid.hpp"
#include "drivers/train/token_shards.hpp"
#include "drivers/train/trainer.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace fourfold {
namespace {

const std::string& corpus() {
  static const std::string path = [] {
    const std::string p = test::scratch_dir() + "/train_tokens.bin";
    if (test::runtime().world_rank() == 0) {
      // A learnable stream: a noisy repeating pattern over 64 symbols.
      std::vector<std::uint32_t> tokens(20000);
      for (std::size_t i = 0; i < tokens.size(); ++i)
        tokens[i] = static_cast<std::uint32_t>((i * 7 + (i / 13) % 5) % 64);
      write_token_shard(p, tokens);
    }
    MPI_Barrier(test::world());
    return p;
  }();
  return path;
}

TrainConfig tiny_run(const comm::GridShape& grid, int micro_batch, DataOrder order) {
  TrainConfig c;
  c.model.num_layers = 2;
  c.model.num_heads = 4;
  c.model.channels = 32;
  c.model.vocab_size = 64;
  c.model.padded_vocab_size = 64;
  c.model.max_seq_len = 32;
  c.grid = grid;
  c.steps = 10;
  c.batch_size = 8;
  c.micro_batch_size = micro_batch;
  c.seq_len = 16;
  c.lr = 3e-3;
  c.min_lr = 3e-4;
  c.warmup_steps = 2;
  c.schedule = Schedule::cosine;
  c.beta1 = 0.9;
  c.beta2 = 0.95;
  c.eps = 1e-8;
  c.weight_decay = 0.1;
  c.grad_clip = 1.0;
  c.seed = 11;
  c.train_data = corpus();
  c.order = order;
  c.val_batches = 1;
  c.checkpoint_keep = 1;
  c.log_every = 1000;
  c.peak_gflops = 1.0;  // no start-up measurement in tests
  return c;
}

std::vector<double> losses(const TrainResult& r) {
  std::vector<double> out;
  for (const auto& s : r.steps) out.push_back(s.loss);
  return out;
}

void expect_every_grid_matches(int micro_batch, DataOrder order) {
  const auto reference = [&] {
    const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
    return losses(train(tiny_run(self.shape(), micro_batch, order), self));
  }();
  ASSERT_EQ(reference.size(), 10u);
  EXPECT_LT(reference.back(), reference.front());  // it learns
  for (const auto& shape : comm::all_grid_shapes(test::runtime().world_size())) {
    if (micro_batch % (shape.z * shape.data) || 4 % shape.y) continue;
    SCOPED_TRACE("grid " + shape.str());
    const comm::Grid grid(shape, test::world());
    const auto got = losses(train(tiny_run(shape, micro_batch, order), grid));
    ASSERT_EQ(got.size(), reference.size());
    for (std::size_t i = 0; i < got.size(); ++i)
      EXPECT_NEAR(got[i], reference[i], 1e-4 * reference[i]) << "step " << i + 1;
  }
}

TEST(Train, EveryGridMatchesOneRank) { expect_every_grid_matches(8, DataOrder::sequential); }

TEST(Train, EveryGridMatchesOneRankWithAccumulationAndShuffling) {
  expect_every_grid_matches(4, DataOrder::shuffled);
}

TEST(Train, AccumulationEqualsOneBigBatch) {
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  const auto whole = losses(train(tiny_run(self.shape(), 8, DataOrder::sequential), self));
  const auto accumulated = losses(train(tiny_run(self.shape(), 2, DataOrder::sequential), self));
  for (std::size_t i = 0; i < whole.size(); ++i) EXPECT_NEAR(accumulated[i], whole[i], 1e-4 * whole[i]);
}

}  // namespace
}  // namespace fourfold
