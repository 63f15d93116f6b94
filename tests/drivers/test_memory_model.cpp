// The memory model (drivers/plan/memory_model.hpp) predicts, byte for byte, what Gpt allocates
// on every grid of 1, 2 and 4 ranks (at a T that is no multiple of the LayerNorm chunk or any
// tile, and with Z-sharded weights), and GPT-2 124M at T = 1024 on two ranks as the trainer
// prints it.
#include "comm/grid.hpp"
#include "drivers/plan/memory_model.hpp"
#include "layers/gpt.hpp"
#include "layers/gpt_test_support.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

namespace fourfold {
namespace {

plan::ModelDims dims_of(const GptConfig& c) {
  return {c.num_layers, c.num_heads, c.channels, c.padded_vocab_size, c.max_seq_len};
}

TEST(MemoryModel, EqualsWhatGptAllocatesOnEveryGrid) {
  const GptConfig config = test::small_config();
  const int batch = 4;
  for (const int seq_len : {13, 16}) {
    for (const auto& shape : comm::all_grid_shapes(test::runtime().world_size())) {
      if (batch % (shape.z * shape.data) || config.num_heads % shape.y) continue;
      SCOPED_TRACE("grid " + shape.str() + ", T = " + std::to_string(seq_len));
      const comm::Grid grid(shape, test::world());
      const Gpt model(config, grid, batch / (shape.z * shape.data), seq_len);
      const MemoryPlan allocated = model.memory();
      const plan::RankMemory predicted = plan::rank_memory(dims_of(config), shape, {batch, batch, seq_len, 8.0});
      EXPECT_DOUBLE_EQ(predicted.parameters, static_cast<double>(allocated.parameters));
      EXPECT_DOUBLE_EQ(predicted.gradients, static_cast<double>(allocated.gradients));
      EXPECT_DOUBLE_EQ(predicted.optimizer, 2.0 * static_cast<double>(allocated.parameters));
      EXPECT_DOUBLE_EQ(predicted.activations, static_cast<double>(allocated.activations));
      EXPECT_DOUBLE_EQ(predicted.attention_probabilities_per_layer,
                       static_cast<double>(allocated.attention_probabilities_per_layer));
      EXPECT_DOUBLE_EQ(predicted.workspaces, static_cast<double>(allocated.workspaces));
    }
  }
}

// What fourfold-train printed for GPT-2 124M, T = 1024, micro-batch 4 on grid 1x2x1x1:
// parameters 239.0 MiB, activations 3009.8 MiB (96.0 MiB of probabilities per layer),
// workspaces 228.9 MiB, total with the optimizer 4.10 GiB.
TEST(MemoryModel, Gpt2At1024OnTwoRanks) {
  const double mib = 1024.0 * 1024.0;
  const plan::RankMemory r = plan::rank_memory(plan::ModelDims{}, {1, 2, 1, 1}, {4, 4, 1024, 8.0});
  EXPECT_NEAR(r.parameters / mib, 239.0, 0.05);
  EXPECT_NEAR(r.activations / mib, 3009.8, 0.05);
  EXPECT_NEAR(r.attention_probabilities_per_layer / mib, 96.0, 0.05);
  EXPECT_NEAR(r.workspaces / mib, 228.9, 0.05);
  EXPECT_NEAR(r.total() / (1024 * mib), 4.10, 0.005);
}

}  // namespace
}  // namespace fourfold
