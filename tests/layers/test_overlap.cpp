// Overlap (layers/overlap.hpp, linear_schedule.hpp, gradient_sync.hpp): the option parser, and
// on every grid of this world size, optimizer steps with gradient accumulation give
// bit-identical losses and parameters with every overlap on, each one alone, and none; also
// when the ranks' communication runs at random, different speeds, and with inline progress.
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "core/sync.hpp"
#include "gpt_test_support.hpp"
#include "layers/adamw.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <cstring>

namespace fourfold {
namespace {

TEST(OverlapOptions, ParsesAllNoneAndSubsets) {
  EXPECT_EQ(OverlapOptions::parse("all"), OverlapOptions::all());
  EXPECT_EQ(OverlapOptions::parse("none"), OverlapOptions::none());
  const OverlapOptions o = OverlapOptions::parse("dp,oar");
  EXPECT_TRUE(o.oar && o.dp && !o.ors && !o.oag);
  EXPECT_EQ(o.str(), "oar,dp");
  EXPECT_EQ(OverlapOptions::parse("oar,ors,oag,dp").str(), "all");
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

constexpr int global_batch = 4;
constexpr int seq_len = 8;
constexpr int micro_steps = 2;
constexpr int optimizer_steps = 3;
constexpr double tiny_bucket_mb = 0.004;  // ~1000 floats: several buckets per block

struct TrainedRun {
  std::vector<double> losses;
  std::vector<float> parameters;  // this rank's arena after the last step
};

TrainedRun train(const comm::Grid& grid, const OverlapOptions& overlap, int delay_us = 0) {
  if (delay_us > 0) grid.engine().inject_delays(delay_us, 1000 + 7919 * static_cast<std::uint64_t>(grid.world_rank()));
  const int local = global_batch / (grid.shape().z * grid.shape().data);
  Gpt model(test::small_config(), grid, local, seq_len, overlap, tiny_bucket_mb);
  model.init_parameters(99);
  AdamW optimizer(model.params(), model.parameters().extent(0), AdamWSettings{});
  const ExecSpace exec;
  model.zero_gradients();
  DeviceScalar<double> loss("loss");
  TrainedRun run;
  for (int step = 1; step <= optimizer_steps; ++step) {
    Kokkos::deep_copy(exec, loss, 0.0);
    for (int k = 0; k < micro_steps; ++k) {
      const auto rows = test::global_token_rows(global_batch, seq_len, test::small_config().vocab_size,
                                                static_cast<unsigned>(10 + k));  // the same batches each step: it learns
      const auto [tokens, targets] = test::local_batch_of(model, rows);
      model.forward(tokens.data(), targets.data(), loss);
      model.backward(1.0 / (micro_steps * model.global_tokens()), k == micro_steps - 1);
    }
    model.sync_gradients();
    model.complete_loss(loss);
    optimizer.step(exec, model.parameters(), model.gradients(), 1e-2f, 1.0f, step);
    DeviceScalar<double>::HostMirror host = Kokkos::create_mirror_view(loss);
    copy_to_host(exec, host, loss, "test: loss");
    run.losses.push_back(host());
  }
  auto params = Kokkos::create_mirror_view(model.parameters());
  copy_to_host(exec, params, model.parameters(), "test: parameters");
  run.parameters.assign(params.data(), params.data() + params.size());
  if (delay_us > 0) grid.engine().inject_delays(0, 0);
  return run;
}

void expect_bit_identical(const TrainedRun& got, const TrainedRun& want, const std::string& what) {
  ASSERT_EQ(got.losses.size(), want.losses.size()) << what;
  for (std::size_t i = 0; i < want.losses.size(); ++i)
    EXPECT_EQ(got.losses[i], want.losses[i]) << what << ": loss of step " << i + 1;
  ASSERT_EQ(got.parameters.size(), want.parameters.size()) << what;
  std::size_t differ = 0;
  for (std::size_t i = 0; i < want.parameters.size(); ++i)
    differ += std::memcmp(&got.parameters[i], &want.parameters[i], sizeof(float)) != 0;
  EXPECT_EQ(differ, 0u) << what << ": parameters differing in their bits (rank " << test::runtime().world_rank()
                        << ")";
}

bool fits(const comm::GridShape& s) {
  const GptConfig c = test::small_config();
  return global_batch % (s.z * s.data) == 0 && c.num_heads % s.y == 0 && c.channels % s.x == 0;
}

TEST(Overlap, OnAndOffAreBitIdenticalOnEveryGrid) {
  int checked = 0;
  for (const comm::GridShape& shape : comm::all_grid_shapes(test::runtime().world_size())) {
    if (!fits(shape)) continue;
    SCOPED_TRACE("grid " + shape.str());
    const comm::Grid grid(shape, test::world(), comm::Backend::automatic, comm::ProgressMode::thread);
    const TrainedRun none = train(grid, OverlapOptions::none());
    EXPECT_GT(none.losses.front(), none.losses.back()) << "the run should learn something";
    expect_bit_identical(train(grid, OverlapOptions::all()), none, "overlap all");
    for (const char* one : {"oar", "ors", "oag", "dp"})
      expect_bit_identical(train(grid, OverlapOptions::parse(one)), none, std::string("overlap ") + one);
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

TEST(Overlap, RanksAtDifferentSpeedsNeitherDeadlockNorReorder) {
  // Every collective starts after a random delay of up to 1 ms, drawn differently per rank.
  for (const comm::GridShape& shape : comm::all_grid_shapes(test::runtime().world_size())) {
    if (!fits(shape)) continue;
    SCOPED_TRACE("grid " + shape.str());
    const comm::Grid grid(shape, test::world(), comm::Backend::automatic, comm::ProgressMode::thread);
    const TrainedRun none = train(grid, OverlapOptions::none());
    expect_bit_identical(train(grid, OverlapOptions::all(), 1000), none, "overlap all with random delays");
  }
}

TEST(Overlap, InlineProgressGivesTheSameBits) {
  const int world = test::runtime().world_size();
  for (const comm::GridShape& shape : comm::all_grid_shapes(world)) {
    if (!fits(shape) || shape.z * shape.data == 1) continue;
    SCOPED_TRACE("grid " + shape.str());
    const comm::Grid threaded(shape, test::world(), comm::Backend::automatic, comm::ProgressMode::thread);
    const TrainedRun want = train(threaded, OverlapOptions::none());
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

}  // namespace
}  // namespace fourfold
