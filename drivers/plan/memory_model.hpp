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
  double activations = 0.0;  // kept for backward at one micro-batch, and the recomputed block's buffers
  double workspaces = 0.0;   // activation gradients, gathered weight blocks, collective and row scratch
  // Parts of the above (Gpt's MemoryPlan):
  double recompute_buffers = 0.0;  // activations: buffers shared by all blocks (recompute != none)
  double attention_scratch = 0.0;  // workspaces: head-major operands and one query block of scores
  double loss_chunk = 0.0;         // workspaces: one chunk of logits
  double gemm_operands = 0.0;      // workspaces: bf16 copies of the largest GEMM operands (bf16 only)
  double collective_buffers = 0.0; // workspaces: the NCCL communicators' device buffers
  double total() const { return parameters + gradients + optimizer + activations + workspaces; }
};

/// Rejects (UserError) what step_collectives rejects.
RankMemory rank_memory(const ModelDims& model, const comm::GridShape& grid, const StepDims& step);

}  // namespace fourfold::plan
