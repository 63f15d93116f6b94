// The memory model (drivers/plan/memory_model.hpp) predicts, byte for byte, what Gpt allocates
// on every grid of 1, 2 and 4 ranks (at a T that is no multiple of the LayerNorm chunk or any
// tile, and with Z-sharded weights), and GPT-2 124M at T = 1024 on two ranks as the trainer
// prints it.
#include "comm/grid.hpp"
#include "core/gemm.hpp"
#include "drivers/plan/memory_model.hpp"
#include "layers/adamw.hpp"
#include "layers/gpt.hpp"
#include "layers/gpt_test_support.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

namespace fourfold {
namespace {

plan::ModelDims dims_of(const GptConfig& c) { return plan::model_dims(c); }

TEST(MemoryModel, EqualsWhatGptAllocatesOnEveryGrid) {
  const int batch = 4;
  for (const ModelFamily family : {ModelFamily::gpt2, ModelFamily::llama}) {
  const GptConfig config = test::small_config_of(family);
  for (const Recompute recompute : {Recompute::none, Recompute::selective, Recompute::attention, Recompute::block}) {
    for (const long chunk : {0L, 5L}) {
     for (const bool shard : {false, true}) {
      // bf16 (its operand copies) with and without chunks and sharding.
      const GemmPrecision precision = (chunk != 0) != shard ? GemmPrecision::bf16 : GemmPrecision::fp32;
      // bf16 gradient collectives (their bf16 copies) with either precision, sharded or not.
      const GemmPrecision grad_reduce = chunk == 0 ? GemmPrecision::bf16 : GemmPrecision::fp32;
      MemoryOptions memory{recompute, chunk, shard, precision, grad_reduce};
      // Sequence sharding where Y splits the rows (16 tokens: rows in 8 equal pieces).
      for (const int seq_len : {13, 16, -16}) {
        memory.sequence_shard = seq_len < 0;
        for (const auto& shape : comm::all_grid_shapes(test::runtime().world_size())) {
          if (!test::fits_small_run(shape, config) || (memory.sequence_shard && shape.y == 1)) continue;
          SCOPED_TRACE(std::string(family_name(family)) + ", grid " + shape.str() + ", T = " + std::to_string(seq_len) +
                       ", recompute " +
                       recompute_name(recompute) + ", loss chunk " + std::to_string(chunk) +
                       (shard ? ", optimizer sharded" : "") + ", " + precision_name(precision) +
                       ", gradients " + precision_name(grad_reduce) +
                       (memory.sequence_shard ? ", sequence-sharded" : ""));
          const comm::Grid grid(shape, test::world());
          const Gpt model(config, grid, batch / (shape.z * shape.data), std::abs(seq_len), OverlapOptions::all(), 0.004,
                          memory);
          const MemoryPlan allocated = model.memory();
          plan::StepDims step;
          step.batch_size = step.micro_batch_size = batch;
          step.seq_len = std::abs(seq_len);
          step.memory = memory;
          step.bucket_mb = 0.004;  // several buckets, remainders included
          step.gemm_operand_element_bytes = static_cast<double>(GemmEngine::bf16_operand_element_bytes());
          step.nccl_buffer_bytes = grid.world().nccl() != nullptr ? comm::nccl_buffer_bytes_per_communicator() : 0.0;
          const plan::RankMemory predicted = plan::rank_memory(dims_of(config), shape, step);
          const AdamW optimizer(model.params(), model.parameters().extent(0), AdamWSettings{}, model.data_shards(),
                                grid.coords().data);
          EXPECT_DOUBLE_EQ(predicted.parameters, static_cast<double>(allocated.parameters));
          EXPECT_DOUBLE_EQ(predicted.gradients, static_cast<double>(allocated.gradients));
          EXPECT_DOUBLE_EQ(predicted.optimizer, 2.0 * sizeof(float) * static_cast<double>(optimizer.state_size()));
          if (shard && shape.data > 1) {
            EXPECT_LT(predicted.optimizer, 2.0 * static_cast<double>(allocated.parameters) / shape.data * 1.01);
          }
          EXPECT_DOUBLE_EQ(predicted.activations, static_cast<double>(allocated.activations));
          EXPECT_DOUBLE_EQ(predicted.workspaces, static_cast<double>(allocated.workspaces));
          EXPECT_DOUBLE_EQ(predicted.recompute_buffers, static_cast<double>(allocated.recompute_buffers));
          EXPECT_DOUBLE_EQ(predicted.attention_scratch, static_cast<double>(allocated.attention_scratch));
          EXPECT_DOUBLE_EQ(predicted.loss_chunk, static_cast<double>(allocated.loss_chunk));
          EXPECT_DOUBLE_EQ(predicted.gemm_operands, static_cast<double>(allocated.gemm_operands));
          EXPECT_DOUBLE_EQ(predicted.collective_buffers, static_cast<double>(allocated.collective_buffers));
          if (precision == GemmPrecision::bf16) {
            EXPECT_GT(allocated.gemm_operands, 0u);
          } else {
            EXPECT_EQ(allocated.gemm_operands, 0u);
          }
          EXPECT_EQ(plan::head_chunks(dims_of(config), shape, step).chunk_rows,
                    static_cast<double>(model.loss_chunk_rows()));
        }
      }
     }
    }
  }
  }
}

// The operand copies a model reserves hold every operand of its bf16 forward and backward: a
// step from empty grows them to no more than the reservation (which the memory model predicts,
// above), and after the reservation a step allocates nothing more.
TEST(MemoryModel, Bf16OperandCopiesHoldEveryGemmOfAStep) {
  const int batch = 4, seq_len = 13;
  for (const ModelFamily family : {ModelFamily::gpt2, ModelFamily::llama})
  for (const Recompute recompute : {Recompute::none, Recompute::block}) {
    for (const long chunk : {0L, 5L}) {
      const GptConfig config = test::small_config_of(family);
      for (const auto& shape : comm::all_grid_shapes(test::runtime().world_size())) {
        if (!test::fits_small_run(shape, config)) continue;
        SCOPED_TRACE(std::string(family_name(family)) + ", grid " + shape.str() + ", recompute " +
                     recompute_name(recompute) + ", loss chunk " + std::to_string(chunk));
        const comm::Grid grid(shape, test::world());
        const int local = batch / (shape.z * shape.data);
        const auto rows = test::global_token_rows(batch, seq_len, config.vocab_size, 3);
        const auto step = [&](Gpt& model) {
          model.init_parameters(11);
          const auto [tokens, targets] = test::local_batch_of(model, rows);
          model.zero_gradients();
          GemmEngine& engine = grid.context().gemm();
          const GemmPrecision saved = engine.precision();
          engine.set_precision(GemmPrecision::bf16);
          model.forward(tokens.data(), targets.data());
          model.backward(1.0 / model.global_tokens());
          model.sync_gradients();
          engine.set_precision(saved);
        };
        // Unreserved (a bf16 model whose reservation is released): the copies grow to what the
        // step needs.
        Gpt unreserved(config, grid, local, seq_len, OverlapOptions::all(), 0.004,
                       MemoryOptions{recompute, chunk, false, GemmPrecision::bf16});
        grid.context().gemm().release_bf16_operands();
        EXPECT_EQ(grid.context().gemm().bf16_operand_capacity().a, 0u);
        step(unreserved);
        const Bf16OperandCapacity needed = grid.context().gemm().bf16_operand_capacity();
        // Reserved: exactly the plan's copies, and a step adds nothing.
        grid.context().gemm().release_bf16_operands();
        Gpt reserved(config, grid, local, seq_len, OverlapOptions::all(), 0.004,
                     MemoryOptions{recompute, chunk, false, GemmPrecision::bf16});
        const Bf16OperandCapacity held = grid.context().gemm().bf16_operand_capacity();
        EXPECT_EQ(static_cast<double>((held.a + held.b) * GemmEngine::bf16_operand_element_bytes()),
                  static_cast<double>(reserved.memory().gemm_operands));
        EXPECT_GE(held.a, needed.a);
        EXPECT_GE(held.b, needed.b);
        step(reserved);
        EXPECT_EQ(grid.context().gemm().bf16_operand_capacity().a, held.a);
        EXPECT_EQ(grid.context().gemm().bf16_operand_capacity().b, held.b);
        // The bound is the largest operand itself on one rank: nothing reserved is never used.
        if (shape.size() == 1) {
          EXPECT_EQ(held.a, needed.a);
          EXPECT_EQ(held.b, needed.b);
        }
      }
    }
  }
}

plan::RankMemory gpt2_at_1024_on_two_ranks(Recompute recompute, GemmPrecision precision = GemmPrecision::fp32) {
  plan::StepDims step;
  step.batch_size = step.micro_batch_size = 4;
  step.seq_len = 1024;
  step.memory.recompute = recompute;
  step.memory.precision = precision;
  return plan::rank_memory(plan::ModelDims{}, {1, 2, 1, 1}, step);
}

// GPT-2 124M, T = 1024, micro-batch 4 on grid 1x2x1x1. Before the attention kept no T x T
// probabilities and the logits were chunked, fourfold-train printed activations 3009.8 MiB and
// workspaces 228.9 MiB (3,239 MiB together); with nothing recomputed the activations are now the
// per-layer tensors alone, and block recomputation keeps a quarter of that or less.
TEST(MemoryModel, Gpt2At1024OnTwoRanks) {
  const double mib = 1024.0 * 1024.0;
  const plan::RankMemory none = gpt2_at_1024_on_two_ranks(Recompute::none);
  EXPECT_NEAR(none.parameters / mib, 239.0, 0.05);
  const plan::RankMemory selective = gpt2_at_1024_on_two_ranks(Recompute::selective);
  const plan::RankMemory attention = gpt2_at_1024_on_two_ranks(Recompute::attention);
  const plan::RankMemory block = gpt2_at_1024_on_two_ranks(Recompute::block);
  EXPECT_LT(selective.activations, none.activations);
  EXPECT_LT(attention.activations, selective.activations);
  EXPECT_LT(block.activations, attention.activations);
  // Attention recomputation drops the attention output, (m, C_y) per block: 12 blocks of 4
  // sequences of 1024 tokens by 384 channels (C_y on 1x2x1x1), less its one shared buffer.
  EXPECT_EQ(selective.activations - attention.activations, 4.0 * (12 - 1) * 4 * 1024 * 384);
  EXPECT_EQ(none.recompute_buffers, 0.0);
  EXPECT_GT(block.recompute_buffers, selective.recompute_buffers);
  EXPECT_LE(block.activations + block.workspaces, 3239.0 * mib / 4.0);
  // One chunk of logits of at most 64 MiB: 667 rows of 25,152 vocabulary rows.
  EXPECT_LE(none.loss_chunk, 64.0 * mib);
  EXPECT_EQ(none.loss_chunk, 667.0 * 25152 * 4);
}

// bf16 mode keeps at most 55% of fp32's activations without block recomputation: half-size
// copies per block, and one set of fp32 working slots (gpt_memory.hpp). Block recomputation keeps
// fp32 checkpoints only, the same in both. The plan equals the allocations (tests above).
TEST(MemoryModel, Bf16ActivationsAtMost55PercentOfFp32) {
  for (const Recompute recompute : {Recompute::none, Recompute::selective}) {
    SCOPED_TRACE(recompute_name(recompute));
    const plan::RankMemory fp32 = gpt2_at_1024_on_two_ranks(recompute);
    const plan::RankMemory bf16 = gpt2_at_1024_on_two_ranks(recompute, GemmPrecision::bf16);
    EXPECT_LE(bf16.activations, 0.55 * fp32.activations) << bf16.activations / fp32.activations;
  }
  EXPECT_EQ(gpt2_at_1024_on_two_ranks(Recompute::block, GemmPrecision::bf16).activations,
            gpt2_at_1024_on_two_ranks(Recompute::block).activations);
}

}  // namespace
}  // namespace fourfold
