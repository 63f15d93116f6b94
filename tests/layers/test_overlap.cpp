// Overlap (layers/overlap.hpp, linear_schedule.hpp, gradient_sync.hpp): the option parser, and
// on every grid of this world size, optimizer steps with gradient accumulation give
// bit-identical losses and parameters with every overlap on, each one alone, and none; also
// when the ranks' communication runs at random, different speeds, and with inline progress.
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "core/sync.hpp"
#include "gpt_test_support.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>


namespace fourfold {
namespace {

TEST(OverlapOptions, ParsesAllNoneAndSubsets) {
  EXPECT_EQ(OverlapOptions::parse("all"), OverlapOptions::all());
  EXPECT_EQ(OverlapOptions::parse("none"), OverlapOptions::none());
  const OverlapOptions o = OverlapOptions::parse("dp,oar");
  EXPECT_TRUE(o.oar && o.dp && !o.ors && !o.oag);
  EXPECT_EQ(o.str(), "oar,dp");
  EXPECT_EQ(OverlapOptions::parse("oar,ors,oag,dp,fwd").str(), "all");
  EXPECT_EQ(OverlapOptions::parse("oar,ors,oag,dp").str(), "oar,ors,oag,dp");
  EXPECT_TRUE(OverlapOptions::parse("fwd").fwd && !OverlapOptions::parse("oar").fwd);
  EXPECT_EQ(OverlapOptions::parse("fwd").forward_row_chunks(), OverlapOptions::default_tp_chunks);
  EXPECT_EQ(OverlapOptions::parse("oar").forward_row_chunks(), 1);
  EXPECT_EQ(OverlapOptions::none().str(), "none");
}

TEST(OverlapOptions, RejectsBadTextNamingIt) {
  for (const auto& [text, named] : {std::pair{"oar,xyz", "\"xyz\""}, {"oar,oar", "\"oar\" twice"}, {"", "empty"},
                                    {"oag,", "ends with a comma"}, {"All", "\"All\""}}) {
    try {
      OverlapOptions::parse(text);
      ADD_FAILURE() << text;
    } catch (const UserError& e) {
      EXPECT_NE(std::string(e.what()).find(named), std::string::npos) << e.what();
    }
  }
}

constexpr int seq_len = test::small_run_seq_len;
constexpr double tiny_bucket_mb = 0.004;  // ~1000 floats: several buckets per block

test::TrainedRun train(const comm::Grid& grid, const OverlapOptions& overlap, int delay_us = 0,
                       const GptConfig& config = test::small_config()) {
  return test::train_small(grid, overlap, MemoryOptions(), tiny_bucket_mb, delay_us, config);
}
using test::expect_bit_identical;
using test::fits_small_run;

TEST(Overlap, OnAndOffAreBitIdenticalOnEveryGrid) {
  if (test::runtime().world_size() > 4) GTEST_SKIP() << "every grid of up to 4 ranks; 8 run TwentySteps only";
  int checked = 0;
  for (const ModelFamily family : {ModelFamily::gpt2, ModelFamily::llama})
    for (const comm::GridShape& shape : comm::all_grid_shapes(test::runtime().world_size())) {
      const GptConfig config = test::small_config_of(family);
      if (!fits_small_run(shape, config)) continue;
      SCOPED_TRACE(std::string(family_name(family)) + ", grid " + shape.str());
      const comm::Grid grid(shape, test::world(), comm::Backend::automatic, comm::ProgressMode::thread);
      const test::TrainedRun none = train(grid, OverlapOptions::none(), 0, config);
      EXPECT_GT(none.losses.front(), none.losses.back()) << "the run should learn something";
      expect_bit_identical(train(grid, OverlapOptions::all(), 0, config), none, "overlap all");
      for (const char* one : {"oar", "ors", "oag", "dp", "fwd"})
        expect_bit_identical(train(grid, OverlapOptions::parse(one), 0, config), none, std::string("overlap ") + one);
      // The forward overlap at every row-chunk count (rows per rank: 2 x 8 = 16 or fewer, so 8
      // chunks are as small as 1 row on the widest grids).
      for (const int chunks : {2, 8}) {
        OverlapOptions chunked = OverlapOptions::all();
        chunked.tp_chunks = chunks;
        expect_bit_identical(train(grid, chunked, 0, config), none, "overlap all, tp_chunks " + std::to_string(chunks));
      }
      ++checked;
    }
  EXPECT_GT(checked, 1);
}

TEST(Overlap, RanksAtDifferentSpeedsNeitherDeadlockNorReorder) {
  if (test::runtime().world_size() > 4) GTEST_SKIP() << "every grid of up to 4 ranks; 8 run TwentySteps only";
  // Every collective starts after a random delay of up to 1 ms, drawn differently per rank.
  for (const comm::GridShape& shape : comm::all_grid_shapes(test::runtime().world_size())) {
    if (!fits_small_run(shape)) continue;
    SCOPED_TRACE("grid " + shape.str());
    const comm::Grid grid(shape, test::world(), comm::Backend::automatic, comm::ProgressMode::thread);
    const test::TrainedRun none = train(grid, OverlapOptions::none());
    expect_bit_identical(train(grid, OverlapOptions::all(), 1000), none, "overlap all with random delays");
  }
}

TEST(Overlap, InlineProgressGivesTheSameBits) {
  if (test::runtime().world_size() > 4) GTEST_SKIP() << "every grid of up to 4 ranks; 8 run TwentySteps only";
  const int world = test::runtime().world_size();
  for (const comm::GridShape& shape : comm::all_grid_shapes(world)) {
    if (!fits_small_run(shape) || shape.z * shape.data == 1) continue;
    SCOPED_TRACE("grid " + shape.str());
    const comm::Grid threaded(shape, test::world(), comm::Backend::automatic, comm::ProgressMode::thread);
    const test::TrainedRun want = train(threaded, OverlapOptions::none());
    const comm::Grid inline_grid(shape, test::world(), comm::Backend::automatic, comm::ProgressMode::inline_calls);
    EXPECT_EQ(inline_grid.engine().mode(), comm::ProgressMode::inline_calls);
    expect_bit_identical(train(inline_grid, OverlapOptions::all()), want, "inline progress, overlap all");
    break;  // one grid with Z or data communication is enough
  }
}

TEST(Overlap, BucketSizeMustBePositive) {
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  try {
    Gpt model(test::small_config(), self, 1, seq_len, OverlapOptions::all(), 0.0);
    FAIL();
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("bucket size 0"), std::string::npos) << e.what();
  }
}

// 20 optimizer steps in fp32, overlap none against all (the forward overlap at its default row
// chunks and at 8): bit-identical losses and parameters on grids of 2 and 4 ranks, and on two grids
// of 8 (where the tensor-parallel groups sum over 2 ranks and Z or data split the rows).
TEST(Overlap, TwentyStepsBitIdenticalOnGridsOfTwoFourAndEight) {
  const int world = test::runtime().world_size();
  std::vector<comm::GridShape> shapes;
  if (world == 2) shapes = {{2, 1, 1, 1}, {1, 2, 1, 1}};
  if (world == 4) shapes = {{2, 2, 1, 1}, {4, 1, 1, 1}, {2, 1, 2, 1}};
  if (world == 8) shapes = {{2, 2, 2, 1}, {2, 2, 1, 2}};
  if (shapes.empty()) GTEST_SKIP() << "grids of 2, 4 and 8 ranks";
  for (const comm::GridShape& shape : shapes) {
    SCOPED_TRACE("grid " + shape.str());
    ASSERT_TRUE(fits_small_run(shape));
    const comm::Grid grid(shape, test::world(), comm::Backend::automatic, comm::ProgressMode::thread);
    const GptConfig config = test::small_config();
    const auto run = [&](const OverlapOptions& overlap) {
      return test::train_small(grid, overlap, MemoryOptions(), tiny_bucket_mb, 0, config, 20);
    };
    const test::TrainedRun none = run(OverlapOptions::none());
    ASSERT_EQ(none.losses.size(), 20u);
    EXPECT_GT(none.losses.front(), none.losses.back()) << "the run should learn something";
    expect_bit_identical(run(OverlapOptions::all()), none, "overlap all, 20 steps");
    OverlapOptions eight = OverlapOptions::all();
    eight.tp_chunks = 8;
    expect_bit_identical(run(eight), none, "overlap all, tp_chunks 8, 20 steps");
  }
}

TEST(Overlap, RowChunksMustBeOneTwoFourOrEight) {
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  for (const int chunks : {0, 3, 16}) {
    OverlapOptions overlap = OverlapOptions::all();
    overlap.tp_chunks = chunks;
    try {
      Gpt model(test::small_config(), self, 1, seq_len, overlap);
      ADD_FAILURE() << chunks;
    } catch (const UserError& e) {
      EXPECT_NE(std::string(e.what()).find("tp_chunks = " + std::to_string(chunks)), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace fourfold
