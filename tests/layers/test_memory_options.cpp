// Memory options (layers/memory_options.hpp, data_shards.hpp): the recompute parser, and on every grid of this
// world size, optimizer steps with gradient accumulation give bit-identical losses and
// parameters whether backward finds its activations kept or recomputes them (selective,
// attention, block),
// with every overlap on or off (block recomputation re-gathers weights over Z in its own order)
// and with the LM head's logits in one chunk or several; chunking the logits changes only the
// order of additions, so the losses agree to float rounding. Every run for both families, GPT-2
// and Llama (whose selective recomputation reruns SwiGLU and whose block recomputation reruns the
// rotation).
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "core/gemm.hpp"
#include "gpt_test_support.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace fourfold {
namespace {

TEST(MemoryOptions, ParsesRecomputeModes) {
  for (const Recompute r : {Recompute::none, Recompute::selective, Recompute::attention, Recompute::block})
    EXPECT_EQ(parse_recompute(recompute_name(r)), r);
  for (const char* bad : {"", "Block", "full", "none "}) {
    try {
      parse_recompute(bad);
      ADD_FAILURE() << bad;
    } catch (const UserError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("\"") + bad + "\""), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("\"selective\""), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("\"attention\""), std::string::npos) << e.what();
    }
  }
}

TEST(MemoryOptions, LossChunkRows) {
  EXPECT_EQ(loss_chunk_rows(0, 25152, 4096), 667u);  // 64 MiB of fp32 logits
  EXPECT_EQ(loss_chunk_rows(0, 64, 100), 100u);       // everything fits: one chunk
  EXPECT_EQ(loss_chunk_rows(7, 64, 100), 7u);
  EXPECT_EQ(loss_chunk_rows(1000, 64, 100), 100u);
  EXPECT_EQ(loss_chunk_rows(0, std::size_t{1} << 40, 100), 1u);  // at least one row
}

TEST(MemoryOptions, NegativeLossChunkIsRejected) {
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  try {
    Gpt model(test::small_config(), self, 1, 8, OverlapOptions::all(), default_bucket_mb, {Recompute::none, -3});
    FAIL();
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("loss_chunk_tokens = -3"), std::string::npos) << e.what();
  }
}

constexpr ModelFamily families[] = {ModelFamily::gpt2, ModelFamily::llama};

TEST(Recompute, EveryModeIsBitIdenticalOnEveryGrid) {
  if (test::runtime().world_size() > 4) GTEST_SKIP() << "every grid of up to 4 ranks; 8 run TwentySteps only";
  int checked = 0;
  for (const ModelFamily family : families) {
    const GptConfig config = test::small_config_of(family);
    for (const comm::GridShape& shape : comm::all_grid_shapes(test::runtime().world_size())) {
      if (!test::fits_small_run(shape, config)) continue;
      SCOPED_TRACE(std::string(family_name(family)) + ", grid " + shape.str());
      const comm::Grid grid(shape, test::world(), comm::Backend::automatic, comm::ProgressMode::thread);
      for (const long chunk : {0L, 5L}) {
        const std::string chunks = chunk == 0 ? "one chunk of logits" : "chunks of 5 rows of logits";
        const test::TrainedRun none =
            test::train_small(grid, OverlapOptions::all(), {Recompute::none, chunk}, default_bucket_mb, 0, config);
        EXPECT_GT(none.losses.front(), none.losses.back()) << "the run should learn something";
        for (const Recompute r : {Recompute::selective, Recompute::attention, Recompute::block}) {
          for (const OverlapOptions& overlap : {OverlapOptions::all(), OverlapOptions::none()}) {
            test::expect_bit_identical(test::train_small(grid, overlap, {r, chunk}, default_bucket_mb, 0, config), none,
                                       std::string("recompute ") + recompute_name(r) + ", overlap " + overlap.str() +
                                           ", " + chunks);
          }
        }
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 1);
}

// 20 optimizer steps in fp32 (GPT-2): attention recomputation against none, bit-identical
// losses and parameters on grids of 2, 4 and 8 ranks (every mode on every grid of up to 4 ranks
// and both families: EveryModeIsBitIdenticalOnEveryGrid, 3 steps).
TEST(Recompute, TwentyStepsBitIdenticalOnGridsOfTwoFourAndEight) {
  const int world = test::runtime().world_size();
  std::vector<comm::GridShape> shapes;
  if (world == 2) shapes = {{2, 1, 1, 1}, {1, 2, 1, 1}};
  if (world == 4) shapes = {{2, 2, 1, 1}};
  if (world == 8) shapes = {{2, 2, 2, 1}, {1, 2, 2, 2}};
  if (shapes.empty()) GTEST_SKIP() << "grids of 2, 4 and 8 ranks";
  for (const comm::GridShape& shape : shapes) {
    SCOPED_TRACE("grid " + shape.str());
    ASSERT_TRUE(test::fits_small_run(shape));
    const comm::Grid grid(shape, test::world(), comm::Backend::automatic, comm::ProgressMode::thread);
    const auto run = [&](Recompute r) {
      return test::train_small(grid, OverlapOptions::all(), {r, 0}, default_bucket_mb, 0, test::small_config(), 20);
    };
    const test::TrainedRun none = run(Recompute::none);
    EXPECT_GT(none.losses.front(), none.losses.back()) << "the run should learn something";
    test::expect_bit_identical(run(Recompute::attention), none, "recompute attention, 20 steps");
  }
}

// bf16 mode (bf16 GEMM operands, activations kept as bf16, the X/Y all-reduces and Z gathers in
// bf16): in every recompute mode the run follows fp32's within bf16's rounding, and is not fp32's.
TEST(Recompute, Bf16ModeFollowsFp32InEveryMode) {
  if (test::runtime().world_size() > 4) GTEST_SKIP() << "every grid of up to 4 ranks; 8 run TwentySteps only";
  for (const ModelFamily family : families) {
    const GptConfig config = test::small_config_of(family);
    for (const comm::GridShape& shape : comm::all_grid_shapes(test::runtime().world_size())) {
      if (!test::fits_small_run(shape, config)) continue;
      SCOPED_TRACE(std::string(family_name(family)) + ", grid " + shape.str());
      const comm::Grid grid(shape, test::world());
      const test::TrainedRun fp32 =
          test::train_small(grid, OverlapOptions::all(), {Recompute::none, 0}, default_bucket_mb, 0, config);
      for (const Recompute r : {Recompute::none, Recompute::selective, Recompute::attention, Recompute::block}) {
        const MemoryOptions bf16{r, 5, false, GemmPrecision::bf16};
        const test::TrainedRun run = test::train_small(grid, OverlapOptions::all(), bf16, default_bucket_mb, 0, config);
        double moved = 0.0;
        for (std::size_t i = 0; i < run.losses.size(); ++i) {
          EXPECT_NEAR(run.losses[i], fp32.losses[i], 1e-2 * fp32.losses[i]) << recompute_name(r) << ", step " << i + 1;
          moved = std::max(moved, std::abs(run.losses[i] - fp32.losses[i]));
        }
        EXPECT_GT(moved, 0.0) << recompute_name(r) << ": nothing was rounded to bf16";
      }
    }
  }
}

// ZeRO-1: with the optimizer sharded over data, each data rank updates its pieces and the
// parameters are gathered; the run agrees with the unsharded one to float rounding (the
// reduce-scatter adds in another order than the all-reduce), in every recompute mode, and every
// rank holds the whole updated arena.
TEST(ShardOptimizer, AgreesWithTheUnshardedRunOnEveryGrid) {
  if (test::runtime().world_size() > 4) GTEST_SKIP() << "every grid of up to 4 ranks; 8 run TwentySteps only";
  int checked = 0;
  for (const ModelFamily family : families)
  for (const comm::GridShape& shape : comm::all_grid_shapes(test::runtime().world_size())) {
    const GptConfig config = test::small_config_of(family);
    if (!test::fits_small_run(shape, config)) continue;
    SCOPED_TRACE(std::string(family_name(family)) + ", grid " + shape.str());
    const comm::Grid grid(shape, test::world());
    const test::TrainedRun whole =
        test::train_small(grid, OverlapOptions::all(), {Recompute::none, 0, false}, 0.004, 0, config);
    for (const Recompute r : {Recompute::none, Recompute::block}) {
      for (const OverlapOptions& overlap : {OverlapOptions::all(), OverlapOptions::none()}) {
        const test::TrainedRun sharded = test::train_small(grid, overlap, {r, 0, true}, 0.004, 0, config);
        for (std::size_t i = 0; i < whole.losses.size(); ++i)
          EXPECT_NEAR(sharded.losses[i], whole.losses[i], 1e-6 * std::abs(whole.losses[i]))
              << recompute_name(r) << ", overlap " << overlap.str() << ", step " << i + 1;
        double worst = 0.0;
        for (std::size_t i = 0; i < whole.parameters.size(); ++i)
          worst = std::max(worst, static_cast<double>(std::abs(sharded.parameters[i] - whole.parameters[i])));
        EXPECT_LT(worst, 1e-4) << recompute_name(r) << ", overlap " << overlap.str();
      }
    }
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

// bf16 gradient collectives ([train] grad_reduce): the sums are rounded to bf16, so the run
// differs from fp32's, and sharded or not it lands the same sums in the fp32 gradients up to the
// order bf16 partial sums are combined in (reduce-scatter against all-reduce).
TEST(ShardOptimizer, Bf16GradientCollectivesAgreeShardedOrNot) {
  if (test::runtime().world_size() > 4) GTEST_SKIP() << "every grid of up to 4 ranks; 8 run TwentySteps only";
  int checked = 0;
  for (const ModelFamily family : families)
  for (const comm::GridShape& shape : comm::all_grid_shapes(test::runtime().world_size())) {
    const GptConfig config = test::small_config_of(family);
    if (!test::fits_small_run(shape, config) || (shape.data == 1 && shape.z == 1)) continue;
    SCOPED_TRACE(std::string(family_name(family)) + ", grid " + shape.str());
    const comm::Grid grid(shape, test::world());
    const test::TrainedRun fp32 =
        test::train_small(grid, OverlapOptions::all(), {Recompute::none, 0, false}, 0.004, 0, config);
    const MemoryOptions bf16_grads{Recompute::none, 0, false, GemmPrecision::fp32, GemmPrecision::bf16};
    const MemoryOptions bf16_sharded{Recompute::none, 0, true, GemmPrecision::fp32, GemmPrecision::bf16};
    const test::TrainedRun whole = test::train_small(grid, OverlapOptions::all(), bf16_grads, 0.004, 0, config);
    const test::TrainedRun sharded = test::train_small(grid, OverlapOptions::none(), bf16_sharded, 0.004, 0, config);
    double moved = 0.0;
    for (std::size_t i = 0; i < whole.parameters.size(); ++i)
      moved = std::max(moved, static_cast<double>(std::abs(whole.parameters[i] - fp32.parameters[i])));
    EXPECT_GT(moved, 0.0) << "the gradient collectives did not round to bf16";
    for (std::size_t i = 0; i < whole.losses.size(); ++i) {
      EXPECT_NEAR(whole.losses[i], fp32.losses[i], 1e-2 * std::abs(fp32.losses[i])) << "step " << i + 1;
      EXPECT_NEAR(sharded.losses[i], whole.losses[i], 1e-3 * std::abs(whole.losses[i])) << "step " << i + 1;
    }
    ++checked;
  }
  if (test::runtime().world_size() > 1) {
    EXPECT_GT(checked, 0);
  }
}

// The pieces cover every element of every bucket exactly once over the data ranks, remainders
// once more on every rank; the optimizer state is 1/G_data of the arena plus the remainders.
TEST(ShardOptimizer, PiecesCoverTheArenaOnce) {
  DataShards shards;
  shards.parts = 3;
  shards.buckets = gradient_bucket_ranges(10, 100, bucket_elements(24.0 * 4 / (1024.0 * 1024.0), 3, true));
  EXPECT_EQ(shards.buckets.front(), (ArenaSegment{76, 24}));  // 24 elements: a multiple of 3
  std::vector<int> covered(100, 0);
  for (int part = 0; part < 3; ++part) {
    std::size_t owned = 0;
    for (const ArenaSegment& s : shards.owned(part, part == 0)) {
      for (std::size_t i = s.first; i < s.second; ++i) ++covered[i];
      owned += s.second - s.first;
    }
    if (part == 0) {
      EXPECT_EQ(owned, shards.owned_size());
    }
  }
  for (std::size_t i = 0; i < covered.size(); ++i) EXPECT_EQ(covered[i], 1) << "element " << i;
  // 90 sharded elements: 24, 24, 24, 18 (all divisible by 3); 10 replicated: one bucket of 10, remainder 1.
  EXPECT_EQ(shards.pieces_size(), 30u + 3u);
  EXPECT_EQ(shards.owned_size(), 33u + 1u);
}

TEST(LossChunks, ChunkedLogitsAgreeToRounding) {
  if (test::runtime().world_size() > 4) GTEST_SKIP() << "every grid of up to 4 ranks; 8 run TwentySteps only";
  for (const comm::GridShape& shape : comm::all_grid_shapes(test::runtime().world_size())) {
    if (!test::fits_small_run(shape)) continue;
    SCOPED_TRACE("grid " + shape.str());
    const comm::Grid grid(shape, test::world());
    const test::TrainedRun whole = test::train_small(grid, OverlapOptions::all(), {Recompute::none, 0});
    for (const long chunk : {1L, 3L, 5L}) {
      const test::TrainedRun chunked = test::train_small(grid, OverlapOptions::all(), {Recompute::block, chunk});
      for (std::size_t i = 0; i < whole.losses.size(); ++i)
        EXPECT_NEAR(chunked.losses[i], whole.losses[i], 1e-6 * std::abs(whole.losses[i]))
            << "chunks of " << chunk << " rows, step " << i + 1;
      double worst = 0.0;
      for (std::size_t i = 0; i < whole.parameters.size(); ++i)
        worst = std::max(worst, static_cast<double>(std::abs(chunked.parameters[i] - whole.parameters[i])));
      // AdamW divides by the root of the second moment, so a rounding difference in a gradient
      // element near zero moves its parameter by up to a fraction of the step (lr 1e-2): 1% of it.
      EXPECT_LT(worst, 1e-4) << "chunks of " << chunk << " rows: largest parameter difference";
    }
  }
}

}  // namespace
}  // namespace fourfold
