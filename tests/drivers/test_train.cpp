// End-to-end training: the same run (seed, data, config) on every grid of this world size
// gives per-step losses within 1e-4 relative of the single-rank run over 10 steps, with and
// without gradient accumulation and in both data orders.
#include "comm/grid.hpp"
#include "drivers/train/trainer.hpp"
#include "test_env.hpp"
#include "train_test_support.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace fourfold {
namespace {

TrainConfig tiny_run(const comm::GridShape& grid, int micro_batch, DataOrder order) {
  TrainConfig c = test::tiny_train_config(grid, 10, "");
  c.micro_batch_size = micro_batch;
  c.order = order;
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
