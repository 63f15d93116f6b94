// The planner's step work (drivers/plan/step_work.hpp) equals, kind by kind, the launches and
// bytes the execution context's ledger counts in a real optimizer step, on every grid of 1, 2
// and 4 ranks, in fp32 and bf16, for GPT-2 and Llama, every recompute mode, with and without
// the optimizer sharded over data and with bf16 gradient collectives, at a T below one causal
// block and one over it, and with several micro-batches and loss chunks.
#include "comm/grid.hpp"
#include "drivers/plan/step_work.hpp"
#include "drivers/train/train_step.hpp"
#include "layers/gpt_test_support.hpp"
#include "layers/grad_norm.hpp"
#include "test_env.hpp"
#include "train_test_support.hpp"

#include <gtest/gtest.h>

#include <string>

namespace fourfold {
namespace {

struct Case {
  Recompute recompute;
  GemmPrecision precision;
  GemmPrecision grad_reduce;
  bool shard;
  int seq_len;
  int micro_steps;
  long loss_chunk_tokens;
  bool sequence_shard = false;
};

std::string describe(ModelFamily family, const comm::GridShape& shape, const Case& c) {
  return std::string(family_name(family)) + ", grid " + shape.str() + ", recompute " + recompute_name(c.recompute) +
         ", " + precision_name(c.precision) + ", gradients " + precision_name(c.grad_reduce) +
         (c.shard ? ", optimizer sharded" : "") + ", T " + std::to_string(c.seq_len) + ", " +
         std::to_string(c.micro_steps) + " micro-batches, loss chunk " + std::to_string(c.loss_chunk_tokens) +
         (c.sequence_shard ? ", sequence-sharded" : "");
}

TEST(StepWork, EqualsTheLedgerOfAStepKindByKind) {
  const int micro_batch = 4;
  std::vector<Case> cases;
  for (const Recompute recompute : {Recompute::none, Recompute::selective, Recompute::attention, Recompute::block})
    for (const GemmPrecision precision : {GemmPrecision::fp32, GemmPrecision::bf16})
      cases.push_back({recompute, precision, precision, false, 16, 1, 0});
  cases.push_back({Recompute::none, GemmPrecision::bf16, GemmPrecision::bf16, true, 16, 2, 0});
  cases.push_back({Recompute::none, GemmPrecision::fp32, GemmPrecision::fp32, true, 16, 1, 5});
  cases.push_back({Recompute::none, GemmPrecision::bf16, GemmPrecision::fp32, false, 136, 1, 0});
  cases.push_back({Recompute::selective, GemmPrecision::fp32, GemmPrecision::fp32, false, 136, 1, 0});
  // Sequence sharding (where Y splits the rows), both precisions, recomputed or not.
  cases.push_back({Recompute::none, GemmPrecision::fp32, GemmPrecision::fp32, false, 16, 1, 0, true});
  cases.push_back({Recompute::none, GemmPrecision::bf16, GemmPrecision::bf16, false, 16, 1, 0, true});
  cases.push_back({Recompute::selective, GemmPrecision::bf16, GemmPrecision::bf16, false, 16, 1, 0, true});
  cases.push_back({Recompute::block, GemmPrecision::fp32, GemmPrecision::fp32, false, 16, 2, 0, true});
  // Four ranks on a CI machine's two cores: every grid, the default mode in both precisions and
  // the sharded optimizer (the other modes differ from them only rank-locally, checked on 1 and 2).
  const bool four_ranks = test::runtime().world_size() >= 4;
  int compared = 0;
  for (const ModelFamily family : {ModelFamily::gpt2, ModelFamily::llama}) {
    GptConfig config = test::small_config_of(family);
    config.max_seq_len = 136;
    for (const auto& shape : comm::all_grid_shapes(test::runtime().world_size())) {
      if (!test::fits_small_run(shape, config) || micro_batch % (shape.z * shape.data)) continue;
      const comm::Grid grid(shape, test::world());
      for (const Case& c : cases) {
        if ((c.shard && shape.data == 1) || (c.sequence_shard && shape.y == 1)) continue;
        if (four_ranks && c.recompute != Recompute::none) continue;
        if (four_ranks && (c.seq_len != 16 || c.loss_chunk_tokens != 0)) continue;
        SCOPED_TRACE(describe(family, shape, c));
        MemoryOptions memory{c.recompute, c.loss_chunk_tokens, c.shard, c.precision, c.grad_reduce};
        memory.sequence_shard = c.sequence_shard;
        const double bucket_mb = 0.004;  // several buckets, remainders included
        Gpt model(config, grid, micro_batch / (shape.z * shape.data), c.seq_len, OverlapOptions::all(), bucket_mb,
                  memory);
        model.init_parameters(5);
        model.zero_gradients();
        AdamW optimizer(model.params(), model.parameters().extent(0), AdamWSettings{}, model.data_shards(),
                        grid.coords().data);
        TrainStep step(model, optimizer, c.micro_steps, 1.0);
        test::fill_distinct_tokens(step.batches(), grid, model.rows());
        step.run(1e-3, 1);  // first-use work (operand copies, primitives) is not a step's
        grid.context().compute().fence();
        const LedgerTotals before = grid.context().counters().ledger();
        step.run(1e-3, 2);
        grid.context().compute().fence();
        const LedgerTotals counted = grid.context().counters().ledger() - before;

        plan::StepDims dims;
        dims.micro_batch_size = micro_batch;
        dims.batch_size = micro_batch * c.micro_steps;
        dims.seq_len = c.seq_len;
        dims.bucket_mb = bucket_mb;
        dims.memory = memory;
        dims.tp_chunks = OverlapOptions::all().forward_row_chunks();
        const GradientNorm norm(model.params(), grid.coords(), model.data_shards());
        plan::OptimizerLayout layout;
        layout.adamw_runs = static_cast<long>(optimizer.runs());
        layout.norm_ranges = static_cast<long>(norm.ranges());
        layout.norm_elements = static_cast<double>(norm.elements());
        // This build's GEMM route (core/gemm.cpp).
#if defined(KOKKOS_ENABLE_CUDA)
        const plan::GemmRoute route = plan::GemmRoute::cuda;
#elif defined(KOKKOS_ENABLE_HIP)
        const plan::GemmRoute route = plan::GemmRoute::rocm;
#else
        const plan::GemmRoute route = plan::GemmRoute::host;
#endif
        const plan::StepWork predicted =
            plan::step_work(plan::model_dims(config), shape, dims, route, grid.coords().data, layout);
        for (int k = 0; k < work_kind_count; ++k) {
          const auto kind = static_cast<WorkKind>(k);
          EXPECT_EQ(predicted.launches_of(kind), counted.launches_of(kind)) << work_kind_name(kind) << " launches";
          EXPECT_EQ(predicted.bytes_of(kind), counted.bytes_of(kind)) << work_kind_name(kind) << " bytes";
        }
        EXPECT_GT(counted.total_launches(), 0);
        ++compared;
      }
    }
  }
  // One grid at least, every case but those of the optimizer sharded (2) and of sequence sharding (4).
  EXPECT_GE(compared, 2 * (four_ranks ? 3 : static_cast<int>(cases.size()) - 6));
}

}  // namespace
}  // namespace fourfold
