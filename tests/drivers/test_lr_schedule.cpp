// The learning-rate schedule against hand-computed values.
#include "drivers/train/lr_schedule.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace fourfold {
namespace {

TrainConfig schedule(Schedule kind) {
  TrainConfig c;
  c.steps = 110;
  c.warmup_steps = 10;
  c.lr = 1e-3;
  c.min_lr = 1e-4;
  c.schedule = kind;
  return c;
}

TEST(LrSchedule, LinearWarmupThenCosine) {
  const TrainConfig c = schedule(Schedule::cosine);
  EXPECT_DOUBLE_EQ(learning_rate(c, 0), 1e-4);   // (0 + 1) / 10 of lr
  EXPECT_DOUBLE_EQ(learning_rate(c, 4), 5e-4);
  EXPECT_DOUBLE_EQ(learning_rate(c, 9), 1e-3);   // warm-up ends at lr
  EXPECT_DOUBLE_EQ(learning_rate(c, 10), 1e-3);  // cosine starts at lr
  EXPECT_NEAR(learning_rate(c, 60), 1e-4 + 0.5 * 9e-4, 1e-15);  // half-way: cos(pi/2) = 0
  EXPECT_NEAR(learning_rate(c, 35), 1e-4 + 0.5 * (1 + std::cos(M_PI * 0.25)) * 9e-4, 1e-15);
  EXPECT_NEAR(learning_rate(c, 110), 1e-4, 1e-15);  // reaches min_lr at the end
}

TEST(LrSchedule, LinearAndConstant) {
  const TrainConfig linear = schedule(Schedule::linear);
  EXPECT_NEAR(learning_rate(linear, 60), 1e-4 + 0.5 * 9e-4, 1e-15);
  EXPECT_NEAR(learning_rate(linear, 85), 1e-4 + 0.25 * 9e-4, 1e-15);
  const TrainConfig constant = schedule(Schedule::constant);
  EXPECT_DOUBLE_EQ(learning_rate(constant, 5), 6e-4);
  EXPECT_DOUBLE_EQ(learning_rate(constant, 100), 1e-3);
}

TEST(LrSchedule, NoWarmup) {
  TrainConfig c = schedule(Schedule::cosine);
  c.warmup_steps = 0;
  EXPECT_DOUBLE_EQ(learning_rate(c, 0), 1e-3);
}

}  // namespace
}  // namespace fourfold
