#include "drivers/train/lr_schedule.hpp"

#include <cmath>

namespace fourfold {

double learning_rate(const TrainConfig& c, long step) {
  if (step < c.warmup_steps) return c.lr * static_cast<double>(step + 1) / static_cast<double>(c.warmup_steps);
  if (c.schedule == Schedule::constant || c.steps <= c.warmup_steps) return c.lr;
  const double span = static_cast<double>(c.steps - c.warmup_steps);
  const double ratio = std::min(1.0, static_cast<double>(step - c.warmup_steps) / span);
  const double coefficient =
      c.schedule == Schedule::cosine ? 0.5 * (1.0 + std::cos(M_PI * ratio)) : 1.0 - ratio;
  return c.min_lr + coefficient * (c.lr - c.min_lr);
}

}  // namespace fourfold
