// Learning-rate schedule: linear warm-up to lr over warmup_steps, then cosine, linear or
// constant from lr down to min_lr at the last step (llm.c's formula).
#pragma once

#include "drivers/train/train_config.hpp"

namespace fourfold {

/// Learning rate of optimizer step `step` (0-based) of a run of `total_steps`.
double learning_rate(const TrainConfig& config, long step);

}  // namespace fourfold
