// Device memory per rank of a training run on any grid, predicted from the shapes alone (the
// same allocations Gpt makes, layers/gpt.cpp, and AdamW's two moments), so that the planner can
// mark a configuration that does not fit before anything is allocated. Pure arithmetic.
#pragma once

#include "comm/grid_layout.hpp"
#include "drivers/plan/step_volume.hpp"

namespace fourfold::plan {

/// Bytes per rank, by purpose (the fields of Gpt's MemoryPlan, plus the optimizer).
struct RankMemory {
  double parameters = 0.0;   // fp32 master weights of this rank's shards
  double gradients = 0.0;    // fp32, same layout
  double optimizer = 0.0;    // AdamW's m and v, fp32
  double activations = 0.0;  // saved for backward at one micro-batch, attention probabilities included
  double attention_probabilities_per_layer = 0.0;  // (B_loc, NH / G_y, T, T) fp32
  double workspaces = 0.0;   // activation gradients, gathered weight blocks, collective and row scratch
  double total() const { return parameters + gradients + optimizer + activations + workspaces; }
};

/// Rejects (UserError) what step_collectives rejects.
RankMemory rank_memory(const ModelDims& model, const comm::GridShape& grid, const StepDims& step);

}  // namespace fourfold::plan
