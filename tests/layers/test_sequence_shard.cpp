// Sequence sharding (layers/sequence_shard.hpp): the norm region's rows split over Y. On grids of
// 2, 4 and 8 ranks where Y splits them, training with it gives the unsharded run's losses and
// parameters bit for bit (fp32 and bf16, every recompute mode, the forward overlap's row chunks);
// the row split's rule is checked by name. Its match with one rank and the double-precision
// references is test_gpt's (SequenceShardedGridsMatchOneRank), its memory plan test_memory_model's.
#include "comm/grid.hpp"
#include "core/bf16.hpp"
#include "core/error.hpp"
#include "gpt_test_support.hpp"
#include "layers/sequence_shard.hpp"
#include "test_layer_helpers.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

namespace fourfold {
namespace {

constexpr double tiny_bucket_mb = 0.004;

MemoryOptions with_shard(MemoryOptions memory, bool shard) {
  memory.sequence_shard = shard;
  return memory;
}

std::vector<comm::GridShape> sharded_grids(int world) {
  if (world == 2) return {{1, 2, 1, 1}};
  if (world == 4) return {{2, 2, 1, 1}, {1, 4, 1, 1}, {1, 2, 2, 1}};
  if (world == 8) return {{2, 2, 2, 1}, {1, 4, 2, 1}};
  return {};
}

TEST(SequenceShard, RowsSplitEvenlyOverY) {
  const int world = test::runtime().world_size();
  const comm::GridShape shape{1, world, 1, 1};
  const comm::Grid grid(shape, test::world());
  const SequenceShard off = make_sequence_shard(false, 64, grid);
  EXPECT_FALSE(off.active());
  EXPECT_EQ(off.shard_rows, 64u);
  const SequenceShard on = make_sequence_shard(true, 64, grid);
  EXPECT_EQ(on.active(), world > 1);
  EXPECT_EQ(on.shard_rows, 64u / world);
  EXPECT_EQ(on.row_begin, on.shard_rows * static_cast<std::size_t>(grid.y().rank()));
  if (world == 1) return;
  // 12 rows do not make 8 equal GEMM pieces: named, with the rule.
  try {
    make_sequence_shard(true, 12, grid);
    ADD_FAILURE() << "12 rows accepted";
  } catch (const UserError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("12 rows"), std::string::npos) << what;
    EXPECT_NE(what.find("multiple of 8"), std::string::npos) << what;
    EXPECT_NE(what.find("G_y = " + std::to_string(world)), std::string::npos) << what;
  }
}

// The same rows gathered as the unsharded model holds them.
TEST(SequenceShard, GatherRowsConcatenatesTheShardsInRankOrder) {
  const int world = test::runtime().world_size();
  const comm::Grid grid({1, world, 1, 1}, test::world());
  const std::size_t shard_rows = 3, cols = 5;
  const int y = grid.y().rank();
  const Matrix shard = test::make_matrix("shard", shard_rows, cols, [&](std::size_t i, std::size_t j) {
    return static_cast<double>(100 * (y * shard_rows + i) + j);
  });
  const Matrix full = test::filled_matrix("full", shard_rows * world, cols, -1.0);
  gather_rows(grid.context().compute(), grid.y(), shard, full);
  grid.context().compute().fence();
  const auto host = test::to_vector(full);
  for (std::size_t i = 0; i < shard_rows * world; ++i)
    for (std::size_t j = 0; j < cols; ++j) EXPECT_EQ(host[i * cols + j], static_cast<double>(100 * i + j));
}

// Row chunks (RowChunkGather): chunk c holds every rank's rows [c r, (c + 1) r) in rank order;
// in row order, each chunk is put at its rows (and rounded into the bf16 copy) as it is waited
// for, so that once all are the rows are gather_rows'.
TEST(SequenceShard, RowChunkGatherLaysChunksOutInRankOrderAndPutsThemInRowOrder) {
  const int world = test::runtime().world_size();
  const comm::Grid grid({1, world, 1, 1}, test::world(), comm::Backend::automatic, comm::ProgressMode::thread);
  const std::size_t shard_rows = 4, cols = 3, m = shard_rows * static_cast<std::size_t>(world);
  const int y = grid.y().rank();
  // Values that bf16 rounds (a fraction of 1/3), distinct per row and column.
  const auto value = [&](std::size_t row, std::size_t j) { return static_cast<double>(row) + j / 3.0; };
  const Matrix shard = test::make_matrix("shard", shard_rows, cols, [&](std::size_t i, std::size_t j) {
    return value(static_cast<std::size_t>(y) * shard_rows + i, j);
  });
  const ExecSpace& exec = grid.context().compute();
  for (const std::size_t chunks : {std::size_t{1}, std::size_t{2}, std::size_t{4}}) {
    SCOPED_TRACE(std::to_string(chunks) + " chunks");
    const std::size_t rows = shard_rows / chunks;
    {  // chunk layout
      const Matrix full = test::filled_matrix("full", m, cols, -1.0);
      RowChunkGather gathered(exec, grid.y(), HeldMatrix(shard), full, Bf16Matrix(), chunks);
      for (std::size_t c = 0; c < chunks; ++c) gathered.wait(exec, c);
      exec.fence();
      const auto host = test::to_vector(full);
      for (std::size_t c = 0; c < chunks; ++c)
        for (std::size_t r = 0; r < static_cast<std::size_t>(world); ++r)
          for (std::size_t i = 0; i < rows; ++i)
            for (std::size_t j = 0; j < cols; ++j)
              EXPECT_EQ(host[((c * world + r) * rows + i) * cols + j],
                        static_cast<float>(value(r * shard_rows + c * rows + i, j)))
                  << "chunk " << c << " rank " << r << " row " << i;
      // shard_rows() finds rank r's rows of a chunk there.
      const HeldMatrix last = gathered.shard_rows(world - 1, shard_rows - rows, shard_rows);
      EXPECT_EQ(last.fp32.data(), full.data() + ((chunks - 1) * world + world - 1) * rows * cols);
    }
    for (const bool round : {false, true}) {  // row order
      SCOPED_TRACE(round ? "rounded" : "fp32");
      const Matrix staging = test::filled_matrix("staging", m, cols, -1.0);
      const Matrix natural = test::filled_matrix("natural", m, cols, -1.0);
      const Bf16Vector rounded = round ? Bf16Vector("rounded", m * cols) : Bf16Vector();
      RowChunkGather gathered(exec, grid.y(), ConstMatrix(shard), staging, natural, rounded, chunks);
      for (std::size_t c = 0; c < chunks; ++c) gathered.wait(exec, c);
      exec.fence();
      const auto host = test::to_vector(natural);
      for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < cols; ++j) EXPECT_EQ(host[i * cols + j], static_cast<float>(value(i, j))) << i;
      EXPECT_EQ(gathered.full().is_bf16(), round);
      if (round) {
        const auto copy = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), rounded);
        for (std::size_t i = 0; i < m * cols; ++i)
          EXPECT_EQ(to_float(copy(i)), round_to_bf16(static_cast<float>(value(i / cols, i % cols)))) << i;
      }
    }
  }
}

// 20 optimizer steps in fp32 (GPT-2), sharded against unsharded with the forward overlap off and
// on at 4 and 8 row chunks: bit-identical losses and parameters.
TEST(SequenceShard, TwentyStepsBitIdenticalOnGridsOfTwoFourAndEight) {
  const auto shapes = sharded_grids(test::runtime().world_size());
  if (shapes.empty()) GTEST_SKIP() << "grids of 2, 4 and 8 ranks";
  for (const comm::GridShape& shape : shapes) {
    SCOPED_TRACE("grid " + shape.str());
    ASSERT_TRUE(test::fits_small_run(shape));
    const comm::Grid grid(shape, test::world(), comm::Backend::automatic, comm::ProgressMode::thread);
    {  // the sharded model does keep less: the residual stream and the norms' rows over G_y
      const int local = 4 / (shape.z * shape.data);
      const Gpt unsharded(test::small_config(), grid, local, test::small_run_seq_len);
      const Gpt sharded(test::small_config(), grid, local, test::small_run_seq_len, OverlapOptions::all(),
                        default_bucket_mb, with_shard(MemoryOptions(), true));
      EXPECT_LT(sharded.memory().activations, unsharded.memory().activations);
    }
    const auto run = [&](const OverlapOptions& overlap, bool shard) {
      return test::train_small(grid, overlap, with_shard(MemoryOptions(), shard), tiny_bucket_mb, 0,
                               test::small_config(), 20);
    };
    const test::TrainedRun unsharded = run(OverlapOptions::none(), false);
    EXPECT_GT(unsharded.losses.front(), unsharded.losses.back()) << "the run should learn something";
    test::expect_bit_identical(run(OverlapOptions::none(), true), unsharded, "sequence-sharded, overlap none");
    test::expect_bit_identical(run(OverlapOptions::all(), true), unsharded, "sequence-sharded, overlap all");
    OverlapOptions eight = OverlapOptions::all();
    eight.tp_chunks = 8;
    test::expect_bit_identical(run(eight, true), unsharded, "sequence-sharded, overlap all, tp_chunks 8");
  }
}

// GPT-2 (fp32 and bf16) and Llama (fp32), every recompute mode: sharded runs repeat the unsharded
// run of the same precision bit for bit.
TEST(SequenceShard, EveryModeAndPrecisionBitIdentical) {
  // Y over 2 ranks, and over 4 (a reduce-scatter of 4 ranks summing as its all-reduce).
  const int world = test::runtime().world_size();
  if (world != 2 && world != 4) GTEST_SKIP() << "grids of 2 and 4 ranks";
  const comm::GridShape shape{1, world, 1, 1};
  // (4 ranks on this 2-core machine are slow: GPT-2, without and with block recomputation.)
  const std::vector<ModelFamily> families =
      world == 2 ? std::vector<ModelFamily>{ModelFamily::gpt2, ModelFamily::llama} : std::vector<ModelFamily>{ModelFamily::gpt2};
  const std::vector<Recompute> modes =
      world == 2 ? std::vector<Recompute>{Recompute::none, Recompute::selective, Recompute::attention, Recompute::block}
                 : std::vector<Recompute>{Recompute::none, Recompute::block};
  for (const ModelFamily family : families) {
    const GptConfig config = test::small_config_of(family);
    {
      ASSERT_TRUE(test::fits_small_run(shape, config));
      const comm::Grid grid(shape, test::world());
      for (const GemmPrecision precision : {GemmPrecision::fp32, GemmPrecision::bf16}) {
        // (bf16 for GPT-2: the same layers' bf16 paths; the CI's sanitizer suite runs this too.)
        if (precision == GemmPrecision::bf16 && family == ModelFamily::llama) continue;
        SCOPED_TRACE(std::string(family_name(family)) + ", grid " + shape.str() + ", " + precision_name(precision));
        const MemoryOptions base{Recompute::none, 5, false, precision};
        const test::TrainedRun unsharded =
            test::train_small(grid, OverlapOptions::all(), base, default_bucket_mb, 0, config);
        for (const Recompute r : modes) {
          MemoryOptions memory = base;
          memory.recompute = r;
          memory.sequence_shard = true;
          const test::TrainedRun sharded = test::train_small(grid, OverlapOptions::all(), memory, default_bucket_mb, 0, config);
          if (precision == GemmPrecision::fp32 || r == Recompute::none) {
            test::expect_bit_identical(sharded, unsharded, std::string("sequence-sharded, recompute ") + recompute_name(r));
          } else {
            // bf16 recomputation reads some operands in fp32 (memory_options.hpp): its own unsharded run.
            MemoryOptions same = memory;
            same.sequence_shard = false;
            test::expect_bit_identical(
                sharded, test::train_small(grid, OverlapOptions::all(), same, default_bucket_mb, 0, config),
                std::string("sequence-sharded, recompute ") + recompute_name(r));
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace fourfold
