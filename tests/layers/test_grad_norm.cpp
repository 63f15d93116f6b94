// The global gradient norm counts every element of every global tensor once: after
// synchronisation it equals the single-rank norm on every grid, and the clipping scale
// derived from it is the same everywhere.
#include "comm/grid.hpp"
#include "gpt_test_support.hpp"
#include "layers/grad_norm.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace fourfold {
namespace {

double norm_on(const comm::Grid& grid, const std::vector<int>& rows, int batch, int T) {
  Gpt model(test::small_config(), grid, batch / (grid.shape().z * grid.shape().data), T);
  model.init_parameters(5);
  const auto [tokens, targets] = test::local_batch_of(model, rows);
  model.zero_gradients();
  model.forward(tokens.data(), targets.data());
  model.backward(1.0 / model.global_tokens());
  model.sync_gradients();
  return global_gradient_norm(model.gradients(), model.params(), grid);
}

TEST(GradNorm, EqualsOneRankOnEveryGrid) {
  const int batch = 4, T = 8;
  const auto rows = test::global_token_rows(batch, T, test::small_config().vocab_size, 3);
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  const double expected = norm_on(self, rows, batch, T);
  EXPECT_GT(expected, 0.0);
  for (const auto& shape : comm::all_grid_shapes(test::runtime().world_size())) {
    if (batch % (shape.z * shape.data) || test::small_config().num_heads % shape.y) continue;
    const comm::Grid grid(shape, test::world());
    const double got = norm_on(grid, rows, batch, T);
    EXPECT_NEAR(got, expected, 1e-5 * expected) << "grid " << shape.str();
    // Every rank sees the same norm, so every rank clips by the same factor.
    double lo = got, hi = got;
    MPI_Allreduce(MPI_IN_PLACE, &lo, 1, MPI_DOUBLE, MPI_MIN, test::world());
    MPI_Allreduce(MPI_IN_PLACE, &hi, 1, MPI_DOUBLE, MPI_MAX, test::world());
    EXPECT_EQ(lo, hi);
  }
}

}  // namespace
}  // namespace fourfold
