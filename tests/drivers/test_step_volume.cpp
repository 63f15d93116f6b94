// The step's communication volume model (drivers/plan/step_volume.hpp): hand-computed volumes
// for normal and transposed layers on several grids, the arena sizes against the model's
// parameter count, the trainer's grid rules, and, on 1, 2 and 4 ranks, the modelled bytes and
// calls per (group, collective kind) equal to what a real optimizer step moved through comm/.
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "drivers/plan/step_volume.hpp"
#include "drivers/train/train_step.hpp"
#include "layers/gpt_test_support.hpp"
#include "test_env.hpp"
#include "train_test_support.hpp"

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <string>

namespace fourfold {
namespace {

using comm::CollectiveKind;
using comm::CommAxis;

plan::ModelDims dims_of(const GptConfig& c) { return plan::model_dims(c); }

// Sum of the modelled bytes (and calls) of one kind on one axis.
struct Sum {
  double bytes = 0.0;
  long calls = 0;
};
Sum modelled(const std::vector<plan::CollectiveVolume>& v, CommAxis axis, CollectiveKind kind) {
  Sum s;
  for (const auto& c : v)
    if (c.axis == axis && c.kind == kind) {
      s.bytes += c.bytes;
      s.calls += c.calls;
    }
  return s;
}
const plan::CollectiveVolume* find(const std::vector<plan::CollectiveVolume>& v, const std::string& what,
                                   CommAxis axis) {
  for (const auto& c : v)
    if (c.what == what && c.axis == axis) return &c;
  return nullptr;
}

// GPT-2 124M shapes, by hand. Grid 2x4x2x2 (32 ranks), batch 16, micro-batch 8, T = 1024:
// rows per rank m = 8 / (2*2) * 1024 = 2048, C_x = 384, C_y = 192, 2 micro-steps.
TEST(StepVolume, HandComputedOnA32RankGrid) {
  const plan::ModelDims gpt2;  // 12 layers, 12 heads, 768 channels, 50304 padded vocabulary, 1024
  const plan::StepDims step{16, 8, 1024, 8.0};
  const auto v = plan::step_collectives(gpt2, {2, 4, 2, 2}, step);
  const double m = 2048, cx = 384, cy = 192, L = 12, micro = 2;
  // Normal layers (QKV 3C, FC 4C): forward all-reduce over X of m x (3 + 4) C_y.
  const auto* normal_fwd = find(v, "linear forward (normal: QKV, FC)", CommAxis::x);
  ASSERT_NE(normal_fwd, nullptr);
  EXPECT_DOUBLE_EQ(normal_fwd->bytes, micro * L * 4 * m * 7 * cy);
  EXPECT_EQ(normal_fwd->calls, 2 * 12 * 2);
  EXPECT_EQ(normal_fwd->group_size, 2);
  // Transposed (attention projection C -> C, FC2 4C -> C): forward over Y, C_x each; their
  // input gradients over X: 4 C_y (FC2) + C_y (projection). AxoNN's script has K on the wrong
  // term here; these are the volumes of the layers as computed.
  EXPECT_DOUBLE_EQ(find(v, "linear forward (transposed: attention projection, FC2)", CommAxis::y)->bytes,
                   micro * L * 4 * m * 2 * cx);
  EXPECT_DOUBLE_EQ(find(v, "linear input gradient (transposed: FC2, attention projection)", CommAxis::x)->bytes,
                   micro * L * 4 * m * 5 * cy);
  EXPECT_DOUBLE_EQ(find(v, "linear input gradient (normal: FC, QKV)", CommAxis::y)->bytes,
                   micro * L * 4 * m * 2 * cx);
  // Z: 12 C^2 / (G_x G_y) per block gathered twice and reduce-scattered once per micro-batch.
  const double block = 12.0 * 768 * 768 / 8;
  EXPECT_DOUBLE_EQ(find(v, "weight all-gather (forward and backward)", CommAxis::z)->bytes, micro * L * 4 * 2 * block);
  EXPECT_DOUBLE_EQ(find(v, "weight-gradient reduce-scatter", CommAxis::z)->bytes, micro * L * 4 * block);
  // Data: the whole arena once per step, in 8 MiB buckets.
  const double v_loc = 50304 / 8, replicated = v_loc * 768 + 1024 * cx + L * (6 * cx + 7 * cy) + 2 * cx;
  const double sharded = 12 * L * 768 * 768 / 16;
  const auto* data = find(v, "gradients over data", CommAxis::data);
  EXPECT_DOUBLE_EQ(data->bytes, 4 * (replicated + sharded));
  EXPECT_EQ(data->calls, static_cast<long>(std::ceil(replicated / (2 << 20)) + std::ceil(sharded / (2 << 20))));
  EXPECT_FALSE(data->per_micro_batch);
  EXPECT_DOUBLE_EQ(find(v, "replicated gradients over Z", CommAxis::z)->bytes, 4 * replicated);
}

TEST(StepVolume, GroupsOfOneRankCommunicateNothing) {
  const plan::ModelDims gpt2;
  EXPECT_TRUE(plan::step_collectives(gpt2, {1, 1, 1, 1}, {4, 4, 64, 8.0}).empty());
  for (const auto& c : plan::step_collectives(gpt2, {1, 1, 1, 8}, {8, 8, 64, 8.0}))
    EXPECT_TRUE(c.axis == CommAxis::data || c.axis == CommAxis::other) << c.what;
  // X only: no Y, Z or data collectives, and the X x Y group is the X group.
  for (const auto& c : plan::step_collectives(gpt2, {4, 1, 1, 1}, {4, 4, 64, 8.0})) {
    EXPECT_NE(c.axis, CommAxis::y) << c.what;
    EXPECT_NE(c.axis, CommAxis::z) << c.what;
    EXPECT_NE(c.axis, CommAxis::data) << c.what;
    EXPECT_EQ(c.group_size, 4) << c.what;
  }
}

TEST(StepVolume, ArenaAtOneRankIsTheParameterCount) {
  const GptConfig gpt2 = GptConfig::gpt2(12);
  const plan::ArenaSizes a = plan::arena_sizes(dims_of(gpt2), {1, 1, 1, 1});
  EXPECT_DOUBLE_EQ(a.z_replicated + a.z_sharded, static_cast<double>(gpt2.num_parameters()));
  // Z shards only the linear weights; X and Y split everything but what they replicate.
  const plan::ArenaSizes z4 = plan::arena_sizes(dims_of(gpt2), {1, 1, 4, 1});
  EXPECT_DOUBLE_EQ(z4.z_sharded * 4, a.z_sharded);
  EXPECT_DOUBLE_EQ(z4.z_replicated, a.z_replicated);
}

TEST(StepVolume, RejectsWhatTheTrainerRejects) {
  const plan::ModelDims gpt2;
  auto message = [&](const comm::GridShape& g, const plan::StepDims& s) {
    try {
      plan::step_collectives(gpt2, g, s);
    } catch (const UserError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message({1, 5, 1, 1}, {4, 4, 64, 8.0}).find("12 heads are not divisible by G_y = 5"), std::string::npos);
  EXPECT_NE(message({1, 1, 3, 1}, {4, 4, 64, 8.0}).find("not divisible by G_z * G_data = 3"), std::string::npos);
  EXPECT_NE(message({1, 1, 1, 1}, {6, 4, 64, 8.0}).find("batch 6 is not a multiple of the micro-batch 4"),
            std::string::npos);
  EXPECT_NE(message({1, 1, 1, 1}, {4, 4, 2048, 8.0}).find("sequence length 2048 outside 1..1024"), std::string::npos);
  EXPECT_NE(message({1, 1, 1, 1}, {4, 4, 64, 0.0}).find("bucket_mb 0"), std::string::npos);
  EXPECT_NE(message({7, 1, 1, 1}, {4, 4, 64, 8.0}).find("768 channels are not divisible by G_x = 7"),
            std::string::npos);
}

plan::StepDims with_chunks(plan::StepDims dims, int tp_chunks) {
  dims.tp_chunks = tp_chunks;
  return dims;
}

// A real step on every grid of this world: the bytes and calls comm/ counted per (axis, kind)
// are the model's, with and without gradient accumulation and with small gradient buckets (so
// that the data-parallel all-reduce runs in several pieces), with the forward overlap's row
// chunks at 4 and 8.
TEST(StepVolume, ModelledBytesEqualWhatAStepMoved) {
  const int batch = 4, seq_len = 16;
  for (const ModelFamily family : {ModelFamily::gpt2, ModelFamily::llama})
  for (const auto& shape : comm::all_grid_shapes(test::runtime().world_size())) {
    const GptConfig config = test::small_config_of(family);
    if (!test::fits_small_run(shape, config)) continue;
    for (const int micro_steps : {1, 2}) {
     // Every recompute mode, with the logits in one chunk and in chunks of 5 rows; sequence
     // sharding where Y splits the rows (fp32 and bf16, recomputed or not).
     const auto sequence_sharded = [](MemoryOptions m) {
       m.sequence_shard = true;
       return m;
     };
     for (const MemoryOptions memory :
          {MemoryOptions{Recompute::none, 0}, MemoryOptions{Recompute::selective, 5}, MemoryOptions{Recompute::block, 0},
           MemoryOptions{Recompute::block, 5, true}, MemoryOptions{Recompute::none, 0, true},
           sequence_sharded(MemoryOptions{Recompute::none, 0}),
           sequence_sharded(MemoryOptions{Recompute::none, 5, false, GemmPrecision::bf16}),
           sequence_sharded(MemoryOptions{Recompute::block, 0, false, GemmPrecision::bf16})}) {
      if ((batch / micro_steps) % (shape.z * shape.data) || (memory.sequence_shard && shape.y == 1)) continue;
      SCOPED_TRACE(std::string(family_name(family)) + ", grid " + shape.str() + ", " + std::to_string(micro_steps) +
                   " micro-batches, recompute " +
                   recompute_name(memory.recompute) + ", loss chunk " + std::to_string(memory.loss_chunk_tokens) +
                   (memory.shard_optimizer ? ", optimizer sharded" : "") +
                   (memory.sequence_shard ? ", sequence-sharded, " + std::string(precision_name(memory.precision)) : ""));
      const double bucket_mb = 0.01;  // 2621 floats: several buckets
      const comm::Grid grid(shape, test::world());
      const int micro_batch = batch / micro_steps;
      // The forward overlap's row chunks: the default with one micro-batch, 8 with two.
      OverlapOptions overlap = OverlapOptions::all();
      if (micro_steps == 2) overlap.tp_chunks = 8;
      Gpt model(config, grid, micro_batch / (shape.z * shape.data), seq_len, overlap, bucket_mb,
                memory);
      model.init_parameters(3);
      model.zero_gradients();
      AdamW optimizer(model.params(), model.parameters().extent(0), AdamWSettings{}, model.data_shards(),
                      grid.coords().data);
      TrainStep step(model, optimizer, micro_steps, 1.0);
      test::fill_distinct_tokens(step.batches(), grid, model.rows());
      step.run(1e-3, 1);  // first-use work is not a step's
      const comm::CommTotals before = grid.context().counters().comm_totals();
      step.run(1e-3, 2);
      const comm::CommTotals moved = grid.context().counters().comm_totals() - before;
      const auto model_volumes =
          plan::step_collectives(dims_of(config), shape, with_chunks({batch, micro_batch, seq_len, bucket_mb, memory},
                                                                     overlap.forward_row_chunks()));
      double total = 0.0;
      for (const auto& per_axis : moved.bytes)
        for (const double b : per_axis) total += b;
      if (grid.world_size() > 1) {
        EXPECT_GT(total, 0.0) << "the step moved no bytes: nothing was counted";
      }
      for (int a = 0; a < comm::comm_axis_count; ++a)
        for (int k = 0; k < comm::collective_kind_count; ++k) {
          const auto axis = static_cast<CommAxis>(a);
          const auto kind = static_cast<CollectiveKind>(k);
          const Sum predicted = modelled(model_volumes, axis, kind);
          EXPECT_DOUBLE_EQ(predicted.bytes, moved.bytes[a][k])
              << comm::collective_kind_name(kind) << " on " << comm::comm_axis_name(axis);
          EXPECT_EQ(predicted.calls, moved.calls[a][k])
              << comm::collective_kind_name(kind) << " on " << comm::comm_axis_name(axis);
        }
     }
    }
  }
}

// What each overlap can hide is a typed field, not a label: the Z gathers by OAG, the Z gradient
// reduce-scatters by ORS, the linear input gradients by OAR, the data all-reduce by DP, the
// linear layers' forward all-reduces and the norm outputs' gathers before them (recomputed ones
// apart) by the forward overlap; nothing else.
TEST(StepVolume, EachCollectiveNamesTheOverlapThatHidesIt) {
  const plan::ModelDims gpt2;
  for (const Recompute r : {Recompute::none, Recompute::block})
   for (const bool sequence_shard : {false, true}) {
    MemoryOptions memory{r, 0, r == Recompute::block};
    memory.sequence_shard = sequence_shard;
    for (const auto& v : plan::step_collectives(gpt2, {2, 2, 2, 2}, {16, 8, 64, 8.0, memory})) {
      plan::HiddenBy want = plan::HiddenBy::none;
      // Sequence sharding: the weight gradient's gather of its input behind the input gradient's GEMMs.
      if (v.what.rfind("norm output all-gather (for the FC and QKV weight", 0) == 0) want = plan::HiddenBy::oar;
      if (v.axis == CommAxis::z && v.kind == CollectiveKind::all_gather) want = plan::HiddenBy::oag;
      if (v.axis == CommAxis::z && v.kind == CollectiveKind::reduce_scatter) want = plan::HiddenBy::ors;
      if (v.what.rfind("linear input gradient", 0) == 0) want = plan::HiddenBy::oar;
      if (v.axis == CommAxis::data && v.what.rfind("gradient", 0) == 0) want = plan::HiddenBy::dp;
      if (v.what.rfind("linear forward (", 0) == 0) want = plan::HiddenBy::fwd;
      if (v.what.rfind("linear forward recomputed", 0) == 0) want = plan::HiddenBy::fwd_recomputed;
      // Sequence sharding: the norm outputs gathered for q/k/v and the MLP by the forward's row chunks.
      if (v.what == "norm output all-gather (for QKV, FC)") want = plan::HiddenBy::fwd;
      if (v.what == "norm output all-gather recomputed (for QKV, FC)") want = plan::HiddenBy::fwd_recomputed;
      // and the residual gradient gathered for the transposed layers' backward by the same chunks.
      if (v.what == "residual gradient all-gather (for FC2, attention projection)") want = plan::HiddenBy::bwd;
      EXPECT_EQ(v.hidden_by, want) << v.what;
    }
  }
}

}  // namespace
}  // namespace fourfold
