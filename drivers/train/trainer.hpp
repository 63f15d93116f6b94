// The training loop of fourfold-train as a library, so tests can run it in-process on any grid:
// model, optimizer and loaders built once, then per step micro-batch forward/backward,
// gradient synchronisation, global-norm clipping, AdamW with the schedule, telemetry and
// validation.
#pragma once

#include "comm/grid.hpp"
#include "drivers/train/telemetry.hpp"
#include "drivers/train/train_config.hpp"

#include <vector>

namespace fourfold {

struct TrainResult {
  std::vector<StepRecord> steps;  // on every rank (losses are global)
};

/// Runs config.steps optimizer steps on `grid` (collective over the grid's world).
TrainResult train(const TrainConfig& config, const comm::Grid& grid);

/// Model FLOPs of one optimizer step: 6 N per token plus attention's 12 L C T per token.
double flops_per_step(const TrainConfig& config);

}  // namespace fourfold
