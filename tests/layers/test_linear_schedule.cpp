// layers/linear_schedule.hpp: how many gathered-weight buffers a schedule keeps. (That each call
// is then gathered once per pass is held by tests/drivers/test_step_volume.cpp: the Z all-gathers
// the counters see equal the planner's 8 per block and micro-batch, block recomputation
// included, on grids with G_z > 1; and test_memory_model.cpp holds the buffers' bytes.)
#include "layers/linear_schedule.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace fourfold {
namespace {

std::vector<int> ascending(int calls) {
  std::vector<int> order;
  for (int i = 0; i < calls; ++i) order.push_back(i);
  return order;
}

// Backward with block recomputation, as layers/gpt.cpp orders it: per block from the last, the
// recomputed forward's QKV, attention projection and FC, then FC2, FC, projection and QKV.
std::vector<int> recomputing_backward(int blocks) {
  std::vector<int> order;
  for (int l = blocks - 1; l >= 0; --l) {
    for (const int j : {0, 1, 2}) order.push_back(4 * l + j);
    for (const int j : {3, 2, 1, 0}) order.push_back(4 * l + j);
  }
  return order;
}

TEST(LinearSchedule, TwoBuffersWhereEachCallIsAskedForOnce) {
  std::vector<int> backward = ascending(12);
  std::reverse(backward.begin(), backward.end());
  EXPECT_EQ(weight_buffers_needed(ascending(12), backward), 2);
  EXPECT_EQ(weight_buffers_needed(ascending(1), ascending(1)), 2);
  EXPECT_EQ(weight_buffers_needed({}, {}), 2);
}

TEST(LinearSchedule, FourBuffersKeepTheRecomputedForwardsWeightsForTheBackward) {
  for (const int blocks : {1, 2, 5})
    EXPECT_EQ(weight_buffers_needed(ascending(4 * blocks), recomputing_backward(blocks)), 4) << blocks << " blocks";
}

TEST(LinearSchedule, BuffersFollowTheLongestSpanOfReuse) {
  // 0 1 2 0: call 0 stays across 1 and 2; at 1 the live calls are 0, 1 and the prefetched 2.
  EXPECT_EQ(weight_buffers_needed({0, 1, 2, 0}, {}), 3);
  // 0 1 2 3 4 3 2 1 0: five calls live at 4 (0..3 kept, 4 in use).
  EXPECT_EQ(weight_buffers_needed({}, {0, 1, 2, 3, 4, 3, 2, 1, 0}), 5);
}

}  // namespace
}  // namespace fourfold
